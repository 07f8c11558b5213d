import {randomUUID} from "node:crypto";
import type Database from "better-sqlite3";
import type {Collection, DocumentInfo} from "../../shared/contract.js";
import {StatementCache, type Db} from "../store/db.js";
import type {Chunk, ChunkLocation} from "./chunker.js";

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
export type VectorMeta = {dimension: number; model: string};

const VECTOR_TABLE = "chunk_vectors";

/**
 * Collections, documents, chunks and their two indexes: FTS5 (kept by triggers) and a sqlite-vec vec0 table
 * whose dimension comes from the embedding model. A document's chunks, text and vectors change in one
 * transaction, so that no index ever holds a row the others lack.
 */
export class DocumentStore {
    private readonly statements: StatementCache;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
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
                "INSERT INTO chunks (document_id, ordinal, text, location) VALUES (?, ?, ?, ?)",
            );
            const insertVector = this.sql(
                `INSERT INTO ${VECTOR_TABLE} (rowid, embedding, scope) VALUES (?, ?, ?)`,
            );
            const scope = this.scopeKeyOf(id);
            chunks.forEach((chunk, i) => {
                const {lastInsertRowid} = insertChunk.run(id, i, chunk.text, JSON.stringify(chunk.location));
                insertVector.run(BigInt(lastInsertRowid), Buffer.from(vectors[i]!.buffer), scope);
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
        const row = this.sql("SELECT value FROM settings WHERE key = 'vectorIndex'").get() as
            {value: string} | undefined;
        return row ? (JSON.parse(row.value) as VectorMeta) : null;
    }

    /** Creates the vec0 table for this dimension; a different model or dimension drops every vector first. */
    ensureVectorTable(meta: VectorMeta): void {
        const current = this.vectorMeta();
        if (current && current.dimension === meta.dimension && current.model === meta.model) return;
        // The trigger keeps the vectors in step with the chunks, also when a cascade deletes them.
        this.db.exec(`DROP TRIGGER IF EXISTS chunk_vectors_delete; DROP TABLE IF EXISTS ${VECTOR_TABLE};`);
        this.db.exec(
            `CREATE VIRTUAL TABLE ${VECTOR_TABLE} USING vec0(embedding float[${meta.dimension}] distance_metric=cosine, scope text partition key);
             CREATE TRIGGER chunk_vectors_delete AFTER DELETE ON chunks BEGIN
                 DELETE FROM ${VECTOR_TABLE} WHERE rowid = old.id;
             END;`,
        );
        this.statements.clear();
        this.db
            .prepare(
                "INSERT INTO settings (key, value) VALUES ('vectorIndex', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            )
            .run(JSON.stringify(meta));
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
            for (const {id, vector} of vectors) {
                remove.run(BigInt(id));
                insert.run(BigInt(id), Buffer.from(vector.buffer), scope);
            }
        })();
    }

    scopeKeyOf(documentId: string): string {
        const row = this.sql("SELECT collection_id, conversation_id FROM documents WHERE id = ?").get(
            documentId,
        ) as {collection_id: string | null; conversation_id: string | null};
        return scopeKey({collectionId: row.collection_id, conversationId: row.conversation_id});
    }

    /** Nearest chunks to a vector, in one scope (partition) or all. */
    nearest(vector: Float32Array, k: number, scopes: string[] | null): {chunkId: number; distance: number}[] {
        if (!this.hasVectorTable()) return [];
        const blob = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
        const run = (scope: string | null) =>
            (scope === null
                ? this.sql(
                      `SELECT rowid AS chunkId, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = ?`,
                  ).all(blob, k)
                : this.sql(
                      `SELECT rowid AS chunkId, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = ? AND scope = ?`,
                  ).all(blob, k, scope)) as {chunkId: number; distance: number}[];
        const hits = scopes === null ? run(null) : scopes.flatMap((s) => run(s));
        return hits.sort((a, b) => a.distance - b.distance).slice(0, k);
    }

    /** Full-text (BM25) matches of a query, best first, in the given scopes or all. */
    fullText(query: string, k: number, scopes: string[] | null): {chunkId: number; score: number}[] {
        const match = ftsQuery(query);
        if (!match) return [];
        const rows = this.sql(
            `SELECT f.rowid AS chunkId, bm25(chunks_fts) AS score, d.collection_id, d.conversation_id
             FROM chunks_fts f JOIN chunks c ON c.id = f.rowid JOIN documents d ON d.id = c.document_id
             WHERE chunks_fts MATCH ? ORDER BY score LIMIT ?`,
        ).all(match, scopes === null ? k : k * 20) as {
            chunkId: number;
            score: number;
            collection_id: string | null;
            conversation_id: string | null;
        }[];
        const allowed = scopes === null ? null : new Set(scopes);
        return rows
            .filter(
                (r) =>
                    !allowed ||
                    allowed.has(scopeKey({collectionId: r.collection_id, conversationId: r.conversation_id})),
            )
            .slice(0, k)
            .map((r) => ({chunkId: r.chunkId, score: r.score}));
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

/** Each word as a quoted FTS5 term, joined by OR: exact terms match, FTS5 syntax in the query is inert. */
export function ftsQuery(query: string): string {
    const terms = query.match(/[\p{L}\p{N}_]+(?:[-.:/][\p{L}\p{N}_]+)*/gu) ?? [];
    return [...new Set(terms)].map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
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
