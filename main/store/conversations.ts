import {randomUUID} from "node:crypto";
import type {
    MessageHit,
    Conversation,
    GenerationSettings,
    Message,
    Plan,
    TurnsSummary,
    MessageRole,
    MessageStatus,
    ToolMode,
    TurnStats,
} from "../../shared/contract.js";
import type Database from "better-sqlite3";
import {errorWordsColumn, StatementCache, writeTransaction, type Db} from "./db.js";
import {CitationStore} from "./citations.js";
import {ToolCallStore} from "./toolCalls.js";
import {AttachmentStore} from "./attachments.js";
import {DEFAULT_TITLE} from "../../shared/titles.js";
import type {Words} from "../../shared/result.js";
import {
    type ConversationRow,
    type MessageRow,
    toConversation,
    SELECT_CONVERSATION,
    IS_DRAFT,
    groupByMessage,
    type Tree,
    newestLeaf,
    toMessage,
    ftsQuery,
} from "./conversationRows.js";

/** What an assistant gives a conversation started with it: its own copy, changed there freely. */
export type ConversationStart = {
    assistantId: string;
    toolsOff: string[];
    provider: string | null;
    providerModel: string | null;
};

/** Conversations and their messages, on the one SQLite file. */
/** A message search_conversation found: who wrote it, when, and the passage around the words. */
export type ConversationHit = {messageId: string; role: MessageRole; createdAt: number; passage: string};

export class ConversationStore {
    private readonly statements: StatementCache;

    constructor(
        private readonly db: Db,
        private readonly toolCalls = new ToolCallStore(db),
        private readonly citations = new CitationStore(db),
        /** The default for conversations without their own web-access switch. */
        private readonly webAccessDefault: () => boolean = () => false,
        /** Images sent with messages. */
        readonly attachments = new AttachmentStore(db),
    ) {
        this.statements = new StatementCache(db);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    /** Every conversation, last active first; with `limit`, the first ones only, pinned first. */
    list(limit?: number): Conversation[] {
        const rows = (
            limit === undefined
                ? this.sql(`${SELECT_CONVERSATION} ORDER BY updated_at DESC, rowid DESC`).all(DEFAULT_TITLE)
                : this.sql(
                      `${SELECT_CONVERSATION} ORDER BY pinned DESC, updated_at DESC, rowid DESC LIMIT ?`,
                  ).all(DEFAULT_TITLE, limit)
        ) as ConversationRow[];
        return rows.map((r) => toConversation(r, this.webAccessDefault()));
    }

    get(id: string): Conversation | null {
        const row = this.sql<ConversationRow>(`${SELECT_CONVERSATION} WHERE id = ?`).get(DEFAULT_TITLE, id);
        return row ? toConversation(row, this.webAccessDefault()) : null;
    }

    /**
     * Removes drafts (nothing sent or attached, not named, not pinned) last changed before `before`: those a window opened and
     * left. A conversation is kept from its first message on.
     */
    pruneDrafts(before: number): number {
        return this.sql(
            `DELETE FROM conversations WHERE ${IS_DRAFT} AND pinned = 0 AND automation_id IS NULL AND updated_at < ?`,
        ).run(DEFAULT_TITLE, before).changes;
    }

    create(
        title = DEFAULT_TITLE,
        incognito = false,
        start: ConversationStart | null = null,
        projectId: string | null = null,
    ): Conversation {
        const now = Date.now();
        const id = randomUUID();
        // Only the columns a conversation sets are named (a library of an older schema lacks some: tests).
        const columns: Record<string, unknown> = {id, title, created_at: now, updated_at: now};
        if (incognito) columns.incognito = 1;
        if (projectId) columns.project_id = projectId;
        if (start) {
            columns.assistant_id = start.assistantId;
            if (start.toolsOff.length) columns.tools_off = JSON.stringify(start.toolsOff);
            if (start.provider) columns.provider = start.provider;
            if (start.providerModel) columns.provider_model = start.providerModel;
        }
        const names = Object.keys(columns);
        this.sql(
            `INSERT INTO conversations (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
        ).run(...Object.values(columns));
        return this.get(id)!;
    }

    /** Marks a conversation as the run of an automation (set once, when the run starts). */
    markAutomation(id: string, automationId: string): Conversation | null {
        this.sql("UPDATE conversations SET automation_id = ? WHERE id = ?").run(automationId, id);
        return this.get(id);
    }

    /** Into a project (its instructions, files and memories apply from the next answer), or out of it. */
    setProject(id: string, projectId: string | null): Conversation | null {
        this.sql("UPDATE conversations SET project_id = ?, updated_at = ? WHERE id = ?").run(
            projectId,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** Incognito: nothing is recalled from memory in this conversation, and nothing remembered. */
    setIncognito(id: string, incognito: boolean): Conversation | null {
        this.sql("UPDATE conversations SET incognito = ?, updated_at = ? WHERE id = ?").run(
            incognito ? 1 : 0,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** Pinned: kept at the top of the list. Its last activity (updated_at) stays as it was. */
    setPinned(id: string, pinned: boolean): Conversation | null {
        this.sql("UPDATE conversations SET pinned = ? WHERE id = ?").run(pinned ? 1 : 0, id);
        return this.get(id);
    }

    rename(id: string, title: string): Conversation | null {
        this.sql("UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?").run(
            title,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    setMode(id: string, mode: ToolMode): Conversation | null {
        this.sql("UPDATE conversations SET mode = ?, updated_at = ? WHERE id = ?").run(mode, Date.now(), id);
        return this.get(id);
    }

    setWebAccess(id: string, webAccess: boolean): Conversation | null {
        this.sql("UPDATE conversations SET web_access = ?, updated_at = ? WHERE id = ?").run(
            webAccess ? 1 : 0,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** The tools (names) and MCP servers (mcp:<server>) not offered to the model in this conversation. */
    setToolsOff(id: string, off: string[]): Conversation | null {
        this.sql("UPDATE conversations SET tools_off = ?, updated_at = ? WHERE id = ?").run(
            off.length ? JSON.stringify([...new Set(off)].sort()) : null,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** The folder file tools work in for this conversation (null: the one in Settings). */
    /** Which model answers here: a provider's (and which of its models; null: its default), or none (local). */
    setProvider(id: string, provider: string | null, model: string | null = null): Conversation | null {
        this.sql(
            "UPDATE conversations SET provider = ?, provider_model = ?, updated_at = ? WHERE id = ?",
        ).run(provider, provider ? model : null, Date.now(), id);
        return this.get(id);
    }

    setWorkspace(id: string, folder: string | null): Conversation | null {
        this.sql("UPDATE conversations SET workspace = ?, updated_at = ? WHERE id = ?").run(
            folder,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** Generation settings for this conversation only (null: the defaults in Settings). */
    setGeneration(id: string, generation: Partial<GenerationSettings> | null): Conversation | null {
        this.sql("UPDATE conversations SET generation = ?, updated_at = ? WHERE id = ?").run(
            generation ? JSON.stringify(generation) : null,
            Date.now(),
            id,
        );
        return this.get(id);
    }

    /** Deletes a conversation with its messages, and the images no other message uses. */
    delete(id: string): boolean {
        const deleted = this.sql("DELETE FROM conversations WHERE id = ?").run(id).changes > 0;
        if (deleted) this.attachments.sweep();
        return deleted;
    }

    /**
     * Messages of every conversation matching the words (all of them, the last one as a prefix), best
     * first by BM25; the snippet marks each match between \u0002 and \u0003.
     */
    search(query: string, limit: number, projectId: string | null = null): MessageHit[] {
        const match = ftsQuery(query);
        if (!match) return [];
        return this.sql<MessageHit>(
            `SELECT m.id AS messageId, m.conversation_id AS conversationId, c.title AS conversationTitle,
                    m.role AS role, m.created_at AS createdAt,
                    snippet(messages_fts, 0, char(2), char(3), '…', 16) AS snippet
               FROM messages_fts
               JOIN messages m ON m.rowid = messages_fts.rowid
               JOIN conversations c ON c.id = m.conversation_id
              WHERE messages_fts MATCH ? AND (? IS NULL OR c.project_id = ?)
              ORDER BY bm25(messages_fts) LIMIT ?`,
        ).all(match, projectId, projectId, limit);
    }

    /**
     * One conversation's messages matching the words (every branch), best first by BM25, each as a passage
     * of about 64 tokens around its matches: what search_conversation finds in turns a summary stands for.
     */
    searchIn(conversationId: string, query: string, limit: number): ConversationHit[] {
        const match = ftsQuery(query);
        if (!match) return [];
        return this.sql<ConversationHit>(
            `SELECT m.id AS messageId, m.role AS role, m.created_at AS createdAt,
                    snippet(messages_fts, 0, '', '', '…', 64) AS passage
               FROM messages_fts
               JOIN messages m ON m.rowid = messages_fts.rowid
              WHERE messages_fts MATCH ? AND m.conversation_id = ?
              ORDER BY bm25(messages_fts) LIMIT ?`,
        ).all(match, conversationId, limit);
    }

    /** Whether a conversation was compacted (a message carries a summary). */
    compacted(conversationId: string): boolean {
        return (
            this.sql<number>(
                "SELECT 1 FROM messages WHERE conversation_id = ? AND summary IS NOT NULL LIMIT 1",
            )
                .pluck()
                .get(conversationId) !== undefined
        );
    }

    /**
     * Removes one message with its tool calls and citations (they cascade); the messages after it follow its
     * parent instead. A deleted head gives way to the newest branch left under its parent.
     */
    deleteMessage(id: string): boolean {
        const row = this.sql<MessageRow>("SELECT * FROM messages WHERE id = ?").get(id);
        if (!row) return false;
        writeTransaction(this.db, () => {
            this.sql("UPDATE messages SET parent_id = ? WHERE parent_id = ?").run(row.parent_id, id);
            this.sql("DELETE FROM messages WHERE id = ?").run(id);
            if (this.head(row.conversation_id) !== id) return;
            this.setHead(row.conversation_id, newestLeaf(this.tree(row.conversation_id), row.parent_id));
        });
        this.attachments.sweep();
        return true;
    }

    touch(id: string): void {
        this.sql("UPDATE conversations SET updated_at = ? WHERE id = ?").run(Date.now(), id);
    }

    /** The conversation's current branch: from its first message to its head, each with its versions. */
    messages(conversationId: string): Message[] {
        return this.branchTo(conversationId, this.head(conversationId));
    }

    /** Every message of the conversation, every version of every branch, oldest first. */
    allMessages(conversationId: string): Message[] {
        const tree = this.tree(conversationId);
        return tree.rows.map((r) => this.toFullMessage(r, tree));
    }

    /** The messages from the first one to `lastId` (none when null), each with its versions. */
    branchTo(conversationId: string, lastId: string | null): Message[] {
        const tree = this.tree(conversationId);
        const branch: MessageRow[] = [];
        for (
            let row = lastId ? tree.byId.get(lastId) : undefined;
            row;
            row = tree.byId.get(row.parent_id ?? "")
        ) {
            branch.unshift(row);
        }
        return branch.map((r) => this.toFullMessage(r, tree));
    }

    message(id: string): Message | null {
        const row = this.sql<MessageRow>("SELECT * FROM messages WHERE id = ?").get(id);
        if (!row) return null;
        const versions = this.sql<string>(
            "SELECT id FROM messages WHERE conversation_id = ? AND parent_id IS ? ORDER BY created_at, rowid",
        )
            .pluck()
            .all(row.conversation_id, row.parent_id);
        return toMessage(
            row,
            this.toolCalls.forMessage(id),
            this.citations.forMessage(id),
            versions,
            this.attachments.forMessage(id),
        );
    }

    /** The last message of the branch shown. */
    head(conversationId: string): string | null {
        const row = this.sql<{head_id: string | null}>("SELECT head_id FROM conversations WHERE id = ?").get(
            conversationId,
        );
        return row?.head_id ?? null;
    }

    /** Shows this version of a message and, after it, its newest branch. */
    showVersion(id: string): string | null {
        const row = this.sql<{conversation_id: string}>(
            "SELECT conversation_id FROM messages WHERE id = ?",
        ).get(id);
        if (!row) return null;
        const tree = this.tree(row.conversation_id);
        this.setHead(row.conversation_id, newestLeaf(tree, id));
        return row.conversation_id;
    }

    private setHead(conversationId: string, id: string | null): void {
        this.sql("UPDATE conversations SET head_id = ? WHERE id = ?").run(id, conversationId);
    }

    private tree(conversationId: string): Tree {
        const rows = this.sql<MessageRow>(
            "SELECT * FROM messages WHERE conversation_id = ? ORDER BY created_at, rowid",
        ).all(conversationId);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const children = new Map<string | null, string[]>();
        for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
        return {
            rows,
            byId,
            order: new Map(rows.map((r, i) => [r.id, i])),
            children,
            calls: groupByMessage(this.toolCalls.forConversation(conversationId)),
            citations: this.citations.forConversation(conversationId),
            attachments: this.attachments.forConversation(conversationId),
        };
    }

    private toFullMessage(r: MessageRow, tree: Tree): Message {
        const versions = tree.children.get(r.parent_id) ?? [r.id];
        return toMessage(
            r,
            tree.calls.get(r.id) ?? [],
            tree.citations.get(r.id) ?? [],
            versions,
            tree.attachments.get(r.id) ?? [],
        );
    }

    /** Adds a message after `parentId` (by default the head) and makes it the head. */
    addMessage(m: {
        conversationId: string;
        role: MessageRole;
        content: string;
        status: MessageStatus;
        model?: string | null;
        /** The process writing a streaming answer (see ProcessRegistry). */
        processId?: string;
        /** When it was written, if not now (an imported conversation keeps its times). */
        createdAt?: number;
        /** The message it follows; a parent with other children makes it their next version. */
        parentId?: string | null;
        /** Images kept already (AttachmentStore), sent with it in this order under these names. */
        attachments?: readonly {id: string; name: string}[];
    }): Message {
        const now = m.createdAt ?? Date.now();
        const id = randomUUID();
        const parentId = m.parentId === undefined ? this.head(m.conversationId) : m.parentId;
        this.sql(
            `INSERT INTO messages (id, conversation_id, role, content, status, model, process_id, parent_id, created_at, updated_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
            id,
            m.conversationId,
            m.role,
            m.content,
            m.status,
            m.model ?? null,
            m.processId ?? null,
            parentId,
            now,
            now,
        );
        if (m.attachments?.length) this.attachments.link(id, m.attachments);
        this.setHead(m.conversationId, id);
        this.touch(m.conversationId);
        return this.message(id)!;
    }

    /** The model that wrote an answer, once known (a provider's default model, learnt from its server). */
    setModel(id: string, model: string): void {
        this.sql("UPDATE messages SET model = ? WHERE id = ?").run(model, id);
    }

    /** A plan proposed or run in this answer, with its steps' statuses as they are now. */
    setPlan(id: string, plan: Plan | null): void {
        this.sql("UPDATE messages SET plan = ?, updated_at = ? WHERE id = ?").run(
            plan ? JSON.stringify(plan) : null,
            Date.now(),
            id,
        );
    }

    /** The summary of the conversation up to this message (compaction), or none. */
    setSummary(id: string, summary: TurnsSummary | null): void {
        this.sql("UPDATE messages SET summary = ?, updated_at = ? WHERE id = ?").run(
            summary ? JSON.stringify(summary) : null,
            Date.now(),
            id,
        );
    }

    /** An answer written again in place (a proposed plan being run): streaming, by this process. */
    reopen(id: string, processId: string): void {
        this.sql(
            "UPDATE messages SET status = 'streaming', error = NULL, error_words = NULL, process_id = ?, updated_at = ? WHERE id = ?",
        ).run(processId, Date.now(), id);
    }

    /** The text (and thought) so far of an answer being written. */
    updateContent(id: string, content: string, thought = ""): void {
        this.sql("UPDATE messages SET content = ?, thought = ?, updated_at = ? WHERE id = ?").run(
            content,
            thought,
            Date.now(),
            id,
        );
    }

    finish(
        id: string,
        f: {
            content: string;
            status: MessageStatus;
            stats: TurnStats | null;
            error?: string | null;
            errorWords?: Words | null;
            thought?: string;
            thoughtMs?: number | null;
        },
    ) {
        const s = f.stats;
        this.sql(
            `UPDATE messages SET content = ?, status = ?, error = ?, error_words = ?, prompt_tokens = ?, completion_tokens = ?,
                 ttft_ms = ?, duration_ms = ?, tokens_per_second = ?, reused_tokens = ?, context_shifted = ?,
                 thought = ?, thought_ms = ?, thought_tokens = ?, tools_offered = ?, drafted_tokens = ?, accepted_tokens = ?,
                 updated_at = ? WHERE id = ?`,
        ).run(
            f.content,
            f.status,
            f.error ?? null,
            errorWordsColumn(f.error, f.errorWords),
            s?.promptTokens ?? null,
            s?.completionTokens ?? null,
            s?.timeToFirstTokenMs ?? null,
            s?.durationMs ?? null,
            s?.tokensPerSecond ?? null,
            s?.reusedTokens ?? null,
            s ? (s.contextShifted ? 1 : 0) : null,
            f.thought ?? "",
            f.thoughtMs ?? null,
            s?.thoughtTokens ?? null,
            s?.toolsOffered ?? null,
            s?.draftedTokens ?? null,
            s?.acceptedTokens ?? null,
            Date.now(),
            id,
        );
    }
}
