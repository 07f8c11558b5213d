import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {sendWithPreflight} from "../helpers/ws.js";
import {newConversation} from "../helpers/ask.js";
import {choose} from "../helpers/choose.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "24"], contextSize: 4096});
});
test.afterEach(async () => served.stop());

test("/stats runs system_stats first and shows it as a trace step", async ({page}) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("textbox", {name: "Message"}).fill("/stats");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const step = page.locator("article.message.assistant .trace .step").first();
    await expect(step).toHaveAttribute("data-tool", "system_stats");
    await expect(step).toHaveAttribute("data-status", "ok");
    await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
    // The tool's result is source [1]; the Sources list opens it in the trace.
    const source = page.locator("article.message.assistant .sources li").first();
    await expect(source).toHaveText("System stats");
    await source.getByRole("link").click();
    await expect(step.locator("details")).toHaveAttribute("open", "");
    await expect(step.locator(".result pre")).toContainText("CPU:");
    await page.reload();
    await expect(page.locator("article.message.assistant .trace .step")).toHaveAttribute("data-status", "ok");
});

test("a write tool waits for approval: allow with edited arguments, then deny", async ({page}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const conversationId = new URL(page.url()).searchParams.get("c")!;

    await sendWithPreflight(page, conversationId, [
        {name: "create_file", args: {path: "first.txt", content: "from the client"}},
    ]);
    const dialog = page.getByRole("dialog", {name: "Allow create_file?"});
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("change files on this computer");
    // The change is shown as a diff before anything is written, and follows the edited arguments.
    await expect(dialog.getByLabel("Change to first.txt")).toContainText("+from the client");
    await dialog
        .getByRole("textbox")
        .fill(JSON.stringify({path: "edited.txt", content: "edited in the dialog"}));
    await expect(dialog.getByLabel("Change to edited.txt")).toContainText("+edited in the dialog");
    await dialog.getByRole("button", {name: "Allow once"}).click();
    await expect(dialog).toBeHidden();
    // The turn was started by another client: its question appears here too.
    await expect(page.locator("article.message.user").first()).toHaveText(/save it/);
    const first = page.locator("article.message.assistant").first();
    await expect(first.locator(".trace .step")).toHaveAttribute("data-status", "ok");
    await expect(first).toHaveAttribute("data-status", "complete");
    const workspace = path.join(served.dataDir, "workspace");
    expect(fs.readFileSync(path.join(workspace, "edited.txt"), "utf8")).toBe("edited in the dialog");
    expect(fs.existsSync(path.join(workspace, "first.txt"))).toBe(false);

    // The trace keeps the diff, and Undo puts the folder back as it was (here: the file is gone again).
    await first.locator(".trace .step summary").click();
    await expect(first.getByLabel("Change to edited.txt", {exact: true})).toContainText(
        "+edited in the dialog",
    );
    await first.getByRole("button", {name: "Undo the change to edited.txt"}).click();
    await expect(first.locator(".file-change .undone")).toHaveText(/edited\.txt is back as it was/);
    expect(fs.existsSync(path.join(workspace, "edited.txt"))).toBe(false);

    // The main choice has the focus when the dialog opens, not the arguments box: Enter allows once.
    await sendWithPreflight(page, conversationId, [
        {name: "create_file", args: {path: "second.txt", content: "yes"}},
    ]);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", {name: "Allow once"})).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const second = page.locator("article.message.assistant").nth(1);
    await expect(second.locator(".trace .step")).toHaveAttribute("data-status", "ok");
    // One answer at a time in a conversation: the next question waits for this one to end.
    await expect(second).toHaveAttribute("data-status", "complete");
    expect(fs.readFileSync(path.join(workspace, "second.txt"), "utf8")).toBe("yes");

    await sendWithPreflight(page, conversationId, [
        {name: "create_file", args: {path: "third.txt", content: "no"}},
    ]);
    await expect(dialog).toBeVisible();
    await dialog.press("Escape");
    await expect(dialog).toBeHidden();
    const third = page.locator("article.message.assistant").nth(2);
    await expect(third.locator(".trace .step")).toHaveAttribute("data-status", "denied");
    expect(fs.existsSync(path.join(workspace, "third.txt"))).toBe(false);
});

test("Settings shows tool policies and the grants given, and revokes them", async ({page}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const conversationId = new URL(page.url()).searchParams.get("c")!;
    await sendWithPreflight(page, conversationId, [
        {name: "create_file", args: {path: "granted.txt", content: "yes"}},
    ]);
    const dialog = page.getByRole("dialog", {name: "Allow create_file?"});
    await dialog.getByRole("button", {name: "Allow in this conversation"}).click();
    await expect(page.locator("article.message.assistant .trace .step")).toHaveAttribute("data-status", "ok");

    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    await expect(settings.getByRole("combobox", {name: "Policy for create_file"})).toHaveText("Ask first");
    await expect(settings.getByRole("combobox", {name: "Policy for system_stats"})).toHaveText("Allow");
    await expect(settings.locator(".grants li")).toHaveText(/create_file in save it/);
    await settings.getByRole("button", {name: "Revoke create_file"}).click();
    await expect(settings.getByText("None.", {exact: true})).toBeVisible();

    await choose(settings.getByRole("combobox", {name: "Policy for create_file"}), "Deny");
    await page.reload();
    await page.getByRole("button", {name: "Settings"}).click();
    await expect(page.getByRole("combobox", {name: "Policy for create_file"})).toHaveText("Deny");
});

test("web tools show their own policy while web access is off, and a chosen policy stays chosen", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    await expect(settings.getByRole("switch", {name: /On by default/})).not.toBeChecked();
    const policy = settings.getByRole("combobox", {name: "Policy for web_search"});
    await expect(policy).toHaveText("Allow");
    await choose(policy, "Ask first");
    await expect(policy).toHaveText("Ask first");
    await page.reload();
    await page.getByRole("button", {name: "Settings"}).click();
    await expect(page.getByRole("combobox", {name: "Policy for web_search"})).toHaveText("Ask first");
});

test("a call shows as “writing…” with its arguments growing before it runs and gives its result", async ({
    page,
}) => {
    const conversationId = await newConversation(page, served.url);
    // Every state the trace goes through is recorded, however briefly it shows.
    await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as {traceStates: string[]}).traceStates = seen;
        new MutationObserver(() => {
            for (const step of document.querySelectorAll(".trace .step")) {
                const state = `${step.getAttribute("data-status")}:${step.querySelector("pre")?.textContent ?? ""}`;
                if (seen.at(-1) !== state) seen.push(state);
            }
        }).observe(document.body, {subtree: true, childList: true, characterData: true});
    });
    const sent = await sendWithPreflight(page, conversationId, [], {toolChoice: "rag_search"});
    expect(JSON.stringify(sent)).toContain(`"ok":true`);
    const step = page.locator(".trace .step").first();
    await expect(step).toHaveAttribute("data-tool", "rag_search");
    await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
    const states = await page.evaluate(() => (window as unknown as {traceStates: string[]}).traceStates);
    // The step first showed as "writing…" with the arguments written so far (how many times it is
    // drawn depends on the model's speed: the events themselves are checked in tools.test.ts).
    const writing = states.filter((s) => s.startsWith("writing:"));
    expect(states[0]).toMatch(/^writing:\{/);
    expect(writing.length).toBeGreaterThan(0);
    expect(states.at(-1)).toMatch(/^(ok|error):/);
});

test("a composite tool's inner calls are shown nested under its step, and stay so after a reload", async ({
    page,
}) => {
    await served.stop();
    const dataDir = served.dataDir;
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        "tools:\n    stats_twice:\n        description: Reads the stats twice.\n        steps:\n" +
            "            - {id: first, tool: system_stats}\n            - {id: second, tool: system_stats}\n",
    );
    served = await startServe({dataDir, extra: ["--max-tokens", "8"]});
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await expect(page).toHaveURL(/[?&]c=/);
    const conversationId = new URL(page.url()).searchParams.get("c")!;
    await sendWithPreflight(page, conversationId, [{name: "stats_twice", args: {}}]);
    const answer = page.locator("article.message.assistant").first();
    await expect(answer).toHaveAttribute("data-status", "complete");
    const check = async () => {
        const outer = answer.locator(".trace:not(.inner) > .step");
        await expect(outer).toHaveCount(1);
        await expect(outer).toHaveAttribute("data-tool", "stats_twice");
        await expect(outer).toHaveAttribute("data-status", "ok");
        const inner = outer.getByRole("list", {name: "Steps of stats_twice"}).locator(".step");
        await expect(inner).toHaveCount(2);
        await expect(inner.first()).toHaveAttribute("data-tool", "system_stats");
    };
    await check();
    await page.reload();
    await check();
});
