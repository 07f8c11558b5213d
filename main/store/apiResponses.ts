import {fromStoredJson, writeTransaction, type Db} from "./db.js";

/** How long a stored response is kept (OpenAI keeps them 30 days too). */
export const RESPONSE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A response the local API stored (the Responses API's `store`, the default): the response object as it was
 * sent, and its context, the input items a `previous_response_id` continues from (the earlier context, the
 * request's input and the response's output, as items).
 */
export type StoredResponse = {
    id: string;
    createdAt: number;
    response: Record<string, unknown>;
    context: Record<string, unknown>[];
};

type Row = {id: string; created_at: number; response: string; context: string};

/** The local API's stored responses, each kept 30 days from its making. */
export class ApiResponseStore {
    constructor(private readonly db: Db) {}

    /** Keeps a response; older ones past their 30 days are removed at the same time. */
    save(stored: StoredResponse): void {
        writeTransaction(this.db, () => {
            this.db
                .prepare("DELETE FROM api_responses WHERE created_at < ?")
                .run(Date.now() - RESPONSE_KEPT_MS);
            this.db
                .prepare(
                    "INSERT OR REPLACE INTO api_responses (id, created_at, response, context) VALUES (?, ?, ?, ?)",
                )
                .run(
                    stored.id,
                    stored.createdAt,
                    JSON.stringify(stored.response),
                    JSON.stringify(stored.context),
                );
        });
    }

    /** A stored response still within its 30 days; null when there is none (never stored, deleted, expired). */
    get(id: string): StoredResponse | null {
        const row = this.db
            .prepare<[string, number], Row>("SELECT * FROM api_responses WHERE id = ? AND created_at >= ?")
            .get(id, Date.now() - RESPONSE_KEPT_MS);
        if (!row) return null;
        return {
            id: row.id,
            createdAt: row.created_at,
            response: fromStoredJson<Record<string, unknown>>(row.response),
            context: fromStoredJson<Record<string, unknown>[]>(row.context),
        };
    }

    /** Whether there was one to delete. */
    delete(id: string): boolean {
        return this.db.prepare("DELETE FROM api_responses WHERE id = ?").run(id).changes > 0;
    }
}
