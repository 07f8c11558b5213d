import {axeOn} from "../helpers/axe.js";
import {expect, test, type Page} from "@playwright/test";
import path from "node:path";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {SettingsStore} from "../../main/store/settings.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {fromHeaderMenu} from "../helpers/headerMenu.js";

// Memory with the real test model: a fact told in one conversation and approved is recalled and cited in
// the next; an incognito conversation recalls nothing; a deleted memory is gone from the next turn.

let served: Served;
test.beforeEach(async () => {
    const dataDir = tempDir();
    // Room in the context for Cairn's tools and a recalled memory (the tiny model's 2,048 holds neither).
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    new SettingsStore(db).set("engine", {contextSize: 8192});
    db.close();
    served = await startServe({dataDir, extra: ["--max-tokens", "4"]});
});
test.afterEach(async () => served.stop());

async function ask(page: Page, text: string, options: {incognito?: boolean} = {}) {
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await page.waitForURL(/[?&]c=/);
    if (options.incognito) {
        await fromHeaderMenu(page, "Incognito");
        // The switch shows the stored state, which arrives from the core a moment after the choice.
        await page.getByRole("button", {name: "More"}).click();
        await expect(page.getByRole("menuitemcheckbox", {name: "Incognito"})).toBeChecked();
        await page.keyboard.press("Escape");
    }
    await page.getByRole("textbox", {name: "Message"}).fill(text);
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
}

const lastAnswer = (page: Page) => page.locator("article.message.assistant").last();

test("tell a fact, approve it, and a new conversation cites it; incognito recalls nothing; deleted, it is gone", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await ask(page, "Remember that my dog is called Biscuit");
    const approval = page.getByRole("dialog", {name: "Allow remember?"});
    await expect(approval).toContainText("my dog is called Biscuit");
    await approval.getByRole("button", {name: "Allow once"}).click();
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");

    await ask(page, "What is my dog called?");
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");
    await expect(lastAnswer(page).locator('.trace .step[data-tool="recall"]')).toHaveAttribute(
        "data-status",
        "ok",
    );
    await expect(lastAnswer(page).getByRole("list", {name: "Sources"})).toContainText(
        "Memory: my dog is called Biscuit",
    );
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`memory-cited-${colorScheme}.png`)});
    }

    await ask(page, "What is my dog called?", {incognito: true});
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");
    await expect(lastAnswer(page).locator(".trace .step")).toHaveCount(0);
    await expect(lastAnswer(page).getByRole("list", {name: "Sources"})).toHaveCount(0);

    await page.getByRole("button", {name: "Settings"}).click();
    const memory = page.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "Memory"});
    const listed = memory.getByRole("list", {name: "Memories"}).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText("my dog is called Biscuit — from a conversation");
    // No embedding model chosen: recall is by words, and the page says how to recall by meaning.
    await expect(
        memory.getByText(/^Recall finds memories by their words\. Choose an embedding model/),
    ).toBeVisible();
    await memory.scrollIntoViewIfNeeded();
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`memory-settings-${colorScheme}.png`)});
    }
    await listed.first().getByRole("button", {name: "Delete “my dog is called Biscuit”"}).click();
    await expect(memory.getByText("No memory yet.")).toBeVisible();
    await page.keyboard.press("Escape");

    await ask(page, "What is my dog called?");
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");
    await expect(lastAnswer(page).getByRole("list", {name: "Sources"})).toHaveCount(0);
});

test("with an embedding model chosen, Memory does not say that recall is by words only", async ({page}) => {
    await served.stop();
    served = await startServe({extra: ["--embedding-model", TEST_MODEL]});
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const memory = page.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "Memory"});
    await expect(memory.getByText("No memory yet.")).toBeVisible();
    await expect(memory.getByText(/^Recall finds memories by their words/)).toHaveCount(0);
});
