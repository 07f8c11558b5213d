import fs from "node:fs";
import {expect, test} from "@playwright/test";
import {axeOn} from "../helpers/axe.js";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {startServe, type Served} from "../helpers/serve.js";
import {fromHeaderMenu, fromRowMenu} from "../helpers/headerMenu.js";

let served: Served;
test.beforeEach(async () => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Moons of Mars", [
        {question: "How many moons has Mars?", answer: "Mars has two moons, Phobos and Deimos."},
    ]);
    const filler = Array.from({length: 30}, (_, i) => ({
        question: `Question ${i}`,
        answer: `Answer number ${i}.`,
    }));
    seedConversation(dataDir, "Long chat", [
        ...filler,
        {question: "And Jupiter?", answer: "Jupiter has ninety-five moons."},
        ...filler,
    ]);
    served = await startServe({dataDir});
});
test.afterEach(async () => served.stop());

test("Ctrl+K searches every conversation; a result opens its conversation at the message", async ({page}) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    await expect(page.locator(".sidebar li")).toHaveCount(2); // the app is up, its shortcuts listening
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", {name: "Search conversations"});
    await dialog.getByRole("combobox", {name: "Search conversations"}).fill("ninety");
    await expect(dialog.getByRole("status")).toHaveText("1 message found.");
    await expect(dialog.locator("mark")).toHaveText("ninety");
    await dialog.getByRole("option", {name: /Long chat/}).click();
    await expect(dialog).toHaveCount(0);
    const found = page.locator("article.message.found");
    await expect(found).toContainText("Jupiter has ninety-five moons.");
    await expect(found).toBeInViewport();
    await expect(page.locator(".sidebar li.selected")).toContainText("Long chat");

    await page.getByRole("button", {name: "Search conversations"}).click();
    await page.getByRole("combobox", {name: "Search conversations"}).fill("saturn");
    await expect(page.getByRole("status")).toHaveText("Nothing found.");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", {name: "Search conversations"})).toHaveCount(0);
});

test("Ctrl+K finds conversations by their titles too; Up, Down and Enter open a result without the mouse", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await expect(page.locator(".sidebar li")).toHaveCount(2);
    await page.locator(".sidebar .title", {hasText: "Long chat"}).click();
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", {name: "Search conversations"});
    const field = dialog.getByRole("combobox", {name: "Search conversations"});
    // Any case, words in any order: the title first, then the messages.
    await field.fill("MARS moons");
    const titles = dialog.getByRole("group", {name: "Conversations"}).getByRole("option");
    await expect(titles).toHaveText([/Moons of Mars/]);
    await expect(dialog.getByRole("group", {name: "Messages"}).getByRole("option")).toHaveCount(2);
    await expect(titles.first()).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await titles.first().getAttribute("id"))!);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`search-${colorScheme}.png`)});
        const axe = await axeOn(page).include(".dialog").analyze();
        expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
    }
    await page.keyboard.press("ArrowDown");
    await expect(titles.first()).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(".sidebar li.selected")).toContainText("Moons of Mars");

    // A title no message holds: found by its title alone, and opened by Enter.
    await page.keyboard.press("Control+k");
    await field.fill("long");
    await expect(dialog.getByRole("status")).toHaveText("Found in titles only.");
    await page.keyboard.press("Enter");
    await expect(page.locator(".sidebar li.selected")).toContainText("Long chat");
});

test(
    "Export saves Markdown and JSON; Import brings a deleted conversation back from its JSON, once",
    {tag: "@small-window"},
    async ({page}) => {
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Moons of Mars"}).click();
        await fromHeaderMenu(page, "Export…");
        const markdown = page.waitForEvent("download");
        await page.getByRole("dialog", {name: "Export"}).getByRole("button", {name: "Markdown"}).click();
        const md = await markdown;
        expect(md.suggestedFilename()).toBe("Moons-of-Mars.md");
        expect(fs.readFileSync(await md.path(), "utf8")).toMatch(
            /^# Moons of Mars\n[\s\S]*Phobos and Deimos/,
        );

        await fromHeaderMenu(page, "Export…");
        const json = page.waitForEvent("download");
        await page.getByRole("dialog", {name: "Export"}).getByRole("button", {name: "JSON"}).click();
        const file = await (await json).path();
        const before = await page.locator(".sidebar li").count();
        // Still in the library, its JSON adds nothing (importing twice adds nothing); deleted, it comes back.
        const importMoons = async (words: string) => {
            await page.getByLabel("Import conversations").setInputFiles({
                name: "moons.json",
                mimeType: "application/json",
                buffer: fs.readFileSync(file),
            });
            const report = page.getByRole("dialog", {name: "Import conversations"});
            await expect(report.getByRole("region", {name: "moons.json: report"})).toContainText(words);
            await report.getByRole("button", {name: "Close"}).click();
        };
        await importMoons("1 already in your library");
        await expect(page.locator(".sidebar li")).toHaveCount(before);
        await fromRowMenu(page, "Moons of Mars", "Delete…");
        await page
            .locator(".sidebar li", {hasText: "Moons of Mars"})
            .getByRole("button", {name: "Delete"})
            .click();
        await expect(page.locator(".sidebar li")).toHaveCount(before - 1);
        await importMoons("1 conversation imported");
        await expect(page.locator(".sidebar li")).toHaveCount(before);
        await page.locator(".sidebar .title", {hasText: "Moons of Mars"}).click();
        await expect(page.locator("article.message.assistant")).toContainText("Phobos and Deimos");

        await page.getByLabel("Import conversations").setInputFiles({
            name: "notes.json",
            mimeType: "application/json",
            buffer: Buffer.from('{"hello": 1}'),
        });
        await expect(page.getByRole("alert")).toHaveText(
            "notes.json is not an export Cairn knows: it reads those of ChatGPT, Claude, Open WebUI, Jan, LM Studio and Cairn",
        );
    },
);
