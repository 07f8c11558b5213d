import assert from "node:assert/strict";
import {test} from "node:test";
import {Ajv} from "ajv";
import {Plan, type AppEvent, type PlanStepInput} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {testTools} from "../helpers/testTools.js";

const validPlan = new Ajv({strict: false}).compile(Plan);

async function open(): Promise<TestCore> {
    // Room for agent mode's tools in the planner's prompt (the test model's 512-token vocabulary writes them long).
    const t = await openTestCore({
        contextSize: 4096,
        extraTools: testTools().tools,
        generation: {maxTokens: 8, seed: 1},
    });
    unwrap(await t.api.invoke("settings.set", {planMaxSteps: 2}));
    return t;
}

async function planned(t: TestCore, mode: "plan" | "agent" = "plan") {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setMode", {id, mode}));
    const done = nextDone(t.api, id);
    unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "How busy is this computer?"}));
    return {conversationId: id, message: await done};
}

function planEvents(t: TestCore, messageId: string) {
    return t.events.filter(
        (e): e is Extract<AppEvent, {type: "plan.updated"}> =>
            e.type === "plan.updated" && e.messageId === messageId,
    );
}

test("plan mode writes a schema-valid plan over the offered tools, and runs nothing until asked", async () => {
    const t = await open();
    try {
        const offered = new Set(
            unwrap(await t.api.invoke("tools.list", {}))
                .filter(
                    (tool) =>
                        tool.sideEffect === "none" && !["list_directory", "read_file"].includes(tool.name),
                )
                .map((tool) => tool.name),
        );
        for (let i = 0; i < 3; i++) {
            const {message} = await planned(t);
            assert.equal(message.status, "complete", message.error ?? "");
            const plan = message.plan!;
            assert.ok(validPlan(plan), JSON.stringify(validPlan.errors));
            assert.equal(plan.state, "proposed");
            assert.equal(plan.steps.at(-1)!.action, "completion");
            assert.ok(plan.steps.length <= 3, "at most 2 steps and the answer");
            for (const step of plan.steps.filter((s) => s.action === "tool"))
                assert.ok(offered.has(step.tool!), `${step.tool} is an offered read-only tool`);
            assert.deepEqual(
                plan.steps.map((s) => s.id),
                plan.steps.map((_, n) => String(n + 1)),
            );
            assert.equal(message.toolCalls.length, 0, "nothing ran");
        }
    } finally {
        await t.core.dispose();
    }
});

const EDITED: PlanStepInput[] = [
    {id: "1", label: "Look at the machine", action: "tool", tool: "system_stats", args: {}},
    {id: "2", label: "Break", action: "tool", tool: "boom", args: {}},
    {id: "3", label: "Needs step 2", action: "tool", tool: "big", args: {words: 2}, dependsOn: ["2"]},
    {id: "4", label: "Search my notes", action: "memory", args: {query: "load"}},
    {id: "5", label: "Count words", action: "tool", tool: "big", args: {words: 3}, dependsOn: ["1"]},
    {id: "6", label: "Answer", action: "completion"},
];

test("an edited plan is checked, then run step by step with statuses; a failed step skips only its dependents", async () => {
    const t = await open();
    try {
        const {message} = await planned(t);
        const bad = await t.api.invoke("plans.run", {
            messageId: message.id,
            steps: [{...EDITED[4]!, args: {words: "many"}, dependsOn: []}, EDITED[5]!],
        });
        assert.equal(!bad.ok && bad.error.code, "VALIDATION");
        assert.match(!bad.ok ? bad.error.message : "", /^step 5 \(Count words\): .*words/);
        const writes = await t.api.invoke("plans.run", {
            messageId: message.id,
            steps: [{id: "1", label: "Save", action: "tool", tool: "note_write", args: {text: "x"}}],
        });
        assert.match(
            !writes.ok ? writes.error.message : "",
            /note_write is not available in this conversation/,
        );
        const late = await t.api.invoke("plans.run", {messageId: message.id, steps: [{...EDITED[2]!}]});
        assert.match(!late.ok ? late.error.message : "", /depends on step 2, which does not come before it/);

        const done = nextDone(t.api, message.conversationId);
        const run = unwrap(await t.api.invoke("plans.run", {messageId: message.id, steps: EDITED}));
        assert.equal(run.messageId, message.id, "a proposed plan runs in its own answer");
        const answer = await done;
        assert.equal(answer.status, "complete", answer.error ?? "");
        const plan = answer.plan!;
        assert.equal(plan.state, "done");
        assert.deepEqual(
            plan.steps.map((s) => [s.id, s.status]),
            [
                ["1", "ok"],
                ["2", "error"],
                ["3", "skipped"],
                ["4", "ok"],
                ["5", "ok"],
                ["6", "ok"],
            ],
        );
        assert.match(plan.steps[1]!.error ?? "", /the tool broke/);
        assert.equal(plan.steps[2]!.error, "step 2 did not succeed");
        assert.deepEqual(
            answer.toolCalls.map((c) => c.tool),
            ["system_stats", "boom", "rag_search", "big"],
        );
        assert.equal(plan.steps[0]!.toolCallId, answer.toolCalls[0]!.id);
        // Statuses streamed in order: each step ran only after the one before it had finished.
        const running = planEvents(t, message.id)
            .map((e) => e.plan.steps.find((s) => s.status === "running")?.id)
            .filter((id, i, all) => id && id !== all[i - 1]);
        assert.deepEqual(running, ["1", "2", "4", "5", "6"]);

        // Reloaded, the plan and its statuses are as they ended.
        const listed = unwrap(await t.api.invoke("messages.list", {conversationId: message.conversationId}));
        assert.deepEqual(listed.find((m) => m.id === message.id)!.plan, plan);

        // Run again: a new version of the answer, the first left as it was.
        const againDone = nextDone(t.api, message.conversationId);
        const again = unwrap(
            await t.api.invoke("plans.run", {messageId: message.id, steps: [EDITED[0]!, EDITED[5]!]}),
        );
        assert.notEqual(again.messageId, message.id);
        const second = await againDone;
        assert.deepEqual(
            second.plan!.steps.map((s) => s.status),
            ["ok", "ok"],
        );
        assert.deepEqual(second.versions, [message.id, second.id]);
        const first = unwrap(await t.api.invoke("messages.showVersion", {id: message.id})).find(
            (m) => m.id === message.id,
        )!;
        assert.deepEqual(first.plan, plan);
    } finally {
        await t.core.dispose();
    }
});

test("stopping a running plan cancels its step and skips the rest; a proposed plan can be set aside", async () => {
    const t = await open();
    try {
        const {message} = await planned(t);
        const stopped = new Promise<void>((resolve) => {
            const off = t.api.onEvent((e) => {
                if (e.type === "plan.updated" && e.plan.steps[0]!.status === "running") {
                    off();
                    void t.api
                        .invoke("chat.stop", {conversationId: message.conversationId})
                        .then(() => resolve());
                }
            });
        });
        const done = nextDone(t.api, message.conversationId);
        unwrap(
            await t.api.invoke("plans.run", {
                messageId: message.id,
                steps: [
                    {id: "1", label: "Wait", action: "tool", tool: "slow", args: {ms: 60_000}},
                    {id: "2", label: "Stats", action: "tool", tool: "system_stats", args: {}},
                    {id: "3", label: "Answer", action: "completion"},
                ],
            }),
        );
        await stopped;
        const answer = await done;
        assert.equal(answer.status, "interrupted");
        assert.equal(answer.plan!.state, "stopped");
        assert.deepEqual(
            answer.plan!.steps.map((s) => s.status),
            ["error", "skipped", "skipped"],
        );
        assert.deepEqual(
            answer.toolCalls.map((c) => [c.tool, c.status]),
            [["slow", "cancelled"]],
        );

        const other = await planned(t);
        const cancelled = unwrap(await t.api.invoke("plans.cancel", {messageId: other.message.id}));
        assert.equal(cancelled.plan!.state, "cancelled");
        const twice = await t.api.invoke("plans.cancel", {messageId: other.message.id});
        assert.equal(!twice.ok && twice.error.code, "DENIED");
    } finally {
        await t.core.dispose();
    }
});

test("in agent mode a plan may hold side-effect tools, each approved as usual when it runs", async () => {
    const t = await open();
    try {
        const {message} = await planned(t, "agent");
        assert.equal(message.plan, undefined, "agent mode answers without a plan unless asked");
        const done = nextDone(t.api, message.conversationId);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: message.conversationId,
                text: "Plan it",
                plan: true,
            }),
        );
        const proposal = await done;
        assert.equal(proposal.plan?.state, "proposed", proposal.error ?? "");
        const asked: string[] = [];
        const off = t.api.onEvent((e) => {
            if (e.type !== "tool.approvalRequested") return;
            asked.push(e.request.tool);
            void t.api.invoke("tools.decide", {approvalId: e.request.approvalId, decision: "deny"});
        });
        const ran = nextDone(t.api, message.conversationId);
        unwrap(
            await t.api.invoke("plans.run", {
                messageId: proposal.id,
                steps: [
                    {id: "1", label: "Save", action: "tool", tool: "note_write", args: {text: "x"}},
                    {id: "2", label: "Answer", action: "completion"},
                ],
            }),
        );
        const answer = await ran;
        off();
        assert.deepEqual(asked, ["note_write"]);
        assert.deepEqual(
            answer.plan!.steps.map((s) => s.status),
            ["error", "ok"],
        );
        assert.match(answer.plan!.steps[0]!.error ?? "", /denied/);
    } finally {
        await t.core.dispose();
    }
});
