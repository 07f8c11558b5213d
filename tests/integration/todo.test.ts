import assert from "node:assert/strict";
import {test} from "node:test";
import type {Message, PreflightCall} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";

// The agent's task list (the todo tool), on the real core: the model's calls are forced (preflight), as the
// test model never decides; the person's edits go through todos.set, and the model's next call reads them.

async function calls(t: TestCore, conversationId: string, preflight: PreflightCall[]): Promise<Message> {
    const done = nextDone(t.api, conversationId);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId,
            text: "Plan the trip",
            preflight,
            toolChoice: "none",
        }),
    );
    return done;
}

test("the todo tool adds, updates and completes tasks; the person's edit is what the model reads next", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 4, seed: 1}});
    try {
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        const offered = (mode: "ask" | "agent") =>
            t.core.tools.offered(mode, {webAccess: false, conversationId: id}).map((tool) => tool.name);
        assert.ok(!offered("ask").includes("todo"), "ask mode: not offered");
        assert.ok(offered("agent").includes("todo"));
        unwrap(await t.api.invoke("conversations.setMode", {id, mode: "agent"}));
        const changes: string[][] = [];
        t.api.onEvent((e) => {
            if (e.type === "todos.changed") changes.push(e.items.map((i) => `${i.id}:${i.status}:${i.text}`));
        });

        const answer = await calls(t, id, [
            {name: "todo", args: {action: "add", tasks: ["Find trains", "Book a hotel", "Pack"]}},
            {name: "todo", args: {action: "update", number: 2, status: "in_progress"}},
            {name: "todo", args: {action: "complete", number: 1}},
            {name: "todo", args: {action: "update", number: 9, text: "Nothing"}},
            {name: "todo", args: {action: "add"}},
        ]);
        assert.deepEqual(
            answer.toolCalls.map((c) => c.status),
            ["ok", "ok", "ok", "error", "error"],
        );
        assert.equal(
            answer.toolCalls[2]!.resultText,
            "1. [x] Find trains\n2. [~] Book a hotel\n3. [ ] Pack\n(2 of 3 left; [~] in progress, [x] done)",
        );
        assert.match(answer.toolCalls[3]!.error ?? "", /there is no task 9; the tasks are numbered 1 to 3/);
        assert.match(answer.toolCalls[4]!.error ?? "", /add needs tasks/);
        assert.deepEqual(changes.at(-1), [
            "1:done:Find trains",
            "2:in_progress:Book a hotel",
            "3:pending:Pack",
        ]);

        // The person rewords one task and removes another; the model's next look reads that.
        const edited = unwrap(
            await t.api.invoke("todos.set", {
                conversationId: id,
                items: [
                    {id: 1, text: "Find trains", status: "done"},
                    {id: 3, text: "Pack light", status: "pending"},
                ],
            }),
        );
        assert.deepEqual(
            edited.map((i) => [i.id, i.text]),
            [
                [1, "Find trains"],
                [2, "Pack light"],
            ],
            "numbered again in order",
        );
        const next = await calls(t, id, [{name: "todo", args: {action: "list"}}]);
        assert.equal(
            next.toolCalls[0]!.resultText,
            "1. [x] Find trains\n2. [ ] Pack light\n(1 of 2 left; [~] in progress, [x] done)",
        );
        assert.deepEqual(unwrap(await t.api.invoke("todos.get", {conversationId: id})), edited);
        const missing = await t.api.invoke("todos.get", {
            conversationId: "00000000-0000-0000-0000-000000000000",
        });
        assert.ok(!missing.ok && missing.error.code === "NOT_FOUND");
    } finally {
        await t.core.dispose();
    }
});
