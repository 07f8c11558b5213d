import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {ask, newConversation} from "../helpers/ask.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {chosenInHeaderMenu, fromHeaderMenu, headerRowSpread} from "../helpers/headerMenu.js";
import {choose} from "../helpers/choose.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "30"]});
});
test.afterEach(async () => served.stop());

test(
    "the header picks the model in place, shows the context used and the last answer's speed",
    {tag: "@small-window"},
    async ({page}) => {
        const copy = path.join(tempDir(), "other-model.gguf");
        fs.copyFileSync(TEST_MODEL, copy);
        await page.goto(served.url);
        await expect(page.locator(".status .state")).toHaveText("ready");
        const picker = page.getByRole("combobox", {name: "Model"});
        // The model's own name (from its header), and the fit badge: how it fits this computer, beside the
        // picker and in it.
        await expect(picker).toHaveText(/^llama · Fits in (RAM|VRAM)$/);
        await expect(page.locator(".chat-header [data-fit]")).toHaveText(/^Fits in (RAM|VRAM)$/);

        await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
        await page.getByRole("textbox", {name: "Message"}).press("Enter");
        await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
        const meter = page.getByRole("meter", {name: "Context used"});
        await expect(meter).toHaveAttribute("max", "2048");
        expect(Number(await meter.getAttribute("value"))).toBeGreaterThan(30);
        await expect(page.locator(".chat-header .speed")).toHaveText(/^\d+\.\d tok\/s$/);

        // A second model file, loaded once from the Models screen, is then one choice away.
        await page.getByRole("button", {name: "Models"}).click();
        const dialog = page.getByRole("dialog", {name: "Models"});
        await dialog.getByRole("textbox", {name: "GGUF model file path"}).fill(copy);
        await dialog.getByRole("button", {name: "Load file"}).click();
        await expect(page.locator(".status .model")).toContainText("other-model.gguf");
        await page.keyboard.press("Escape");
        // Two files of one name are told apart by their file names.
        await picker.click();
        await expect(page.getByRole("option")).toHaveText([
            /^llama \(other-model\.gguf\) · Fits in/,
            /^llama \(stories260K\.gguf\) · Fits in/,
        ]);
        await page.keyboard.press("Escape");
        await choose(picker, /stories260K\.gguf/);
        await expect(page.locator(".status .model")).toContainText("stories260K.gguf");
        await expect(page.locator(".status .state")).toHaveText("ready");
    },
);

test(
    "the theme switch: system, light or dark, kept across a reload",
    {tag: "@small-window"},
    async ({browser}) => {
        const context = await browser.newContext({colorScheme: "light"});
        const page = await context.newPage();
        await page.goto(served.url);
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(await background()).toBe("rgb(255, 255, 255)");
        await fromHeaderMenu(page, "Theme", "Dark");
        await expect.poll(background).toBe("rgb(24, 24, 27)");
        await page.reload();
        await expect.poll(background).toBe("rgb(24, 24, 27)");
        expect(await chosenInHeaderMenu(page, "Theme")).toBe("Dark");
        await fromHeaderMenu(page, "Theme", "System theme");
        await expect.poll(background).toBe("rgb(255, 255, 255)");
        await context.close();
    },
);

test("the header is one row at 1280, 1024 and 800 px: in a narrow one, words give way to icons and keep their names", async ({
    page,
}) => {
    await newConversation(page, served.url);
    await ask(page, "Once upon a time");
    await expect(page.locator(".chat-header .speed")).toBeAttached();
    const attach = page.locator(".chat-header").getByRole("button", {name: "Attach"});
    for (const [width, height, worded] of [
        [1280, 800, true],
        [1024, 768, false],
        [800, 600, false],
    ] as const) {
        await page.setViewportSize({width, height});
        // Every control of the header on one line: the same top, give or take the controls' own heights.
        const {spread, middles} = await headerRowSpread(page);
        expect(spread, `${width} px: ${middles.join(", ")}`).toBeLessThanOrEqual(4);
        await expect(attach).toBeVisible();
        await expect(page.getByRole("switch", {name: "Web access"})).toBeVisible();
        const box = (await attach.boundingBox())!;
        expect(box.width > 60, `Attach is ${box.width} px wide at ${width} px`).toBe(worded);
        await expect(page.getByRole("button", {name: "More"})).toBeInViewport();
    }
});

test("the header's menu by keyboard: a dialog chosen there takes focus, and gives it back to the menu's button", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await page.waitForURL(/[?&]c=/);
    const more = page.getByRole("button", {name: "More"});
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", {name: "Generation…"})).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", {name: "Export…"})).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", {name: "Export"});
    await expect(dialog).toBeVisible();
    await expect(page.getByRole("menu")).toHaveCount(0);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(more).toBeFocused();
});
