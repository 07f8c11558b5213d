import type Database from "better-sqlite3";
import type {Grant, ToolCallRecord} from "../../shared/contract.js";
import {errorWordsColumn, errorWordsOf, fromStoredJson, writeTransaction, type Db} from "./db.js";

type Row = {
    id: string;
    message_id: string;
    conversation_id: string;
    step: number;
    tool: string;
    raw_args: string;
    args: string | null;
    status: ToolCallRecord["status"];
    decision: ToolCallRecord["decision"];
    decided_by: ToolCallRecord["decidedBy"];
    result_text: string | null;
    result_data: string | null;
    error: string | null;
    error_words: string | null;
    origin: ToolCallRecord["origin"];
    started_at: number;
    finished_at: number | null;
    parent_id: string | null;
    waited_ms?: number | null;
};

type GrantRow = {tool: string; conversation_id: string | null; created_at: number};

/** Tool-call traces and approval grants. */
export class ToolCallStore {
    private upsertStatement: Database.Statement | null = null;
    private readonly touchMessage: Database.Statement;

    constructor(private readonly db: Db) {
        this.touchMessage = db.prepare("UPDATE messages SET updated_at = ? WHERE id = ?");
    }

    /** Prepared on the first save: a library of an older schema (a backup being read) may be opened for reading. */
    private upsert(): Database.Statement {
        this.upsertStatement ??= this.db.prepare(
            `INSERT INTO tool_calls (id, message_id, conversation_id, step, tool, raw_args, args, status, decision,
                decided_by, result_text, result_data, error, error_words, origin, started_at, finished_at, parent_id,
                waited_ms)
             VALUES (@id, @message_id, @conversation_id, @step, @tool, @raw_args, @args, @status, @decision,
                @decided_by, @result_text, @result_data, @error, @error_words, @origin, @started_at, @finished_at,
                @parent_id, @waited_ms)
             ON CONFLICT(id) DO UPDATE SET args = excluded.args, status = excluded.status,
                decision = excluded.decision, decided_by = excluded.decided_by, result_text = excluded.result_text,
                result_data = excluded.result_data, error = excluded.error, error_words = excluded.error_words,
                finished_at = excluded.finished_at, waited_ms = excluded.waited_ms`,
        );
        return this.upsertStatement;
    }

    /** Writes the call and touches its message in one transaction. */
    save(record: ToolCallRecord): void {
        writeTransaction(this.db, () => {
            this.upsert().run(toRow(record));
            this.touchMessage.run(Date.now(), record.messageId);
        });
    }

    get(id: string): ToolCallRecord | null {
        const row = this.db.prepare<unknown[], Row>("SELECT * FROM tool_calls WHERE id = ?").get(id);
        return row ? fromRow(row) : null;
    }

    forMessage(messageId: string): ToolCallRecord[] {
        const rows = this.db
            .prepare<unknown[], Row>(
                "SELECT * FROM tool_calls WHERE message_id = ? ORDER BY started_at, rowid",
            )
            .all(messageId);
        return rows.map(fromRow);
    }

    forConversation(conversationId: string): ToolCallRecord[] {
        const rows = this.db
            .prepare<unknown[], Row>(
                "SELECT * FROM tool_calls WHERE conversation_id = ? ORDER BY started_at, rowid",
            )
            .all(conversationId);
        return rows.map(fromRow);
    }

    grant(tool: string, conversationId: string | null): void {
        this.db
            .prepare("INSERT OR IGNORE INTO tool_grants (tool, conversation_id, created_at) VALUES (?, ?, ?)")
            .run(tool, conversationId, Date.now());
    }

    /** The grant that covers this tool in this conversation, if any: a conversation grant or an always grant. */
    grantFor(tool: string, conversationId: string): Grant | null {
        const row = this.db
            .prepare<unknown[], GrantRow>(
                `SELECT tool, conversation_id, created_at FROM tool_grants
                 WHERE tool = ? AND (conversation_id = ? OR conversation_id IS NULL)
                 ORDER BY conversation_id IS NULL LIMIT 1`,
            )
            .get(tool, conversationId);
        return row ? toGrant(row) : null;
    }

    grants(): Grant[] {
        const rows = this.db
            .prepare<unknown[], GrantRow>("SELECT * FROM tool_grants ORDER BY created_at")
            .all();
        return rows.map(toGrant);
    }

    revoke(tool: string, conversationId: string | null): boolean {
        return (
            this.db
                .prepare(
                    "DELETE FROM tool_grants WHERE tool = ? AND ifnull(conversation_id, '') = ifnull(?, '')",
                )
                .run(tool, conversationId).changes > 0
        );
    }
}

function toGrant(r: GrantRow): Grant {
    return {tool: r.tool, conversationId: r.conversation_id, createdAt: r.created_at};
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const parse = (v: string | null) => (v === null ? null : fromStoredJson<unknown>(v));

function toRow(r: ToolCallRecord): Row {
    return {
        id: r.id,
        message_id: r.messageId,
        conversation_id: r.conversationId,
        step: r.step,
        tool: r.tool,
        raw_args: JSON.stringify(r.rawArgs ?? null),
        args: json(r.args),
        status: r.status,
        decision: r.decision,
        decided_by: r.decidedBy,
        result_text: r.resultText,
        result_data: json(r.resultData),
        error: r.error,
        error_words: errorWordsColumn(r.error, r.errorWords),
        origin: r.origin,
        started_at: r.startedAt,
        finished_at: r.finishedAt,
        parent_id: r.parentId ?? null,
        waited_ms: r.waitedMs ?? null,
    };
}

function fromRow(r: Row): ToolCallRecord {
    return {
        id: r.id,
        messageId: r.message_id,
        conversationId: r.conversation_id,
        step: r.step,
        tool: r.tool,
        rawArgs: JSON.parse(r.raw_args),
        args: parse(r.args),
        status: r.status,
        decision: r.decision,
        decidedBy: r.decided_by,
        resultText: r.result_text,
        resultData: parse(r.result_data),
        error: r.error,
        ...errorWordsOf(r.error, r.error_words),
        origin: r.origin,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        ...(r.waited_ms != null ? {waitedMs: r.waited_ms} : {}),
        ...(r.parent_id ? {parentId: r.parent_id} : {}),
    };
}
