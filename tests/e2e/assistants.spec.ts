import {axeOn} from "../helpers/axe.js";
import {expect, test, type Page} from "@playwright/test";
import fs from "node:fs";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {choose} from "../helpers/choose.js";

// Assistants in the window with the real core and test model: made in Settings, picked for a new
// conversation (shown in its header, its starter prompts offered), exported and imported again.

let served: Served;
test.beforeEach(async () => {
    served = await startServe({dataDir: tempDir(), extra: ["--max-tokens", "4"]});
});
test.afterEach(async () => served.stop());

async function openAssistants(page: Page) {
    await page.getByRole("button", {name: "Settings"}).click();
    const section = page.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "Assistants"});
    await section.scrollIntoViewIfNeeded();
    return section;
}

test("make an assistant, start a conversation with it, export and import it", async ({page}, testInfo) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const section = await openAssistants(page);
    await expect(section.getByText("No assistant yet.")).toBeVisible();
    await section.getByRole("button", {name: "New assistant"}).click();
    const editor = section.getByRole("form", {name: "New assistant"});
    await editor.getByRole("textbox", {name: "Icon"}).fill("🧭");
    await editor.getByRole("textbox", {name: "Name"}).fill("Navigator");
    await editor.getByRole("textbox", {name: "Instructions"}).fill("You are the ship's navigator.");
    await editor
        .getByRole("textbox", {name: "Starter prompts, one per line"})
        .fill("Plot a course home\nHow deep is it here?");
    await editor.getByText("Tools:").click();
    await editor.getByRole("checkbox", {name: "web_search on"}).uncheck();
    await expect(editor.getByText("Tools: 1 off, 0 always offered")).toBeVisible();
    await editor.getByRole("checkbox", {name: "New conversations start with it (the default)"}).check();
    // It answers with an installed local model of its own, or whichever is loaded.
    const answersWith = editor.getByRole("combobox", {name: "Answers with"});
    await expect(answersWith).toHaveText("Whichever local model is loaded");
    await answersWith.click();
    await expect(page.getByRole("group", {name: "On this computer"}).getByRole("option")).toHaveText([
        "Whichever local model is loaded",
        "llama (stories260K.gguf)",
    ]);
    await page.getByRole("option", {name: "llama (stories260K.gguf)"}).click();
    await expect(answersWith).toHaveText("llama (stories260K.gguf)");
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    await editor.evaluate((form) => form.scrollIntoView({block: "start"}));
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`assistant-editor-${colorScheme}.png`)});
    }
    await editor.getByRole("button", {name: "Add assistant"}).click();
    const rows = section.getByRole("list", {name: "Assistants"}).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("🧭 Navigator (default)");

    // Exported and imported again: a copy with a number, never the default.
    const downloading = page.waitForEvent("download");
    await rows.first().getByRole("button", {name: "Export Navigator"}).click();
    const file = await (await downloading).path();
    const content = fs.readFileSync(file, "utf8");
    expect(JSON.parse(content)).toMatchObject({
        kind: "cairn.assistant",
        assistant: {name: "Navigator", localModel: "stories260K.gguf"},
    });
    await section.getByLabel("Import assistants from their JSON files").setInputFiles({
        name: "Navigator.assistant.json",
        mimeType: "application/json",
        buffer: Buffer.from(content),
    });
    await expect(section.getByRole("status")).toHaveText("Imported Navigator (2)");
    await expect(rows).toHaveCount(2);
    await section.getByLabel("Import assistants from their JSON files").setInputFiles({
        name: "broken.json",
        mimeType: "application/json",
        buffer: Buffer.from(
            '{"kind": "cairn.assistant", "version": 1, "assistant": {"name": "X", "colour": "red"}}',
        ),
    });
    // Said in Settings, where it was done, once: not in a banner behind the page.
    const settings = page.getByRole("dialog", {name: "Settings"});
    await expect(settings.getByRole("alert")).toContainText("assistant has a field it does not take: colour");
    await expect(page.locator(".alert")).toHaveCount(1);
    await expect(rows).toHaveCount(2);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`assistant-settings-${colorScheme}.png`)});
    }
    await page.keyboard.press("Escape");
    // Not dismissed there, it stays said over the chat.
    await expect(page.getByRole("alert")).toContainText("assistant has a field it does not take: colour");
    await page.getByRole("button", {name: "Dismiss"}).click();

    // The default assistant starts the new conversation: its name in the header, its starters offered.
    await expect(page.getByRole("combobox", {name: "Start with"})).not.toHaveText("No assistant");
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await page.waitForURL(/[?&]c=/);
    await expect(page.locator(".chat-header .assistant-badge")).toHaveText("🧭 Navigator");
    const starters = page.getByRole("list", {name: "Starter prompts"});
    await expect(starters.getByRole("button")).toHaveText(["Plot a course home", "How deep is it here?"]);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`assistant-conversation-${colorScheme}.png`)});
    }
    await page.setViewportSize({width: 800, height: 600});
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`assistant-conversation-${colorScheme}-800.png`)});
    }
    await page.setViewportSize({width: 1280, height: 800});
    await page.getByRole("button", {name: "Tools", exact: true}).click();
    await expect(page.getByRole("checkbox", {name: /web_search/}).first()).not.toBeChecked();
    await page.keyboard.press("Escape");
    await starters.getByRole("button", {name: "Plot a course home"}).click();
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");

    // "No assistant" picked: the next new conversation has none.
    await choose(page.getByRole("combobox", {name: "Start with"}), "No assistant");
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await expect(page.locator(".chat-header .assistant-badge")).toHaveCount(0);
    await expect(page.getByRole("heading", {name: "Cairn", exact: true})).toBeVisible();
});
