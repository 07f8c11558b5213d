import {createHash} from "node:crypto";
import type {Memory} from "../../shared/contract.js";
import type {Embedder} from "../llm/embedder.js";
import type {MemoryStore} from "../store/memories.js";
import {ftsTerms} from "./store.js";

/** Reciprocal rank fusion constant, as in document search. */
const RRF_K = 60;
/**
 * At most this many memories are recalled for a turn, best first, while they fit in RECALL_BUDGET_CHARS
 * (about 300 tokens; the first always comes, cut to RECALL_CHARS).
 */
export const RECALLED = 5;
const RECALL_CHARS = 400;
const RECALL_BUDGET_CHARS = 1200;
/** The least cosine similarity for a memory found by meaning alone. */
const LEAST_SIMILARITY = 0.55;

/** Vectors of texts by embedding model (the tool_vectors table), so each memory is embedded once. */
export type VectorCache = {
    read(model: string, hash: string): Float32Array | null;
    write(model: string, hash: string, vector: Float32Array): void;
};

export type RecalledMemory = {id: string; text: string};

/**
 * Recall: the memories in scope that best match a question, by full text (BM25 over any of its words)
 * and, when an embedding model is chosen, by meaning, fused by reciprocal rank. A memory found only by
 * meaning must be near (LEAST_SIMILARITY). Never asks the model whether to look.
 */
export class MemoryRecall {
    constructor(
        private readonly store: MemoryStore,
        private readonly embedder: Pick<Embedder, "embed" | "configured"> | null = null,
        private readonly vectors: VectorCache | null = null,
    ) {}

    /** Full text only, without the embedding model: fast, and what decides whether a turn recalls. */
    byWords(query: string, limit: number, scopes = ["everywhere"]): RecalledMemory[] {
        const terms = ftsTerms(query).map((t) => t.term);
        if (terms.length === 0) return [];
        return this.store.fullText(terms.join(" OR "), scopes, limit);
    }

    async search(query: string, limit: number, scopes = ["everywhere"]): Promise<RecalledMemory[]> {
        const depth = Math.max(limit * 4, 20);
        const words = this.byWords(query, depth, scopes);
        const meaning = await this.byMeaning(query, depth, scopes);
        const fused = new Map<string, {memory: RecalledMemory; score: number}>();
        const add = (list: RecalledMemory[]) =>
            list.forEach((memory, rank) => {
                const entry = fused.get(memory.id) ?? {memory, score: 0};
                entry.score += 1 / (RRF_K + rank + 1);
                fused.set(memory.id, entry);
            });
        add(words);
        add(meaning);
        const best = [...fused.values()].sort((a, b) => b.score - a.score).slice(0, limit);
        const recalled: RecalledMemory[] = [];
        let used = 0;
        for (const {memory} of best) {
            const text = clip(memory.text);
            if (recalled.length > 0 && used + text.length > RECALL_BUDGET_CHARS) break;
            recalled.push({...memory, text});
            used += text.length;
        }
        return recalled;
    }

    private async byMeaning(query: string, limit: number, scopes: string[]): Promise<RecalledMemory[]> {
        const model = this.embedder?.configured();
        if (!model || !this.vectors || !this.embedder) return [];
        const asked = await this.embedder.embed([query]);
        if (!asked.ok) return [];
        const target = asked.value[0]!;
        const scored: {memory: RecalledMemory; similarity: number}[] = [];
        const missing: RecalledMemory[] = [];
        for (const memory of this.store.enabledIn(scopes)) {
            const vector = this.vectors.read(model, hashOf(memory.text));
            if (!vector) {
                missing.push(memory);
                continue;
            }
            const similarity = cosine(target, vector);
            if (similarity >= LEAST_SIMILARITY) scored.push({memory, similarity});
        }
        // Memories not embedded yet are found by their words this time, and embedded for the next.
        if (missing.length) void this.embedMissing(model, missing);
        return scored
            .sort((a, b) => b.similarity - a.similarity)
            .slice(0, limit)
            .map((s) => s.memory);
    }

    private embedding: Promise<void> | null = null;

    /** Embeds memories in the background, one at a time, one run at once. */
    private embedMissing(model: string, memories: RecalledMemory[]): Promise<void> {
        this.embedding ??= (async () => {
            for (const memory of memories) {
                const hash = hashOf(memory.text);
                if (this.vectors!.read(model, hash)) continue;
                const made = await this.embedder!.embed([memory.text]);
                if (!made.ok) return;
                this.vectors!.write(model, hash, made.value[0]!);
            }
        })().finally(() => (this.embedding = null));
        return this.embedding;
    }
}

/** A memory as a numbered source of a turn: its text, cut to fit the recall budget. */
export function memoryTitle(memory: Pick<Memory, "text">): string {
    const firstLine = memory.text.split("\n")[0]!;
    return `Memory: ${firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine}`;
}

function hashOf(text: string): string {
    return `memory:${createHash("sha256").update(text).digest("hex")}`;
}

function clip(text: string): string {
    return text.length > RECALL_CHARS ? `${text.slice(0, RECALL_CHARS - 1)}…` : text;
}

function cosine(a: Float32Array, b: Float32Array): number {
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let i = 0; i < a.length; i++) {
        dot += a[i]! * b[i]!;
        na += a[i]! * a[i]!;
        nb += b[i]! * b[i]!;
    }
    return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
