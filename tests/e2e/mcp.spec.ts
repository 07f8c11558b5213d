import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {servers, writeMcpJson} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {SettingsStore} from "../../main/store/settings.js";
import {startServe, type Served} from "../helpers/serve.js";
import {sendWithPreflight} from "../helpers/ws.js";
import {startOAuthServer} from "../fixtures/mcp/oauthServer.js";
import {choose} from "../helpers/choose.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "16"]});
});
test.afterEach(async () => served.stop());

test("an MCP server added in Settings from pasted JSON shows its status and tools, and its tool runs through the approval dialog into the trace", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    const pasted = {mcpServers: {fixture: {...servers.fixture, startup: "launch"}}};
    await settings.getByRole("textbox", {name: /Add servers: paste/}).fill(JSON.stringify(pasted));
    await settings.getByRole("button", {name: "Add servers"}).click();
    const row = settings.locator('.mcp-server[data-server="fixture"]');
    await expect(row.locator(".mcp-state")).toHaveText("ready · 7 tools");
    await row.getByText("Tools and output").click();
    await expect(row.locator(".mcp-tools")).toContainText("fixture.add, fixture.fail");
    // Its tools join the policy table with their source.
    await expect(settings.locator('tr[data-tool="fixture.wipe"]')).toContainText("MCP server fixture");
    // Bad JSON is refused in words, and nothing is lost.
    await settings.getByRole("textbox", {name: /Add servers: paste/}).fill('{"mcpServers": {"x": {}}}');
    await settings.getByRole("button", {name: "Add servers"}).click();
    await expect(settings.getByRole("alert")).toContainText('give either "command"');
    await expect(row).toBeVisible();
    // Another assistant's whole settings file, imported as it is (its other keys are ignored).
    const theirs = {globalShortcut: "Ctrl+Space", mcpServers: {imported: servers.fixture}};
    await settings.getByLabel("Import servers from another assistant's settings file").setInputFiles({
        name: "claude_desktop_config.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(theirs)),
    });
    await expect(settings.locator('.mcp-server[data-server="imported"] .mcp-state')).toHaveText(
        "starts when first needed",
    );
    await settings.getByRole("button", {name: "Close"}).click();

    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const conversationId = new URL(page.url()).searchParams.get("c")!;

    // The tools menu: the server's tools beside the built-in ones, what each costs, switched per conversation.
    await page.getByRole("button", {name: "Tools", exact: true}).click();
    const menu = page.getByRole("dialog", {name: "Tools in this conversation"});
    await expect(menu.locator('li[data-tool="fixture.add"] .tool-tokens')).toHaveText(/^\d+ tokens$/);
    // More than the tiny model's tools' budget: each question gets a selection, and pins are kept.
    await expect(menu.locator(".over-budget")).toContainText("over the tools' budget of 512");
    await menu.getByRole("button", {name: "Pin fixture.add"}).click();
    await expect(menu.getByRole("button", {name: "Pin fixture.add"})).toHaveAttribute("aria-pressed", "true");
    await menu.getByRole("checkbox", {name: "MCP server fixture"}).uncheck();
    await expect(menu.getByRole("checkbox", {name: "fixture.add"})).toBeDisabled();
    await menu.getByRole("checkbox", {name: "MCP server fixture"}).check();
    await menu.getByRole("button", {name: "Close"}).click();

    // fixture.grow may change things (readOnlyHint false, destructiveHint false): it asks first.
    await sendWithPreflight(page, conversationId, [{name: "fixture.grow", args: {}}], {toolChoice: "none"});
    const dialog = page.getByRole("dialog", {name: "Allow fixture.grow?"});
    await expect(dialog).toContainText("change files on this computer");
    await dialog.getByRole("button", {name: "Allow once"}).click();
    const step = page.locator("article.message.assistant .trace .step").first();
    await expect(step).toHaveAttribute("data-tool", "fixture.grow");
    await expect(step).toHaveAttribute("data-status", "ok");
    await step.locator("summary").click();
    await expect(step.locator(".result pre")).toHaveText("grown");
    // The server added a tool: it is listed without a restart.
    await page.getByRole("button", {name: "Tools", exact: true}).click();
    await expect(menu.locator('li[data-tool="fixture.late"]')).toBeVisible();
});

test("a server's form (elicitation) opens as a dialog built from its schema; what is sent reaches the server and the trace", async ({
    page,
}, testInfo) => {
    const dataDir = tempDir();
    // Started on first use: the first request naming its tool waits for it.
    writeMcpJson(dataDir, {fixture: servers.fixture});
    // Room in the context for Cairn's tools and the result (the tiny model's 2,048 tokens hold neither).
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    new SettingsStore(db).set("engine", {contextSize: 8192});
    db.close();
    const own = await startServe({dataDir, extra: ["--max-tokens", "8"]});
    try {
        await page.goto(own.url);
        await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
        // Choosing a mode makes the conversation (and puts its id in the address).
        await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
        const conversationId = new URL(page.url()).searchParams.get("c")!;
        const sent = await sendWithPreflight(page, conversationId, [{name: "fixture.ask", args: {}}], {
            toolChoice: "none",
        });
        expect(sent, JSON.stringify(sent)).toMatchObject({ok: true});
        const dialog = page.getByRole("dialog", {name: "fixture asks"});
        await expect(dialog).toContainText("Which details should the report have?");
        await expect(dialog.getByRole("button", {name: "Send"})).toBeFocused();
        await page.screenshot({path: testInfo.outputPath("ask-form.png")});
        // Required fields are required: the browser keeps the form until the title is given.
        await dialog.getByRole("button", {name: "Send"}).click();
        await expect(dialog).toBeVisible();
        await dialog.getByRole("textbox", {name: "Title (required)"}).fill("Quarterly");
        await dialog.getByRole("spinbutton", {name: "Pages"}).fill("3");
        await choose(dialog.getByRole("combobox", {name: "Colour"}), "green");
        await dialog.getByRole("checkbox", {name: "Draft"}).check();
        await dialog.getByRole("button", {name: "Send"}).click();
        await expect(dialog).toBeHidden();
        const step = page.locator('article.message.assistant .trace .step[data-tool="fixture.ask"]');
        await expect(step).toHaveAttribute("data-status", "ok");
        await step.locator("summary").click();
        await expect(step.locator(".result pre")).toHaveText(
            '{"action":"accept","content":{"title":"Quarterly","pages":3,"colour":"green","draft":true}}',
        );
        // Escape cancels: the server hears "cancel". One answer at a time: the first one finishes first.
        await expect(page.locator("article.message.assistant").last()).toHaveAttribute(
            "data-status",
            /complete|error|stopped/,
        );
        const again = await sendWithPreflight(page, conversationId, [{name: "fixture.ask", args: {}}], {
            toolChoice: "none",
        });
        expect(again, JSON.stringify(again)).toMatchObject({ok: true});
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        const second = page.locator('.trace .step[data-tool="fixture.ask"]').last();
        await expect(page.locator('.trace .step[data-tool="fixture.ask"]')).toHaveCount(2);
        await expect(second).toHaveAttribute("data-status", "ok");
        await second.locator("summary").click();
        await expect(second.locator(".result pre")).toHaveText('{"action":"cancel"}');
    } finally {
        await own.stop();
    }
});

test("a remote server that needs a sign-in: Sign in shows its page, the browser signs in there and comes back, the row says so; Sign out forgets it", async ({
    page,
    context,
}) => {
    const oauth = await startOAuthServer();
    try {
        await page.goto(served.url);
        await page.getByRole("button", {name: "Settings"}).click();
        const settings = page.getByRole("dialog", {name: "Settings"});
        const pasted = {mcpServers: {secure: {url: oauth.url, startup: "launch"}}};
        await settings.getByRole("textbox", {name: /Add servers: paste/}).fill(JSON.stringify(pasted));
        await settings.getByRole("button", {name: "Add servers"}).click();
        const row = settings.locator('.mcp-server[data-server="secure"]');
        await expect(row.locator(".mcp-state")).toHaveText("needs sign-in");
        await expect(row).toContainText("secure needs you to sign in");
        await row.getByRole("button", {name: "Sign in to secure"}).click();
        // Served to a browser there is no system browser to open: the page is a link.
        const link = row.getByRole("link", {name: "open secure's sign-in page"});
        await expect(link).toHaveAttribute("href", /^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
        const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
        await expect(tab.locator("body")).toHaveText("Cairn is signed in. You can close this tab.");
        await tab.close();
        await expect(row.locator(".mcp-state")).toHaveText("ready · 1 tool");
        await row.getByRole("button", {name: "Sign out of secure"}).click();
        await expect(row.getByRole("button", {name: "Sign out of secure"})).toHaveCount(0);
        expect(oauth.counts).toEqual({
            registrations: 1,
            codes: 1,
            refreshes: 0,
            authorizations: 1,
            documents: 0,
        });
    } finally {
        await oauth.stop();
    }
});

test("a page a server wants opened (URL elicitation) shows where it leads; Open opens it and the server hears accept", async ({
    page,
    context,
}, testInfo) => {
    // The page: served on this machine, so that the test reaches nothing outside.
    const account = http.createServer((_req, res) => res.end("account page"));
    await new Promise<void>((resolve) => account.listen(0, "127.0.0.1", resolve));
    const pageUrl = `http://127.0.0.1:${(account.address() as AddressInfo).port}/account?id=7`;
    const host = new URL(pageUrl).host;
    const dataDir = tempDir();
    writeMcpJson(dataDir, {fixture: {...servers.fixture, env: {FIXTURE_PAGE_URL: pageUrl}}});
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    new SettingsStore(db).set("engine", {contextSize: 8192});
    db.close();
    const own = await startServe({dataDir, extra: ["--max-tokens", "8"]});
    try {
        await page.goto(own.url);
        await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
        await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
        const conversationId = new URL(page.url()).searchParams.get("c")!;
        const sent = await sendWithPreflight(page, conversationId, [{name: "fixture.open_page", args: {}}], {
            toolChoice: "none",
        });
        expect(sent, JSON.stringify(sent)).toMatchObject({ok: true});
        const dialog = page.getByRole("dialog", {name: "fixture asks you to open a page"});
        await expect(dialog).toContainText("Confirm your account on its page.");
        await expect(dialog).toContainText(`It leads to ${host}`);
        await expect(dialog.locator(".ask-url")).toHaveText(pageUrl);
        const open = dialog.getByRole("link", {name: `Open ${host}`});
        await expect(open).toBeFocused();
        await page.screenshot({path: testInfo.outputPath("ask-url.png")});
        const [tab] = await Promise.all([context.waitForEvent("page"), open.click()]);
        await expect(tab.locator("body")).toHaveText("account page");
        await tab.close();
        await expect(dialog).toBeHidden();
        const step = page.locator('article.message.assistant .trace .step[data-tool="fixture.open_page"]');
        await expect(step).toHaveAttribute("data-status", "ok");
        await step.locator("summary").click();
        await expect(step.locator(".result pre")).toHaveText('{"action":"accept"}');
    } finally {
        await own.stop();
        account.close();
    }
});

test("in a German window, a server that never answers says so in German, with its last output", async ({
    browser,
}) => {
    const context = await browser.newContext({locale: "de-DE", viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    try {
        await page.goto(served.url);
        await page.getByRole("button", {name: "Einstellungen"}).click();
        const settings = page.getByRole("dialog", {name: "Einstellungen"});
        const silent = "process.stderr.write('waiting for a licence\\n'); setInterval(() => {}, 1000);";
        const pasted = {
            mcpServers: {
                silent: {
                    command: process.execPath,
                    args: ["-e", silent],
                    startup: "launch",
                    startTimeoutMs: 1000,
                },
            },
        };
        await settings.getByRole("textbox", {name: /Server hinzufügen: /}).fill(JSON.stringify(pasted));
        await settings.getByRole("button", {name: "Server hinzufügen"}).click();
        const row = settings.locator('.mcp-server[data-server="silent"]');
        await expect(row.locator(".problem")).toHaveText(
            "Nicht innerhalb von 1 s gestartet; seine letzte Ausgabe: waiting for a licence",
        );
    } finally {
        await context.close();
    }
});
