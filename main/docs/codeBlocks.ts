import type Database from "better-sqlite3";
import {scopeKey} from "./scope.js";

/**
 * Every document's block of codes (`document_codes`), read in one transaction with the log position it
 * matches: the ids and code blocks one after another, and per document its scope and chunk count.
 */
export type CodeBlocks = {
    seq: number;
    documents: {id: string; scope: string; count: number}[];
    ids: Float64Array;
    codes: Uint8Array;
};

/** Each document's scope key (see scopeKey), by document id. */
export function documentScopes(db: Database.Database): Map<string, string> {
    const rows = db
        .prepare<unknown[], [string, string | null, string | null]>(
            "SELECT id, collection_id, conversation_id FROM documents",
        )
        .raw()
        .all();
    return new Map(
        rows.map(([id, collectionId, conversationId]) => [id, scopeKey({collectionId, conversationId})]),
    );
}

export function readCodeBlocks(db: Database.Database): CodeBlocks {
    return db.transaction(() => {
        const seq =
            db.prepare<unknown[], number | null>("SELECT max(seq) FROM vector_log").pluck().get() ?? 0;
        const scopes = documentScopes(db);
        const rows = db
            .prepare<unknown[], [string, Buffer, Buffer]>(
                "SELECT document_id, ids, codes FROM document_codes",
            )
            .raw()
            .all();
        const ids = new Float64Array(rows.reduce((n, [, idBytes]) => n + idBytes.byteLength / 8, 0));
        const codes = new Uint8Array(rows.reduce((n, [, , block]) => n + block.byteLength, 0));
        let idAt = 0;
        let codeAt = 0;
        const documents = rows.map(([id, idBytes, block]) => {
            new Uint8Array(ids.buffer).set(idBytes, idAt * 8);
            codes.set(block, codeAt);
            const count = idBytes.byteLength / 8;
            idAt += count;
            codeAt += block.byteLength;
            return {id, scope: scopes.get(id) ?? "?", count};
        });
        return {seq, documents, ids, codes};
    })();
}
