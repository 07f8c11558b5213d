// Memory recall at scale: 200 memory/question pairs written from templates (a person's facts, asked about in
// other words) among distractors, in a real library. Recall quality (the right memory among those recalled)
// with full text alone and with the tiny model's embeddings beside it, side by side; recall's time per turn
// (p50, p95) with 10,000 memories; and the recalled block's size in tokens. Goals: ≥ 90%, ≤ 15 ms, ≤ 300.
import path from "node:path";
import {pathToFileURL} from "node:url";
import {MemoryRecall, RECALLED} from "../main/docs/memory.js";
import {Embedder} from "../main/llm/embedder.js";
import {Engine} from "../main/llm/engine/engine.js";
import {DB_FILE_NAME, openDatabase} from "../main/store/db.js";
import {MemoryStore} from "../main/store/memories.js";
import {ToolVectorCache} from "../main/tools/toolVectors.js";
import {TEST_MODEL, tempDir} from "../tests/helpers/paths.js";

const NAMES =
    "Anna Bruno Chloe Dario Elif Farid Greta Hiro Ines Jonas Kaia Lucas Mira Nadia Omar Priya Quentin Rosa Sami Talia Ugo Vera Wen Ximena Yusuf Zoe Aiko Bilal Carmen Dmitri Esme Felix Gaia Hamid Isla Jorge Keiko Lior Maeve Niko".split(
        " ",
    );
const FACTS: {memory: (n: string) => string; question: (n: string) => string}[] = [
    {
        memory: (n) => `${n} is allergic to peanuts.`,
        question: (n) => `Can ${n} eat satay sauce, given the allergy?`,
    },
    {memory: (n) => `${n}'s birthday is on 14 March.`, question: (n) => `When is ${n}'s birthday?`},
    {memory: (n) => `${n} works as a nurse at the city hospital.`, question: (n) => `What job does ${n} do?`},
    {memory: (n) => `${n} prefers tea without sugar.`, question: (n) => `How does ${n} take tea?`},
    {memory: (n) => `${n} lives in Porto near the river.`, question: (n) => `Which city does ${n} live in?`},
];
const TOPICS = [
    "garden",
    "bicycle",
    "violin",
    "sourdough",
    "chess",
    "kayak",
    "telescope",
    "pottery",
    "marathon",
    "aquarium",
];

/** The pairs: each name with each fact (40 × 5 = 200), the memory told one way and asked another. */
function pairs(): {memory: string; question: string}[] {
    return NAMES.flatMap((name) => FACTS.map((f) => ({memory: f.memory(name), question: f.question(name)})));
}

/**
 * Distractors: the same kinds of facts about topics and unnamed people, sharing the questions' common words;
 * one in ten names one of the people (a memory about Anna that does not answer the question).
 */
function distractor(i: number): string {
    const topic = TOPICS[i % TOPICS.length]!;
    if (i % 10 === 9)
        return `${NAMES[((i / 10) % NAMES.length) | 0]} once mentioned the ${topic} (note ${i}).`;
    const kinds = [
        `The ${topic} club meets every ${["Monday", "Tuesday", "Thursday"][i % 3]} at ${7 + (i % 5)} pm (note ${i}).`,
        `My neighbour's ${topic} costs about ${20 + (i % 300)} euros (note ${i}).`,
        `Remember to check the ${topic} before the trip to city number ${i}.`,
        `A friend from work likes ${topic} and tea with sugar (note ${i}).`,
    ];
    return kinds[i % kinds.length]!;
}

function percentile(values: number[], p: number): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function quality(recall: MemoryRecall, store: MemoryStore, list: {memory: string; question: string}[]) {
    const ids = new Map(store.list().map((m) => [m.text, m.id]));
    let right = 0;
    for (const pair of list) {
        const found = await recall.search(pair.question, RECALLED);
        if (found.some((m) => m.id === ids.get(pair.memory))) right++;
    }
    return right / list.length;
}

export async function memoryFigures() {
    const dir = tempDir();
    const db = openDatabase(path.join(dir, DB_FILE_NAME));
    const store = new MemoryStore(db);
    const engine = new Engine({threads: 1, gpu: false});
    try {
        const list = pairs();
        db.transaction(() => {
            for (const p of list) store.add({text: p.memory, origin: "user"});
            for (let i = 0; i < 2000; i++) store.add({text: distractor(i), origin: "user"});
        })();
        const wordsOnly = new MemoryRecall(store);
        const fullText = await quality(wordsOnly, store, list);
        // The tiny model as the embedding model: every memory embedded first (search uses cached vectors).
        const embedder = new Embedder(engine, () => TEST_MODEL);
        const cache = new ToolVectorCache(db);
        const withMeaning = new MemoryRecall(store, embedder, cache);
        await withMeaning.search("warm up", 1);
        await (withMeaning as unknown as {embedding: Promise<void> | null}).embedding;
        const hybrid = await quality(withMeaning, store, list);

        // 10,000 memories: recall's time per turn (the check that decides, then the search), full text.
        const more = 10_000 - store.count();
        db.transaction(() => {
            for (let i = 2000; i < 2000 + more; i++) store.add({text: distractor(i), origin: "user"});
        })();
        const times: number[] = [];
        const counter = await embedder.tokenCounter();
        let maxTokens = 0;
        for (const pair of list) {
            const started = performance.now();
            if (wordsOnly.byWords(pair.question, 1).length) {
                const found = await wordsOnly.search(pair.question, RECALLED);
                times.push(performance.now() - started);
                const block = found.map((m, i) => `[${i + 1}] ${m.text}`).join("\n");
                if (counter.ok) maxTokens = Math.max(maxTokens, counter.value.count(block));
            }
        }
        return {
            pairs: list.length,
            distractors: 2000,
            rightAmongRecalled: {fullText, fullTextAndTinyEmbeddings: hybrid},
            memories: store.count(),
            recallMs: {p50: percentile(times, 0.5), p95: percentile(times, 0.95)},
            recalledBlockMaxTokens: maxTokens,
        };
    } finally {
        await engine.dispose();
        db.close();
    }
}

export function memoryRows(f: Awaited<ReturnType<typeof memoryFigures>>): Record<string, string> {
    const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
    return {
        "memory: right memory among those recalled (≤ 5, ≤ 300 tokens), 200 pairs + 2,000 distractors (goal ≥ 90%): full text / + tiny embeddings": `${pct(f.rightAmongRecalled.fullText)} / ${pct(f.rightAmongRecalled.fullTextAndTinyEmbeddings)}`,
        "memory: recall per turn at 10,000 memories, p50 / p95 (goal ≤ 15 ms)": `${f.recallMs.p50.toFixed(2)} / ${f.recallMs.p95.toFixed(2)} ms`,
        "memory: recalled block, most tokens (goal ≤ 300)": String(f.recalledBlockMaxTokens),
    };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
    const figures = await memoryFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(memoryRows(figures));
}
