// Hybrid search at scale: latency of the real search path (hybridSearch: BM25, the three stages of vector
// codes, fusion, snippets) over a synthetic corpus, the vector side's recall against vec0's exact kNN and
// its memory, and whether exact codes still rank first. Part of `npm run bench` (10,000, 100,000 and a
// million passages); alone: `npm run bench:search [SIZES]`.
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";
import {hybridSearch} from "../main/docs/search.js";
import {DocumentStore} from "../main/docs/store.js";
import {openDatabase} from "../main/store/db.js";
import {ok} from "../shared/result.js";
import {tempDir} from "../tests/helpers/paths.js";
import {passageText, seeded, topicVectors, vocabulary, zipfSampler} from "./corpus.js";

const PER_DOCUMENT = 100;
const WORDS_PER_CHUNK = 300;
const QUERIES = 100;
const LIMIT = 5;

const percentile = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function searchScale(chunks: number, dimension = 384) {
    const dataDir = tempDir();
    const file = path.join(dataDir, "cairn.db");
    const db = openDatabase(file);
    const store = new DocumentStore(db);
    const random = seeded(chunks);
    const words = vocabulary(30_000);
    const sample = zipfSampler(words.length, random);
    const topics = 500;
    const vectorOf = topicVectors(dimension, topics, random);
    const scope = {collectionId: store.createCollection("scale").id, conversationId: null};
    const buildStarted = performance.now();
    for (let d = 0; d < chunks / PER_DOCUMENT; d++) {
        const doc = store.queue(`/bench/doc${d}.txt`, `doc${d}`, "text", scope, "bench");
        const docChunks = Array.from({length: PER_DOCUMENT}, (_, i) => ({
            text: `${passageText(words, sample, WORDS_PER_CHUNK)} ref ID-${d}-${i}.`,
            location: {page: null, heading: [], lineStart: i, lineEnd: i, start: 0, end: 0},
        }));
        const vectors = docChunks.map(() => vectorOf());
        store.index(doc.id, {title: `doc${d}`, hash: String(d), size: 0, text: ""}, docChunks, vectors, {
            dimension,
            model: "synthetic",
        });
    }
    const buildSeconds = (performance.now() - buildStarted) / 1000;

    // Queries as people type them: common words around a few content words, half with an exact code.
    const queries = Array.from({length: QUERIES}, (_, q) => {
        const d = Math.floor(random() * (chunks / PER_DOCUMENT));
        const i = Math.floor(random() * PER_DOCUMENT);
        const content = [100, 1000, 5000].map((base) => words[base + Math.floor(random() * base)]);
        const code = `ID-${d}-${i}`;
        const text =
            q % 2 === 0
                ? `how do I fix the ${content[0]} when ${code} shows in ${content[1]}`
                : `what is the ${content.join(" ")} for`;
        return {text, code: q % 2 === 0 ? code : null, vector: vectorOf()};
    });
    let current = queries[0]!.vector;
    const embedder = {embed: async () => ok([current])};

    // The first query reads every code (in a worker): its time, and the longest the event loop was held.
    let tick = performance.now();
    let loopGapMs = 0;
    const ticker = setInterval(() => {
        loopGapMs = Math.max(loopGapMs, performance.now() - tick);
        tick = performance.now();
    }, 5);
    const coldStarted = performance.now();
    await hybridSearch(store, embedder, queries[0]!.text, LIMIT, {kind: "all"});
    const coldMs = performance.now() - coldStarted;
    clearInterval(ticker);

    const times: number[] = [];
    let codesFirst = 0;
    for (const query of queries) {
        current = query.vector;
        const started = performance.now();
        const hits = await hybridSearch(store, embedder, query.text, LIMIT, {kind: "all"});
        times.push(performance.now() - started);
        if (!hits.ok) throw new Error(hits.error.message);
        const top = hits.value[0] ? store.chunk(hits.value[0].chunkId)?.text : undefined;
        if (query.code && top?.includes(`${query.code}.`)) codesFirst++;
    }

    const part = (run: (q: (typeof queries)[number]) => unknown) => {
        const spent = queries.map((q) => {
            const started = performance.now();
            run(q);
            return performance.now() - started;
        });
        return percentile(spent, 0.5);
    };
    const depth = Math.max(LIMIT * 4, 20);
    const fullTextMs = part((q) => store.fullText(q.text, depth, null));
    const nearestMs = part((q) => store.vectors.nearest(q.vector, depth, null));
    const vectorMemoryMB = store.vectors.inMemory().bytes / 2 ** 20;

    // Recall of the vector side: the binary-code candidates, rescored, against vec0's exact kNN.
    const exact = db.prepare("SELECT rowid FROM chunk_vectors WHERE embedding MATCH ? AND k = ?").pluck();
    let found = 0;
    const recallQueries = queries.slice(0, 20);
    for (const q of recallQueries) {
        const truth = new Set(exact.all(Buffer.from(q.vector.buffer), depth) as number[]);
        found += store.vectors.nearest(q.vector, depth, null).filter((h) => truth.has(h.chunkId)).length;
    }
    db.close();
    const size = ["", "-wal"]
        .map((suffix) => file + suffix)
        .filter((f) => fs.existsSync(f))
        .reduce((sum, f) => sum + fs.statSync(f).size, 0);
    return {
        chunks,
        dimension,
        buildSeconds,
        firstQueryMs: coldMs,
        firstQueryLoopGapMs: loopGapMs,
        p50Ms: percentile(times, 0.5),
        p95Ms: percentile(times, 0.95),
        fullTextP50Ms: fullTextMs,
        nearestP50Ms: nearestMs,
        vectorRecall: found / (recallQueries.length * depth),
        exactCodeRankedFirst: codesFirst / queries.filter((q) => q.code).length,
        bytesPer1000Chunks: Math.round((size / chunks) * 1000),
        vectorMemoryMB,
    };
}

export function searchRows(results: Awaited<ReturnType<typeof searchScale>>[]) {
    return Object.fromEntries(
        results.flatMap((s) => [
            [
                `hybrid search ${s.chunks} chunks p50 / p95 (ms) (target at 1M: <= 25 / 60)`,
                `${s.p50Ms.toFixed(2)} / ${s.p95Ms.toFixed(2)}`,
            ],
            [
                `  ${s.chunks}: BM25 / vector p50 (ms), first query (ms, longest event-loop hold)`,
                `${s.fullTextP50Ms.toFixed(2)} / ${s.nearestP50Ms.toFixed(2)}, ${s.firstQueryMs.toFixed(1)} (${s.firstQueryLoopGapMs.toFixed(0)})`,
            ],
            [
                `  ${s.chunks}: vector recall@20 vs exact (target >= 0.95), exact codes ranked first`,
                `${s.vectorRecall.toFixed(3)}, ${(s.exactCodeRankedFirst * 100).toFixed(0)}%`,
            ],
            [`  ${s.chunks}: bytes per 1000 chunks`, String(s.bytesPer1000Chunks)],
            [`  ${s.chunks}: vector side in memory (MB) (target <= 400 at 1M)`, s.vectorMemoryMB.toFixed(0)],
        ]),
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
    const sizes = process.argv.slice(2).map(Number);
    const results = [];
    for (const size of sizes.length ? sizes : [10_000, 100_000, 1_000_000])
        results.push(await searchScale(size));
    console.table(searchRows(results));
    console.log(JSON.stringify(results, null, 2));
}
