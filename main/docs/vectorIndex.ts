import type Database from "better-sqlite3";
import type {StatementCache, Db} from "../store/db.js";
import {startWorker} from "../workers.js";
import {documentScopes, readCodeBlocks, type CodeBlocks} from "./codeBlocks.js";
import {CodeIndex} from "./codes.js";
import {codeBlock, int8Code, int8Cosine, normalized} from "./quantize.js";
import {fromStoredJson, writeTransaction} from "../store/db.js";

export {scopeKey, type Scope} from "./scope.js";

export type VectorMeta = {dimension: number; model: string};
type StoredVectorMeta = VectorMeta & {layout?: number};
/** The codes in memory, the meta they were read for, the last log entry read, and each document's place. */
type LoadedCodes = {
    index: CodeIndex;
    model: string;
    seq: number;
    places: Map<string, {start: number; count: number}>;
};

const VECTOR_TABLE = "chunk_vectors";
/**
 * Layout 3: vec0 chunks of 32 vectors (reading one vector by rowid reads one 48 KB blob, not 1.5 MB); per
 * document a block of its chunks' binary and 4-bit codes (`document_codes`), and per chunk its int8 code
 * (`vector_codes`). Layouts 1 (no `layout` in the meta) and 2 (binary codes per chunk) are upgraded in
 * place, without embedding anything again.
 */
const VECTOR_LAYOUT = 3;
const VECTOR_CHUNK_SIZE = 32;
/**
 * Candidates of the first stage (Hamming distance of binary codes), rescored with their 4-bit codes. Wide,
 * because a binary code is a coarse guess: it tells a passage on the query's subject from one off it, but
 * within a subject its error is larger than the gaps between neighbours.
 */
const WIDE = 4096;
/** Per wanted result, candidates of the second stage rescored with their int8 codes (read from the file). */
const OVERSAMPLE = 3;
/** Entries of the code log kept: a reader that has not read since this many changes reads everything. */
const LOG_KEPT = 100_000;
/** From this many chunks, the codes are read whole in a worker (see prepare). */
const WORKER_FROM = 50_000;

/**
 * The vector side of document search. The float vectors are kept in a sqlite-vec vec0 table (partitioned
 * by scope; its dimension comes from the embedding model): the exact record, and vec0's exact kNN. Search
 * runs on compact codes of them (quantize.ts) in three stages; see `nearest`. It shares the document store's
 * statements and transactions: a chunk, its vector and its codes change together.
 */
export class VectorIndex {
    private codes: LoadedCodes | null = null;

    constructor(
        private readonly db: Db,
        private readonly statements: StatementCache,
    ) {
        this.upgradeLayout();
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    meta(): VectorMeta | null {
        const meta = this.storedMeta();
        return meta ? {dimension: meta.dimension, model: meta.model} : null;
    }

    private storedMeta(): StoredVectorMeta | null {
        const row = this.sql<{value: string}>("SELECT value FROM settings WHERE key = 'vectorIndex'").get();
        return row ? fromStoredJson<StoredVectorMeta>(row.value) : null;
    }

    /** Creates the vec0 table for this dimension; a different model or dimension drops every vector first. */
    ensureTable(meta: VectorMeta): void {
        const current = this.meta();
        if (current && current.dimension === meta.dimension && current.model === meta.model) return;
        this.createTable(meta);
        this.sql("DELETE FROM document_codes").run();
        this.sql("DELETE FROM vector_codes").run();
    }

    /** How many vectors the table holds (0 without a table). */
    count(): number {
        if (!this.meta()) return 0;
        return this.db.prepare<unknown[], {n: number}>(`SELECT count(*) AS n FROM ${VECTOR_TABLE}`).get()!.n;
    }

    /**
     * Writes a document's vectors and codes, its chunks already in place (new ones, or the same ones with a
     * new model: their old vectors are dropped). Every chunk of the document is given.
     */
    writeDocument(
        documentId: string,
        chunks: {id: number | bigint; vector: Float32Array}[],
        scope: string,
    ): void {
        const insertVector = this.sql(
            `INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) VALUES (?, ?, ?)`,
        );
        const insertCode = this.sql("INSERT OR REPLACE INTO vector_codes (chunk_id, code) VALUES (?, ?)");
        const dropVector = this.sql(`DELETE FROM ${VECTOR_TABLE} WHERE rowid = ?`);
        const units = chunks.map(({id, vector}) => {
            const unit = normalized(vector);
            dropVector.run(BigInt(id));
            insertVector.run(BigInt(id), blobOf(vector), scope);
            insertCode.run(BigInt(id), int8Code(unit));
            return unit;
        });
        this.sql("DELETE FROM document_codes WHERE document_id = ?").run(documentId);
        if (chunks.length === 0) return;
        const ids = Float64Array.from(chunks, (c) => Number(c.id));
        this.sql("INSERT INTO document_codes (document_id, ids, codes) VALUES (?, ?, ?)").run(
            documentId,
            Buffer.from(ids.buffer),
            codeBlock(units),
        );
    }

    /** A new, empty vec0 table and its delete trigger, replacing the old one. */
    private createTable(meta: VectorMeta): void {
        // The trigger keeps the vectors in step with the chunks, also when a cascade deletes them.
        this.db.exec(`DROP TRIGGER IF EXISTS chunk_vectors_delete; DROP TABLE IF EXISTS ${VECTOR_TABLE};`);
        this.db.exec(
            `CREATE VIRTUAL TABLE ${VECTOR_TABLE} USING vec0(chunk_size=${VECTOR_CHUNK_SIZE}, embedding float[${meta.dimension}] distance_metric=cosine, scope text partition key);
             CREATE TRIGGER chunk_vectors_delete AFTER DELETE ON chunks BEGIN
                 DELETE FROM ${VECTOR_TABLE} WHERE rowid = old.id;
             END;`,
        );
        this.statements.clear();
        this.writeMeta(meta);
    }

    private writeMeta(meta: VectorMeta): void {
        const stored: StoredVectorMeta = {
            dimension: meta.dimension,
            model: meta.model,
            layout: VECTOR_LAYOUT,
        };
        this.sql(
            "INSERT INTO settings (key, value) VALUES ('vectorIndex', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        ).run(JSON.stringify(stored));
    }

    /**
     * An older layout is brought to the current one: a vec0 table of layout 1 is copied into one of 32-vector
     * chunks, and every document gets its codes from its stored vectors; no vector is embedded again. The
     * vectors are read in one pass (1.5 KB each: 150 MB for 100,000 chunks), once.
     */
    private upgradeLayout(): void {
        const meta = this.storedMeta();
        if (!meta || meta.layout === VECTOR_LAYOUT) return;
        writeTransaction(this.db, () => {
            if (meta.layout === undefined) this.rechunkTable(meta);
            const stored = new Map(
                this.db
                    .prepare<unknown[], [number, Buffer]>(`SELECT rowid, embedding FROM ${VECTOR_TABLE}`)
                    .raw()
                    .all()
                    .map(([id, blob]) => [id, floatsOf(blob)]),
            );
            const chunks = this.sql<[string, number]>(
                "SELECT document_id, id FROM chunks ORDER BY document_id, id",
            )
                .raw()
                .all();
            const scopes = documentScopes(this.db);
            for (const [documentId, ids] of groupBy(chunks)) {
                const withVectors = ids
                    .filter((id) => stored.has(id))
                    .map((id) => ({id, vector: stored.get(id)!}));
                this.writeDocument(documentId, withVectors, scopes.get(documentId) ?? "?");
            }
            this.writeMeta(meta);
        });
    }

    private rechunkTable(meta: VectorMeta): void {
        this.db.exec(
            `CREATE TEMP TABLE old_vectors (id INTEGER PRIMARY KEY, embedding BLOB NOT NULL, scope TEXT NOT NULL);
             INSERT INTO temp.old_vectors (id, embedding, scope) SELECT rowid, embedding, scope FROM ${VECTOR_TABLE};`,
        );
        this.createTable(meta);
        this.db.exec(
            `INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) SELECT id, embedding, scope FROM temp.old_vectors;
             DROP TABLE temp.old_vectors;`,
        );
    }

    /**
     * Nearest chunks to a vector by cosine distance, in the given scopes or all, in three stages: the WIDE
     * nearest by the binary codes in memory, the `k × OVERSAMPLE` best of those by their 4-bit codes (also in
     * memory), and these ordered by their int8 codes, read from the file, which also give the distances
     * (within about 0.001 of the float vectors'). With no more than WIDE chunks in scope, every one is scored.
     */
    nearest(vector: Float32Array, k: number, scopes: string[] | null): {chunkId: number; distance: number}[] {
        const meta = this.meta();
        if (!meta || vector.length !== meta.dimension) return [];
        const unit = normalized(vector);
        const candidates = this.loadCodes(meta).nearest(unit, k * OVERSAMPLE, WIDE, scopes);
        const rows = this.sql<[number, Buffer]>(
            "SELECT chunk_id, code FROM vector_codes WHERE chunk_id IN (SELECT value FROM json_each(?))",
        )
            .raw()
            .all(JSON.stringify(candidates.map((c) => c.id)));
        return rows
            .map(([chunkId, code]) => ({chunkId, distance: 1 - int8Cosine(unit, code)}))
            .sort((a, b) => a.distance - b.distance)
            .slice(0, k);
    }

    /** What the codes in memory hold: their bytes, chunks, and chunks struck out (all 0 before a search). */
    inMemory(): {bytes: number; chunks: number; struckOut: number} {
        const index = this.codes?.index;
        return {bytes: index?.memoryBytes ?? 0, chunks: index?.size ?? 0, struckOut: index?.struckOut ?? 0};
    }

    /**
     * The codes in memory, brought up to date in one read transaction (a write by another process, the CLI,
     * lands wholly before or after) from the log of documents whose codes changed (`vector_log`): their old
     * codes are struck out and their new ones appended. They are read again whole for a new model, when the
     * log no longer reaches back to the last read, or when a fifth of what is held is struck out.
     */
    private loadCodes(meta: VectorMeta): CodeIndex {
        return this.db.transaction(() => {
            const log = this.sql<{
                first: number | null;
                last: number | null;
            }>("SELECT min(seq) AS first, max(seq) AS last FROM vector_log").get()!;
            const last = log.last ?? 0;
            const codes = this.codes;
            const whole = this.stale(meta, log.first);
            if (whole) this.install(meta, readCodeBlocks(this.db));
            else if (codes && codes.seq < last) {
                const changed = this.sql<string>("SELECT DISTINCT document_id FROM vector_log WHERE seq > ?")
                    .pluck()
                    .all(codes.seq);
                for (const documentId of changed) {
                    const place = codes.places.get(documentId);
                    if (place) codes.index.strikeOut(place.start, place.count);
                    codes.places.delete(documentId);
                }
                this.readDocuments(codes, changed);
                codes.seq = last;
            }
            return this.codes!.index;
        })();
    }

    /** Appends the code blocks of these documents, one block a document. */
    private readDocuments(codes: LoadedCodes, documentIds: string[]): void {
        const scopes = documentScopes(this.db);
        const rows = this.sql<[string, Buffer, Buffer]>(
            "SELECT document_id, ids, codes FROM document_codes WHERE document_id IN (SELECT value FROM json_each(?))",
        )
            .raw()
            .all(JSON.stringify(documentIds));
        for (const [documentId, idBytes, block] of rows) {
            const ids = new Float64Array(
                idBytes.buffer.slice(idBytes.byteOffset, idBytes.byteOffset + idBytes.byteLength),
            );
            const start = codes.index.addRun(ids, block, scopes.get(documentId) ?? "?");
            codes.places.set(documentId, {start, count: ids.length});
        }
    }

    /** Whether the codes in memory must be read again whole (see loadCodes). */
    private stale(meta: VectorMeta, firstLogged: number | null): boolean {
        const codes = this.codes;
        return (
            !codes ||
            codes.model !== meta.model ||
            codes.index.dimension !== meta.dimension ||
            (firstLogged !== null && codes.seq < firstLogged - 1) ||
            codes.index.struckOut > codes.index.size / 5
        );
    }

    /** The codes in memory, made from every document's block. */
    private install(meta: VectorMeta, blocks: CodeBlocks): void {
        const index = new CodeIndex(meta.dimension);
        index.reserve(blocks.ids.length);
        const places = new Map<string, {start: number; count: number}>();
        let idAt = 0;
        let codeAt = 0;
        for (const {id, scope, count} of blocks.documents) {
            const bytes = count * index.codeBytes;
            const start = index.addRun(
                blocks.ids.subarray(idAt, idAt + count),
                blocks.codes.subarray(codeAt, codeAt + bytes),
                scope,
            );
            places.set(id, {start, count});
            idAt += count;
            codeAt += bytes;
        }
        this.codes = {index, model: meta.model, seq: blocks.seq, places};
    }

    /**
     * Reads the codes in a worker when they must be read whole (the first search, a new model): at a million
     * passages that is seconds of SQLite reading that would otherwise hold the event loop; under
     * `fromChunks` chunks the search reads them in place (50,000 take about 0.2 s). What changed while the
     * worker read is applied from the log by the next search. Concurrent calls share one read.
     */
    prepare(fromChunks = WORKER_FROM): Promise<void> {
        const meta = this.meta();
        if (!meta || this.db.memory) return Promise.resolve();
        const first = this.sql<number | null>("SELECT min(seq) FROM vector_log").pluck().get() ?? null;
        if (!this.stale(meta, first)) return Promise.resolve();
        const chunks = this.sql<number | null>("SELECT sum(length(ids)) / 8 FROM document_codes")
            .pluck()
            .get();
        if ((chunks ?? 0) < fromChunks) return Promise.resolve(); // read in place by the search: faster than a worker's start
        this.preparing ??= this.readInWorker()
            .then((blocks) => {
                if (this.meta()?.model === meta.model) this.install(meta, blocks);
            })
            .finally(() => (this.preparing = null));
        return this.preparing;
    }

    private preparing: Promise<void> | null = null;

    private readInWorker(): Promise<CodeBlocks> {
        const worker = startWorker(import.meta.url, "codesWorker", {workerData: {file: this.db.name}});
        return new Promise<CodeBlocks>((resolve, reject) => {
            worker.once("message", (m: {blocks?: CodeBlocks; error?: string}) =>
                m.blocks ? resolve(m.blocks) : reject(new Error(m.error)),
            );
            worker.once("error", reject);
            worker.once("exit", (code) =>
                reject(new Error(`reading the vector codes stopped (worker exit ${code})`)),
            );
        }).finally(() => void worker.terminate());
    }

    /** Keeps the log to its last LOG_KEPT entries (a reader further behind reads everything again). */
    trimLog(): void {
        this.sql("DELETE FROM vector_log WHERE seq <= (SELECT max(seq) FROM vector_log) - ?").run(LOG_KEPT);
    }
}

function groupBy(rows: [string, number][]): Map<string, number[]> {
    const groups = new Map<string, number[]>();
    for (const [key, id] of rows) {
        const group = groups.get(key) ?? [];
        group.push(id);
        groups.set(key, group);
    }
    return groups;
}

function floatsOf(blob: Uint8Array): Float32Array {
    const floats = new Float32Array(blob.byteLength / 4);
    new Uint8Array(floats.buffer).set(blob);
    return floats;
}

/** A float vector as the blob sqlite-vec reads. */
export function blobOf(vector: Float32Array): Buffer {
    return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
