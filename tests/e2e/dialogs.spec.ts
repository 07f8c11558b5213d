import {expect, test, type Locator, type Page} from "@playwright/test";
import {fromHeaderMenu} from "../helpers/headerMenu.js";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {catalogFile, startServe, type Served} from "../helpers/serve.js";
import {shootLightAndDark} from "../helpers/screens.js";

// The dialogs on the design system's controls (issue 73, 1): fields and text boxes drawn alike, checkboxes in the
// accent, one main action each, and what deletes marked as destructive.
let served: Served;
test.beforeAll(async () => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Ferries", [{question: "When is the first ferry?", answer: "At 7:40."}]);
    served = await startServe({dataDir});
});
test.afterAll(async () => served.stop());

type Shown = {name: string | RegExp; open: (page: Page) => Promise<void>; main: string; destructive?: RegExp};

const dialogs: Shown[] = [
    {
        name: "Documents",
        open: (page) => page.getByRole("button", {name: "Documents"}).click(),
        main: "Add",
    },
    {name: "Generation settings", open: (page) => fromHeaderMenu(page, "Generation…"), main: "Save"},
    {name: /^Export/, open: (page) => fromHeaderMenu(page, "Export…"), main: "Markdown"},
    {
        name: "New project",
        open: (page) => page.getByRole("button", {name: "New project"}).click(),
        main: "Add project",
    },
    {
        name: "Project Trips",
        open: async (page) => {
            if ((await page.getByRole("button", {name: "Project Trips settings"}).count()) === 0) {
                await page.getByRole("button", {name: "New project"}).click();
                const dialog = page.getByRole("dialog", {name: "New project"});
                await dialog.getByRole("textbox", {name: "Name"}).fill("Trips");
                await dialog.getByRole("button", {name: "Add project"}).click();
            }
            await page.getByRole("button", {name: "Project Trips settings"}).click();
        },
        main: "Save",
        destructive: /^Delete/,
    },
    {
        name: "Remember",
        open: async (page) => {
            const answer = page.locator("article.message.assistant").first();
            await answer.hover();
            await answer.getByRole("button", {name: "Remember"}).click();
        },
        main: "Remember",
    },
];

/** What a field looks like: its corners, its background, its font (the window's, or monospace). */
async function looks(field: Locator) {
    return field.evaluate((el) => {
        const style = getComputedStyle(el);
        return {radius: style.borderTopLeftRadius, font: style.fontFamily, accent: style.accentColor};
    });
}

for (const shown of dialogs) {
    test(`${String(shown.name)}: the design system's fields, one main action, destructive actions marked`, async ({
        page,
    }, testInfo) => {
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Ferries"}).click();
        await expect(page.locator("article.message.assistant")).toHaveCount(1);
        await shown.open(page);
        const dialog = page.getByRole("dialog", {name: shown.name});
        await expect(dialog).toBeVisible();
        for (const field of await dialog.locator("input[type=text], input:not([type]), textarea").all()) {
            const seen = await looks(field);
            expect(seen.radius, await field.evaluate((el) => el.outerHTML)).toBe("4px");
            const code = await field.evaluate((el) => el.classList.contains("code"));
            if (!code) expect(seen.font).not.toMatch(/mono/i);
        }
        for (const box of await dialog.locator("input[type=checkbox]").all())
            expect((await looks(box)).accent).not.toBe("auto");
        const main = dialog.locator("button.primary");
        await expect(main).toHaveCount(1);
        await expect(main).toHaveText(shown.main);
        if (shown.destructive) {
            await expect(dialog.getByRole("button", {name: shown.destructive})).toHaveClass(/\bdanger\b/);
        }
        await shootLightAndDark(page, testInfo, "dialog");
    });
}

test("first run: its one main action is the first recommended model that fits", async ({page}) => {
    // Nothing answers at these addresses: each fit is told from the size the catalog gives.
    const common = {kind: "chat", parameters: "1B", quantization: "Q4_K_M", notes: "A model."};
    const catalog = catalogFile([
        {...common, id: "huge", name: "Huge", uri: "http://127.0.0.1:9/huge.gguf", sizeBytes: 2 ** 50},
        {...common, id: "small", name: "Small", uri: "http://127.0.0.1:9/small.gguf", sizeBytes: 2 ** 20},
    ]);
    const bare = await startServe({model: null, catalog});
    try {
        await page.goto(bare.url);
        const welcome = page.getByRole("region", {name: "Choose a model"});
        await expect(welcome.locator('[data-model="huge"] button')).toBeDisabled();
        const main = welcome.locator("button.primary");
        await expect(main).toHaveCount(1);
        await expect(welcome.locator('[data-model="small"] button')).toHaveClass(/\bprimary\b/);
        const field = welcome.getByRole("textbox", {name: "GGUF model file path"});
        expect((await looks(field)).radius).toBe("4px");
    } finally {
        await bare.stop();
    }
});
