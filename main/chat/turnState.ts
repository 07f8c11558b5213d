import type {TurnState} from "../../shared/contract.js";

export type {TurnState};

/** The legal transitions of a turn; any state may also go to ERROR. */
export const TRANSITIONS: Readonly<Record<TurnState, readonly TurnState[]>> = {
    IDLE: ["RECEIVING"],
    RECEIVING: ["GENERATING", "DISPATCHING_TOOL", "SUMMARIZING"],
    // Older turns folded into a summary before the first step (compaction); a stop there publishes at once.
    SUMMARIZING: ["GENERATING", "DISPATCHING_TOOL", "PUBLISHING"],
    GENERATING: ["DISPATCHING_TOOL", "PUBLISHING"],
    DISPATCHING_TOOL: ["AWAITING_APPROVAL", "WAITING_FOR_TOOL", "GENERATING"],
    AWAITING_APPROVAL: ["WAITING_FOR_TOOL", "AWAITING_APPROVAL", "GENERATING"],
    // A plan runs its tool steps one after another.
    WAITING_FOR_TOOL: [
        "AWAITING_APPROVAL",
        "WAITING_FOR_TOOL",
        "DISPATCHING_TOOL",
        "GENERATING",
        "PUBLISHING",
    ],
    PUBLISHING: ["IDLE"],
    ERROR: ["IDLE"],
};

export class IllegalTransition extends Error {}

/** A turn's state; an illegal transition is a bug and throws. */
export class TurnMachine {
    private current: TurnState = "IDLE";

    constructor(private readonly onChange: (state: TurnState) => void = () => {}) {}

    get state(): TurnState {
        return this.current;
    }

    to(next: TurnState): void {
        if (next === this.current && next !== "AWAITING_APPROVAL" && next !== "WAITING_FOR_TOOL") return;
        const allowed = next === "ERROR" || TRANSITIONS[this.current].includes(next);
        if (!allowed) throw new IllegalTransition(`illegal turn transition ${this.current} → ${next}`);
        this.current = next;
        this.onChange(next);
    }
}
