import type {TurnStats} from "../../shared/contract.js";
import type {EventBus} from "../events.js";
import type {CitationStore} from "../store/citations.js";
import type {ConversationStart, ConversationStore} from "../store/conversations.js";
import type {ChatOutcome} from "./chat.js";
import type {ChatService} from "../chat/chatService.js";
import {titleFrom} from "../chat/history.js";
import {ApiError} from "./errors.js";
import {contentText} from "./history.js";
import type {ChatMessage} from "./schemas.js";

type Deps = {
    conversations: ConversationStore;
    citations: CitationStore;
    bus: EventBus;
    /** What a conversation started with an assistant gets (metadata.assistant). */
    startFor: (assistantId: string) => ConversationStart | null;
    /** The conversation's one answer slot, as the window's answers claim it (ChatService.claimAnswer). */
    claim: ChatService["claimAnswer"];
};

/**
 * API exchanges recorded as Cairn conversations (`metadata.conversation_id`, off by default): the
 * request's last user message and the answer with its tool steps and citations, shown live in the app.
 * "new" starts a conversation; its id comes back in `metadata.conversation_id`.
 */
export class ApiRecorder {
    constructor(private readonly deps: Deps) {}

    begin(
        requested: unknown,
        messages: ChatMessage[],
        model: string,
        assistantId: string | null = null,
    ): Recording {
        const {conversations} = this.deps;
        if (typeof requested !== "string" || requested.length === 0)
            throw new ApiError(
                400,
                'metadata.conversation_id must be the id of a conversation, or "new"',
                "invalid_request_error",
                "metadata.conversation_id",
            );
        const question = lastUserText(messages);
        const conversation =
            requested === "new"
                ? conversations.create(
                      titleFrom(question),
                      false,
                      assistantId ? this.deps.startFor(assistantId) : null,
                  )
                : conversations.get(requested);
        if (!conversation)
            throw new ApiError(
                404,
                `metadata.conversation_id: no conversation ${requested}; pass "new" to start one`,
                "invalid_request_error",
                "metadata.conversation_id",
                "conversation_not_found",
            );
        // One answer at a time in a conversation, whoever writes it: a window's or another request's is
        // running there, so this one is refused in words (409) rather than written into it.
        const slot = this.deps.claim(conversation.id);
        if (!slot.ok)
            throw new ApiError(
                409,
                `metadata.conversation_id: ${slot.error.message}`,
                "invalid_request_error",
                "metadata.conversation_id",
                "conversation_busy",
            );
        conversations.addMessage({
            conversationId: conversation.id,
            role: "user",
            content: question,
            status: "complete",
        });
        // Its process is named: another Cairn opening the data folder leaves a live answer alone.
        const answer = conversations.addMessage({
            conversationId: conversation.id,
            role: "assistant",
            content: "",
            status: "streaming",
            model,
            processId: slot.value.processId,
        });
        this.deps.bus.emit({type: "conversation.updated", conversation: conversations.get(conversation.id)!});
        return new Recording(this.deps, conversation.id, answer.id, slot.value);
    }
}

export class Recording {
    private text = "";
    private thought = "";

    constructor(
        private readonly deps: Deps,
        readonly conversationId: string,
        readonly messageId: string,
        /** The answer slot: `signal` is the window's Stop; `release` gives the slot back at the end. */
        readonly slot: {signal: AbortSignal; release: () => void},
    ) {}

    /** Each chunk as the model writes it: the app shows the answer live. */
    onText(chunk: string): void {
        this.text += chunk;
        this.deps.bus.emit({
            type: "chat.token",
            conversationId: this.conversationId,
            messageId: this.messageId,
            text: chunk,
        });
    }

    onThought(chunk: string): void {
        this.thought += chunk;
        this.deps.bus.emit({
            type: "chat.thought",
            conversationId: this.conversationId,
            messageId: this.messageId,
            text: chunk,
        });
    }

    finish(outcome: ChatOutcome, stopped: boolean): void {
        outcome.citations.forEach((c) =>
            this.deps.citations.add(this.messageId, {
                kind: c.kind,
                title: c.title,
                ...(c.url ? {url: c.url} : {}),
                ...(c.location ? {location: c.location} : {}),
                number: c.number,
                toolCallId: c.tool_call_id,
            }),
        );
        // A plan made or run for the request is kept with the answer, as the app keeps its own.
        if (outcome.plan) this.deps.conversations.setPlan(this.messageId, outcome.plan);
        const content = outcome.text || this.text;
        this.end({
            content,
            thought: outcome.thought || this.thought,
            status: stopped ? "interrupted" : "complete",
            stats: statsOf(outcome),
        });
    }

    fail(message: string): void {
        this.end({content: this.text, thought: this.thought, status: "error", stats: null, error: message});
    }

    private end(f: Parameters<ConversationStore["finish"]>[1]): void {
        const {conversations, bus} = this.deps;
        conversations.finish(this.messageId, f);
        conversations.touch(this.conversationId);
        // Released before chat.done, so that a listener may send the next message at once.
        this.slot.release();
        if (f.status === "error")
            bus.emit({
                type: "chat.error",
                conversationId: this.conversationId,
                messageId: this.messageId,
                message: f.error ?? "",
            });
        bus.emit({
            type: "chat.done",
            conversationId: this.conversationId,
            message: conversations.message(this.messageId)!,
        });
    }
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
