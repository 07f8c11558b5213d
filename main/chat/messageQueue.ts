// Messages written while an answer runs (steer or queue): kept per conversation in this process, in order,
// each change said to the windows.

import {randomUUID} from "node:crypto";
import type {QueuedMessage} from "../../shared/contract.js";
import type {Words} from "../../shared/result.js";
import type {EventBus} from "../events.js";

export class MessageQueue {
    private readonly waiting = new Map<string, QueuedMessage[]>();

    constructor(private readonly bus: EventBus) {}

    add(conversationId: string, text: string, steer: boolean): QueuedMessage {
        const message: QueuedMessage = {id: randomUUID(), text, steer, createdAt: Date.now()};
        this.set(conversationId, [...this.list(conversationId), message]);
        return message;
    }

    remove(conversationId: string, id: string): boolean {
        const list = this.list(conversationId);
        if (!list.some((m) => m.id === id)) return false;
        this.set(
            conversationId,
            list.filter((m) => m.id !== id),
        );
        return true;
    }

    list(conversationId: string): QueuedMessage[] {
        return this.waiting.get(conversationId) ?? [];
    }

    /** Whether a message asks to be taken in at the running answer's next step. */
    steering(conversationId: string): boolean {
        return this.list(conversationId).some((m) => m.steer && !m.error);
    }

    /** The message to send now that the answer ended: the first steering one, else the oldest; taken out. */
    take(conversationId: string): QueuedMessage | null {
        const list = this.list(conversationId).filter((m) => !m.error);
        const next = list.find((m) => m.steer) ?? list[0];
        if (!next) return null;
        this.remove(conversationId, next.id);
        return next;
    }

    /** A message that could not be sent goes back first, with why; it stays until removed. */
    failed(conversationId: string, message: QueuedMessage, error: {message: string; words?: Words}): void {
        const kept = {...message, error: error.message, ...(error.words ? {errorWords: error.words} : {})};
        this.set(conversationId, [kept, ...this.list(conversationId)]);
    }

    private set(conversationId: string, list: QueuedMessage[]): void {
        if (list.length === 0) this.waiting.delete(conversationId);
        else this.waiting.set(conversationId, list);
        this.bus.emit({type: "chat.queue", conversationId, queue: list});
    }
}
