import {randomBytes} from "node:crypto";
import type Database from "better-sqlite3";
import type {Db} from "../store/db.js";
import {Skip, type ImportedConversation, type ImportedMessage} from "./model.js";

export type Saved = {conversationId: string; messages: number; notes: string[]};

/**
 * Conversations are written in batches of about this long, one transaction each (full-text indexing costs
 * most at each commit): each conversation is a savepoint of its own, all or nothing; a window's writes wait
 * at most about this long for the library.
 */
const BATCH_MS = 100;

/**
 * The most tool steps kept with one imported answer (Cairn's own answers stop far sooner): an export that
 * puts thousands of hidden tool nodes before an answer, and that answer in many versions, cannot make the
 * library hold each of them once per version.
 */
export const MAX_STEPS = 1000;

/**
 * Writes imported conversations, each in one transaction (a failure leaves nothing of it), and remembers
 * each by its app and id, so that importing the same export again adds nothing.
 */
export class ImportWriter {
    private readonly known: Database.Statement;
    private readonly conversationById: Database.Statement;
    private readonly remember: Database.Statement;
    private readonly addConversation: Database.Statement;
    private readonly addMessage: Database.Statement;
    private readonly addStep: Database.Statement;

    constructor(private readonly db: Db) {
        this.known = db.prepare(
            "SELECT conversation_id FROM imported_conversations WHERE source = ? AND source_id = ?",
        );
        this.conversationById = db.prepare("SELECT 1 FROM conversations WHERE id = ?");
        this.remember = db.prepare(
            "INSERT INTO imported_conversations (source, source_id, conversation_id, imported_at) VALUES (?, ?, ?, ?)",
        );
        this.addConversation = db.prepare(
            "INSERT INTO conversations (id, title, created_at, updated_at, head_id) VALUES (?, ?, ?, ?, ?)",
        );
        this.addMessage = db.prepare(
            `INSERT INTO messages (id, conversation_id, role, content, status, model, parent_id, thought, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        this.addStep = db.prepare(
            `INSERT INTO tool_calls (id, message_id, conversation_id, step, tool, raw_args, args, status, result_text,
                 error, origin, started_at, finished_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'model', ?, ?)`,
        );
    }

    private batchStarted = 0;
    private idTime = 0;
    private idCount = 0;

    /**
     * UUIDv7 (time-ordered) ids: each new row lands at the end of the primary key's index instead of at a
     * random page, a third faster on a large library than random UUIDs.
     */
    private nextId(): string {
        const now = Date.now();
        if (now > this.idTime) [this.idTime, this.idCount] = [now, 0];
        else if (++this.idCount > 0xfff) [this.idTime, this.idCount] = [this.idTime + 1, 0];
        const random = randomBytes(8);
        random[0] = (random[0]! & 0x3f) | 0x80;
        const hex = `${this.idTime.toString(16).padStart(12, "0")}7${this.idCount.toString(16).padStart(3, "0")}${random.toString("hex")}`;
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }

    /** Runs `work` as one conversation's savepoint in the current batch, committing the batch when it is due. */
    inBatch<T>(work: () => T): T {
        if (!this.db.inTransaction) {
            this.db.exec("BEGIN IMMEDIATE");
            this.batchStarted = Date.now();
        }
        try {
            return this.db.transaction(work)();
        } finally {
            if (Date.now() - this.batchStarted >= BATCH_MS) this.flush();
        }
    }

    /** Commits what the current batch holds (at the end of a file, and before anything slow). */
    flush(): void {
        if (this.db.inTransaction) this.db.exec("COMMIT");
    }

    /** Gives up the current batch (its commit failed: a full disk); what was committed before stays. */
    abandon(): void {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
    }

    /** The conversation this import made earlier, if any. */
    has(source: string, sourceId: string): boolean {
        return this.known.get(source, sourceId) !== undefined;
    }

    /** Whether the library has a conversation of this id. */
    exists(conversationId: string): boolean {
        return this.conversationById.get(conversationId) !== undefined;
    }

    /** Remembers a conversation brought in another way (a Cairn file) under its app and id. */
    note(source: string, sourceId: string, conversationId: string): void {
        this.remember.run(source, sourceId, conversationId, Date.now());
    }

    /** null: imported before. Throws Skip when the conversation cannot come in (no messages, a loop). */
    save(conversation: ImportedConversation): Saved | null {
        if (this.has(conversation.source, conversation.sourceId)) return null;
        const {ordered, notes} = orderTree(conversation.messages);
        if (ordered.length === 0) throw Skip.saying("skipNoMessages");
        for (const message of ordered) {
            if (message.steps.length <= MAX_STEPS) continue;
            notes.push(
                `message ${message.id} had ${message.steps.length} tool steps: the first ${MAX_STEPS} were kept`,
            );
            message.steps = message.steps.slice(0, MAX_STEPS);
        }
        const ids = new Map(ordered.map((m) => [m.id, this.nextId()]));
        const conversationId = this.nextId();
        const head = ids.get(headOf(conversation, ordered))!;
        this.inBatch(() => {
            this.addConversation.run(
                conversationId,
                conversation.title.slice(0, 200),
                conversation.createdAt,
                Math.max(conversation.updatedAt, conversation.createdAt),
                head,
            );
            for (const message of ordered) this.saveMessage(conversationId, message, ids);
            this.remember.run(conversation.source, conversation.sourceId, conversationId, Date.now());
        });
        return {conversationId, messages: ordered.length, notes};
    }

    private saveMessage(conversationId: string, message: ImportedMessage, ids: Map<string, string>): void {
        const id = ids.get(message.id)!;
        const parent = message.parentId === null ? null : (ids.get(message.parentId) ?? null);
        this.addMessage.run(
            id,
            conversationId,
            message.role,
            message.content,
            message.status,
            message.model,
            parent,
            message.thought,
            message.createdAt,
            message.createdAt,
        );
        message.steps.forEach((step, index) => {
            const args = JSON.stringify(step.args ?? null);
            this.addStep.run(
                this.nextId(),
                id,
                conversationId,
                index,
                step.tool.slice(0, 200),
                args,
                args,
                step.failed ? "error" : "ok",
                step.failed ? null : step.result,
                step.failed ? step.result || "failed" : null,
                message.createdAt,
                message.createdAt,
            );
        });
    }
}

/**
 * Parents before children. A message whose parent is not in the export starts a branch of its own (noted);
 * messages whose parents loop back on themselves make the conversation impossible to place (Skip).
 */
export function orderTree(messages: ImportedMessage[]): {ordered: ImportedMessage[]; notes: string[]} {
    const byId = new Map<string, ImportedMessage>();
    for (const message of messages) if (!byId.has(message.id)) byId.set(message.id, message);
    const children = new Map<string | null, ImportedMessage[]>();
    const notes: string[] = [];
    for (const message of byId.values()) {
        let parent = message.parentId;
        if (parent !== null && !byId.has(parent)) {
            notes.push(
                `message ${message.id} follows ${parent}, which is not in the export: it starts a branch`,
            );
            parent = null;
        }
        const list = children.get(parent) ?? [];
        list.push(message);
        children.set(parent, list);
    }
    const ordered: ImportedMessage[] = [];
    ordered.push(...(children.get(null) ?? []));
    for (let next = 0; next < ordered.length; next++)
        ordered.push(...(children.get(ordered[next]!.id) ?? []));
    if (ordered.length < byId.size) {
        const placed = new Set(ordered);
        const stuck = [...byId.values()].find((m) => !placed.has(m))!;
        throw Skip.saying("skipLoop", {message: stuck.id});
    }
    return {ordered, notes};
}

/** The branch the other app showed, else the newest message without an answer after it. */
function headOf(conversation: ImportedConversation, ordered: ImportedMessage[]): string {
    const present = new Set(ordered.map((m) => m.id));
    if (conversation.headId && present.has(conversation.headId)) return conversation.headId;
    const parents = new Set(ordered.map((m) => m.parentId));
    const leaves = ordered.filter((m) => !parents.has(m.id));
    return leaves.reduce((a, b) => (b.createdAt >= a.createdAt ? b : a)).id;
}
