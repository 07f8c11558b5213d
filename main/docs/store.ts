import {randomUUID} from "node:crypto";
import type Database from "better-sqlite3";
import type {Collection, DocumentInfo} from "../../shared/contract.js";
import {StatementCache, type Db} from "../store/db.js";
import type {Chunk, ChunkLocation} from "./chunker.js";
import {CodeIndex} from "./codes.js";

type DocRow = {
    id: string;
    collection_id: string | null;
    conversation_id: string | null;
    path: string;
    title: string;
    kind: string;
    content_hash: string | null;
    size_bytes: number | null;
    status: DocumentInfo["status"];
    error: string | null;
    chunk_count: number;
    job_id: string | null;
    added_at: number;
    updated_at: number;
};

export type Scope = {collectionId: string | null; conversationId: string | null};
/** A BM25 match; `exact` when it holds a code-like query word found in very few chunks (EXACT_TERM_MATCHES). */
export type FullTextHit = {chunkId: number; score: number; exact: boolean};
export type VectorMeta = {dimension: number; model: string};
type StoredVectorMeta = VectorMeta & {layout?: number};

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
 * The most full-text matches ranked for one query. BM25 costs about 2 µs a matching row, so a word in every
 * chunk of 100,000 would cost 200 ms; words more common than this are left to rank nothing (see fullText).
 */
const FULL_TEXT_BUDGET = 2000;
/**
 * A code-like query word (with a digit, `_`, inner `-.:/`, or camelCase: ZX-4471, E_TIMEOUT_42,
 * retryWithBackoff) found in this many chunks or fewer is an exact reference: the chunks holding it are
 * marked `exact`, and search puts them first. Plain words are not: in a small corpus every word is rare.
 */
const EXACT_TERM_MATCHES = 3;

type LoadedCodes = {index: CodeIndex; model: string; inserted: number; rewritten: number; lastId: number};

/**
 * Collections, documents, chunks and their two indexes: FTS5 (kept by triggers) and a sqlite-vec vec0 table
 * whose dimension comes from the embedding model. A document's chunks, text and vectors change in one
 * transaction, so that no index ever holds a row the others lack.
 */
export class DocumentStore {
    private readonly statements: StatementCache;
    private codes: LoadedCodes | null = null;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
        this.upgradeVectorLayout();
    }

    private sql(text: string): Database.Statement {
        return this.statements.get(text);
    }

    collections(): Collection[] {
        return this.sql(
            `SELECT c.id, c.name, c.created_at AS createdAt, count(d.id) AS documentCount,
                    coalesce(sum(d.chunk_count), 0) AS chunkCount
             FROM collections c LEFT JOIN documents d ON d.collection_id = c.id
             GROUP BY c.id ORDER BY c.name`,
        ).all() as Collection[];
    }

    collectionByName(name: string): Collection | null {
        return this.collections().find((c) => c.name === name) ?? null;
    }

    createCollection(name: string): Collection {
        const existing = this.collectionByName(name);
        if (existing) return existing;
        const id = randomUUID();
        this.sql("INSERT INTO collections (id, name, created_at) VALUES (?, ?, ?)").run(id, name, Date.now());
        return this.collectionByName(name)!;
    }

    /** Deletes a collection; its documents, chunks, full-text rows and vectors go by cascade and triggers. */
    deleteCollection(id: string): boolean {
        return this.sql("DELETE FROM collections WHERE id = ?").run(id).changes > 0;
    }

    documents(scope: Partial<Scope> = {}): DocumentInfo[] {
        const rows = this.sql(
            `SELECT * FROM documents WHERE (? IS NULL OR collection_id = ?) AND (? IS NULL OR conversation_id = ?)
             ORDER BY added_at, rowid`,
        ).all(
            scope.collectionId ?? null,
            scope.collectionId ?? null,
            scope.conversationId ?? null,
            scope.conversationId ?? null,
        ) as DocRow[];
        return rows.map(toInfo);
    }

    document(id: string): (DocumentInfo & {text: string | null; hash: string | null}) | null {
        const row = this.sql("SELECT * FROM documents WHERE id = ?").get(id) as
            (DocRow & {text: string | null}) | undefined;
        return row ? {...toInfo(row), text: row.text, hash: row.content_hash} : null;
    }

    /** The row for a path in a scope: existing (to compare hashes) or new, marked pending for a job. */
    queue(file: string, title: string, kind: string, scope: Scope, jobId: string): DocumentInfo {
        const existing = this.findByPath(file, scope);
        const now = Date.now();
        if (existing) {
            this.sql("UPDATE documents SET job_id = ?, status = 'pending', updated_at = ? WHERE id = ?").run(
                jobId,
                now,
                existing.id,
            );
            return {...existing, status: "pending"};
        }
        const id = randomUUID();
        this.sql(
            `INSERT INTO documents (id, collection_id, conversation_id, path, title, kind, status, job_id, added_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
        ).run(id, scope.collectionId, scope.conversationId, file, title, kind, jobId, now, now);
        return this.document(id)!;
    }

    findByPath(file: string, scope: Scope): DocumentInfo | null {
        const row = this.sql(
            `SELECT * FROM documents WHERE path = ? AND ifnull(collection_id, '') = ? AND ifnull(conversation_id, '') = ?`,
        ).get(file, scope.collectionId ?? "", scope.conversationId ?? "") as DocRow | undefined;
        return row ? toInfo(row) : null;
    }

    /** Documents a job still has to index (after a restart, the job resumes with these). */
    pendingJobs(): Map<string, DocumentInfo[]> {
        const rows = this.sql(
            "SELECT * FROM documents WHERE status = 'pending' ORDER BY added_at, rowid",
        ).all() as DocRow[];
        const jobs = new Map<string, DocumentInfo[]>();
        for (const row of rows) {
            const key = row.job_id ?? "resumed";
            jobs.set(key, [...(jobs.get(key) ?? []), toInfo(row)]);
        }
        return jobs;
    }

    fail(id: string, error: string): void {
        this.sql(
            "UPDATE documents SET status = 'error', error = ?, job_id = NULL, updated_at = ? WHERE id = ?",
        ).run(error, Date.now(), id);
    }

    /** Replaces a document's chunks, text and vectors in one transaction. */
    index(
        id: string,
        doc: {title: string; hash: string; size: number; text: string},
        chunks: Chunk[],
        vectors: Float32Array[],
        vectorMeta: VectorMeta,
    ): void {
        this.db.transaction(() => {
            this.ensureVectorTable(vectorMeta);
            this.sql("DELETE FROM chunks WHERE document_id = ?").run(id);
            const insertChunk = this.sql(
                "INSERT INTO chunks (document_id, ordinal, text, location, code) VALUES (?, ?, ?, ?, vec_quantize_binary(?))",
            );
            const insertVector = this.sql(
                `INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) VALUES (?, ?, ?)`,
            );
            const scope = this.scopeKeyOf(id);
            chunks.forEach((chunk, i) => {
                const vector = blobOf(vectors[i]!);
                const {lastInsertRowid} = insertChunk.run(
                    id,
                    i,
                    chunk.text,
                    JSON.stringify(chunk.location),
                    vector,
                );
                insertVector.run(BigInt(lastInsertRowid), vector, scope);
            });
            this.sql(
                `UPDATE documents SET title = ?, content_hash = ?, size_bytes = ?, text = ?, status = 'indexed', error = NULL,
                     chunk_count = ?, job_id = NULL, updated_at = ? WHERE id = ?`,
            ).run(doc.title, doc.hash, doc.size, doc.text, chunks.length, Date.now(), id);
        })();
    }

    /** Marks a document unchanged (same content hash): nothing to do but finish it. */
    markUnchanged(id: string): void {
        this.sql("UPDATE documents SET status = 'indexed', job_id = NULL, updated_at = ? WHERE id = ?").run(
            Date.now(),
            id,
        );
    }

    removeDocument(id: string): boolean {
        return this.sql("DELETE FROM documents WHERE id = ?").run(id).changes > 0;
    }

    /** After a cancel: documents never indexed are dropped, ones indexed before keep their old index. */
    dropPending(jobId: string): number {
        this.sql(
            "UPDATE documents SET status = 'indexed', job_id = NULL WHERE job_id = ? AND status = 'pending' AND chunk_count > 0",
        ).run(jobId);
        return this.sql("DELETE FROM documents WHERE job_id = ? AND status = 'pending'").run(jobId).changes;
    }

    chunk(id: number): {id: number; documentId: string; text: string; location: ChunkLocation} | null {
        const row = this.sql("SELECT id, document_id, text, location FROM chunks WHERE id = ?").get(id) as
            {id: number; document_id: string; text: string; location: string} | undefined;
        return row
            ? {
                  id: row.id,
                  documentId: row.document_id,
                  text: row.text,
                  location: JSON.parse(row.location) as ChunkLocation,
              }
            : null;
    }

    vectorMeta(): VectorMeta | null {
        const meta = this.storedVectorMeta();
        return meta ? {dimension: meta.dimension, model: meta.model} : null;
    }

    private storedVectorMeta(): StoredVectorMeta | null {
        const row = this.sql("SELECT value FROM settings WHERE key = 'vectorIndex'").get() as
            {value: string} | undefined;
        return row ? (JSON.parse(row.value) as StoredVectorMeta) : null;
    }

    /** Creates the vec0 table for this dimension; a different model or dimension drops every vector first. */
    ensureVectorTable(meta: VectorMeta): void {
        const current = this.vectorMeta();
        if (current && current.dimension === meta.dimension && current.model === meta.model) return;
        this.createVectorTable(meta);
        this.sql("UPDATE chunks SET code = NULL WHERE code IS NOT NULL").run();
    }

    /** A new, empty vec0 table and its delete trigger, replacing the old one. */
    private createVectorTable(meta: VectorMeta): void {
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
    private upgradeVectorLayout(): void {
        const meta = this.storedVectorMeta();
        if (!meta || meta.layout === VECTOR_LAYOUT) return;
        this.db.transaction(() => {
            this.db.exec(
                `CREATE TEMP TABLE old_vectors (id INTEGER PRIMARY KEY, embedding BLOB NOT NULL, scope TEXT NOT NULL);
                 INSERT INTO temp.old_vectors (id, embedding, scope) SELECT rowid, embedding, scope FROM ${VECTOR_TABLE};`,
            );
            this.createVectorTable(meta);
            this.db.exec(
                `INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) SELECT id, embedding, scope FROM temp.old_vectors;
                 UPDATE chunks SET code = (SELECT vec_quantize_binary(embedding) FROM temp.old_vectors WHERE id = chunks.id);
                 DROP TABLE temp.old_vectors;`,
            );
        })();
    }

    hasVectorTable(): boolean {
        return this.vectorMeta() !== null;
    }

    /** How many rows each index holds (tests check they agree). */
    counts(): {chunks: number; fts: number; vectors: number} {
        const one = (sql: string) => (this.db.prepare(sql).get() as {n: number}).n;
        return {
            chunks: one("SELECT count(*) AS n FROM chunks"),
            fts: one("SELECT count(*) AS n FROM chunks_fts_docsize"),
            vectors: this.hasVectorTable() ? one(`SELECT count(*) AS n FROM ${VECTOR_TABLE}`) : 0,
        };
    }

    /** Documents with chunks, to embed again with a new embedding model. */
    documentsToReembed(): DocumentInfo[] {
        return this.documents().filter((d) => d.chunkCount > 0);
    }

    chunkTexts(documentId: string): {id: number; text: string}[] {
        return this.sql("SELECT id, text FROM chunks WHERE document_id = ? ORDER BY ordinal").all(
            documentId,
        ) as {id: number; text: string}[];
    }

    /** Writes one document's vectors for a new model (the table was recreated for it). */
    replaceVectors(
        documentId: string,
        vectors: {id: number; vector: Float32Array}[],
        meta: VectorMeta,
    ): void {
        this.db.transaction(() => {
            this.ensureVectorTable(meta);
            const scope = this.scopeKeyOf(documentId);
            const remove = this.sql(`DELETE FROM ${VECTOR_TABLE} WHERE rowid = ?`);
            const insert = this.sql(`INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) VALUES (?, ?, ?)`);
            const recode = this.sql("UPDATE chunks SET code = vec_quantize_binary(?) WHERE id = ?");
            for (const {id, vector} of vectors) {
                const blob = blobOf(vector);
                remove.run(BigInt(id));
                insert.run(BigInt(id), blob, scope);
                recode.run(blob, id);
            }
        })();
    }

    scopeKeyOf(documentId: string): string {
        const row = this.sql("SELECT collection_id, conversation_id FROM documents WHERE id = ?").get(
            documentId,
        ) as {collection_id: string | null; conversation_id: string | null};
        return scopeKey({collectionId: row.collection_id, conversationId: row.conversation_id});
    }

    /**
     * Nearest chunks to a vector by cosine distance, in the given scopes or all. The binary codes in memory
     * give `k × 8` candidates by Hamming distance; their float vectors in the vec0 table give the exact
     * distances and the order. With no more than `k × 8` chunks in scope, the result is exact.
     */
    nearest(vector: Float32Array, k: number, scopes: string[] | null): {chunkId: number; distance: number}[] {
        const meta = this.vectorMeta();
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

    /**
     * Full-text (BM25) matches of a query, best first, in the given scopes or all. BM25 costs in proportion
     * to the rows that match, so words that match more than FULL_TEXT_BUDGET chunks (in English "the", "how")
     * are dropped when rarer words are in the query: such words weigh little in BM25 (their inverse document
     * frequency is small), and the rarer words are the ones that find exact names and codes. A query of only
     * such words gets nothing from full text, and the vector side answers it.
     */
    fullText(query: string, k: number, scopes: string[] | null): FullTextHit[] {
        const {match, rare} = this.fullTextMatch(query);
        if (!match) return [];
        const exact = new Set(
            rare.length
                ? (this.sql("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?")
                      .pluck()
                      .all(rare.join(" OR ")) as number[])
                : [],
        );
        // The inner LIMIT only guards the budget: the words chosen match fewer rows than it together.
        const rows = this.sql(
            `SELECT chunkId, score FROM (
                 SELECT f.rowid AS chunkId, bm25(chunks_fts) AS score
                 FROM chunks_fts f JOIN chunks c ON c.id = f.rowid JOIN documents d ON d.id = c.document_id
                 WHERE chunks_fts MATCH ? AND (? IS NULL OR iif(d.collection_id IS NOT NULL, 'collection:' || d.collection_id,
                     'conversation:' || d.conversation_id) IN (SELECT value FROM json_each(?)))
                 LIMIT ?)
             ORDER BY score LIMIT ?`,
        ).all(match, scopes && 1, scopes && JSON.stringify(scopes), FULL_TEXT_BUDGET, k) as {
            chunkId: number;
            score: number;
        }[];
        return rows.map((row) => ({...row, exact: exact.has(row.chunkId)}));
    }

    /** The FTS5 query to rank: the query's rarer terms joined by OR, or null when every term is common. */
    private fullTextMatch(query: string): {match: string | null; rare: string[]} {
        const counted = ftsTerms(query)
            .map(({term, codeLike}) => ({term, codeLike, matches: this.countMatches(term)}))
            .filter((t) => t.matches > 0)
            .sort((a, b) => a.matches - b.matches);
        if (!counted.length) return {match: null, rare: []};
        const chosen: string[] = [];
        let total = 0;
        for (const {term, matches} of counted) {
            if (total + matches >= FULL_TEXT_BUDGET) break;
            chosen.push(term);
            total += matches;
        }
        // Only common words: BM25 would need a pass over each one's whole posting list for its weight alone
        // (an AND of five such words took 15–35 ms at 100,000 chunks), and ranks little with them.
        return {
            match: chosen.length ? chosen.join(" OR ") : null,
            rare: counted.filter((t) => t.codeLike && t.matches <= EXACT_TERM_MATCHES).map((t) => t.term),
        };
    }

    /** How many chunks match, counted up to FULL_TEXT_BUDGET (which is cheap: no ranking). */
    private countMatches(match: string): number {
        return (
            this.sql(
                "SELECT count(*) AS n FROM (SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)",
            ).get(match, FULL_TEXT_BUDGET) as {n: number}
        ).n;
    }

    /** Chunks with their documents, for search results. */
    hits(
        ids: number[],
    ): Map<number, {text: string; location: ChunkLocation; documentId: string; title: string; path: string}> {
        const result = new Map<
            number,
            {text: string; location: ChunkLocation; documentId: string; title: string; path: string}
        >();
        const statement = this.sql(
            "SELECT c.id, c.text, c.location, d.id AS documentId, d.title, d.path FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ?",
        );
        for (const id of ids) {
            const row = statement.get(id) as
                | {
                      id: number;
                      text: string;
                      location: string;
                      documentId: string;
                      title: string;
                      path: string;
                  }
                | undefined;
            if (row) result.set(id, {...row, location: JSON.parse(row.location) as ChunkLocation});
        }
        return result;
    }
}

/**
 * Each word of a query as a quoted FTS5 term (exact terms match, FTS5 syntax in the query is inert), and
 * whether it looks like a code or identifier rather than a word.
 */
export function ftsTerms(query: string): {term: string; codeLike: boolean}[] {
    const words = query.match(/[\p{L}\p{N}_]+(?:[-.:/][\p{L}\p{N}_]+)*/gu) ?? [];
    const terms = new Map<string, boolean>();
    for (const word of words) {
        const term = `"${word.toLowerCase().replace(/"/g, '""')}"`;
        const codeLike = /[\p{N}_\-.:/]/u.test(word) || /\p{Ll}\p{Lu}/u.test(word);
        terms.set(term, (terms.get(term) ?? false) || codeLike);
    }
    return [...terms].map(([term, codeLike]) => ({term, codeLike}));
}

/** A float vector as the blob sqlite-vec reads. */
function blobOf(vector: Float32Array): Buffer {
    return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function scopeKey(scope: Scope): string {
    return scope.collectionId ? `collection:${scope.collectionId}` : `conversation:${scope.conversationId}`;
}

function toInfo(r: DocRow): DocumentInfo {
    return {
        id: r.id,
        collectionId: r.collection_id,
        conversationId: r.conversation_id,
        path: r.path,
        title: r.title,
        kind: r.kind,
        sizeBytes: r.size_bytes,
        status: r.status,
        error: r.error,
        chunkCount: r.chunk_count,
        addedAt: r.added_at,
        updatedAt: r.updated_at,
    };
}
