import type {Message, ResearchBudget, ResearchQuestion, ResearchRequest} from "../../shared/contract.js";
import {titleFrom} from "./history.js";
import type {Static} from "@sinclair/typebox";
import {ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import type {EventBus} from "../events.js";
import type {ConversationStore} from "../store/conversations.js";
import type {ResearchStore} from "../store/research.js";
import type {ResearchWork} from "./turnInput.js";
import {budgetOf} from "./researchTurn.js";

/** What research runs need of the chat service: answers started, written again in place, stopped, awaited. */
export type ResearchAnswers = {
    send(
        conversationId: string,
        text: string,
        options: {research: ResearchRequest},
    ): Result<{userMessageId: string; messageId: string}>;
    answerAgain(
        message: Message,
        work: {research: ResearchWork},
        inPlace: boolean,
    ): Result<{messageId: string}>;
    stop(conversationId: string): boolean;
    settled(conversationId: string): Promise<void>;
};

/**
 * The person's hold on research runs: a proposed plan run as edited, a run paused, resumed from its last
 * saved step, or cancelled. Each run is its report's answer, written by the chat service.
 */
export class ResearchRuns {
    /** Runs being stopped for good (cancelled, not paused), by their answer's id. */
    private readonly cancelling = new Set<string>();

    constructor(
        private readonly chat: ResearchAnswers,
        private readonly store: ConversationStore,
        private readonly steps: ResearchStore | null,
        private readonly bus: EventBus,
    ) {}

    /** Runs a proposed plan with the person's questions and budget. */
    run(
        messageId: string,
        questions: Static<typeof ResearchQuestion>[],
        budget?: Partial<ResearchBudget>,
    ): Result<{messageId: string}> {
        const message = this.store.message(messageId);
        if (!message?.research || !this.steps) return failSaying("NOT_FOUND", "noResearch", {id: messageId});
        if (message.research.state !== "proposed") return failSaying("DENIED", "researchRanAlready");
        const run = {...message.research, questions, budget: budgetOf(message.research.budget, budget)};
        this.steps.setRun(messageId, run);
        return this.goOn({...message, research: run});
    }

    /** Goes on with a paused, interrupted or failed run from its last saved step (a proposed one runs as planned). */
    resume(messageId: string): Result<{messageId: string}> {
        const message = this.store.message(messageId);
        if (!message?.research) return failSaying("NOT_FOUND", "noResearch", {id: messageId});
        const {state} = message.research;
        if (state === "running") return failSaying("DENIED", "researchRunning");
        if (state === "done" || state === "cancelled") return failSaying("DENIED", "researchEnded", {state});
        return this.goOn(message);
    }

    /** Pauses a run going on here: it stops after saving its last finished step. */
    pause(messageId: string): Result<{paused: boolean}> {
        const message = this.store.message(messageId);
        if (!message?.research) return failSaying("NOT_FOUND", "noResearch", {id: messageId});
        if (message.research.state !== "running") return failSaying("DENIED", "researchNotRunning");
        return ok({paused: this.chat.stop(message.conversationId)});
    }

    /** Ends a run for good: a plan set aside, a paused run closed, or a running one stopped without its report. */
    cancel(messageId: string): Result<{cancelled: boolean}> {
        const message = this.store.message(messageId);
        if (!message?.research || !this.steps) return failSaying("NOT_FOUND", "noResearch", {id: messageId});
        const {state} = message.research;
        if (state === "done" || state === "cancelled") return failSaying("DENIED", "researchEnded", {state});
        if (state === "running") {
            this.cancelling.add(messageId);
            return ok({cancelled: this.chat.stop(message.conversationId)});
        }
        const run = {...message.research, state: "cancelled" as const, phase: null, doing: null};
        this.steps.setRun(messageId, run);
        this.bus.emit({type: "research.updated", conversationId: message.conversationId, messageId, run});
        return ok({cancelled: true});
    }

    /**
     * A question researched to its end (the local API's metadata.mode "research"): in a new conversation titled
     * by it (conversationId null) or an existing one, its plan run as the model wrote it. `signal` pauses it.
     */
    async ask(
        conversationId: string | null,
        question: string,
        request: ResearchRequest,
        signal: AbortSignal,
    ): Promise<Result<Message>> {
        const id = conversationId ?? this.newConversation(question);
        const sent = this.chat.send(id, question, {research: {...request, start: true}});
        if (!sent.ok) return sent;
        const pause = () => this.chat.stop(id);
        signal.addEventListener("abort", pause, {once: true});
        await this.chat.settled(id);
        signal.removeEventListener("abort", pause);
        const answer = this.store.message(sent.value.messageId);
        return answer ? ok(answer) : failSaying("NOT_FOUND", "noResearch", {id: sent.value.messageId});
    }

    private newConversation(question: string): string {
        const made = this.store.create(titleFrom(question));
        this.bus.emit({type: "conversation.updated", conversation: made});
        return made.id;
    }

    private goOn(message: Message): Result<{messageId: string}> {
        this.cancelling.delete(message.id);
        const cancelled = () => this.cancelling.delete(message.id);
        return this.chat.answerAgain(message, {research: {run: true, cancelled}}, true);
    }
}
