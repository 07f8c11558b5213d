import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import {ASSISTANT_DEFAULTS} from "../../shared/assistants.js";
import type {AutomationInput, AutomationRun, CairnApi} from "../../shared/contract.js";
import {DECIDER_SYSTEM_PROMPT, deciderModel} from "../helpers/deciderModel.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {ManualClock} from "../helpers/manualClock.js";
import {tempDir} from "../helpers/paths.js";
import {startStorySite} from "../helpers/storySite.js";
import {waitFor} from "../helpers/waitFor.js";

// Automations run on the real stack: the deciding test model chooses its calls (tool choice auto, no preflight),
// a loopback search site answers, and the clock that times approvals and budgets is the test's.

const MINUTE = 60_000;
let site: Awaited<ReturnType<typeof startStorySite>>;
let t: TestCore;
let clock: ManualClock;

before(async () => {
    site = await startStorySite();
    clock = new ManualClock(Date.now());
    t = await openDecider(tempDir(), composite("stats_twice"));
});

after(async () => {
    await t.core.dispose();
    await site.close();
});

/** tools.yaml: the loopback search site, and one composite tool of the name given (or none). */
function composite(name: string | null): string {
    const tool = name
        ? `    ${name}:\n        description: Read this computer's figures.\n        input: {type: object, properties: {}}\n        steps:\n            - id: s\n              tool: system_stats\n              args: {}\n`
        : "";
    return `tools:\n    web_search:\n        options:\n            base_url: ${site.site}\n${tool}`;
}

async function openDecider(dataDir: string, toolsYaml: string): Promise<TestCore> {
    fs.writeFileSync(path.join(dataDir, "tools.yaml"), toolsYaml);
    return openTestCore({
        dataDir,
        modelPath: deciderModel(),
        generation: {maxTokens: 96, temperature: 0, systemPrompt: DECIDER_SYSTEM_PROMPT},
        clock,
    });
}

function automation(fields: Partial<AutomationInput>): AutomationInput {
    return {
        name: "check",
        prompt: "How many CPU cores does this computer have? Use the system_stats tool to find out.",
        assistantId: null,
        projectId: null,
        tools: ["system_stats"],
        schedule: {kind: "weekdays", time: "09:00"},
        timeZone: "UTC",
        budget: {steps: 3, minutes: 10, network: "none"},
        missed: "skip",
        approvalMinutes: 5,
        ...fields,
    };
}

/**
 * Every state an automation's runs reach, from now on (a run may end before runNow's answer arrives): `reached`
 * resolves with the first run in one of `statuses`, seen already or to come.
 */
function watchRuns(api: CairnApi, automationId: string) {
    const seen: AutomationRun[] = [];
    const waiters: {statuses: string[]; resolve: (run: AutomationRun) => void}[] = [];
    api.onEvent((event) => {
        if (event.type !== "automations.run" || event.run.automationId !== automationId) return;
        seen.push(event.run);
        for (const w of waiters.filter((w) => w.statuses.includes(event.run.status))) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(event.run);
        }
    });
    return {
        reached(statuses = ["done", "failed"]): Promise<AutomationRun> {
            const found = seen.find((r) => statuses.includes(r.status));
            if (found) {
                seen.splice(0, seen.indexOf(found) + 1);
                return Promise.resolve(found);
            }
            // A deadline of its own: a run that never gets there fails the test, saying what it waited for.
            return new Promise((resolve, reject) => {
                const timer = setTimeout(
                    () =>
                        reject(
                            new Error(
                                `no run reached ${statuses.join(" or ")} within 60 s: ${JSON.stringify(seen)}`,
                            ),
                        ),
                    60_000,
                );
                waiters.push({statuses, resolve: (run) => (clearTimeout(timer), resolve(run))});
            });
        },
    };
}

/** Runs it now and resolves with the run once it has ended. */
async function runNow(api: CairnApi, id: string): Promise<AutomationRun> {
    const runs = watchRuns(api, id);
    unwrap(await api.invoke("automations.runNow", {id}));
    return runs.reached();
}

test("a run is a conversation of its own, marked, offered only its tools; its search is in the egress log under it", async () => {
    const added = unwrap(
        await t.api.invoke(
            "automations.add",
            automation({
                name: "bitcoin",
                prompt: "What is the current price of Bitcoin in USD?",
                tools: ["web_search"],
                budget: {steps: 3, minutes: 10, network: "web"},
            }),
        ),
    );
    const run = await runNow(t.api, added.id);
    assert.equal(run.status, "done", run.error ?? undefined);
    assert.equal(run.trigger, "now");
    const conversation = t.core.conversations.get(run.conversationId!)!;
    assert.equal(conversation.automationId, added.id);
    assert.match(conversation.title, /^bitcoin · /);
    assert.ok(
        conversation.toolsOff.includes("system_stats") && !conversation.toolsOff.includes("web_search"),
    );
    const answer = t.core.conversations.messages(conversation.id).find((m) => m.role === "assistant")!;
    assert.deepEqual(
        answer.toolCalls.map((c) => [c.tool, c.status]),
        [["web_search", "ok"]],
        answer.content,
    );
    const egress = unwrap(await t.api.invoke("network.egress", {}));
    const own = egress.filter((e) => e.conversationId === conversation.id);
    assert.deepEqual(
        own.map((e) => [e.purpose, e.host, e.status]),
        [["web search", new URL(site.site).host, 200]],
    );
    // Its record: the last run, and the history.
    const listed = unwrap(await t.api.invoke("automations.list", {})).find((a) => a.id === added.id)!;
    assert.equal(listed.lastRun?.id, run.id);
    assert.deepEqual(
        unwrap(await t.api.invoke("automations.runs", {id: added.id})).map((r) => r.status),
        ["done"],
    );
});

test("an approval in a run waits, shown as waiting, then expires and is denied in words", async () => {
    unwrap(await t.api.invoke("tools.setPolicy", {tool: "system_stats", policy: "ask"}));
    try {
        const added = unwrap(
            await t.api.invoke("automations.add", automation({name: "asks", approvalMinutes: 5})),
        );
        const runs = watchRuns(t.api, added.id);
        unwrap(await t.api.invoke("automations.runNow", {id: added.id}));
        const waiting = await runs.reached(["waiting"]);
        assert.equal(waiting.status, "waiting");
        assert.equal(t.core.approvals.list().length, 1);
        const ended = runs.reached();
        clock.advance(5 * MINUTE - 1);
        assert.equal(t.core.approvals.list().length, 1, "it waits its whole five minutes");
        clock.advance(1);
        const run = await ended;
        assert.equal(t.core.approvals.list().length, 0);
        const answer = t.core.conversations
            .messages(run.conversationId!)
            .find((m) => m.role === "assistant")!;
        const call = answer.toolCalls[0]!;
        assert.equal(call.tool, "system_stats");
        assert.equal(call.status, "denied");
        assert.equal(call.decidedBy, "expiry");
        assert.equal(
            call.error,
            "nobody answered the approval for system_stats within 5 minutes: it was denied",
        );
        assert.deepEqual(call.errorWords, {
            key: "automationApprovalExpired",
            values: {tool: "system_stats", minutes: 5},
        });
    } finally {
        unwrap(await t.api.invoke("tools.setPolicy", {tool: "system_stats", policy: null}));
    }
});

test("a request beyond the run's network budget is refused, and the run stops saying why", async () => {
    // A provider on this computer: Offline mode would let it through; a budget of none does not.
    unwrap(
        await t.api.invoke("providers.add", {
            name: "nearby",
            type: "openai-compatible",
            baseUrl: "http://127.0.0.1:9/v1",
            model: "m",
        }),
    );
    const assistant = unwrap(
        await t.api.invoke("assistants.save", {
            assistant: {...ASSISTANT_DEFAULTS, name: "Remote", provider: "nearby"},
        }),
    );
    const added = unwrap(
        await t.api.invoke(
            "automations.add",
            automation({name: "remote", assistantId: assistant.id, tools: []}),
        ),
    );
    const run = await runNow(t.api, added.id);
    assert.equal(run.status, "failed");
    assert.deepEqual(run.errorWords, {
        key: "automationNetwork",
        values: {purpose: "provider", host: "127.0.0.1:9", budget: "none"},
    });
    assert.match(run.error ?? "", /its network budget is none; raise the automation's network budget/);
    const egress = unwrap(await t.api.invoke("network.egress", {}));
    assert.ok(!egress.some((e) => e.conversationId === run.conversationId), "nothing was sent");

    // The assistant removed: the next run fails with why, and makes no conversation.
    unwrap(await t.api.invoke("assistants.delete", {id: assistant.id}));
    const gone = await runNow(t.api, added.id);
    assert.equal(gone.status, "failed");
    assert.equal(gone.errorWords?.key, "automationAssistantGone");
    assert.equal(gone.conversationId, null);
});

test("a run that takes longer than its time budget is stopped with why", async () => {
    const added = unwrap(
        await t.api.invoke(
            "automations.add",
            automation({name: "slow", tools: [], budget: {steps: 1, minutes: 1, network: "none"}}),
        ),
    );
    const runs = watchRuns(t.api, added.id);
    unwrap(await t.api.invoke("automations.runNow", {id: added.id}));
    const ended = runs.reached();
    await waitFor(
        "the run's conversation",
        () => t.core.automations.list().find((a) => a.id === added.id)?.lastRun?.conversationId ?? undefined,
    );
    clock.advance(MINUTE);
    const run = await ended;
    assert.equal(run.status, "failed");
    assert.deepEqual(run.errorWords, {key: "automationTime", values: {minutes: 1}});
});

test("bad automations are refused with why and kept out; one naming a tool Cairn no longer has fails its run", async () => {
    const refused = async (fields: Partial<AutomationInput>) => {
        const result = await t.api.invoke("automations.add", automation({name: "bad", ...fields}));
        assert.ok(!result.ok);
        return result.error.words?.key;
    };
    assert.equal(await refused({schedule: {kind: "cron", expression: "0 0 30 2 *"}}), "scheduleNever");
    assert.equal(await refused({schedule: {kind: "cron", expression: "* * * * * *"}}), "scheduleFields");
    assert.equal(await refused({tools: ["no_such_tool"]}), "unknownTool");
    assert.equal(await refused({tools: ["web_search"]}), "automationWebTool");
    assert.equal(await refused({name: "bitcoin"}), "automationNameTaken");
    assert.equal(await refused({assistantId: "gone"}), "assistantNotFound");
    assert.ok(!t.core.automations.list().some((a) => a.name === "bad"));

    // A composite tool of tools.yaml, gone when Cairn starts again without it.
    const dataDir = tempDir();
    const first = await openDecider(dataDir, composite("stats_twice"));
    const added = unwrap(await first.api.invoke("automations.add", automation({tools: ["stats_twice"]})));
    await first.core.dispose();
    const second = await openDecider(dataDir, composite(null));
    try {
        const run = await runNow(second.api, added.id);
        assert.equal(run.status, "failed");
        assert.deepEqual(run.errorWords, {key: "automationToolGone", values: {tool: "stats_twice"}});
    } finally {
        await second.core.dispose();
    }
});

// A deadline of its own: closing that waits for the run would wait for the approval's hour.
test(
    "Cairn closing while a run waits for an approval stops the run, written as interrupted, without waiting",
    {timeout: 60_000},
    async () => {
        const dataDir = tempDir();
        const closing = await openDecider(dataDir, composite(null));
        unwrap(await closing.api.invoke("tools.setPolicy", {tool: "system_stats", policy: "ask"}));
        const added = unwrap(await closing.api.invoke("automations.add", automation({name: "closing"})));
        const runs = watchRuns(closing.api, added.id);
        unwrap(await closing.api.invoke("automations.runNow", {id: added.id}));
        await runs.reached(["waiting"]);
        const started = performance.now();
        await closing.core.dispose();
        assert.ok(performance.now() - started < 10_000, "closing did not wait for the approval's hour");
        const reopened = await openDecider(dataDir, composite(null));
        try {
            const [run] = unwrap(await reopened.api.invoke("automations.runs", {id: added.id}));
            assert.equal(run?.status, "interrupted");
            assert.equal(run?.error, "Cairn stopped during this run");
        } finally {
            await reopened.core.dispose();
        }
    },
);

test("an automation added by another process on the data folder sets this one's timer again", async () => {
    const dataDir = tempDir();
    const appClock = new ManualClock(Date.now());
    const app = await openTestCore({dataDir, scheduleAutomations: true, clock: appClock});
    const terminal = await openTestCore({dataDir});
    try {
        assert.equal(appClock.pending(), 0, "nothing to wait for yet");
        const at = appClock.now() + 5 * MINUTE;
        const added = automation({name: "from a terminal", tools: [], schedule: {kind: "once", at}});
        unwrap(await terminal.api.invoke("automations.add", added));
        await waitFor("the app's timer, set for the new run", () =>
            appClock.pending() === 1 && appClock.waits.at(-1) === 5 * MINUTE ? true : undefined,
        );
    } finally {
        await terminal.core.dispose();
        await app.core.dispose();
    }
});

test("a research question as an automation: each run researches it on the web within its budget, the report is the run's answer, every request under it", async () => {
    const added = unwrap(
        await t.api.invoke(
            "automations.add",
            automation({
                name: "weekly research",
                prompt: "What is the current price of Bitcoin in USD?",
                research: true,
                tools: [],
                budget: {steps: 4, minutes: 10, network: "web"},
            }),
        ),
    );
    assert.equal(added.research, true);
    const run = await runNow(t.api, added.id);
    assert.equal(run.status, "done", run.error ?? undefined);
    const answer = t.core.conversations.messages(run.conversationId!).find((m) => m.role === "assistant")!;
    const research = answer.research!;
    assert.equal(research.state, "done", research.error);
    assert.equal(research.offline, false, "a web budget researches the web");
    assert.ok(research.used.steps <= 4, `within the run's steps: ${research.used.steps}`);
    assert.deepEqual(research.budget, {...research.budget, steps: 4, minutes: 10});
    assert.ok(answer.toolCalls.some((c) => c.tool === "web_search" && c.status === "ok"));
    assert.ok(answer.content.length > 0, "the report is the answer");
    const egress = unwrap(await t.api.invoke("network.egress", {})).filter(
        (e) => e.conversationId === run.conversationId,
    );
    assert.ok(
        egress.length >= 1 && egress.every((e) => e.host === new URL(site.site).host),
        JSON.stringify(egress),
    );
});

test("a research automation without the web researches offline: nothing leaves this computer", async () => {
    const added = unwrap(
        await t.api.invoke(
            "automations.add",
            automation({
                name: "offline research",
                prompt: "What did I note about lockers?",
                research: true,
                tools: [],
            }),
        ),
    );
    const run = await runNow(t.api, added.id);
    assert.equal(run.status, "done", run.error ?? undefined);
    const answer = t.core.conversations.messages(run.conversationId!).find((m) => m.role === "assistant")!;
    assert.equal(answer.research?.offline, true);
    assert.ok(answer.toolCalls.every((c) => c.tool !== "web_search" && c.tool !== "web_fetch"));
    const egress = unwrap(await t.api.invoke("network.egress", {}));
    assert.deepEqual(
        egress.filter((e) => e.conversationId === run.conversationId),
        [],
    );
});
