import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {ApprovalRequest, Message, ToolCallRecord} from "../../shared/contract.js";
import {scratchFolder} from "../../main/sandbox/scratch.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

// run_code_in_workspace (issue 71): a program with files of the workspace, under the file tools' path rules and
// the write tools' approval. The calls are forced (the test model writes no code); the sandbox is the real one.

async function workspaceConversation(t: TestCore, folder: string): Promise<string> {
    const id = unwrap(await t.api.invoke("conversations.create", {})).id;
    unwrap(await t.api.invoke("conversations.setMode", {id, mode: "agent"}));
    unwrap(await t.api.invoke("conversations.setWorkspace", {id, path: folder}));
    return id;
}

async function runIn(t: TestCore, id: string, args: Record<string, unknown>): Promise<ToolCallRecord> {
    const done: Promise<Message> = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "compute it",
            toolChoice: "none",
            preflight: [{name: "run_code_in_workspace", args: {language: "javascript", ...args}}],
        }),
    );
    const call = (await done).toolCalls[0];
    assert.ok(call);
    return call;
}

/** Answers every approval: allowed, unless the program says DENY. */
function decide(t: TestCore, asked: ApprovalRequest[]) {
    return t.api.onEvent((e) => {
        if (e.type !== "tool.approvalRequested") return;
        asked.push(e.request);
        const deny = JSON.stringify(e.request.args).includes("DENY");
        void t.api.invoke("tools.decide", {
            approvalId: e.request.approvalId,
            decision: deny ? "deny" : "allow_once",
        });
    });
}

const SUM = [
    'const rows = files.read("workspace/data.csv").trim().split("\\n").slice(1);',
    'const sum = rows.reduce((s, r) => s + Number(r.split(",")[1]), 0);',
    'files.write("workspace/out/sum.txt", String(sum));',
    'files.write("workspace/extra.txt", "not asked for");',
    'files.write("notes.txt", "kept in the scratch folder");',
    "sum",
].join("\n");

test("a program on workspace files: asked first, reads what read names, writes back only what write names, undone", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 4, seed: 1}});
    const asked: ApprovalRequest[] = [];
    const off = decide(t, asked);
    try {
        const folder = tempDir();
        fs.writeFileSync(path.join(folder, "data.csv"), "name,count\na,1\nb,2\nc,3\n");
        const id = await workspaceConversation(t, folder);
        const call = await runIn(t, id, {code: SUM, read: ["data.csv"], write: ["out/sum.txt"]});
        assert.equal(call.status, "ok", call.error ?? "");
        // The person saw the program and both lists before it ran.
        assert.equal(asked.length, 1);
        assert.equal(asked[0]!.tool, "run_code_in_workspace");
        assert.deepEqual((asked[0]!.args as {write: string[]}).write, ["out/sum.txt"]);

        assert.equal(fs.readFileSync(path.join(folder, "out", "sum.txt"), "utf8"), "6");
        assert.equal(
            fs.existsSync(path.join(folder, "extra.txt")),
            false,
            "a file write does not name stays out",
        );
        assert.match(call.resultText ?? "", /value: 6/);
        assert.match(call.resultText ?? "", /workspace files written: out\/sum\.txt \(created\)/);
        assert.match(call.resultText ?? "", /not written to the workspace: extra\.txt: not named in write/);
        // The program's other files are the conversation's, as run_code's are; the workspace's are not copied there.
        const scratch = scratchFolder(t.dataDir, id);
        assert.equal(fs.readFileSync(path.join(scratch, "notes.txt"), "utf8"), "kept in the scratch folder");
        assert.equal(fs.existsSync(path.join(scratch, "workspace")), false);

        // One file changed: undone from the trace, as a write tool's.
        unwrap(await t.api.invoke("tools.undo", {toolCallId: call.id}));
        assert.equal(fs.existsSync(path.join(folder, "out", "sum.txt")), false);
    } finally {
        off();
        await t.core.dispose();
    }
});

test("the file tools' path rules hold, a failed program writes nothing back, and a No runs nothing", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 4, seed: 1}});
    const asked: ApprovalRequest[] = [];
    const off = decide(t, asked);
    try {
        const folder = tempDir();
        const outside = path.join(tempDir(), "secret.txt");
        fs.writeFileSync(outside, "secret");
        fs.symlinkSync(outside, path.join(folder, "link.txt"));
        const id = await workspaceConversation(t, folder);
        const write = (name: string) => `files.write("workspace/${name}", "x"); "done"`;

        const climbed = await runIn(t, id, {code: '"x"', read: ["../secret.txt"]});
        assert.match(climbed.error ?? "", /path leaves the workspace: \.\.\/secret\.txt/);
        const linkedRead = await runIn(t, id, {code: '"x"', read: ["link.txt"]});
        assert.match(linkedRead.error ?? "", /path leaves the workspace: link\.txt/);

        const linkedWrite = await runIn(t, id, {code: write("link.txt"), write: ["link.txt"]});
        assert.match(
            linkedWrite.resultText ?? "",
            /not written to the workspace: link\.txt: path leaves the workspace/,
        );
        assert.equal(fs.readFileSync(outside, "utf8"), "secret", "nothing written through the link");

        const failed = await runIn(t, id, {
            code: `${write("half.txt")}; throw new Error("broke")`,
            write: ["half.txt"],
        });
        assert.equal(failed.status, "error");
        assert.match(failed.error ?? "", /half\.txt: the program did not end well/);
        assert.equal(fs.existsSync(path.join(folder, "half.txt")), false);

        const denied = await runIn(t, id, {code: `${write("no.txt")} // DENY`, write: ["no.txt"]});
        assert.equal(denied.status, "denied");
        assert.equal(fs.existsSync(path.join(folder, "no.txt")), false);
        assert.equal(asked.length, 5, "each call was asked");
    } finally {
        off();
        await t.core.dispose();
    }
});
