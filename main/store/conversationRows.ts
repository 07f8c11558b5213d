// Conversations' and messages' rows as SQLite holds them, and as the contract gives them: the mapping both ways.
import type {
    Attachment,
    Citation,
    Conversation,
    GenerationSettings,
    Message,
    Plan,
    ResearchRun,
    MessageRole,
    TurnsSummary,
    MessageStatus,
    ToolCallRecord,
    ToolMode,
    TurnStats,
} from "../../shared/contract.js";
import {errorWordsOf, fromStoredJson} from "./db.js";

export type ConversationRow = {
    id: string;
    title: string;
    mode: ToolMode;
    web_access: 0 | 1 | null;
    generation: string | null;
    tools_off: string | null;
    workspace: string | null;
    provider: string | null;
    provider_model: string | null;
    incognito: 0 | 1 | null;
    pinned: 0 | 1;
    assistant_id?: string | null;
    project_id?: string | null;
    automation_id?: string | null;
    /** Computed when read: nothing was sent and the title is the default one. */
    draft?: 0 | 1;
    created_at: number;
    updated_at: number;
};
export type MessageRow = {
    id: string;
    conversation_id: string;
    role: MessageRole;
    content: string;
    status: MessageStatus;
    model: string | null;
    error: string | null;
    /** The error's words (JSON), when the core gave them. */
    error_words: string | null;
    prompt_tokens: number | null;
    completion_tokens: number | null;
    ttft_ms: number | null;
    duration_ms: number | null;
    tokens_per_second: number | null;
    reused_tokens: number | null;
    context_shifted: 0 | 1 | null;
    parent_id: string | null;
    thought: string;
    thought_ms: number | null;
    thought_tokens: number | null;
    tools_offered: string | null;
    drafted_tokens: number | null;
    accepted_tokens: number | null;
    plan: string | null;
    /** The research run this answer reports (JSON). */
    research?: string | null;
    /** The summary of the conversation up to this message (JSON), when it was compacted here. */
    summary?: string | null;
    created_at: number;
};

/**
 * Whether a conversation is a draft: it has the default title (the parameter), and nothing was sent or attached
 * in it. The window lists a draft only while it is open.
 */
export const IS_DRAFT = `(title = ?
    AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id)
    AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.conversation_id = conversations.id))`;

export const SELECT_CONVERSATION = `SELECT *, ${IS_DRAFT} AS draft FROM conversations`;

export function toConversation(r: ConversationRow, webAccessDefault: boolean): Conversation {
    return {
        id: r.id,
        title: r.title,
        mode: r.mode,
        webAccess: r.web_access === null ? webAccessDefault : r.web_access === 1,
        generation: r.generation ? fromStoredJson<Partial<GenerationSettings>>(r.generation) : null,
        toolsOff: r.tools_off ? fromStoredJson<string[]>(r.tools_off) : [],
        incognito: r.incognito === 1,
        pinned: r.pinned === 1,
        workspace: r.workspace,
        provider: r.provider ?? null,
        providerModel: r.provider_model ?? null,
        assistantId: r.assistant_id ?? null,
        projectId: r.project_id ?? null,
        ...(r.automation_id ? {automationId: r.automation_id} : {}),
        ...(r.draft ? {draft: true} : {}),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
    };
}

export function groupByMessage(calls: ToolCallRecord[]): Map<string, ToolCallRecord[]> {
    const byMessage = new Map<string, ToolCallRecord[]>();
    for (const call of calls) byMessage.set(call.messageId, [...(byMessage.get(call.messageId) ?? []), call]);
    return byMessage;
}

export type Tree = {
    rows: MessageRow[];
    byId: Map<string, MessageRow>;
    /** Each message's place in the order they were written. */
    order: Map<string, number>;
    /** Children of each message (null: the first messages), oldest first. */
    children: Map<string | null, string[]>;
    calls: Map<string, ToolCallRecord[]>;
    citations: Map<string, Citation[]>;
    attachments: Map<string, Attachment[]>;
};

/** The last message of the newest branch under `id` (null: the whole conversation); `id` when it has none. */
export function newestLeaf(tree: Tree, id: string | null): string | null {
    let best: string | null = null;
    const stack = [...(tree.children.get(id) ?? [])];
    while (stack.length > 0) {
        const next = stack.pop()!;
        const kids = tree.children.get(next);
        if (kids) stack.push(...kids);
        else if (best === null || tree.order.get(next)! > tree.order.get(best)!) best = next;
    }
    return best ?? id;
}

export function toMessage(
    r: MessageRow,
    toolCalls: ToolCallRecord[],
    citations: Citation[],
    versions: string[],
    attachments: Attachment[],
): Message {
    const stats: TurnStats | null =
        r.completion_tokens === null
            ? null
            : {
                  promptTokens: r.prompt_tokens ?? 0,
                  completionTokens: r.completion_tokens,
                  timeToFirstTokenMs: r.ttft_ms,
                  durationMs: r.duration_ms ?? 0,
                  tokensPerSecond: r.tokens_per_second,
                  reusedTokens: r.reused_tokens ?? 0,
                  contextShifted: r.context_shifted === 1,
                  thoughtTokens: r.thought_tokens ?? 0,
                  ...(r.tools_offered ? {toolsOffered: r.tools_offered} : {}),
                  ...(r.drafted_tokens
                      ? {draftedTokens: r.drafted_tokens, acceptedTokens: r.accepted_tokens ?? 0}
                      : {}),
              };
    return {
        id: r.id,
        conversationId: r.conversation_id,
        role: r.role,
        content: r.content,
        status: r.status,
        model: r.model,
        stats,
        error: r.error,
        ...errorWordsOf(r.error, r.error_words),
        createdAt: r.created_at,
        toolCalls,
        citations,
        thought: r.thought,
        thoughtMs: r.thought_ms,
        parentId: r.parent_id,
        versions,
        ...(r.plan ? {plan: fromStoredJson<Plan>(r.plan)} : {}),
        ...(r.research ? {research: researchOf(r.research, r.status)} : {}),
        ...(attachments.length > 0 ? {attachments} : {}),
        ...(r.summary ? {summary: fromStoredJson<TurnsSummary>(r.summary)} : {}),
    };
}

/** The words as an FTS5 query: each one quoted (no operators from the user's text), the last as a prefix. */
export function ftsQuery(text: string): string | null {
    const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
    if (words.length === 0) return null;
    return words.map((w, i) => `"${w}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

/** A run as stored; one left running by an answer no longer written (Cairn was stopped under it) is interrupted. */
function researchOf(stored: string, status: MessageRow["status"]): ResearchRun {
    const run = fromStoredJson<ResearchRun>(stored);
    if (run.state !== "running" || status === "streaming") return run;
    return {...run, state: "interrupted", phase: null, doing: null};
}
