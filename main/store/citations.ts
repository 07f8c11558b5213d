import type {Citation} from "../../shared/contract.js";
import {fromStoredJson, type Db} from "./db.js";

type Row = {
    message_id: string;
    number: number;
    kind: Citation["kind"];
    title: string;
    url: string | null;
    location: string | null;
    snippet: string | null;
    tool_call_id: string | null;
};

/** The numbered sources of each answer. */
export class CitationStore {
    constructor(private readonly db: Db) {}

    add(messageId: string, citation: Citation): void {
        this.db
            .prepare(
                `INSERT INTO citations (message_id, number, kind, title, url, location, snippet, tool_call_id)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
                messageId,
                citation.number,
                citation.kind,
                citation.title,
                citation.url ?? null,
                citation.location ? JSON.stringify(citation.location) : null,
                citation.snippet ?? null,
                citation.toolCallId,
            );
    }

    forMessage(messageId: string): Citation[] {
        const rows = this.db
            .prepare<unknown[], Row>("SELECT * FROM citations WHERE message_id = ? ORDER BY number")
            .all(messageId);
        return rows.map(fromRow);
    }

    forConversation(conversationId: string): Map<string, Citation[]> {
        const rows = this.db
            .prepare<unknown[], Row>(
                `SELECT c.* FROM citations c JOIN messages m ON m.id = c.message_id
                 WHERE m.conversation_id = ? ORDER BY c.message_id, c.number`,
            )
            .all(conversationId);
        const byMessage = new Map<string, Citation[]>();
        for (const r of rows)
            byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), fromRow(r)]);
        return byMessage;
    }
}

function fromRow(r: Row): Citation {
    return {
        number: r.number,
        kind: r.kind,
        title: r.title,
        ...(r.url === null ? {} : {url: r.url}),
        ...(r.location === null
            ? {}
            : {location: fromStoredJson<NonNullable<Citation["location"]>>(r.location)}),
        ...(r.snippet === null ? {} : {snippet: r.snippet}),
        toolCallId: r.tool_call_id,
    };
}
