import type {AppEvent} from "../shared/contract.js";

export type Listener = (event: AppEvent) => void;

/** The core's one event stream; every transport subscribes to it. */
export class EventBus {
    private readonly listeners = new Set<Listener>();

    emit(event: AppEvent): void {
        for (const listener of this.listeners) {
            try {
                listener(event);
            } catch (error) {
                console.error("[cairn] event listener failed", error);
            }
        }
    }

    subscribe(listener: Listener): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }
}
