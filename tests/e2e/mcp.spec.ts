import {expect, test} from "@playwright/test";
import {servers} from "../helpers/mcp.js";
import {startServe, type Served} from "../helpers/serve.js";
import {sendWithPreflight} from "../helpers/ws.js";

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
    await expect(row.locator(".mcp-state")).toHaveText("ready · 6 tools");
    await row.getByText("Tools and output").click();
    await expect(row.locator(".mcp-tools")).toContainText("fixture.add, fixture.fail");
    // Its tools join the policy table with their source.
    await expect(settings.locator('tr[data-tool="fixture.wipe"]')).toContainText("mcp:fixture");
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
    await page.getByRole("combobox", {name: "Mode", exact: true}).selectOption("agent");
    const conversationId = new URL(page.url()).searchParams.get("c")!;

    // The tools menu: the server's tools beside the built-in ones, what each costs, switched per conversation.
    await page.getByRole("button", {name: "Tools", exact: true}).click();
    const menu = page.getByRole("dialog", {name: "Tools in this conversation"});
    await expect(menu.locator('li[data-tool="fixture.add"] .tool-tokens')).toHaveText(/^\d+ tokens$/);
    await expect(menu.getByRole("alert")).toContainText("leaving little room");
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
