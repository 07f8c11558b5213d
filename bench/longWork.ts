// Issue 75's figures (`npm run bench:long` alone, or in `npm run bench`):
// - 500 turns on a 2,048-token model (the test model's own context): how many were answered, how many older
//   turns were summarized rather than cut, and what a turn and a summary cost;
// - follow-up time to first token after a turn that recalled a memory and read three passages, beside the same
//   follow-up after a turn without them, on a model with a real 1B layout (the prefix reused: both evaluate only
//   the new question); and the same when the follow-up recalls and reads again itself.
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";
import type {Message, PreflightCall} from "../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../tests/helpers/core.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {TEST_MODEL, tempDir} from "../tests/helpers/paths.js";

const TURNS = 500;
const FOLLOW_UPS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A question and its answer; `tools`: offered (as in the window), else none (the story turns). */
async function send(
    t: TestCore,
    conversationId: string,
    text: string,
    preflight: PreflightCall[] = [],
    tools = true,
) {
    const done = nextDone(t.api, conversationId);
    const toolChoice = tools ? "auto" : "none";
    unwrap(await t.api.invoke("chat.send", {conversationId, text, preflight, toolChoice}));
    return done;
}

/** 500 turns in one conversation on the test model at its 2,048-token context. */
export async function longConversation() {
    const t = await openTestCore({contextSize: 2048, generation: {maxTokens: 24, seed: 1, temperature: 0}});
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const turnMs: number[] = [];
        const summaryTurnMs: number[] = [];
        let answered = 0;
        let cut = 0;
        for (let i = 1; i <= TURNS; i++) {
            const before = t.events.length;
            const started = performance.now();
            const text = `Tell me part ${i} of the long story of Tom and his red kite.`;
            const answer = await send(t, c.id, text, [], false);
            const ms = performance.now() - started;
            const summarized = t.events.slice(before).some((e) => e.type === "conversation.compacted");
            (summarized ? summaryTurnMs : turnMs).push(ms);
            if (answer.status === "complete") answered++;
            if (answer.stats?.contextShifted) cut++;
        }
        const kept = unwrap(await t.api.invoke("messages.list", {conversationId: c.id})).length;
        return {
            turns: TURNS,
            contextSize: 2048,
            answered,
            cut,
            summaries: summaryTurnMs.length,
            messagesKept: kept,
            turnMedianMs: median(turnMs),
            summaryTurnMedianMs: median(summaryTurnMs),
        };
    } finally {
        await t.core.dispose();
    }
}

function notes(): string {
    const dir = tempDir();
    const lines = [
        "The Perseids peak around the twelfth of August each year, with up to a hundred meteors an hour.",
        "The Perseids come from the comet Swift-Tuttle, which passes the Sun every 133 years.",
        "Watch the Perseids after midnight, far from city lights, lying down and looking north-east.",
    ];
    lines.forEach((line, i) => fs.writeFileSync(path.join(dir, `perseids-${i}.txt`), `${line}\n`));
    return dir;
}

/**
 * Follow-up TTFT on the 1B-layout model: each of FOLLOW_UPS rounds has two conversations, one whose first turn
 * recalls a memory and reads three passages and one whose first turn does not, each asked the same follow-up
 * (sharing no word with the memory, so nothing is recalled then); the first is then asked a third question that
 * recalls and reads again.
 */
export async function followUpTtft() {
    const t = await openTestCore({
        modelPath: layoutModel(LLAMA_3_2_1B),
        threads: 2,
        contextSize: 4096,
        generation: {maxTokens: 8, seed: 1, temperature: 0},
    });
    try {
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const {jobId} = unwrap(await t.api.invoke("docs.ingest", {paths: [notes()], collection: "Sky"}));
        await t.core.docs.ingest.settled(jobId);
        unwrap(await t.api.invoke("memories.add", {text: "I watch the Perseids from Lyon every August."}));
        const passages = [{name: "rag_search", args: {query: "Perseids", limit: 3}}];
        const evaluated: {with: number[]; without: number[]} = {with: [], without: []};
        const ttft = (m: Message, into?: number[]) => {
            into?.push(m.stats?.promptTokens ?? NaN);
            return m.stats?.timeToFirstTokenMs ?? NaN;
        };
        const withThem: number[] = [];
        const without: number[] = [];
        const readingAgain: number[] = [];
        for (let round = 0; round < FOLLOW_UPS; round++) {
            // One conversation after the other: the engine keeps one context, so a turn in another conversation in
            // between would make the next one evaluate its whole prompt again, whatever it holds.
            const a = unwrap(await t.api.invoke("conversations.create", {}));
            await send(t, a.id, "When do the Perseids peak?", passages);
            withThem.push(ttft(await send(t, a.id, "Thanks. How long does it last?"), evaluated.with));
            readingAgain.push(ttft(await send(t, a.id, "Where do the Perseids come from?", passages)));
            const b = unwrap(await t.api.invoke("conversations.create", {}));
            await send(t, b.id, "When do meteor showers peak?");
            without.push(ttft(await send(t, b.id, "Thanks. How long does it last?"), evaluated.without));
        }
        return {
            model: LLAMA_3_2_1B.name,
            rounds: FOLLOW_UPS,
            withMemoryAndPassagesMs: median(withThem),
            withoutMs: median(without),
            ratio: median(withThem) / median(without),
            /** Prompt tokens each follow-up evaluated (not reused from the turn before). */
            evaluatedWith: median(evaluated.with),
            evaluatedWithout: median(evaluated.without),
            followUpRecallingAndReadingMs: median(readingAgain),
        };
    } finally {
        await t.core.dispose();
    }
}

export async function longWorkFigures() {
    const only = process.env.CAIRN_BENCH_ONLY;
    return {
        longConversation: only === "follow-up" ? null : await longConversation(),
        followUp: await followUpTtft(),
    };
}

export function longWorkRows(f: Awaited<ReturnType<typeof longWorkFigures>>): Record<string, string> {
    const c = f.longConversation;
    const u = f.followUp;
    const ms = (n: number) => `${Math.round(n)} ms`;
    return {
        ...(c && {
            "long work: 500 turns on a 2,048-token model, answered / cut / summaries (every turn answered, none cut)": `${c.answered} / ${c.cut} / ${c.summaries}`,
            "long work: a turn's median, and a turn that summarized first": `${ms(c.turnMedianMs)}, ${ms(c.summaryTurnMedianMs)}`,
        }),
        "long work: follow-up TTFT after memory and three passages / without them (limit 1.2x)": `${ms(u.withMemoryAndPassagesMs)} / ${ms(u.withoutMs)} = ${u.ratio.toFixed(2)}x`,
        "long work: follow-up TTFT that recalls and reads three passages itself": ms(
            u.followUpRecallingAndReadingMs,
        ),
    };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
    const figures = await longWorkFigures();
    console.log(JSON.stringify({figures, rows: longWorkRows(figures)}, null, 2));
}
