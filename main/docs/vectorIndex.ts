import type Database from "better-sqlite3";
import type {StatementCache, Db} from "../store/db.js";
import {CodeIndex} from "./codes.js";

/** Which documents a search may see: a collection's, or one conversation's attachments. */
export type Scope = {collectionId: string | null; conversationId: string | null};
export type VectorMeta = {dimension: number; model: string};
type StoredVectorMeta = VectorMeta & {layout?: number};
type LoadedCodes = {index: CodeIndex; model: string; inserted: number; rewritten: number; lastId: number};

const VECTOR_TABLE = "chunk_vectors";
/**
 * Layout 2: vec0 chunks of 32 vectors (reading one vector by rowid reads one 48 KB blob, not 1.5 MB) and a
 * binary code per chunk in `chunks.code`. Layout 1 (no `layout` in the meta) is upgraded in place.
 */
const VECTOR_LAYOUT = 2;
const VECTOR_CHUNK_SIZE = 32;
/** Candidates from the binary codes per wanted result, rescored with the float vectors (sqlite-vec's default). */
const OVERSAMPLE = 8;

/**
 * The vector side of document search: a sqlite-vec vec0 table of float vectors partitioned by scope, whose
 * dimension comes from the embedding model, and the chunks' binary codes held in memory for the first pass.
 * It shares the document store's statements and transactions: a chunk and its vector change together.
 */
export class VectorIndex {
    private codes: LoadedCodes | null = null;

    constructor(
        private readonly db: Db,
        private readonly statements: StatementCache,
    ) {
        this.upgradeLayout();
    }

    private sql(text: string): Database.Statement {
        return this.statements.get(text);
    }

    meta(): VectorMeta | null {
        const meta = this.storedMeta();
        return meta ? {dimension: meta.dimension, model: meta.model} : null;
    }

    private storedMeta(): StoredVectorMeta | null {
        const row = this.sql("SELECT value FROM settings WHERE key = 'vectorIndex'").get() as
            {value: string} | undefined;
        return row ? (JSON.parse(row.value) as StoredVectorMeta) : null;
    }

    /** Creates the vec0 table for this dimension; a different model or dimension drops every vector first. */
    ensureTable(meta: VectorMeta): void {
        const current = this.meta();
        if (current && current.dimension === meta.dimension && current.model === meta.model) return;
        this.createTable(meta);
        this.sql("UPDATE chunks SET code = NULL WHERE code IS NOT NULL").run();
    }

    /** How many vectors the table holds (0 without a table). */
    count(): number {
        if (!this.meta()) return 0;
        return (this.db.prepare(`SELECT count(*) AS n FROM ${VECTOR_TABLE}`).get() as {n: number}).n;
    }

    /** Adds a chunk's vector (the chunk's binary code is written with the chunk). */
    insert(chunkId: number | bigint, vector: Buffer, scope: string): void {
        this.sql(`INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) VALUES (?, ?, ?)`).run(
            BigInt(chunkId),
            vector,
            scope,
        );
    }

    /** Replaces a chunk's vector and its binary code (a new embedding model). */
    replace(chunkId: number, vector: Buffer, scope: string): void {
        this.sql(`DELETE FROM ${VECTOR_TABLE} WHERE rowid = ?`).run(BigInt(chunkId));
        this.insert(chunkId, vector, scope);
        this.sql("UPDATE chunks SET code = vec_quantize_binary(?) WHERE id = ?").run(vector, chunkId);
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
     * A vector table of an older layout is copied into the current one and every chunk gets its binary code;
     * no vector is embedded again.
     */
    private upgradeLayout(): void {
        const meta = this.storedMeta();
        if (!meta || meta.layout === VECTOR_LAYOUT) return;
        this.db.transaction(() => {
            this.db.exec(
                `CREATE TEMP TABLE old_vectors (id INTEGER PRIMARY KEY, embedding BLOB NOT NULL, scope TEXT NOT NULL);
                 INSERT INTO temp.old_vectors (id, embedding, scope) SELECT rowid, embedding, scope FROM ${VECTOR_TABLE};`,
            );
            this.createTable(meta);
            this.db.exec(
                `INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) SELECT id, embedding, scope FROM temp.old_vectors;
                 UPDATE chunks SET code = (SELECT vec_quantize_binary(embedding) FROM temp.old_vectors WHERE id = chunks.id);
                 DROP TABLE temp.old_vectors;`,
            );
        })();
    }

    /**
     * Nearest chunks to a vector by cosine distance, in the given scopes or all. The binary codes in memory
     * give `k × 8` candidates by Hamming distance; their float vectors in the vec0 table give the exact
     * distances and the order. With no more than `k × 8` chunks in scope, the result is exact.
     */
    nearest(vector: Float32Array, k: number, scopes: string[] | null): {chunkId: number; distance: number}[] {
        const meta = this.meta();
        if (!meta || vector.length !== meta.dimension) return [];
        const index = this.loadCodes(meta);
        const blob = blobOf(vector);
        const {code} = this.sql("SELECT vec_quantize_binary(?) AS code").get(blob) as {code: Buffer};
        const distance = this.sql(
            `SELECT vec_distance_cosine(embedding, ?) AS distance FROM ${VECTOR_TABLE} WHERE rowid = ?`,
        );
        return index
            .nearest(code, k * OVERSAMPLE, scopes)
            .flatMap((chunkId) => {
                const row = distance.get(blob, BigInt(chunkId)) as {distance: number} | undefined;
                return row ? [{chunkId, distance: row.distance}] : [];
            })
            .sort((a, b) => a.distance - b.distance)
            .slice(0, k);
    }

    /**
     * The code index, brought up to date: rows inserted since the last call are appended; after a delete,
     * a new model or new vectors it is read again. The counters and rows are read in one transaction, so a
     * write by another process (the CLI) lands wholly before or after.
     */
    private loadCodes(meta: VectorMeta): CodeIndex {
        return this.db.transaction(() => {
            const changes = this.sql("SELECT inserted, rewritten FROM chunk_changes").get() as {
                inserted: number;
                rewritten: number;
            };
            let codes = this.codes;
            if (!codes || codes.model !== meta.model || codes.rewritten !== changes.rewritten) {
                codes = {
                    index: new CodeIndex(Math.ceil(meta.dimension / 8)),
                    model: meta.model,
                    lastId: 0,
                    ...changes,
                };
                this.codes = codes;
                this.appendCodes(codes);
            } else if (codes.inserted !== changes.inserted) {
                this.appendCodes(codes);
                codes.inserted = changes.inserted;
            }
            return codes.index;
        })();
    }

    /**
     * Reads the codes of chunks newer than the last read, one row per document from the covering index
     * `chunks_codes` (a row per chunk costs more in JavaScript than the scan: 100,000 chunks load in
     * about 70 ms this way, 600 ms the other).
     */
    private appendCodes(codes: LoadedCodes): void {
        const scopes = new Map(
            (
                this.sql("SELECT id, collection_id, conversation_id FROM documents").raw().all() as [
                    string,
                    string | null,
                    string | null,
                ][]
            ).map(([id, collectionId, conversationId]) => [id, scopeKey({collectionId, conversationId})]),
        );
        const rows = this.sql(
            `SELECT document_id, group_concat(id, ',' ORDER BY id), group_concat(hex(code), '' ORDER BY id)
             FROM chunks INDEXED BY chunks_codes WHERE code IS NOT NULL AND id > ? GROUP BY document_id`,
        )
            .raw()
            .all(codes.lastId) as [string, string, string][];
        for (const [documentId, ids, hex] of rows) {
            const scope = scopes.get(documentId) ?? "";
            const bytes = Buffer.from(hex, "hex");
            codes.index.add(
                ids.split(",").map((id, i) => ({
                    id: Number(id),
                    code: bytes.subarray(i * codes.index.bytes, (i + 1) * codes.index.bytes),
                    scope,
                })),
            );
            codes.lastId = Math.max(codes.lastId, Number(ids.slice(ids.lastIndexOf(",") + 1)));
        }
    }
}

/** A float vector as the blob sqlite-vec reads. */
export function blobOf(vector: Float32Array): Buffer {
    return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** The vector table's partition for a scope. */
export function scopeKey(scope: Scope): string {
    return scope.collectionId ? `collection:${scope.collectionId}` : `conversation:${scope.conversationId}`;
}
