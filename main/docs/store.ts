import {randomUUID} from "node:crypto";
import type Database from "better-sqlite3";
import type {Collection, DocumentInfo} from "../../shared/contract.js";
import type {Words} from "../../shared/result.js";
import {
    errorWordsColumn,
    errorWordsOf,
    StatementCache,
    type Db,
    fromStoredJson,
    writeTransaction,
} from "../store/db.js";
import type {Chunk, ChunkLocation} from "./chunker.js";
import {scopeKey, VectorIndex, type Scope, type VectorMeta} from "./vectorIndex.js";

export {scopeKey, type Scope, type VectorMeta} from "./vectorIndex.js";

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
    error_words?: string | null;
    chunk_count: number;
    job_id: string | null;
    added_at: number;
    updated_at: number;
};

/** A BM25 match; `exact` when it holds a code-like query word found in very few chunks (EXACT_TERM_MATCHES). */
export type FullTextHit = {chunkId: number; score: number; exact: boolean};

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

/**
 * Collections, documents, chunks and their two indexes: FTS5 (kept by triggers) and a sqlite-vec vec0 table
 * whose dimension comes from the embedding model. A document's chunks, text and vectors change in one
 * transaction, so that no index ever holds a row the others lack.
 */
export class DocumentStore {
    private readonly statements: StatementCache;
    /** The vector side (vec0 table and the codes search runs on), in the same database and transactions. */
    readonly vectors: VectorIndex;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
        this.vectors = new VectorIndex(db, this.statements);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    collections(): Collection[] {
        return this.sql<Collection>(
            `SELECT c.id, c.name, c.created_at AS createdAt, count(d.id) AS documentCount,
                    coalesce(sum(d.chunk_count), 0) AS chunkCount
             FROM collections c LEFT JOIN documents d ON d.collection_id = c.id
             GROUP BY c.id ORDER BY c.name`,
        ).all();
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
        const rows = this.sql<DocRow>(
            `SELECT * FROM documents WHERE (? IS NULL OR collection_id = ?) AND (? IS NULL OR conversation_id = ?)
             ORDER BY added_at, rowid`,
        ).all(
            scope.collectionId ?? null,
            scope.collectionId ?? null,
            scope.conversationId ?? null,
            scope.conversationId ?? null,
        );
        return rows.map(toInfo);
    }

    document(id: string): (DocumentInfo & {text: string | null; hash: string | null}) | null {
        const row = this.sql<DocRow & {text: string | null}>("SELECT * FROM documents WHERE id = ?").get(id);
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
        const row = this.sql<DocRow>(
            `SELECT * FROM documents WHERE path = ? AND ifnull(collection_id, '') = ? AND ifnull(conversation_id, '') = ?`,
        ).get(file, scope.collectionId ?? "", scope.conversationId ?? "");
        return row ? toInfo(row) : null;
    }

    /** Documents a job still has to index (after a restart, the job resumes with these). */
    pendingJobs(): Map<string, DocumentInfo[]> {
        const rows = this.sql<DocRow>(
            "SELECT * FROM documents WHERE status = 'pending' ORDER BY added_at, rowid",
        ).all();
        const jobs = new Map<string, DocumentInfo[]>();
        for (const row of rows) {
            const key = row.job_id ?? "resumed";
            jobs.set(key, [...(jobs.get(key) ?? []), toInfo(row)]);
        }
        return jobs;
    }

    /** Marks a document failed with its reason, and the reason's words where it has them. */
    fail(id: string, error: string, words?: Words): void {
        this.sql(
            "UPDATE documents SET status = 'error', error = ?, error_words = ?, job_id = NULL, updated_at = ? WHERE id = ?",
        ).run(error, errorWordsColumn(error, words), Date.now(), id);
    }

    /** Replaces a document's chunks, text and vectors in one transaction. */
    index(
        id: string,
        doc: {title: string; hash: string; size: number; text: string},
        chunks: Chunk[],
        vectors: Float32Array[],
        vectorMeta: VectorMeta,
    ): void {
        writeTransaction(this.db, () => {
            this.vectors.ensureTable(vectorMeta);
            this.sql("DELETE FROM chunks WHERE document_id = ?").run(id);
            const insertChunk = this.sql(
                "INSERT INTO chunks (document_id, ordinal, text, location) VALUES (?, ?, ?, ?)",
            );
            const written = chunks.map((chunk, i) => ({
                id: insertChunk.run(id, i, chunk.text, JSON.stringify(chunk.location)).lastInsertRowid,
                vector: vectors[i]!,
            }));
            this.vectors.writeDocument(id, written, this.scopeKeyOf(id));
            this.sql(
                `UPDATE documents SET title = ?, content_hash = ?, size_bytes = ?, text = ?, status = 'indexed', error = NULL,
                     chunk_count = ?, job_id = NULL, updated_at = ? WHERE id = ?`,
            ).run(doc.title, doc.hash, doc.size, doc.text, chunks.length, Date.now(), id);
            this.vectors.trimLog();
        });
    }

    /** Marks a document unchanged (same content hash): nothing to do but finish it. */
    markUnchanged(id: string): void {
        this.sql("UPDATE documents SET status = 'indexed', job_id = NULL, updated_at = ? WHERE id = ?").run(
            Date.now(),
            id,
        );
    }

    /** The file's size and modification time when it was last read (a watched folder's rescan compares them). */
    setFileStat(id: string, size: number, mtimeMs: number): void {
        this.sql("UPDATE documents SET size_bytes = ?, mtime_ms = ? WHERE id = ?").run(size, mtimeMs, id);
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
        const row = this.sql<{id: number; document_id: string; text: string; location: string}>(
            "SELECT id, document_id, text, location FROM chunks WHERE id = ?",
        ).get(id);
        return row
            ? {
                  id: row.id,
                  documentId: row.document_id,
                  text: row.text,
                  location: fromStoredJson<ChunkLocation>(row.location),
              }
            : null;
    }

    /** How many rows each index holds (tests check they agree). */
    counts(): {chunks: number; fts: number; vectors: number} {
        const one = (sql: string) => this.db.prepare<unknown[], {n: number}>(sql).get()!.n;
        return {
            chunks: one("SELECT count(*) AS n FROM chunks"),
            fts: one("SELECT count(*) AS n FROM chunks_fts_docsize"),
            vectors: this.vectors.count(),
        };
    }

    /** Documents with chunks, to embed again with a new embedding model. */
    documentsToReembed(): DocumentInfo[] {
        return this.documents().filter((d) => d.chunkCount > 0);
    }

    chunkTexts(documentId: string): {id: number; text: string}[] {
        return this.sql<{id: number; text: string}>(
            "SELECT id, text FROM chunks WHERE document_id = ? ORDER BY ordinal",
        ).all(documentId);
    }

    /** Writes one document's vectors for a new model (the table was recreated for it). */
    replaceVectors(
        documentId: string,
        vectors: {id: number; vector: Float32Array}[],
        meta: VectorMeta,
    ): void {
        writeTransaction(this.db, () => {
            this.vectors.ensureTable(meta);
            this.vectors.writeDocument(documentId, vectors, this.scopeKeyOf(documentId));
        });
    }

    scopeKeyOf(documentId: string): string {
        const row = this.sql<{collection_id: string | null; conversation_id: string | null}>(
            "SELECT collection_id, conversation_id FROM documents WHERE id = ?",
        ).get(documentId)!;
        return scopeKey({collectionId: row.collection_id, conversationId: row.conversation_id});
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
                ? this.sql<number>("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?")
                      .pluck()
                      .all(rare.join(" OR "))
                : [],
        );
        // The inner LIMIT only guards the budget: the words chosen match fewer rows than it together.
        const rows = this.sql<{
            chunkId: number;
            score: number;
        }>(
            `SELECT chunkId, score FROM (
                 SELECT f.rowid AS chunkId, bm25(chunks_fts) AS score
                 FROM chunks_fts f JOIN chunks c ON c.id = f.rowid JOIN documents d ON d.id = c.document_id
                 WHERE chunks_fts MATCH ? AND (? IS NULL OR iif(d.collection_id IS NOT NULL, 'collection:' || d.collection_id,
                     'conversation:' || d.conversation_id) IN (SELECT value FROM json_each(?)))
                 LIMIT ?)
             ORDER BY score LIMIT ?`,
        ).all(match, scopes && 1, scopes && JSON.stringify(scopes), FULL_TEXT_BUDGET, k);
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
        return this.sql<{n: number}>(
            "SELECT count(*) AS n FROM (SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)",
        ).get(match, FULL_TEXT_BUDGET)!.n;
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
            if (row) result.set(id, {...row, location: fromStoredJson<ChunkLocation>(row.location)});
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
        ...errorWordsOf(r.error, r.error_words),
        chunkCount: r.chunk_count,
        addedAt: r.added_at,
        updatedAt: r.updated_at,
    };
}
