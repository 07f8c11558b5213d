import type {Citation, Plan, TurnStats} from "../../shared/contract.js";
import type {EventBus} from "../events.js";
import type {CitationStore} from "../store/citations.js";
import type {ConversationStart, ConversationStore} from "../store/conversations.js";
import {ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {titleFrom} from "./history.js";

/** What an answer written by another path ended with: its text, sources, plan and figures. */
export type RecordedEnd = {
    text: string;
    thought: string;
    citations: Citation[];
    plan?: Plan;
    stats: TurnStats;
};

export type RecordedDeps = {store: ConversationStore; citations: CitationStore; bus: EventBus};

/** An answer to record: in a conversation, or (null) a new one titled by the question, started with `start`. */
export type RecordRequest = {
    conversationId: string | null;
    question: string;
    model: string;
    start?: ConversationStart | null;
};

/**
 * The conversation a recorded answer goes to (made first, when asked), its answer slot claimed (`claim`), then
 * the answer started (startRecorded).
 */
export function recordAnswer(
    deps: RecordedDeps,
    request: RecordRequest,
    processId: string,
    claim: (conversationId: string) => Result<{signal: AbortSignal; release: () => void}>,
): Result<RecordedAnswer> {
    const {conversationId, question, model} = request;
    const {store} = deps;
    const conversation =
        conversationId === null
            ? store.create(titleFrom(question), false, request.start ?? null)
            : store.get(conversationId);
    if (!conversation) return failSaying("NOT_FOUND", "conversationNotFound", {id: conversationId ?? ""});
    const slot = claim(conversation.id);
    if (!slot.ok) return slot;
    return ok(startRecorded(deps, {conversationId: conversation.id, question, model, processId}, slot.value));
}

/**
 * Writes the question and an answer streaming in its place, its row naming this process (`processId`), and
 * returns the answer to write its words into. `slot`: the conversation's answer slot, claimed for it.
 */
export function startRecorded(
    deps: RecordedDeps,
    answer: {conversationId: string; question: string; model: string; processId: string},
    slot: {signal: AbortSignal; release: () => void},
): RecordedAnswer {
    const {store, bus} = deps;
    const {conversationId, question, model, processId} = answer;
    store.addMessage({conversationId, role: "user", content: question, status: "complete"});
    const row = store.addMessage({
        conversationId,
        role: "assistant",
        content: "",
        status: "streaming",
        model,
        processId,
    });
    bus.emit({type: "conversation.updated", conversation: store.get(conversationId)!});
    return new RecordedAnswer(deps, conversationId, row.id, slot.signal, slot.release);
}

/**
 * An answer whose words come from another path (the local API's recorded exchanges), written into its
 * conversation as the window's turns write theirs: live tokens, then its end. Made by ChatService.record,
 * which has claimed the conversation's one answer slot for it and named this process on its row.
 */
export class RecordedAnswer {
    private text = "";
    private thought = "";

    constructor(
        private readonly deps: RecordedDeps,
        readonly conversationId: string,
        readonly messageId: string,
        /** The window's Stop for this answer. */
        readonly signal: AbortSignal,
        /** Gives the conversation's answer slot back. */
        private readonly release: () => void,
    ) {}

    /** Each chunk as the model writes it: the app shows the answer live. */
    onText(chunk: string): void {
        this.text += chunk;
        this.emit("chat.token", chunk);
    }

    onThought(chunk: string): void {
        this.thought += chunk;
        this.emit("chat.thought", chunk);
    }

    /** The answer as it ended; `stopped`: it was stopped before its end (kept as interrupted). */
    finish(end: RecordedEnd, stopped: boolean): void {
        for (const citation of end.citations) this.deps.citations.add(this.messageId, citation);
        // A plan made or run for the request is kept with the answer, as the window keeps its own.
        if (end.plan) this.deps.store.setPlan(this.messageId, end.plan);
        this.end({
            content: end.text || this.text,
            thought: end.thought || this.thought,
            status: stopped ? "interrupted" : "complete",
            stats: end.stats,
        });
    }

    /** The answer failed: what it wrote so far is kept, with the error. */
    fail(message: string): void {
        this.end({content: this.text, thought: this.thought, status: "error", stats: null, error: message});
    }

    private emit(type: "chat.token" | "chat.thought", text: string): void {
        this.deps.bus.emit({type, conversationId: this.conversationId, messageId: this.messageId, text});
    }

    private end(f: Parameters<ConversationStore["finish"]>[1]): void {
        const {store, bus} = this.deps;
        store.finish(this.messageId, f);
        store.touch(this.conversationId);
        // Released before chat.done, so that a listener may send the next message at once.
        this.release();
        const {conversationId, messageId} = this;
        if (f.status === "error")
            bus.emit({type: "chat.error", conversationId, messageId, message: f.error ?? ""});
        bus.emit({type: "chat.done", conversationId, message: store.message(messageId)!});
    }
}
