import type {Message} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {Engine, HistoryEntry} from "../llm/engine.js";
import {DEFAULT_TITLE, type ConversationStore} from "../store/conversations.js";

export type GenerationOptions = {maxTokens?: number; temperature?: number; seed?: number};

type ActiveTurn = {controller: AbortController; finished: Promise<void>};

const TITLE_LENGTH = 60;

/** Runs chat turns: persists the user message and the growing answer, streams tokens as events. */
export class ChatService {
    private readonly active = new Map<string, ActiveTurn>();

    constructor(
        private readonly store: ConversationStore,
        private readonly engine: Engine,
        private readonly bus: EventBus,
        private readonly generation: GenerationOptions = {},
        private readonly flushMs = 200,
    ) {}

    send(conversationId: string, text: string): Result<{userMessageId: string; messageId: string}> {
        const conversation = this.store.get(conversationId);
        if (!conversation) return fail("NOT_FOUND", `conversation not found: ${conversationId}`);
        if (this.active.has(conversationId)) {
            return fail("DENIED", "an answer is still being written in this conversation; stop it or wait");
        }
        if (!this.engine.isLoaded()) {
            return fail(
                "MODEL_NOT_LOADED",
                this.engine.status().message ?? "no model is loaded; choose a model first",
            );
        }
        const history = this.store
            .messages(conversationId)
            .filter((m) => m.status !== "error" && m.content.length > 0)
            .map((m): HistoryEntry => ({role: m.role, content: m.content}));
        const user = this.store.addMessage({conversationId, role: "user", content: text, status: "complete"});
        if (conversation.title === DEFAULT_TITLE) {
            const renamed = this.store.rename(conversationId, titleFrom(text));
            if (renamed) this.bus.emit({type: "conversation.updated", conversation: renamed});
        }
        const answer = this.store.addMessage({
            conversationId,
            role: "assistant",
            content: "",
            status: "streaming",
            model: this.engine.status().modelName,
        });
        const controller = new AbortController();
        const turn: ActiveTurn = {controller, finished: Promise.resolve()};
        // Released before chat.done is emitted, so a listener may send the next message at once.
        const release = () => {
            if (this.active.get(conversationId) === turn) this.active.delete(conversationId);
        };
        turn.finished = this.runTurn(answer, history, text, controller.signal, release).finally(release);
        this.active.set(conversationId, turn);
        return ok({userMessageId: user.id, messageId: answer.id});
    }

    stop(conversationId: string): boolean {
        const turn = this.active.get(conversationId);
        turn?.controller.abort();
        return turn !== undefined;
    }

    /** Resolves when the conversation's running turn (if any) has been written. */
    async settled(conversationId: string): Promise<void> {
        await this.active.get(conversationId)?.finished;
    }

    isBusy(conversationId: string): boolean {
        return this.active.has(conversationId);
    }

    async stopAll(): Promise<void> {
        const turns = [...this.active.values()];
        for (const turn of turns) turn.controller.abort();
        await Promise.all(turns.map((t) => t.finished));
    }

    private async runTurn(
        answer: Message,
        history: HistoryEntry[],
        prompt: string,
        signal: AbortSignal,
        release: () => void,
    ) {
        const {conversationId, id: messageId} = answer;
        let text = "";
        let flushed = 0;
        const flush = () => {
            if (text.length === flushed) return;
            this.store.updateContent(messageId, text);
            flushed = text.length;
        };
        const timer = setInterval(flush, this.flushMs);
        const result = await this.engine.generate({
            history,
            prompt,
            signal,
            ...this.generation,
            onText: (chunk) => {
                text += chunk;
                this.bus.emit({type: "chat.token", conversationId, messageId, text: chunk});
            },
        });
        clearInterval(timer);
        if (result.ok) {
            const {stopped, stats} = result.value;
            this.store.finish(messageId, {
                content: text,
                status: stopped ? "interrupted" : "complete",
                stats,
            });
        } else {
            this.store.finish(messageId, {
                content: text,
                status: "error",
                stats: null,
                error: result.error.message,
            });
            this.bus.emit({type: "chat.error", conversationId, messageId, message: result.error.message});
        }
        this.store.touch(conversationId);
        release();
        this.bus.emit({type: "chat.done", conversationId, message: this.store.message(messageId)!});
    }
}

export function titleFrom(text: string): string {
    const line = text.trim().split("\n")[0]!.trim();
    return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line || DEFAULT_TITLE;
}
