import type {ChatHistoryItem} from "node-llama-cpp";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";

/** Tokens a chat format adds around each message (role headers, separators): a generous estimate. */
export const ITEM_OVERHEAD_TOKENS = 16;

/**
 * What the functions' documentation takes, estimated: the chat format renders it more verbosely than their
 * JSON, so the JSON is counted 1.5 times.
 */
export function definitionTokens(functions: readonly unknown[], count: (text: string) => number): number {
    return functions.length ? Math.ceil(count(JSON.stringify(functions)) * 1.5) : 0;
}

/** The room an answer keeps in the context: its token limit, at most a quarter of the context. */
export function answerReserve(maxTokens: number, contextSize: number): number {
    return Math.min(maxTokens, contextSize / 4);
}

/**
 * Drops the oldest turns (never the system prompt, never the newest two items) until the history fits the
 * budget, so that a long conversation goes on instead of failing. Counts are estimates in the model's tokens.
 */
export function fitHistory(
    history: ChatHistoryItem[],
    budget: number,
    count: (text: string) => number,
    functions: readonly unknown[],
): {history: ChatHistoryItem[]; dropped: number; tokens: number} {
    const sizes = history.map((item) => count(itemText(item)) + ITEM_OVERHEAD_TOKENS);
    const docs = definitionTokens(functions, count);
    let total = sizes.reduce((a, b) => a + b, 0) + docs;
    const keep = history.map(() => true);
    const first = history.findIndex((item) => item.type !== "system");
    for (let i = Math.max(0, first); total > budget && i < history.length - 2; i++) {
        if (history[i]!.type === "system") continue;
        keep[i] = false;
        total -= sizes[i]!;
    }
    const kept = history.filter((_, i) => keep[i]);
    return {history: kept, dropped: history.length - kept.length, tokens: total};
}

/**
 * Tokens of a history and the functions' documentation, each counted once (not fitHistory's margin);
 * definitions: what the tools offered take, in tokens.
 */
export function estimateTokens(
    history: ChatHistoryItem[],
    count: (text: string) => number,
    definitions: number,
) {
    return history.reduce((n, item) => n + count(itemText(item)) + 4, definitions);
}

function itemText(item: ChatHistoryItem): string {
    if (item.type !== "model") return typeof item.text === "string" ? item.text : JSON.stringify(item.text);
    return item.response.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join("");
}

/** A new message too long for the context, measured: refused before generation, never cut silently. */
export type TooLong = {messageTokens: number; contextSize: number; room: number};

/**
 * Whether the newest user message fits the context beside what can never be left out (the system prompt,
 * the tools' definitions) and the room kept for the answer; its size when it does not. Earlier turns can be
 * dropped, so they do not count.
 */
export function messageTooLong(
    history: ChatHistoryItem[],
    contextSize: number,
    reserve: number,
    count: (text: string) => number,
    functions: readonly unknown[],
): TooLong | null {
    const last = history.findLastIndex((item) => item.type === "user");
    if (last < 0) return null;
    const text = itemText(history[last]!);
    // A token covers at least one character: a message within half the usable context is never the
    // problem (when the system prompt and tools leave too little, that is said elsewhere), and is not counted.
    if (text.length <= (contextSize - reserve) / 2) return null;
    const fixed = history.filter((item) => item.type === "system");
    const {tokens: fixedTokens} = fitHistory(fixed, Infinity, count, functions);
    const room = contextSize - reserve - fixedTokens - ITEM_OVERHEAD_TOKENS;
    const messageTokens = count(text);
    return messageTokens > room ? {messageTokens, contextSize, room: Math.max(0, room)} : null;
}

/** What the person reads when their message is too long, with its numbers and what to do. */
export function tooLongWords({messageTokens, contextSize, room}: TooLong): Words {
    return wordsOf("messageTooLong", {tokens: messageTokens, contextSize, room});
}
