import type {AppEvent} from "../shared/contract.js";
import type {ContractCheck} from "./contract/check.js";

export type Listener = (event: AppEvent) => void;

/** The core's one event stream; every transport subscribes to it. */
export class EventBus {
    private readonly listeners = new Set<Listener>();

    /** check: when given, an event that does not match its schema throws at the emitter (tests). */
    constructor(private readonly check: ContractCheck | null = null) {}

    emit(event: AppEvent): void {
        const problem = this.check?.event(event);
        if (problem) throw new Error(problem);
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
