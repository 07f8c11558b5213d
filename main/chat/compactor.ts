// Folds a conversation's older turns into a summary kept with the last of them (compaction.ts writes it):
// before a turn that would not fit otherwise, and by hand (Compact now).

import type {ChatHistoryItem} from "node-llama-cpp";
import type {Message, TurnsSummary} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {StepEngine} from "../llm/engine/engine.js";
import type {ConversationStore} from "../store/conversations.js";
import {failSaying} from "../words.js";
import {lastSummary, measureOf, mustFold, summarize, type Measure, type PromptFixed} from "./compaction.js";

/** What a model that cannot say its context and tokens is taken to have, for Compact now. */
const ROUGH_MEASURE: Measure = {contextSize: 8192, count: (text) => Math.ceil(text.length / 3)};

/** A turn's compaction: the history to answer from once older turns are folded, when they must be. */
export type TurnCompaction = {
    /**
     * Folds what must be folded for the prompt to fit (`folding` is called first, when something is), and
     * returns the history the turn answers from then; null when nothing had to be folded, or it was stopped.
     */
    prepare(
        engine: StepEngine,
        fixed: Omit<PromptFixed, "question">,
        signal: AbortSignal,
        folding: () => void,
    ): Promise<Result<ChatHistoryItem[] | null>>;
};

export class Compactor {
    constructor(
        private readonly store: ConversationStore,
        private readonly bus: EventBus,
    ) {}

    /**
     * Condenses `branch` up to and including `through` into the summary kept with that message (after the
     * summary before it, if any), and says so. Null: stopped.
     */
    async fold(
        branch: Message[],
        through: number,
        engine: StepEngine,
        options: {origin: TurnsSummary["origin"]; model: string | null; signal: AbortSignal},
    ): Promise<Result<Message | null>> {
        const target = branch[through];
        if (!target) return fail("INTERNAL", "nothing to fold");
        const before = lastSummary(branch.slice(0, through + 1));
        const start = before ? before.index + 1 : 0;
        const written = await summarize(engine, measureOf(engine) ?? ROUGH_MEASURE, {
            previous: before?.summary.text ?? null,
            messages: branch.slice(start, through + 1),
            signal: options.signal,
        });
        if (!written.ok || written.value === null) return written.ok ? ok(null) : written;
        this.store.setSummary(target.id, {
            text: written.value,
            covers: through + 1,
            origin: options.origin,
            model: options.model,
            createdAt: Date.now(),
        });
        const message = this.store.message(target.id)!;
        this.bus.emit({type: "conversation.compacted", conversationId: target.conversationId, message});
        return ok(message);
    }

    /**
     * Compact now: the branch's turns before its newest exchange folded by `engine`, with the conversation's
     * answer slot held (`claim`; Stop ends it, keeping nothing); how many messages the summary stands for.
     */
    async compactNow(
        branch: Message[],
        engine: StepEngine,
        model: string | null,
        claim: () => Result<{signal: AbortSignal; release: () => void}>,
    ): Promise<Result<{covers: number}>> {
        const through = branch.findLastIndex((m) => m.role === "user") - 1;
        if (through < (lastSummary(branch)?.index ?? -1) + 1)
            return failSaying("VALIDATION", "nothingToCompact");
        const slot = claim();
        if (!slot.ok) return slot;
        try {
            const options = {origin: "manual" as const, model, signal: slot.value.signal};
            const folded = await this.fold(branch, through, engine, options);
            return folded.ok ? ok({covers: folded.value?.summary?.covers ?? 0}) : folded;
        } finally {
            slot.value.release();
        }
    }

    /**
     * A turn's compaction over its branch and question; `rebuild` turns the branch after a summary (and the
     * summary) into the history the model reads, the question last.
     */
    forTurn(
        branch: Message[],
        question: string,
        model: string | null,
        rebuild: (after: Message[], summary: string) => ChatHistoryItem[],
    ): TurnCompaction {
        return {
            prepare: async (engine, fixed, signal, folding) => {
                const measure = measureOf(engine);
                const through = measure ? mustFold(branch, {...fixed, question}, measure) : null;
                if (through === null) return ok(null);
                folding();
                const folded = await this.fold(branch, through, engine, {origin: "auto", model, signal});
                if (!folded.ok || folded.value === null) return folded.ok ? ok(null) : folded;
                return ok(rebuild(branch.slice(through + 1), folded.value.summary!.text));
            },
        };
    }
}
