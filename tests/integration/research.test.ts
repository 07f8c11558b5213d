import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {AppEvent, Message, ResearchRun} from "../../shared/contract.js";
import {ingestInto, nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// Research mode on the real core: the test model writes the plan and the sections (it has no sense), the
// person's edited plan is what runs, and the documents are real files searched by the real index. What is
// checked is the run's own work: the steps within the budget, each source read once, the evidence quoted from
// the text read, the citations kept only where they hold, and a run stopped in any phase going on after its
// last saved step.

const FACTS = [
    [
        "tides.md",
        "Tides",
        "The tides at Saint-Malo rise up to thirteen metres, among the highest tides in Europe.",
    ],
    [
        "tides-cause.md",
        "Tide causes",
        "Tides are caused by the gravity of the moon and the sun pulling on the oceans.",
    ],
    [
        "harbour.md",
        "Harbour",
        "The harbour at Saint-Malo keeps its gates shut at low tide so ships stay afloat.",
    ],
    [
        "lighthouse.md",
        "Lighthouse",
        "The lighthouse on the rocks guides ships through the narrow channel at night.",
    ],
    ["salt.md", "Salt marsh", "Salt marshes near the bay flood with each spring tide and feed the sheep."],
    ["bread.md", "Bread", "Sourdough bread needs a starter, flour, water and a long rise."],
];

async function withLibrary(): Promise<TestCore> {
    const t = await openTestCore({contextSize: 4096});
    unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
    const dir = tempDir();
    const paths = FACTS.map(([file, title, text]) => {
        const at = path.join(dir, file!);
        fs.writeFileSync(at, `# ${title}\n\n${text}\n`);
        return at;
    });
    assert.equal((await ingestInto(t, paths, "Coast")).state, "done");
    return t;
}

/** Sends a question in research mode, offline; resolves with the answer holding the proposed plan. */
async function propose(t: TestCore, conversationId: string, text: string): Promise<Message> {
    const done = nextDone(t.api, conversationId);
    unwrap(await t.api.invoke("chat.send", {conversationId, text, research: {offline: true}}));
    return done;
}

function runsOf(events: AppEvent[], messageId: string): ResearchRun[] {
    return events.flatMap((e) => (e.type === "research.updated" && e.messageId === messageId ? [e.run] : []));
}

test("offline research: the plan waits for the person, the edited plan runs within budget, the report cites what it read", async () => {
    const t = await withLibrary();
    try {
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        const proposed = await propose(t, id, "What should a visitor know about the tides at Saint-Malo?");
        assert.equal(proposed.research?.state, "proposed");
        assert.ok(proposed.research.questions.length >= 1, "the model's plan, or the question itself");
        assert.equal(proposed.content, "", "nothing runs before the person runs the plan");

        const questions = ["How high are the tides at Saint-Malo?", "What causes tides?"];
        const done = nextDone(t.api, id);
        unwrap(await t.api.invoke("research.run", {messageId: proposed.id, questions, budget: {steps: 14}}));
        const report = await done;
        const run = report.research!;
        assert.equal(report.status, "complete");
        assert.equal(run.state, "done");
        assert.deepEqual(run.questions, questions, "the person's plan ran");
        assert.ok(run.used.steps <= 14, `within budget: ${run.used.steps} steps`);
        const phases = new Set(runsOf(t.events, proposed.id).map((r) => r.phase));
        for (const phase of ["searching", "reading", "writing"] as const) assert.ok(phases.has(phase), phase);

        assert.match(report.content, /^# Research: What should a visitor know/);
        const tasks = t.events.flatMap((e) =>
            e.type === "todos.changed" && e.conversationId === id ? [e.items] : [],
        );
        assert.deepEqual(
            tasks[0]?.map((i) => i.status),
            ["in_progress", "pending"],
            "the plan's questions are the task list",
        );
        assert.deepEqual(
            tasks.at(-1)?.map((i) => [i.text, i.status]),
            questions.map((q) => [q, "done"]),
        );
        assert.match(report.content, /## How high are the tides at Saint-Malo\?/);
        assert.match(report.content, /The tides at Saint-Malo rise up to thirteen metres[^"]*" \[\d+\]/);
        assert.match(report.content, /Tides are caused by the gravity of the moon[^"]*" \[\d+\]/);
        assert.doesNotMatch(report.content, /Sourdough/, "a source that bears on nothing is not quoted");
        const cited = new Set([...report.content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
        assert.ok(cited.size >= 3, `cites ${cited.size} distinct sources`);
        for (const n of cited)
            assert.ok(
                report.citations.some((c) => c.number === n && c.kind === "document"),
                `[${n}] is a source`,
            );
        assert.match(
            report.content,
            /\d+ citations checked against the text read, \d+ removed; \d+ sources cited/,
        );
        assert.ok(
            report.toolCalls.some((c) => c.tool === "rag_search"),
            "searches are in the trace",
        );
        assert.ok(!report.toolCalls.some((c) => c.tool.startsWith("web_")), "offline: no web tool ran");

        const again = await t.api.invoke("research.run", {messageId: proposed.id, questions});
        assert.ok(!again.ok && /has run already/.test(again.error.message));
        const resumed = await t.api.invoke("research.resume", {messageId: proposed.id});
        assert.ok(!resumed.ok && /has ended \(done\)/.test(resumed.error.message));
    } finally {
        await t.core.dispose();
    }
});

/** Each saved step's identity (kind, question or section, source): none may be saved twice. */
function savedSteps(t: TestCore, messageId: string): string[] {
    const rows = t.core.db
        .prepare<[string], {data: string}>(
            "SELECT data FROM research_steps WHERE message_id = ? ORDER BY seq",
        )
        .all(messageId);
    return rows.map(({data}) => {
        const step = JSON.parse(data) as {kind: string; question?: number; section?: number; key?: string};
        return [step.kind, step.question ?? step.section, step.key ?? ""].join(" ");
    });
}

test("a run paused in each phase goes on after its last saved step, and none is done twice", async () => {
    const t = await withLibrary();
    try {
        for (const phase of ["searching", "reading", "following", "writing"] as const) {
            const {id} = unwrap(await t.api.invoke("conversations.create", {}));
            const proposed = await propose(t, id, "Tides at Saint-Malo");
            let paused = nextDone(t.api, id);
            const off = t.api.onEvent((e) => {
                if (e.type !== "research.updated" || e.messageId !== proposed.id || e.run.phase !== phase)
                    return;
                off();
                void t.api.invoke("research.pause", {messageId: proposed.id});
            });
            const questions = ["How high are the tides at Saint-Malo?", "What causes tides?"];
            unwrap(await t.api.invoke("research.run", {messageId: proposed.id, questions}));
            const stopped = await paused;
            assert.equal(stopped.research?.state, "paused", phase);
            assert.equal(stopped.status, "interrupted");
            const before = savedSteps(t, proposed.id);

            paused = nextDone(t.api, id);
            unwrap(await t.api.invoke("research.resume", {messageId: proposed.id}));
            const report = await paused;
            assert.equal(report.research?.state, "done", phase);
            const after = savedSteps(t, proposed.id);
            assert.deepEqual(after.slice(0, before.length), before, `${phase}: what was saved stays`);
            assert.equal(
                new Set(after).size,
                after.length,
                `${phase}: no step done twice: ${after.join(", ")}`,
            );
            assert.match(report.content, /thirteen metres[^"]*" \[\d+\]/, phase);
            const numbers = report.citations.map((c) => c.number);
            assert.equal(new Set(numbers).size, numbers.length, `${phase}: each source numbered once`);
        }
    } finally {
        await t.core.dispose();
    }
});

test("a small context: notes too long for a section are condensed first, the report is written and exported with its sources", async () => {
    const t = await openTestCore({contextSize: 1024, generation: {maxTokens: 24, seed: 1}});
    try {
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const dir = tempDir();
        const long = (topic: string, n: number) =>
            Array.from(
                {length: 6},
                (_, i) =>
                    `The ${topic} tides of bay ${n}.${i} rise and fall twice a day, pulled by the moon over the shallow sands, the salt marshes, the harbour walls and the long grey beaches where the fishermen wait for the water to come back in.`,
            ).join(" ");
        const files = [1, 2, 3, 4].map((n) => {
            const at = path.join(dir, `tides${n}.md`);
            fs.writeFileSync(at, `# Tides ${n}\n\n${long("coastal", n)}\n`);
            return at;
        });
        assert.equal((await ingestInto(t, files, "Coast")).state, "done");
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        const proposed = await propose(t, id, "Tides");
        const done = nextDone(t.api, id);
        unwrap(
            await t.api.invoke("research.run", {
                messageId: proposed.id,
                questions: ["How often do tides rise?"],
            }),
        );
        const report = await done;
        assert.equal(report.status, "complete", report.error ?? "");
        assert.equal(report.research?.state, "done");
        const phases = new Set(runsOf(t.events, proposed.id).map((r) => r.phase));
        assert.ok(phases.has("condensing"), `condensed: ${[...phases].join(", ")}`);

        const exported = unwrap(await t.api.invoke("conversations.export", {id, format: "markdown"}));
        assert.match(exported.content, /# Research: Tides/);
        assert.match(exported.content, /rise and fall twice a day, pulled by the moon/);
        for (const c of report.citations)
            assert.ok(exported.content.includes(c.title), `source ${c.title} exported`);
    } finally {
        await t.core.dispose();
    }
});
