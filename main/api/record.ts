import type {Citation, TurnStats} from "../../shared/contract.js";
import type {ConversationStart} from "../store/conversations.js";
import type {ChatService} from "../chat/chatService.js";
import type {RecordedAnswer, RecordedEnd} from "../chat/recordedAnswer.js";
import type {ChatOutcome} from "./chat.js";
import {ApiError} from "./errors.js";
import {contentText} from "./history.js";
import type {ChatMessage} from "./schemas.js";

type Deps = {
    /** Writes the answer as the window's are written (ChatService.record). */
    chat: Pick<ChatService, "record">;
    /** What a conversation started with an assistant gets (metadata.assistant). */
    startFor: (assistantId: string) => ConversationStart | null;
};

const FIELD = "metadata.conversation_id";

/**
 * API exchanges recorded as Cairn conversations (`metadata.conversation_id`, off by default): the
 * request's last user message and the answer with its tool steps and citations, shown live in the app.
 * "new" starts a conversation; its id comes back in `metadata.conversation_id`. The answer is written by the
 * chat service, as the window's are; this turns the request into its call and its refusals into API errors.
 */
export class ApiRecorder {
    constructor(private readonly deps: Deps) {}

    begin(
        requested: unknown,
        messages: ChatMessage[],
        model: string,
        assistantId: string | null = null,
    ): RecordedAnswer {
        if (typeof requested !== "string" || requested.length === 0)
            throw new ApiError(
                400,
                'metadata.conversation_id must be the id of a conversation, or "new"',
                "invalid_request_error",
                FIELD,
            );
        const fresh = requested === "new";
        const recorded = this.deps.chat.record({
            conversationId: fresh ? null : requested,
            question: lastUserText(messages),
            model,
            start: fresh && assistantId ? this.deps.startFor(assistantId) : null,
        });
        if (recorded.ok) return recorded.value;
        if (recorded.error.code === "NOT_FOUND")
            throw new ApiError(
                404,
                `${FIELD}: no conversation ${requested}; pass "new" to start one`,
                "invalid_request_error",
                FIELD,
                "conversation_not_found",
            );
        // One answer at a time in a conversation, whoever writes it: a window's or another request's is
        // running there, so this one is refused in words (409) rather than written into it.
        throw new ApiError(
            409,
            `${FIELD}: ${recorded.error.message}`,
            "invalid_request_error",
            FIELD,
            "conversation_busy",
        );
    }
}

/** A request's outcome as its recorded answer keeps it. */
export function recordedEnd(outcome: ChatOutcome): RecordedEnd {
    const citations: Citation[] = outcome.citations.map((c) => ({
        kind: c.kind,
        title: c.title,
        ...(c.url ? {url: c.url} : {}),
        ...(c.location ? {location: c.location} : {}),
        number: c.number,
        toolCallId: c.tool_call_id,
    }));
    return {
        text: outcome.text,
        thought: outcome.thought,
        citations,
        ...(outcome.plan ? {plan: outcome.plan} : {}),
        stats: statsOf(outcome),
    };
}

function statsOf({usage, timings}: ChatOutcome): TurnStats {
    return {
        promptTokens: timings.prompt_n,
        completionTokens: usage.completion_tokens - usage.completion_tokens_details.reasoning_tokens,
        timeToFirstTokenMs: timings.prompt_ms,
        durationMs: timings.prompt_ms + timings.predicted_ms,
        tokensPerSecond: timings.predicted_per_second,
        reusedTokens: usage.prompt_tokens_details.cached_tokens,
        contextShifted: false,
        thoughtTokens: usage.completion_tokens_details.reasoning_tokens,
    };
}

function lastUserText(messages: ChatMessage[]): string {
    return contentText(messages.findLast((m) => m.role === "user")?.content);
}
