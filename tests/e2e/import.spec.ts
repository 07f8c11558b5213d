import {axeOn} from "../helpers/axe.js";
import {expect, test} from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import {ROOT} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";

// Other apps' real exports (tests/fixtures/imports) chosen or dropped in the window, sent to the core in chunks.

const exportFile = (name: string) => path.join(ROOT, "tests", "fixtures", "imports", name);

let served: Served;
test.beforeEach(async () => {
    served = await startServe({model: null});
});
test.afterEach(async () => served.stop());

test("exports chosen in the window come in with a report per file, and the last one opens on its shown branch", async ({
    page,
}, testInfo) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    await page
        .getByLabel("Import conversations")
        .setInputFiles([exportFile("chatgpt-conversations.json"), exportFile("claude-conversations.json")]);
    const dialog = page.getByRole("dialog", {name: "Import conversations"});
    await expect(dialog.getByRole("region", {name: "chatgpt-conversations.json: report"})).toContainText(
        "1 conversation imported (11 messages).",
    );
    const claude = dialog.getByRole("region", {name: "claude-conversations.json: report"});
    await expect(claude).toContainText("2 conversations imported (7 messages).");
    await expect(dialog.getByRole("button", {name: "Close"})).toBeVisible();
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`import-${colorScheme}.png`)});
    }
    await dialog.getByRole("button", {name: "Close"}).click();
    await expect(page.locator(".sidebar li")).toHaveCount(3);
    await expect(page.locator(".sidebar li.selected")).toContainText("Release checklist");
    await expect(page.locator("article.message.assistant").last()).toContainText("Run the tests.");
    await page.locator(".sidebar .title", {hasText: "Assist user with summary"}).click();
    await expect(page.locator("article.message.user").last()).toContainText("tell me a joke");
    await expect(page.locator("article.message.assistant").last()).toContainText("make up everything");

    // The same file again adds nothing, and the report says so.
    await page.getByLabel("Import conversations").setInputFiles(exportFile("chatgpt-conversations.json"));
    await expect(dialog).toContainText("0 conversations imported (0 messages), 1 already in your library.");
});

test("a file dropped on the conversation list is imported; a damaged one is refused in words", async ({
    page,
}) => {
    await page.goto(served.url);
    const drop = async (name: string, bytes: Buffer) => {
        const transfer = await page.evaluateHandle(
            ({name, data}) => {
                const dt = new DataTransfer();
                dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name));
                return dt;
            },
            {name, data: bytes.toString("base64")},
        );
        await page.locator("nav.sidebar").dispatchEvent("drop", {dataTransfer: transfer});
    };
    await drop("openwebui-chats.json", fs.readFileSync(exportFile("openwebui-chats.json")));
    const dialog = page.getByRole("dialog", {name: "Import conversations"});
    await expect(dialog).toContainText("3 conversations imported (6 messages).");
    await dialog.getByRole("button", {name: "Close"}).click();
    await expect(page.locator(".sidebar li")).toHaveCount(3);

    const cut = fs.readFileSync(exportFile("claude-conversations.json")).subarray(0, 900);
    await drop("cut.json", cut);
    await expect(dialog.getByRole("alert")).toContainText("cut.json is not valid JSON, or ends early");
});

test("in a German window, a file that is no export is refused in German", async ({browser}) => {
    const context = await browser.newContext({locale: "de-DE"});
    const page = await context.newPage();
    try {
        await page.goto(served.url);
        const transfer = await page.evaluateHandle(() => {
            const dt = new DataTransfer();
            dt.items.add(new File(['{"title": "a note", "text": "not a conversation"}'], "notes.json"));
            return dt;
        });
        await page.locator("nav.sidebar").dispatchEvent("drop", {dataTransfer: transfer});
        const dialog = page.getByRole("dialog", {name: "Unterhaltungen importieren"});
        await expect(dialog.getByRole("alert")).toHaveText(
            "notes.json ist kein Export, den Cairn kennt: Cairn liest die von ChatGPT, Claude, Open WebUI, Jan, LM Studio und Cairn",
        );
    } finally {
        await context.close();
    }
});

test("Stop the import ends it at the next conversation: the report says how many are in, the rest can come later", async ({
    page,
}, testInfo) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    const conversations = Array.from({length: 20_000}, (_, i) => ({
        title: `conversation ${i}`,
        conversation_id: `c${i}`,
        create_time: 1700000000,
        current_node: "a",
        mapping: {
            a: {
                id: "a",
                parent: null,
                children: [],
                message: {
                    id: "a",
                    author: {role: "user"},
                    content: {content_type: "text", parts: [`question ${i}`]},
                },
            },
        },
    }));
    await page.getByLabel("Import conversations").setInputFiles({
        name: "many.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(conversations)),
    });
    const dialog = page.getByRole("dialog", {name: "Import conversations"});
    // Once some are in: stopped there.
    await expect(dialog.getByText(/reading \d+%, [1-9][\d,]* imported/)).toBeVisible();
    const stop = dialog.getByRole("button", {name: "Stop the import"});
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`import-stop-${colorScheme}.png`)});
    }
    await stop.click();
    const report = dialog.getByRole("region", {name: "many.json: report"});
    await expect(report.getByRole("alert")).toContainText(
        /the import of many\.json was stopped: \d+ conversations/,
    );
    const said = (await report.getByRole("alert").textContent()) ?? "";
    const count = Number(/stopped: (\d+) conversations/.exec(said)?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(20_000);
    await expect(dialog.getByRole("button", {name: "Stop the import"})).toHaveCount(0);
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    await dialog.getByRole("button", {name: "Close"}).click();
});
