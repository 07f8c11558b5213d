import {expect, test, type Page} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeAll(async () => {
    served = await startServe();
});
test.afterAll(async () => served.stop());

const SECTIONS = [
    "General",
    "Network",
    "Engine",
    "Generation defaults",
    "Workspace and plans",
    "Tools",
    "Skills",
    "MCP servers",
    "Local API server",
    "Models served elsewhere",
    "Assistants",
    "Memory",
    "Backups",
    "Desktop",
];

async function openSettings(page: Page) {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    // Every section is there once the settings are read (Network and the engine's come with them).
    await expect(settings.getByRole("navigation", {name: "Settings sections"}).getByRole("link")).toHaveText(
        SECTIONS,
    );
    return settings;
}

for (const size of [
    {width: 1280, height: 800},
    {width: 800, height: 600},
]) {
    test(`Settings is a page at ${size.width}x${size.height}: its title, search and Close on top, the whole window its own`, async ({
        page,
    }) => {
        await page.setViewportSize(size);
        const settings = await openSettings(page);
        await expect(settings.getByRole("heading", {level: 1, name: "Settings"})).toBeInViewport();
        await expect(settings.getByRole("searchbox", {name: "Search settings"})).toBeFocused();
        await expect(settings.getByRole("button", {name: "Close"})).toBeInViewport();
        const box = await settings.boundingBox();
        expect(box).toEqual({x: 0, y: 0, ...size});
        // Scrolling the sections leaves the top where it is.
        await settings.getByRole("link", {name: "Backups"}).click();
        await expect(settings.getByRole("region", {name: "Backups"})).toBeInViewport();
        await expect(settings.getByRole("button", {name: "Close"})).toBeInViewport();
        await settings.getByRole("button", {name: "Close"}).click();
        await expect(settings).toHaveCount(0);
        await expect(page.getByRole("button", {name: "Settings"})).toBeFocused();
    });
}

test("the side list jumps to a section and marks the one in view, also as the page scrolls", async ({
    page,
}) => {
    const settings = await openSettings(page);
    const nav = settings.getByRole("navigation", {name: "Settings sections"});
    await expect(nav.getByRole("link", {name: "General"})).toHaveAttribute("aria-current", "true");
    await nav.getByRole("link", {name: "Memory"}).click();
    const memory = settings.getByRole("region", {name: "Memory"});
    await expect(memory).toBeInViewport();
    await expect(memory.getByRole("heading", {name: "Memory", level: 2})).toBeFocused();
    await expect(nav.getByRole("link", {name: "Memory"})).toHaveAttribute("aria-current", "true");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    // Scrolled by other means than the list (the wheel, the keyboard): the mark follows.
    await settings
        .locator("#settings-engine")
        .evaluate((section) => section.scrollIntoView({block: "start"}));
    await expect(nav.getByRole("link", {name: "Engine"})).toHaveAttribute("aria-current", "true");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
});

test("a search shows the sections whose words match, in their text or their controls' hints, and says how many", async ({
    page,
}) => {
    const settings = await openSettings(page);
    const search = settings.getByRole("searchbox", {name: "Search settings"});
    const nav = settings.getByRole("navigation", {name: "Settings sections"});
    // The count is said first in the page (the sections have live regions of their own below).
    const status = settings.getByRole("status").first();

    await search.fill("speculative");
    await expect(nav.getByRole("link")).toHaveText(["Engine"]);
    await expect(settings.getByRole("region", {name: "Engine"})).toBeVisible();
    await expect(settings.getByRole("region", {name: "Backups"})).toBeHidden();
    await expect(status).toHaveText(`1 section of ${SECTIONS.length} matches “speculative”.`);
    await search.fill("GPU");
    await expect(status).toHaveText(`3 sections of ${SECTIONS.length} match “GPU”.`);
    // A choice of a closed select: Backups' schedule offers "Weekly".
    await search.fill("weekly");
    await expect(nav.getByRole("link")).toHaveText(["Backups"]);

    // A word only a field's hint holds (CPU threads: "automatic: cores − 1"), and two words in one section.
    await search.fill("cores");
    await expect(nav.getByRole("link")).toHaveText(["Engine"]);
    await search.fill("policy create_file");
    await expect(nav.getByRole("link")).toHaveText(["Tools"]);
    await expect(settings.getByRole("combobox", {name: "Policy for create_file"})).toBeVisible();

    await search.fill("zzzz");
    await expect(nav.getByRole("link")).toHaveCount(0);
    await expect(status).toHaveText("No setting matches “zzzz”.");

    // Esc clears the search (every section is back), and only then closes Settings.
    await search.press("Escape");
    await expect(search).toHaveValue("");
    await expect(settings).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(SECTIONS);
    await expect(status).toHaveText("");
    await expect(settings.getByRole("region", {name: "Backups"})).toBeAttached();
    await expect(settings.locator(".settings-section[hidden]")).toHaveCount(0);
    await search.press("Escape");
    await expect(settings).toHaveCount(0);
});

test("a search follows what the sections say as they change: a server added in another window is found", async ({
    page,
    context,
}) => {
    const settings = await openSettings(page);
    const search = settings.getByRole("searchbox", {name: "Search settings"});
    const nav = settings.getByRole("navigation", {name: "Settings sections"});
    await search.fill("quokka");
    await expect(settings.getByRole("status").first()).toHaveText("No setting matches “quokka”.");
    // Another window adds an MCP server (started on first use); this one hears of it and its MCP section
    // now names it.
    const other = await context.newPage();
    await other.goto(served.url);
    await other.getByRole("button", {name: "Settings"}).click();
    const mcp = other.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "MCP servers"});
    const server = {mcpServers: {quokka: {command: process.execPath, args: ["-e", "0"], startup: "lazy"}}};
    await mcp.getByRole("textbox", {name: /Add servers: paste/}).fill(JSON.stringify(server));
    await mcp.getByRole("button", {name: "Add servers"}).click();
    await expect(mcp.locator('.mcp-server[data-server="quokka"]')).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(["MCP servers"]);
    await expect(settings.getByRole("status").first()).toHaveText(
        `1 section of ${SECTIONS.length} matches “quokka”.`,
    );
    await other.close();
});
