import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {shootLightAndDark} from "../helpers/screens.js";

let served: Served;
test.afterEach(async () => served.stop());

test("documents: add a folder with progress, search it with /docs, open the cited passage", async ({
    page,
}) => {
    const dir = tempDir();
    const filler = "General words that many notes share. ".repeat(10);
    fs.writeFileSync(
        path.join(dir, "falcon.md"),
        `# Project Falcon\n\n${filler}\n\nThe launch code is ZX-4471.\n\n${filler}\n`,
    );
    fs.writeFileSync(path.join(dir, "garden.txt"), `Tomatoes need sun. ${filler}\n`);
    fs.writeFileSync(path.join(dir, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    // stories260K's 512-token vocabulary makes text long in tokens: short answers keep the turn in its context.
    served = await startServe({extra: ["--embedding-model", TEST_MODEL, "--max-tokens", "48"]});
    await page.goto(served.url);
    await page.getByRole("button", {name: "Documents"}).click();
    const dialog = page.getByRole("dialog", {name: "Documents"});
    await dialog.getByRole("textbox", {name: "Files or folders to add"}).fill(dir);
    await dialog.getByRole("button", {name: "Add"}).click();
    await expect(dialog.getByLabel("Ingest progress").first()).toContainText("3 of 3 files");
    await expect(dialog.getByLabel("Ingest progress").first()).toContainText("1 file could not be added");
    await expect(dialog.locator('tr[data-status="indexed"]')).toHaveCount(2);
    await expect(dialog.locator('tr[data-status="error"]')).toContainText("not UTF-8 text");
    await dialog.getByRole("button", {name: "Close"}).click();

    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("/docs ZX-4471");
    await box.press("Enter");
    const answer = page.locator("article.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete");
    // What was typed is shown and names the conversation, not the command's instruction to the model.
    await expect(page.locator("article.user").last()).toHaveText(/\/docs ZX-4471/);
    await expect(page.locator(".sidebar li.selected")).toContainText("ZX-4471");
    await expect(page.locator(".sidebar li.selected")).not.toContainText("/docs");
    const source = answer
        .getByRole("list", {name: "Sources"})
        .getByRole("link", {name: "Project Falcon"})
        .first();
    await source.click();
    const viewer = page.getByRole("dialog", {name: "Source"});
    await expect(viewer.getByRole("heading", {name: "Project Falcon"})).toBeVisible();
    await expect(viewer.locator("mark.passage")).toContainText("ZX-4471");
    await expect(viewer).toContainText("falcon.md");
});

test("at 800x600 the documents table fits its dialog, long paths and all", async ({page}) => {
    // A long folder name with no place to break, as generated folders have.
    const dir = path.join(tempDir(), "ProjectNotesKeptForTheQuarterlyReviewOfEverythingWeLaunchedThisYear");
    fs.mkdirSync(dir);
    fs.writeFileSync(
        path.join(dir, "QuarterlyReviewNotesWithAVeryLongFileNameIndeed.md"),
        "# Notes\n\nHello.\n",
    );
    served = await startServe({extra: ["--embedding-model", TEST_MODEL]});
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    await page.getByRole("button", {name: "Documents"}).click();
    const dialog = page.getByRole("dialog", {name: "Documents"});
    await dialog.getByRole("textbox", {name: "Files or folders to add"}).fill(dir);
    await dialog.getByRole("button", {name: "Add"}).click();
    await expect(dialog.locator('tr[data-status="indexed"]')).toHaveCount(1);
    const card = (await dialog.locator(".dialog").boundingBox())!;
    const button = (await dialog.getByRole("button", {name: /^Remove /}).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await dialog.locator(".dialog").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Deleting the collection asks first; Keep keeps it.
    await dialog.getByRole("button", {name: /^Delete collection/}).click();
    const confirm = dialog.getByRole("group", {name: /^Delete collection .*\?$/});
    await expect(confirm).toContainText("and its 1 document from Cairn? The file stays.");
    await confirm.getByRole("button", {name: "Keep"}).click();
    await expect(dialog.locator('tr[data-status="indexed"]')).toHaveCount(1);
    await dialog.getByRole("button", {name: /^Delete collection/}).click();
    await confirm.getByRole("button", {name: "Yes, delete"}).click();
    await expect(dialog.locator('tr[data-status="indexed"]')).toHaveCount(0);
});

test("a watched folder: its files are indexed, a file saved there later appears, rules are kept", async ({
    page,
}) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "first.md"), "# First\n\nThe first note.\n");
    served = await startServe({extra: ["--embedding-model", TEST_MODEL]});
    await page.goto(served.url);
    await page.getByRole("button", {name: "Documents"}).click();
    const dialog = page.getByRole("dialog", {name: "Documents"});
    const folders = dialog.getByRole("region", {name: "Watched folders"});
    await folders.getByRole("textbox", {name: "Folder to watch"}).fill(dir);
    await folders.getByRole("button", {name: "Watch"}).click();
    await expect(folders.getByRole("listitem")).toContainText([`${dir} watching`]);
    await expect(dialog.locator('tr[data-status="indexed"]')).toHaveCount(1);

    fs.writeFileSync(path.join(dir, "second.md"), "# Second\n\nSaved while Cairn watches.\n");
    await expect(dialog.locator('tr[data-status="indexed"]')).toHaveCount(2);

    await folders.getByText("Rules for “Documents”").click();
    await folders.getByRole("textbox", {name: /Leave out/}).fill("*.log");
    await folders.getByRole("checkbox", {name: "Include hidden files and folders"}).click();
    await folders.getByRole("button", {name: "Save rules"}).click();
    await expect(folders.getByRole("status")).toContainText("Saved");
    await page.reload();
    await page.getByRole("button", {name: "Documents"}).click();
    await dialog.getByText("Rules for “Documents”").click();
    await expect(dialog.getByRole("textbox", {name: /Leave out/})).toHaveValue("*.log");
    await expect(dialog.getByRole("checkbox", {name: "Include hidden files and folders"})).toBeChecked();

    await dialog.getByRole("button", {name: `Stop watching ${dir}`}).click();
    await expect(dialog.getByRole("region", {name: "Watched folders"}).getByRole("listitem")).toHaveCount(0);
});

test("without an embedding model Documents says so first; files picked in the browser wait, are read once one is chosen, and a file that failed is retried", async ({
    page,
}, testInfo) => {
    served = await startServe({});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("button", {name: "Documents"}).click();
    const dialog = page.getByRole("dialog", {name: "Documents"});
    const note = dialog.getByRole("note");
    await expect(note).toContainText("Documents needs an embedding model");
    // The browser's own file picker: the window has the file's bytes, not its path.
    await dialog.getByLabel("Choose files…").setInputFiles({
        name: "ferry.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("# Ferry times\n\nThe first ferry leaves at 7:40."),
    });
    const ferry = dialog
        .locator("tr", {hasText: "Ferry times"})
        .or(dialog.locator("tr", {hasText: "ferry.md"}));
    await expect(ferry).toHaveAttribute("data-status", "pending");
    await expect(ferry).toContainText("waits for an embedding model");
    // Said once, in the note: not again as a failed job, nor as a file that could not be read.
    await expect(dialog.getByText(/no embedding model is chosen/)).toHaveCount(0);
    await expect(dialog.getByText("could not be read")).toHaveCount(0);
    await shootLightAndDark(page, testInfo, "documents-no-model");

    // The note leads to Models, where the installed model is chosen for documents: the waiting file is read.
    await note.getByRole("button", {name: "Choose an embedding model"}).click();
    const models = page.getByRole("dialog", {name: "Models"});
    await models.getByRole("button", {name: "Use for documents"}).click();
    await expect(models.getByRole("button", {name: "Used for documents"})).toBeVisible();
    await models.getByRole("button", {name: "Close"}).click();
    await page.getByRole("button", {name: "Documents"}).click();
    await expect(note).toHaveCount(0);
    await expect(dialog.locator("tr", {hasText: "Ferry times"})).toHaveAttribute("data-status", "indexed");

    // A file that could not be read is read again from its file once it is fixed.
    const dir = tempDir();
    const file = path.join(dir, "cafe.txt");
    fs.writeFileSync(file, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await dialog.getByRole("textbox", {name: "Files or folders to add"}).fill(file);
    await dialog.getByRole("button", {name: "Add"}).click();
    const cafe = dialog.locator("tr", {hasText: "cafe.txt"});
    await expect(cafe).toHaveAttribute("data-status", "error");
    fs.writeFileSync(file, "café au lait");
    await cafe.getByRole("button", {name: "Retry cafe.txt"}).click();
    await expect(cafe).toHaveAttribute("data-status", "indexed");
    await expect(cafe.getByRole("button", {name: /^Retry/})).toHaveCount(0);
});
