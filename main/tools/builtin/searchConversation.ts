import type {ConversationHit} from "../../store/conversations.js";
import {defineTool} from "../defineTool.js";

/** What search_conversation reads: one conversation's messages by their words, and whether it was compacted. */
export type ConversationSearch = {
    searchIn(conversationId: string, query: string, limit: number): ConversationHit[];
    compacted(conversationId: string): boolean;
};

export const SEARCH_CONVERSATION = "search_conversation";
const FOUND = 5;

/**
 * search_conversation: the exact words of this conversation's earlier turns, those a summary stands for
 * included (compaction keeps every message). Offered only where a summary is read in their place.
 */
export function createSearchConversation(conversations: ConversationSearch) {
    return defineTool({
        name: SEARCH_CONVERSATION,
        description:
            "Search this conversation's earlier messages, including those condensed into a summary, for their exact words.",
        sideEffect: "none",
        offeredWhen: (conversationId) => conversationId !== null && conversations.compacted(conversationId),
        params: {
            type: "object",
            additionalProperties: false,
            required: ["query"],
            properties: {query: {type: "string", minLength: 1, maxLength: 200}, limit: {type: "integer"}},
        },
        validate: {properties: {limit: {minimum: 1, maximum: 10, default: FOUND}}},
        run(args, ctx) {
            const hits = conversations.searchIn(ctx.conversationId, args.query, args.limit ?? FOUND);
            if (hits.length === 0) return {text: "No earlier message matches.", data: {hits: []}};
            const when = (at: number) => new Date(at).toISOString().slice(0, 16).replace("T", " ");
            const who = (hit: ConversationHit) => (hit.role === "user" ? "The user wrote" : "You wrote");
            return {
                text: hits
                    .map((h, i) => `[${i + 1}] ${who(h)} (${when(h.createdAt)}): ${h.passage}`)
                    .join("\n"),
                data: {hits},
            };
        },
    });
}
