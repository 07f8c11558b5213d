import {createHash} from "node:crypto";
import fs from "node:fs";
import type {Db} from "../store/db.js";
import type {Embedder} from "../llm/embedder.js";
import {nameWords, searchText} from "./toolIndex.js";
import type {ToolDefinition} from "./defineTool.js";

type Indexed = Pick<ToolDefinition, "name" | "description" | "params">;

/** How many tools are embedded before the event loop is given back (a chat may be streaming). */
const BATCH = 16;
/** A query is cut to this many characters before it is embedded. */
const QUERY_CHARS = 2_000;
/**
 * The least cosine similarity for a tool found by meaning alone (no word in common): below it a nearest
 * tool is only the least far, not near. Set for the recommended embedding models' (BGE, Nomic) scale,
 * where unrelated short texts score about 0.3 to 0.5.
 */
export const LEAST_SIMILARITY = 0.55;

/** Vectors of tool texts, kept by embedding model and text: a restart or a reconnect embeds nothing again. */
export class ToolVectorCache {
    private readonly get;
    private readonly put;

    constructor(db: Db) {
        this.get = db.prepare("SELECT vector FROM tool_vectors WHERE model = ? AND text_hash = ?").pluck();
        this.put = db.prepare(
            "INSERT OR REPLACE INTO tool_vectors (model, text_hash, vector) VALUES (?, ?, ?)",
        );
    }

    read(model: string, hash: string): Float32Array | null {
        const blob = this.get.get(model, hash) as Buffer | undefined;
        if (!blob) return null;
        return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
    }

    write(model: string, hash: string, vector: Float32Array): void {
        this.put.run(model, hash, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
    }
}

/**
 * The meaning side of tool search: each tool's text (the same the full-text index reads) embedded by the
 * embedding model chosen for documents, in the background as tool lists change, a few at a time. Without
 * an embedding model it holds nothing and tool search is full-text only.
 */
export class ToolVectors {
    private readonly texts = new Map<string, {source: string; text: string; hash: string}>();
    private vectors = new Map<string, Float32Array>();
    private model: string | null = null;
    private filling: Promise<void> | null = null;
    private again = false;
    private query: {text: string; vector: Float32Array} | null = null;
    /** Tool texts embedded by this process (the others came from the cache). */
    private embedded = 0;
    /**
     * Whether search by meaning was asked for (a question with more tools than fit): until then nothing is
     * embedded, so the embedding model is not loaded for the few tools most people have.
     */
    private wanted = false;

    constructor(
        private readonly embedder: Pick<Embedder, "configured" | "embed">,
        private readonly cache: ToolVectorCache,
    ) {}

    /** Replaces one source's tools; their vectors are made (or read from the cache) in the background. */
    setSource(source: string, tools: Indexed[]): void {
        for (const [name, entry] of this.texts) if (entry.source === source) this.texts.delete(name);
        for (const tool of tools) {
            const text = `${nameWords(tool.name)}\n${searchText(tool)}`;
            const hash = createHash("sha256").update(text).digest("hex").slice(0, 32);
            this.texts.set(tool.name, {source, text, hash});
        }
        for (const name of this.vectors.keys()) if (!this.texts.has(name)) this.vectors.delete(name);
        if (this.wanted) this.fill();
    }

    /** How many tools have a vector, of how many; how many this process embedded (not from the cache). */
    progress(): {done: number; total: number; embedded: number} {
        return {done: this.vectors.size, total: this.texts.size, embedded: this.embedded};
    }

    /** Resolves once every tool known now has its vector (or the embedding model failed). */
    async settled(): Promise<void> {
        while (this.filling) await this.filling;
    }

    /**
     * Embeds a query for nearest(); nothing when no tool has a vector yet (the first call starts making
     * them, in the background), no embedding model, or it fails. The last query is kept, so the steps of
     * one answer embed its question once.
     */
    async read(query: string): Promise<void> {
        if (!this.wanted) {
            this.wanted = true;
            this.fill();
        }
        const text = query.slice(0, QUERY_CHARS);
        if (this.query?.text === text || this.vectors.size === 0 || !text.trim()) return;
        if (this.modelKey() !== this.model) return this.fill();
        const embedded = await this.embedder.embed([text]);
        if (embedded.ok) this.query = {text, vector: normalized(embedded.value[0]!)};
    }

    /** Tool names nearest in meaning to a query read before, best first, at least LEAST_SIMILARITY near. */
    nearest(query: string, k: number, among?: (name: string) => boolean): {name: string; score: number}[] {
        const q = this.query;
        if (!q || q.text !== query.slice(0, QUERY_CHARS)) return [];
        const scored: {name: string; score: number}[] = [];
        for (const [name, vector] of this.vectors) {
            if (among && !among(name)) continue;
            const score = dot(q.vector, vector);
            if (score >= LEAST_SIMILARITY) scored.push({name, score});
        }
        return scored.sort((a, b) => b.score - a.score).slice(0, k);
    }

    /** Starts (or marks for another round) the background work that gives every tool its vector. */
    private fill(): void {
        if (this.filling) {
            this.again = true;
            return;
        }
        // A failure (the database closed at shutdown) leaves search by words; a later change tries again.
        this.filling = this.fillAll()
            .catch(() => {})
            .finally(() => {
                this.filling = null;
                if (this.again) {
                    this.again = false;
                    this.fill();
                }
            });
    }

    private async fillAll(): Promise<void> {
        const model = this.modelKey();
        if (model !== this.model) {
            this.model = model;
            this.vectors = new Map();
            this.query = null;
        }
        if (!model) return;
        const missing = [...this.texts].filter(([name]) => !this.vectors.has(name));
        for (let i = 0; i < missing.length; i += BATCH) {
            const batch = missing.slice(i, i + BATCH).filter(([name]) => this.texts.has(name));
            const unknown = batch.filter(([name, entry]) => {
                const cached = this.cache.read(model, entry.hash);
                if (cached) this.vectors.set(name, cached);
                return !cached;
            });
            if (unknown.length === 0) continue;
            const embedded = await this.embedder.embed(unknown.map(([, entry]) => entry.text));
            // No model after all, or it fails: full-text search goes on alone; a later change tries again.
            if (!embedded.ok) return;
            this.embedded += unknown.length;
            unknown.forEach(([name, entry], j) => {
                const vector = normalized(embedded.value[j]!);
                this.cache.write(model, entry.hash, vector);
                if (this.texts.get(name)?.hash === entry.hash) this.vectors.set(name, vector);
            });
            if (this.modelKey() !== model) return this.fill();
        }
    }

    /** The embedding model as the cache knows it: its file, size and time (a replaced file is another). */
    private modelKey(): string | null {
        const file = this.embedder.configured();
        if (!file) return null;
        try {
            const stat = fs.statSync(file);
            return `${file}:${stat.size}:${Math.floor(stat.mtimeMs)}`;
        } catch {
            return null;
        }
    }
}

/** Reciprocal rank fusion constant: the usual 60 (Cormack et al.), as document search uses. */
const RRF_K = 60;

/** Names ranked by several lists at once: each list gives 1/(60 + rank); the highest sum first. */
export function fuseRanks(lists: string[][]): string[] {
    const fused = new Map<string, number>();
    for (const list of lists)
        list.forEach((name, rank) => fused.set(name, (fused.get(name) ?? 0) + 1 / (RRF_K + rank + 1)));
    return [...fused].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

function normalized(vector: Float32Array): Float32Array {
    let norm = 0;
    for (const x of vector) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return vector.map((x) => x / norm);
}

function dot(a: Float32Array, b: Float32Array): number {
    if (a.length !== b.length) return -1;
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
    return sum;
}
