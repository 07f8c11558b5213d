import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {AppEvent, ApprovalRequest, CairnApi, ToolCallRecord} from "../../shared/contract.js";
import {createMemoryClient} from "../../main/core.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";
import {testTools} from "../helpers/testTools.js";

async function open(yaml?: string) {
    const dataDir = tempDir();
    if (yaml) fs.writeFileSync(path.join(dataDir, "tools.yaml"), yaml);
    const {tools, state} = testTools();
    const t = await openTestCore({dataDir, extraTools: tools, generation: {maxTokens: 12, seed: 1}});
    return {...t, state};
}

async function turn(
    t: TestCore,
    text: string,
    req: {toolChoice?: string; preflight?: {name: string; args: Record<string, unknown>}[]},
    conversationId?: string,
) {
    const id = conversationId ?? unwrap(await t.api.invoke("conversations.create", {})).id;
    const done = nextDone(t.api, id);
    unwrap(await t.api.invoke("chat.send", {conversationId: id, text, ...req}));
    return {conversationId: id, message: await done};
}

function onApproval(api: CairnApi, answer: (r: ApprovalRequest) => Promise<void> | void) {
    return api.onEvent((e) => {
        if (e.type === "tool.approvalRequested") void answer(e.request);
    });
}

test("a named tool choice forces the call through the grammar; the trace is stored and evented", async () => {
    const t = await open();
    try {
        const {message} = await turn(t, "How is the machine?", {toolChoice: "system_stats"});
        assert.equal(message.status, "complete");
        assert.equal(message.toolCalls.length, 1);
        const call = message.toolCalls[0]!;
        assert.equal(call.tool, "system_stats");
        assert.equal(call.status, "ok");
        assert.equal(call.origin, "model");
        assert.equal(call.decision, "policy_allow");
        assert.match(call.resultText ?? "", /^CPU: .*\nMemory: /);
        assert.equal((call.resultData as {cpu: {cores: number}}).cpu.cores > 0, true);

        const log = t.core.chat.turnLog.get(message.id)!;
        const toolEvents = log.filter(
            (e): e is Extract<AppEvent, {type: "tool.request" | "tool.result"}> =>
                e.type === "tool.request" || e.type === "tool.result",
        );
        assert.deepEqual(
            toolEvents.map((e) => e.type),
            ["tool.request", "tool.result"],
        );
        assert.equal(toolEvents[0]!.correlationId, toolEvents[1]!.correlationId);
        assert.equal(toolEvents[0]!.call.messageId, message.id);
        const states = log.filter((e) => e.type === "turn.state").map((e) => (e as {state: string}).state);
        assert.deepEqual(states, [
            "RECEIVING",
            "GENERATING",
            "DISPATCHING_TOOL",
            "WAITING_FOR_TOOL",
            "GENERATING",
            "PUBLISHING",
            "IDLE",
        ]);
    } finally {
        await t.core.dispose();
    }
});

test("tool choice 'required' makes the model call one of the offered tools", async () => {
    const t = await open();
    try {
        const {message} = await turn(t, "Anything", {toolChoice: "required"});
        assert.equal(message.toolCalls.length, 1);
        assert.ok(["system_stats", "slow", "boom"].includes(message.toolCalls[0]!.tool));
        const none = await turn(t, "Anything", {toolChoice: "none"});
        assert.equal(none.message.toolCalls.length, 0);
    } finally {
        await t.core.dispose();
    }
});

test("preflight calls go through aliases and validation; bad ones are not run and the model is told why", async () => {
    const t = await open();
    try {
        const {message} = await turn(t, "Go", {
            preflight: [
                {name: "stats", args: {}},
                {name: "slow", args: {ms: "5"}},
                {name: "teleport", args: {}},
            ],
        });
        const byTool = (n: string) => message.toolCalls.find((c) => c.tool === n)!;
        assert.equal(byTool("system_stats").status, "ok");
        assert.equal(byTool("system_stats").origin, "client");
        assert.equal(byTool("slow").status, "error");
        assert.equal(byTool("slow").error, "invalid_arguments: /ms must be integer");
        assert.equal(byTool("teleport").error, "unknown tool: teleport");
        assert.equal(t.state.maxInFlight, 0, "the invalid slow call never ran");
        assert.equal(message.status, "complete");
    } finally {
        await t.core.dispose();
    }
});

test("several calls run concurrently, at most 4 at a time", async () => {
    const t = await open();
    try {
        const calls = Array.from({length: 6}, () => ({name: "slow", args: {ms: 150}}));
        const {message} = await turn(t, "Go", {preflight: calls});
        assert.equal(message.toolCalls.filter((c) => c.status === "ok").length, 6);
        assert.equal(t.state.maxInFlight, 4);
    } finally {
        await t.core.dispose();
    }
});

test("the step limit stops forced calls: maxSteps 0 makes none, 1 makes one", async () => {
    for (const [steps, expected] of [
        [0, 0],
        [1, 1],
    ] as const) {
        const t = await open(`defaults:\n    maxSteps: ${steps}\n`);
        try {
            const {message} = await turn(t, "Go", {toolChoice: "system_stats"});
            assert.equal(message.toolCalls.length, expected, `maxSteps ${steps}`);
            assert.equal(message.status, "complete");
        } finally {
            await t.core.dispose();
        }
    }
});

test("a slow tool times out, a throwing tool gives an error result, and the answer still completes", async () => {
    const t = await open("tools:\n    slow:\n        timeoutMs: 200\n");
    try {
        const {message} = await turn(t, "Go", {
            preflight: [
                {name: "slow", args: {}},
                {name: "boom", args: {}},
            ],
        });
        const [slow, boom] = message.toolCalls;
        assert.equal(slow!.status, "timeout");
        assert.equal(slow!.error, "timed out after 0.2s");
        assert.equal(t.state.slowAborted, 1, "the tool's signal was aborted");
        assert.equal(boom!.status, "error");
        assert.equal(boom!.error, "boom failed: the tool broke");
        assert.deepEqual(
            [slow!.errorWords?.key, boom!.errorWords],
            ["toolTimedOut", {key: "toolFailed", values: {tool: "boom", reason: "the tool broke"}}],
        );
        assert.equal(message.status, "complete");
    } finally {
        await t.core.dispose();
    }
});

test("Stop before a tool starts means it never runs", async () => {
    const t = await open();
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        t.api.onEvent((e) => {
            if (e.type === "tool.request" && e.call.status === "pending")
                void t.api.invoke("chat.stop", {conversationId: c.id});
        });
        const {message} = await turn(t, "Go", {preflight: [{name: "slow", args: {}}]}, c.id);
        assert.equal(message.toolCalls[0]!.status, "cancelled");
        assert.equal(t.state.maxInFlight, 0, "the tool never started");
        assert.equal(message.status, "interrupted");
    } finally {
        await t.core.dispose();
    }
});

test("Stop during a tool cancels it and keeps the answer as interrupted", async () => {
    const t = await open();
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        t.state.onSlowStart = () => void t.api.invoke("chat.stop", {conversationId: c.id});
        const {message} = await turn(t, "Go", {preflight: [{name: "slow", args: {}}]}, c.id);
        assert.equal(message.toolCalls[0]!.status, "cancelled");
        assert.equal(t.state.slowAborted, 1, "the running tool's signal was aborted");
        assert.equal(t.state.inFlight, 0);
        assert.equal(message.status, "interrupted");
    } finally {
        await t.core.dispose();
    }
});

test("write tools: denied in ask mode; in agent mode they wait for a decision", async () => {
    const t = await open();
    try {
        const ask = await turn(t, "Save", {preflight: [{name: "note_write", args: {text: "a"}}]});
        assert.equal(ask.message.toolCalls[0]!.status, "denied");
        assert.equal(ask.message.toolCalls[0]!.decision, "policy_deny");
        assert.deepEqual(t.state.writes, []);

        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setMode", {id: c.id, mode: "agent"}));
        const requests: ApprovalRequest[] = [];
        const decisions = ["deny", "allow_once"] as const;
        onApproval(t.api, async (r) => {
            requests.push(r);
            const decision = decisions[requests.length - 1]!;
            const args = decision === "allow_once" ? {text: "edited by the user"} : undefined;
            unwrap(
                await t.api.invoke("tools.decide", {
                    approvalId: r.approvalId,
                    decision,
                    ...(args ? {args} : {}),
                }),
            );
        });
        const denied = await turn(t, "Save", {preflight: [{name: "note_write", args: {text: "b"}}]}, c.id);
        assert.equal(denied.message.toolCalls[0]!.status, "denied");
        assert.equal(denied.message.toolCalls[0]!.error, "denied by the user");
        assert.equal(denied.message.toolCalls[0]!.decidedBy, "user");
        const allowed = await turn(t, "Save", {preflight: [{name: "note_write", args: {text: "c"}}]}, c.id);
        assert.equal(allowed.message.toolCalls[0]!.status, "ok");
        assert.deepEqual(allowed.message.toolCalls[0]!.args, {text: "edited by the user"});
        assert.deepEqual(t.state.writes, ["edited by the user"]);
        assert.equal(requests[0]!.tool, "note_write");
        assert.deepEqual(requests[0]!.args, {text: "b"});
    } finally {
        await t.core.dispose();
    }
});

test("edited arguments are validated again", async () => {
    const t = await open();
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setMode", {id: c.id, mode: "agent"}));
        onApproval(
            t.api,
            (r) =>
                void t.api.invoke("tools.decide", {
                    approvalId: r.approvalId,
                    decision: "allow_once",
                    args: {text: 7},
                }),
        );
        const {message} = await turn(t, "Save", {preflight: [{name: "note_write", args: {text: "x"}}]}, c.id);
        assert.equal(message.toolCalls[0]!.status, "error");
        assert.equal(message.toolCalls[0]!.error, "invalid_arguments: /text must be string");
        assert.deepEqual(t.state.writes, []);
    } finally {
        await t.core.dispose();
    }
});

test("a conversation grant skips the prompt until revoked; an identical call in the same turn asks again", async () => {
    const t = await open();
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setMode", {id: c.id, mode: "agent"}));
        let prompts = 0;
        onApproval(t.api, (r) => {
            prompts++;
            void t.api.invoke("tools.decide", {
                approvalId: r.approvalId,
                decision: prompts === 1 ? "allow_conversation" : "allow_once",
            });
        });
        await turn(t, "1", {preflight: [{name: "note_write", args: {text: "one"}}]}, c.id);
        assert.equal(prompts, 1);
        assert.deepEqual(
            unwrap(await t.api.invoke("grants.list", {})).map((g) => [g.tool, g.conversationId]),
            [["note_write", c.id]],
        );

        const granted = await turn(t, "2", {preflight: [{name: "note_write", args: {text: "two"}}]}, c.id);
        assert.equal(prompts, 1, "no prompt with a grant");
        assert.equal(granted.message.toolCalls[0]!.decision, "allow_conversation");

        const twice = await turn(
            t,
            "3",
            {
                preflight: [
                    {name: "note_write", args: {text: "same"}},
                    {name: "note_write", args: {text: "same"}},
                ],
            },
            c.id,
        );
        assert.ok(prompts >= 2, "the identical second call asked again");
        assert.deepEqual(
            twice.message.toolCalls.map((x) => x.status),
            ["ok", "ok"],
        );

        unwrap(await t.api.invoke("grants.revoke", {tool: "note_write", conversationId: c.id}));
        const before = prompts;
        await turn(t, "4", {preflight: [{name: "note_write", args: {text: "four"}}]}, c.id);
        assert.equal(prompts, before + 1, "asked again after revoke");
    } finally {
        await t.core.dispose();
    }
});

test("traces reload exactly after a restart", async () => {
    const dataDir = tempDir();
    const first = await openTestCore({dataDir, generation: {maxTokens: 8}});
    const c = unwrap(await first.api.invoke("conversations.create", {}));
    const done = nextDone(first.api, c.id);
    unwrap(
        await first.api.invoke("chat.send", {
            conversationId: c.id,
            text: "stats",
            toolChoice: "system_stats",
        }),
    );
    const live: ToolCallRecord[] = (await done).toolCalls;
    await first.core.dispose();

    const second = await openTestCore({dataDir});
    try {
        const api = createMemoryClient(second.core);
        const messages = unwrap(await api.invoke("messages.list", {conversationId: c.id}));
        assert.deepEqual(messages[1]!.toolCalls, live);
    } finally {
        await second.core.dispose();
    }
});

test("a tool's sources are numbered per answer, given to the model, stored, and reloaded", async () => {
    const t = await open();
    try {
        const {message} = await turn(t, "Twice", {
            preflight: [
                {name: "stats", args: {}},
                {name: "system_stats", args: {}},
            ],
        });
        assert.deepEqual(
            message.citations.map((c) => [c.number, c.kind, c.title, c.toolCallId]),
            message.toolCalls.map((call, i) => [i + 1, "tool", "System stats", call.id]),
        );
        assert.match(message.citations[0]!.snippet ?? "", /^CPU: /);
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: message.conversationId}));
        assert.deepEqual(stored[1]!.citations, message.citations);
    } finally {
        await t.core.dispose();
    }
});

test("a policy set in Settings replaces the default and survives a restart", async () => {
    const dataDir = tempDir();
    const {tools, state} = testTools();
    const first = await openTestCore({dataDir, extraTools: tools, generation: {maxTokens: 4}});
    const c = unwrap(await first.api.invoke("conversations.create", {}));
    unwrap(await first.api.invoke("conversations.setMode", {id: c.id, mode: "agent"}));
    const listed = unwrap(await first.api.invoke("tools.setPolicy", {tool: "note_write", policy: "allow"}));
    assert.equal(listed.find((x) => x.name === "note_write")!.policy, "allow");
    const {message} = await turn(
        first,
        "Save",
        {preflight: [{name: "note_write", args: {text: "no prompt"}}]},
        c.id,
    );
    assert.equal(message.toolCalls[0]!.decision, "policy_allow");
    assert.deepEqual(state.writes, ["no prompt"]);
    await first.core.dispose();

    const second = await openTestCore({dataDir, extraTools: testTools().tools});
    try {
        const policies = unwrap(await second.api.invoke("tools.list", {}));
        assert.equal(policies.find((x) => x.name === "note_write")!.policy, "allow");
        unwrap(await second.api.invoke("tools.setPolicy", {tool: "note_write", policy: null}));
        const reset = unwrap(await second.api.invoke("tools.list", {}));
        assert.equal(reset.find((x) => x.name === "note_write")!.policy, "ask");
    } finally {
        await second.core.dispose();
    }
});

test("a tool result too long for the context is cut to what is left, saying so; the answer completes", async () => {
    const t = await open();
    try {
        const context = t.core.engine.status().contextSize!;
        const {message} = await turn(t, "Summarize.", {
            preflight: [
                {name: "big", args: {words: 60_000}},
                {name: "big", args: {words: 30_000}},
            ],
        });
        assert.equal(message.status, "complete", message.error ?? "");
        const model = t.core.engine;
        let total = 0;
        for (const call of message.toolCalls) {
            assert.equal(call.status, "ok");
            assert.match(
                call.resultText ?? "",
                /\n\[cut to fit the context: the first \d+ of about \d+ tokens, \d+ of \d+ characters\]$/,
            );
            total += model.countTokens(call.resultText ?? "")!;
        }
        assert.ok(total < context / 2, `both results together take ${total} of ${context} tokens`);
        // Short results are not touched.
        const small = await turn(t, "Again.", {preflight: [{name: "big", args: {words: 5}}]});
        assert.equal(small.message.toolCalls[0]!.resultText, "word0 word1 word2 word3 word4");
    } finally {
        await t.core.dispose();
    }
});

test("a call shows as it is written: tool.writing events carry its name and growing arguments before it runs", async () => {
    const t = await open();
    try {
        const {message} = await turn(t, "Search my notes", {toolChoice: "rag_search"});
        const call = message.toolCalls[0]!;
        assert.equal(call.tool, "rag_search");
        const log = t.core.chat.turnLog.get(message.id)!;
        const writing = log.filter(
            (e): e is Extract<AppEvent, {type: "tool.writing"}> => e.type === "tool.writing",
        );
        assert.ok(writing.length > 1, `${writing.length} writing events`);
        assert.ok(
            writing.every((e) => e.name === "rag_search" && e.index === 0 && e.messageId === message.id),
        );
        // Put together, the deltas are exactly the arguments the model wrote (as JSON: a written -0 is 0).
        assert.equal(
            JSON.stringify(JSON.parse(writing.map((e) => e.text).join(""))),
            JSON.stringify(call.rawArgs),
        );
        // All of it before the call is complete and runs.
        const firstRequest = log.findIndex((e) => e.type === "tool.request");
        assert.ok(log.lastIndexOf(writing.at(-1)!) < firstRequest);
    } finally {
        await t.core.dispose();
    }
});

test("tool use over 30 days: how often each tool was offered and called, failed, denied, and its median time", async () => {
    const t = await open();
    try {
        const stats = await turn(t, "Stats", {toolChoice: "system_stats"});
        assert.equal(stats.message.toolCalls[0]!.status, "ok");
        // A preflight call is the client's choice, not the model's: it is not counted as a call.
        await turn(t, "Stats again", {toolChoice: "none", preflight: [{name: "system_stats", args: {}}]});
        const usage = unwrap(await t.api.invoke("tools.usage", {}));
        const row = usage.find((u) => u.tool === "system_stats")!;
        assert.equal(row.called, 1);
        assert.equal(row.failed, 0);
        assert.equal(row.denied, 0);
        assert.equal(typeof row.p50Ms, "number");
        // Offered: once forced in the first answer, then in each later step that offered tools.
        assert.ok(row.offered >= 2, JSON.stringify(row));
        const offeredOnly = usage.find((u) => u.tool === "rag_search")!;
        assert.ok(offeredOnly.offered >= 1);
        assert.equal(offeredOnly.called, 0);
        assert.equal(offeredOnly.p50Ms, null);
        // Deleting the conversations does not change what the tools were used for.
        for (const c of unwrap(await t.api.invoke("conversations.list", {})))
            unwrap(await t.api.invoke("conversations.delete", {id: c.id}));
        assert.deepEqual(unwrap(await t.api.invoke("tools.usage", {})), usage);
    } finally {
        await t.core.dispose();
    }
});

// Cairn's own tools' schemas are compiled on each tool's first call, not at start: every one must compile under the
// strict validator, and check what it is given.
test("every built-in tool's schema compiles under the strict validator on its first call", async () => {
    const t = await openTestCore({dataDir: tempDir()});
    try {
        const builtIn = t.core.tools.enabled().filter((tool) => !tool.source || tool.source === "built-in");
        assert.ok(builtIn.length >= 15, `${builtIn.length} built-in tools`);
        for (const tool of builtIn) {
            const checked = t.core.tools.validate(tool.name, {unknown_argument: 1});
            if (!checked.ok) assert.match(checked.message, /^invalid_arguments: /, tool.name);
            const notAnObject = t.core.tools.validate(tool.name, "text");
            assert.equal(notAnObject.ok, false);
            assert.match(!notAnObject.ok ? notAnObject.message : "", /^invalid_arguments: /, tool.name);
        }
    } finally {
        await t.core.dispose();
    }
});
