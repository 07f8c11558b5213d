import http from "node:http";
import type {AddressInfo} from "node:net";
import {expect, test, type Page} from "@playwright/test";
import {servers, writeMcpJson} from "../helpers/mcp.js";
import {PROBED} from "../helpers/frameProbe.js";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {sendWithPreflight} from "../helpers/ws.js";
import {choose} from "../helpers/choose.js";
import {shootLightAndDark} from "../helpers/screens.js";

let served: Served;
// A failure says what the core wrote too: the window's side alone may not say why.
test.afterEach(async () => {
    const info = test.info();
    if (info.status !== info.expectedStatus) console.error(`cairn serve's stderr:\n${served?.log()}`);
    await served?.stop();
});

/** A new conversation in agent mode (ask mode runs no tool that may change things): its id. */
async function agentConversation(page: Page): Promise<string> {
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await expect(page).toHaveURL(/[?&]c=/);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    return new URL(page.url()).searchParams.get("c")!;
}

/**
 * The tool called as the person's own call (the test model decides nothing), allowed once when it asks; resolves
 * when that answer is written, so that the next call is not refused as sent while it was being written.
 */
async function callTool(page: Page, conversationId: string, tool: string): Promise<void> {
    // A refused send says why at once, not as a wait for a dialog that cannot come.
    expect(
        await sendWithPreflight(page, conversationId, [{name: tool, args: {}}], {toolChoice: "none"}),
    ).toMatchObject({ok: true});
    await page
        .getByRole("dialog", {name: `Allow ${tool}?`})
        .getByRole("button", {name: "Allow once"})
        .click();
    const answer = page.locator("article.message.assistant").last();
    await expect(answer.locator(`.trace .step[data-tool="${tool}"]`)).toHaveCount(1);
    await expect(answer).toHaveAttribute("data-status", /^(complete|error)$/);
}

test("an MCP App from the npm example server shows its result in the conversation, and a call it makes is approved by the person", async ({
    page,
}, testInfo) => {
    const dataDir = tempDir();
    writeMcpJson(dataDir, {basic: {...servers.basicReact, startup: "launch"}});
    // Agent mode's tools and three calls' steps do not fit the test model's own 2,048 tokens beside the app's message.
    served = await startServe({dataDir, contextSize: 8192, extra: ["--max-tokens", "16"]});
    await page.goto(served.url);
    // get-time has no annotations: it may run programs, so it asks first.
    await callTool(page, await agentConversation(page), "basic.get-time");
    const step = page.locator('article.message.assistant .trace .step[data-tool="basic.get-time"]').first();
    await expect(step).toHaveAttribute("data-status", "ok");
    const frameElement = page.getByTitle("basic's app");
    await expect(frameElement).toHaveAttribute("sandbox", "allow-scripts");
    const app = page.frameLocator('iframe[title="basic\'s app"]');
    // The page shows the result Cairn handed it (the server's ISO time).
    const time = app.getByText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/).first();
    await expect(time).toBeVisible();
    const first = await time.textContent();

    // Its own button calls get-time on its server: the person is asked, and told the app asks, not the model.
    await app.getByRole("button", {name: "Get Server Time"}).click();
    const dialog = page.getByRole("dialog", {name: "Allow basic.get-time?"});
    await expect(dialog).toContainText("Asked by basic's app in this conversation, not by the model.");
    await dialog.getByRole("button", {name: "Allow once"}).click();
    await expect(app.getByText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/).first()).not.toHaveText(first ?? "");
    // The app's call is a step of the same answer's trace.
    await expect(
        page.locator('article.message.assistant .trace .step[data-tool="basic.get-time"]'),
    ).toHaveCount(2);

    // A message the app sends is the person's own, in the conversation, and is answered.
    await app.getByRole("button", {name: "Send Message"}).click();
    await expect(page.locator("article.message.user").last()).toContainText("This is message text.");
    const answer = page.locator("article.message.assistant").nth(1);
    await expect(answer).toHaveAttribute("data-status", "complete");
    await expect(page.getByRole("button", {name: "Send", exact: true})).toBeVisible();

    // Denied, the app is told so and nothing runs.
    await app.getByRole("button", {name: "Get Server Time"}).click();
    await page
        .getByRole("dialog", {name: "Allow basic.get-time?"})
        .getByRole("button", {name: "Deny"})
        .click();
    const denied = page.locator('.trace .step[data-tool="basic.get-time"][data-status="denied"]');
    await expect(denied).toHaveCount(1);
    await expect(denied).toContainText("asked by basic's app");
    await shootLightAndDark(page, testInfo, "mcp-app", () => frameElement.scrollIntoViewIfNeeded());
});

test("an app's page reaches neither the network nor Cairn's page, cookies or storage; a page of the wrong type or size is refused in words", async ({
    page,
}) => {
    const heard: string[] = [];
    const canary = http.createServer((req, res) => {
        heard.push(req.url ?? "");
        res.end("ok");
    });
    await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
    const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/`;
    try {
        const dataDir = tempDir();
        writeMcpJson(dataDir, {apps: {...servers.apps(canaryUrl), startup: "launch"}});
        served = await startServe({dataDir, extra: ["--max-tokens", "16"]});
        await page.goto(served.url);
        const conversationId = await agentConversation(page);
        await callTool(page, conversationId, "apps.probe");
        const results = page.frameLocator('iframe[title="apps\'s app"]').locator("#results");
        await expect(results).toContainText("done: yes");
        for (const name of PROBED) await expect(results).toContainText(`${name}: blocked`);
        expect(heard).toEqual([]);
        // Cairn's page is still Cairn's.
        await expect(page.getByRole("button", {name: "New conversation", exact: true}).first()).toBeVisible();

        await callTool(page, conversationId, "apps.plain");
        await expect(page.getByRole("alert").filter({hasText: "plain.txt"})).toContainText(
            "apps's app cannot be shown: ui://app/plain.txt is not an app's page: its type is text/plain",
        );
        await callTool(page, conversationId, "apps.huge");
        await expect(page.getByRole("alert").filter({hasText: "huge.html"})).toContainText(
            "ui://app/huge.html is 6.0 MB: an app's page may be at most 5 MB",
        );
    } finally {
        canary.close();
    }
});
