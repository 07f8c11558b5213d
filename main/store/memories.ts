import {randomUUID} from "node:crypto";
import type Database from "better-sqlite3";
import type {Memory} from "../../shared/contract.js";
import {refusal} from "../words.js";
import {StatementCache, type Db} from "./db.js";

type MemoryRow = {
    id: string;
    text: string;
    scope: string;
    origin: "user" | "model";
    source_message_id: string | null;
    source_conversation_id: string | null;
    enabled: 0 | 1;
    created_at: number;
    updated_at: number;
};

/** The longest memory: a statement, not a document (documents go to Documents). */
export const MEMORY_CHARS = 2_000;

export type NewMemory = {
    text: string;
    origin: "user" | "model";
    scope?: string;
    sourceMessageId?: string | null;
    sourceConversationId?: string | null;
};

/** Memories: short statements the person chose to keep, with where each came from; full-text indexed. */
export class MemoryStore {
    private readonly statements: StatementCache;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    list(): Memory[] {
        return this.sql<MemoryRow>("SELECT * FROM memories ORDER BY updated_at DESC, rowid DESC")
            .all()
            .map(toMemory);
    }

    get(id: string): Memory | null {
        const row = this.sql<MemoryRow>("SELECT * FROM memories WHERE id = ?").get(id);
        return row ? toMemory(row) : null;
    }

    count(): number {
        return this.sql<number>("SELECT count(*) FROM memories").pluck().get() ?? 0;
    }

    /**
     * Keeps a memory; one that says what an older one says (see sameStatement) updates the older one instead
     * of adding a second. Throws on an empty or too long text.
     */
    add(memory: NewMemory): {memory: Memory; updated: boolean} {
        const text = checkText(memory.text);
        const scope = memory.scope ?? "everywhere";
        const same = this.sameAs(text, scope);
        const now = Date.now();
        if (same) {
            this.sql(
                `UPDATE memories SET text = ?, origin = ?, source_message_id = ?, source_conversation_id = ?, enabled = 1,
                     updated_at = ? WHERE id = ?`,
            ).run(
                text,
                memory.origin,
                memory.sourceMessageId ?? null,
                memory.sourceConversationId ?? null,
                now,
                same,
            );
            return {memory: this.get(same)!, updated: true};
        }
        const id = randomUUID();
        this.sql(
            `INSERT INTO memories (id, text, scope, origin, source_message_id, source_conversation_id, enabled, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        ).run(
            id,
            text,
            scope,
            memory.origin,
            memory.sourceMessageId ?? null,
            memory.sourceConversationId ?? null,
            now,
            now,
        );
        return {memory: this.get(id)!, updated: false};
    }

    update(id: string, change: {text?: string; enabled?: boolean}): Memory | null {
        const current = this.get(id);
        if (!current) return null;
        const text = change.text === undefined ? current.text : checkText(change.text);
        const enabled = change.enabled ?? current.enabled;
        this.sql("UPDATE memories SET text = ?, enabled = ?, updated_at = ? WHERE id = ?").run(
            text,
            enabled ? 1 : 0,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    delete(id: string): boolean {
        return this.sql("DELETE FROM memories WHERE id = ?").run(id).changes > 0;
    }

    /** Enabled memories in the scopes matching any of the words, best first (BM25), with their rank score. */
    fullText(match: string, scopes: string[], limit: number): {id: string; text: string}[] {
        return this.sql<{id: string; text: string}>(
            `SELECT m.id AS id, m.text AS text FROM memories_fts f JOIN memories m ON m.rowid = f.rowid
              WHERE memories_fts MATCH ? AND m.enabled = 1 AND m.scope IN (SELECT value FROM json_each(?))
              ORDER BY bm25(memories_fts) LIMIT ?`,
        ).all(match, JSON.stringify(scopes), limit);
    }

    /** Every enabled memory in the scopes (for search by meaning). */
    enabledIn(scopes: string[]): {id: string; text: string}[] {
        return this.sql<{id: string; text: string}>(
            "SELECT id, text FROM memories WHERE enabled = 1 AND scope IN (SELECT value FROM json_each(?))",
        ).all(JSON.stringify(scopes));
    }

    /** The memory in this scope that says the same thing (most words in common), if any. */
    private sameAs(text: string, scope: string): string | null {
        const words = wordSet(text);
        if (words.size === 0) return null;
        const match = [...words].map((w) => `"${w.replace(/"/g, '""')}"`).join(" OR ");
        const candidates = this.sql<{id: string; text: string}>(
            `SELECT m.id AS id, m.text AS text FROM memories_fts f JOIN memories m ON m.rowid = f.rowid
              WHERE memories_fts MATCH ? AND m.scope = ? ORDER BY bm25(memories_fts) LIMIT 5`,
        ).all(match, scope);
        for (const candidate of candidates)
            if (sameStatement(words, wordSet(candidate.text))) return candidate.id;
        return null;
    }
}

function checkText(text: string): string {
    const trimmed = text.trim();
    if (!trimmed) throw refusal("memoryEmpty");
    if (trimmed.length > MEMORY_CHARS)
        throw refusal("memoryTooLong", {most: MEMORY_CHARS, length: trimmed.length});
    return trimmed;
}

/**
 * The same statement said again, or corrected by one word: the same words, or all of one's words in the
 * other with one more ("Anna is allergic to nuts" / "Anna is not allergic to nuts"). A different name or
 * number is a different memory ("Bruno is allergic to nuts").
 */
function sameStatement(a: Set<string>, b: Set<string>): boolean {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    if (large.size - small.size > 1) return false;
    return [...small].every((w) => large.has(w));
}

export function wordSet(text: string): Set<string> {
    return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1));
}

function toMemory(r: MemoryRow): Memory {
    return {
        id: r.id,
        text: r.text,
        scope: r.scope,
        origin: r.origin,
        sourceMessageId: r.source_message_id,
        sourceConversationId: r.source_conversation_id,
        enabled: r.enabled === 1,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
    };
}
