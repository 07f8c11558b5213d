import type {Memory} from "../../../shared/contract.js";
import {memoryTitle, RECALLED, type RecalledMemory} from "../../docs/memory.js";
import {defineTool} from "../defineTool.js";
import {messageOf} from "../../../shared/format.js";

export type MemoryAccess = {
    /** The memories this conversation may recall (everywhere, and its assistant's own) that match. */
    search(query: string, limit: number, conversationId: string): Promise<RecalledMemory[]>;
    /** Keeps a memory taken from this conversation; throws with the reason it cannot be kept. */
    keep(text: string, conversationId: string): {memory: Memory; updated: boolean};
    /** Whether memory may be used here: on in Settings, and the conversation not incognito. */
    allowed(conversationId: string): string | null;
    /** Whether anything is remembered at all (recall and remember are not offered before: they cost tokens). */
    any(): boolean;
};

export const RECALL_TOOL = "recall";
export const REMEMBER_TOOL = "remember";
/** The most characters the model (or "remember that …") keeps at once; Remember on a message takes more. */
export const REMEMBER_CHARS = 300;

/** recall: the person's memories that match, each a citable source (also run before each turn). */
export function createRecall(memory: MemoryAccess) {
    return defineTool({
        name: RECALL_TOOL,
        offeredWhen: () => memory.any(),
        description:
            "Search what the user asked you to remember (facts and preferences kept across conversations).",
        sideEffect: "none",
        params: {
            type: "object",
            additionalProperties: false,
            required: ["query"],
            // 200 characters, as plan steps' document searches: a plan's grammar repeats every step's.
            properties: {query: {type: "string", minLength: 1, maxLength: 200}, limit: {type: "integer"}},
        },
        validate: {properties: {limit: {minimum: 1, maximum: 10, default: RECALLED}}},
        async run(args, ctx) {
            const refused = memory.allowed(ctx.conversationId);
            if (refused) return {text: "", error: refused};
            const found = await memory.search(args.query, args.limit ?? RECALLED, ctx.conversationId);
            if (found.length === 0) return {text: "No memory matches.", data: {memories: []}};
            return {
                text: found.map((m, i) => `[${i + 1}] ${m.text}`).join("\n"),
                data: {memories: found},
                sources: found.map((m) => ({
                    kind: "document" as const,
                    title: memoryTitle(m),
                    snippet: m.text,
                    location: {memoryId: m.id},
                })),
            };
        },
    });
}

/** remember: keeps a short statement across conversations; a write, so the person approves its exact text. */
export function createRemember(memory: MemoryAccess) {
    return defineTool({
        name: REMEMBER_TOOL,
        description:
            "Keep a short fact or preference the user wants remembered in later conversations (one statement).",
        sideEffect: "write",
        // The person's own memory, asked for in any mode; each write is still approved (policy: ask).
        everyMode: true,
        // Offered to the model once the person has kept a memory: until then memory is unused, and its
        // definition would cost every prompt its tokens ("remember that …" still keeps the first one).
        offeredWhen: () => memory.any(),
        params: {
            type: "object",
            additionalProperties: false,
            required: ["text"],
            // One statement; the bound also keeps the tool-call grammar small (llama.cpp caps its repetitions).
            properties: {text: {type: "string", minLength: 1, maxLength: REMEMBER_CHARS}},
        },
        run(args, ctx) {
            const refused = memory.allowed(ctx.conversationId);
            if (refused) return {text: "", error: refused};
            try {
                const {memory: kept, updated} = memory.keep(args.text, ctx.conversationId);
                return {
                    text: updated ? `Updated the memory: ${kept.text}` : `Remembered: ${kept.text}`,
                    data: {memory: kept, updated},
                };
            } catch (error) {
                return {text: "", error: messageOf(error)};
            }
        },
    });
}
