import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {ApprovalRequest, Message} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

type Preflight = {name: string; args: Record<string, unknown>}[];

async function run(t: TestCore, conversationId: string, preflight: Preflight): Promise<Message> {
    const done = nextDone(t.api, conversationId);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId,
            text: "work on the files",
            toolChoice: "none",
            preflight,
        }),
    );
    return done;
}

async function conversation(t: TestCore, mode: "ask" | "agent" = "agent") {
    const id = unwrap(await t.api.invoke("conversations.create", {})).id;
    unwrap(await t.api.invoke("conversations.setMode", {id, mode}));
    return id;
}

/** Answers every approval prompt, remembering what it was shown. */
function approveAll(t: TestCore, seen: ApprovalRequest[]) {
    return t.api.onEvent((e) => {
        if (e.type !== "tool.approvalRequested") return;
        seen.push(e.request);
        void t.api.invoke("tools.decide", {approvalId: e.request.approvalId, decision: "allow_once"});
    });
}

test("workspace tools are agent-only: in ask mode even reading is refused, and none is offered", async () => {
    const t = await openTestCore({generation: {maxTokens: 4}});
    try {
        const id = await conversation(t, "ask");
        const message = await run(t, id, [
            {name: "list_directory", args: {}},
            {name: "read_file", args: {path: "a.txt"}},
        ]);
        assert.deepEqual(
            message.toolCalls.map((c) => [c.status, c.error]),
            [
                ["denied", "denied: list_directory works on the workspace folder in agent mode only"],
                ["denied", "denied: read_file works on the workspace folder in agent mode only"],
            ],
        );
        const budget = unwrap(await t.api.invoke("tools.budget", {conversationId: id}));
        for (const name of ["list_directory", "read_file", "create_file", "replace_in_file"])
            assert.match(
                budget.tools.find((x) => x.name === name)!.unavailable ?? "",
                /agent mode only|ask mode/,
                name,
            );
    } finally {
        await t.core.dispose();
    }
});

test("every write shows its diff before it runs, keeps the previous version, and is undone from the trace", async () => {
    const t = await openTestCore({generation: {maxTokens: 4}});
    const asked: ApprovalRequest[] = [];
    const off = approveAll(t, asked);
    try {
        const folder = tempDir();
        fs.writeFileSync(path.join(folder, "plan.md"), "# Plan\n- walk\n- swim\n");
        const id = await conversation(t);
        // The conversation's own folder, chosen by the person.
        const set = unwrap(await t.api.invoke("conversations.setWorkspace", {id, path: folder}));
        assert.equal(set.workspace, folder);
        const message = await run(t, id, [
            {name: "list_directory", args: {}},
            {name: "replace_in_file", args: {path: "plan.md", old_text: "- swim", new_text: "- climb"}},
            {name: "create_file", args: {path: "notes/new.md", content: "fresh\n"}},
        ]);
        const [listed, replaced, created] = message.toolCalls;
        assert.equal(listed!.resultText, "plan.md (21 B)");
        assert.equal(replaced!.status, "ok", replaced!.error ?? "");
        assert.equal(fs.readFileSync(path.join(folder, "plan.md"), "utf8"), "# Plan\n- walk\n- climb\n");
        assert.equal(fs.readFileSync(path.join(folder, "notes/new.md"), "utf8"), "fresh\n");
        // What the person saw before allowing: the exact change (the calls ran side by side).
        const shown = new Map(asked.map((r) => [r.tool, r.preview]));
        assert.deepEqual([...shown.keys()].sort(), ["create_file", "replace_in_file"]);
        assert.equal(shown.get("replace_in_file")!.path, "plan.md");
        assert.match(shown.get("replace_in_file")!.diff, /^-- swim\n\+- climb$/m);
        assert.match(shown.get("create_file")!.diff, /^--- \/dev\/null\n\+\+\+ b\/notes\/new\.md/);

        const undone = unwrap(await t.api.invoke("tools.undo", {toolCallId: replaced!.id}));
        assert.equal((undone.resultData as {undo: string}).undo, "undone");
        assert.equal(fs.readFileSync(path.join(folder, "plan.md"), "utf8"), "# Plan\n- walk\n- swim\n");
        const again = await t.api.invoke("tools.undo", {toolCallId: replaced!.id});
        assert.match(again.ok ? "" : again.error.message, /already undone/);

        // A file changed after the call is left alone: undo would lose the later change.
        fs.appendFileSync(path.join(folder, "notes/new.md"), "edited by hand\n");
        const stale = await t.api.invoke("tools.undo", {toolCallId: created!.id});
        assert.match(stale.ok ? "" : stale.error.message, /changed after this call wrote it/);
        assert.ok(fs.existsSync(path.join(folder, "notes/new.md")));
        // The undone state is part of the stored trace.
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: id})).find(
            (m) => m.id === message.id,
        )!;
        assert.equal((stored.toolCalls[1]!.resultData as {undo: string}).undo, "undone");
    } finally {
        off();
        await t.core.dispose();
    }
});

test("the workspace folder: the conversation's, else the one in Settings, else <data>/workspace; bad folders are refused", async () => {
    const t = await openTestCore({generation: {maxTokens: 4}});
    const off = approveAll(t, []);
    try {
        const chosen = tempDir();
        const id = await conversation(t);
        await run(t, id, [{name: "create_file", args: {path: "default.txt", content: "d"}}]);
        assert.ok(fs.existsSync(path.join(t.dataDir, "workspace", "default.txt")));

        unwrap(await t.api.invoke("settings.set", {workspaceRoot: chosen}));
        assert.equal(unwrap(await t.api.invoke("settings.get", {})).workspaceRoot, chosen);
        await run(t, id, [{name: "create_file", args: {path: "settings.txt", content: "s"}}]);
        assert.ok(fs.existsSync(path.join(chosen, "settings.txt")));

        const relative = await t.api.invoke("settings.set", {workspaceRoot: "relative/folder"});
        assert.match(relative.ok ? "" : relative.error.message, /must be an absolute path/);
        const missing = await t.api.invoke("conversations.setWorkspace", {
            id,
            path: path.join(chosen, "nope"),
        });
        assert.match(missing.ok ? "" : missing.error.message, /folder not found/);
        const file = await t.api.invoke("conversations.setWorkspace", {
            id,
            path: path.join(chosen, "settings.txt"),
        });
        assert.match(file.ok ? "" : file.error.message, /not a folder/);

        // Escapes stay refused whichever folder is in force.
        const escaped = await run(t, id, [
            {name: "read_file", args: {path: "../outside.txt"}},
            {name: "create_file", args: {path: "/etc/cairn.txt", content: "x"}},
        ]);
        assert.deepEqual(
            escaped.toolCalls.map((c) => c.status),
            ["error", "error"],
        );
        assert.match(escaped.toolCalls[0]!.error ?? "", /leaves the workspace/);
        assert.match(escaped.toolCalls[1]!.error ?? "", /must be relative/);
    } finally {
        off();
        await t.core.dispose();
    }
});

test("file tools through the local API work in the Settings workspace; a recorded exchange keeps the version for undo", async () => {
    const t = await openTestCore({generation: {maxTokens: 2}});
    const chosen = tempDir();
    try {
        unwrap(await t.api.invoke("settings.set", {workspaceRoot: chosen}));
        // Nobody can answer "ask" over the API: the writes are allowed in Settings, as docs/tools.md says.
        unwrap(await t.api.invoke("tools.setPolicy", {tool: "create_file", policy: "allow"}));
        const api = await t.core.api.startForRun({port: 0, key: "k-workspace-0123456789"});
        const complete = async (metadata: Record<string, unknown>) => {
            const res = await fetch(`${api.url}/chat/completions`, {
                method: "POST",
                headers: {authorization: "Bearer k-workspace-0123456789", "content-type": "application/json"},
                body: JSON.stringify({
                    messages: [{role: "user", content: "write it"}],
                    max_tokens: 2,
                    metadata,
                }),
            });
            const body = (await res.json()) as {steps?: {tool: string; status: string}[]; error?: unknown};
            assert.equal(res.status, 200, JSON.stringify(body));
            return body;
        };
        const stateless = await complete({
            tool_calls: [{name: "create_file", args: {path: "api.md", content: "from the API\n"}}],
        });
        assert.equal(stateless.steps?.[0]?.status, "ok", JSON.stringify(stateless.steps));
        assert.equal(fs.readFileSync(path.join(chosen, "api.md"), "utf8"), "from the API\n");
        assert.equal(fs.existsSync(path.join(t.core.dataDir, "workspace", "api.md")), false);
        // A call of no conversation is not stored (nothing could name it to undo it).
        const stored = () =>
            (t.core.db.prepare("SELECT count(*) AS n FROM tool_calls").get() as {n: number}).n;
        assert.equal(stored(), 0);

        await complete({
            conversation_id: "new",
            tool_calls: [{name: "create_file", args: {path: "kept.md", content: "undo me\n"}}],
        });
        assert.equal(fs.readFileSync(path.join(chosen, "kept.md"), "utf8"), "undo me\n");
        const call = t.core.db
            .prepare("SELECT id FROM tool_calls WHERE tool = 'create_file' ORDER BY started_at DESC LIMIT 1")
            .get() as {id: string};
        unwrap(await t.api.invoke("tools.undo", {toolCallId: call.id}));
        assert.equal(fs.existsSync(path.join(chosen, "kept.md")), false, "undo removed the file it created");
    } finally {
        await t.core.dispose();
    }
});
