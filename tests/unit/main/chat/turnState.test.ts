import assert from "node:assert/strict";
import {test} from "node:test";
import {
    IllegalTransition,
    TRANSITIONS,
    TurnMachine,
    type TurnState,
} from "../../../../main/chat/turnState.js";

test("a turn with an approved tool call walks the table", () => {
    const seen: TurnState[] = [];
    const m = new TurnMachine((s) => seen.push(s));
    for (const s of [
        "RECEIVING",
        "GENERATING",
        "DISPATCHING_TOOL",
        "AWAITING_APPROVAL",
        "WAITING_FOR_TOOL",
        "GENERATING",
        "PUBLISHING",
        "IDLE",
    ] as const) {
        m.to(s);
    }
    assert.deepEqual(seen, [
        "RECEIVING",
        "GENERATING",
        "DISPATCHING_TOOL",
        "AWAITING_APPROVAL",
        "WAITING_FOR_TOOL",
        "GENERATING",
        "PUBLISHING",
        "IDLE",
    ]);
});

test("an illegal transition is a bug and throws", () => {
    const m = new TurnMachine();
    assert.throws(() => m.to("PUBLISHING"), IllegalTransition);
    m.to("RECEIVING");
    assert.throws(() => m.to("IDLE"), /illegal turn transition RECEIVING → IDLE/);
    assert.throws(() => m.to("AWAITING_APPROVAL"), IllegalTransition);
});

test("every state can fail into ERROR, and ERROR returns to IDLE", () => {
    for (const state of Object.keys(TRANSITIONS) as TurnState[]) {
        const m = new TurnMachine();
        if (state !== "IDLE") {
            m.to("RECEIVING");
            if (state !== "RECEIVING") walkTo(m, state);
        }
        m.to("ERROR");
        m.to("IDLE");
        assert.equal(m.state, "IDLE");
    }
});

function walkTo(m: TurnMachine, target: TurnState) {
    const path: Record<string, TurnState[]> = {
        GENERATING: ["GENERATING"],
        DISPATCHING_TOOL: ["DISPATCHING_TOOL"],
        AWAITING_APPROVAL: ["DISPATCHING_TOOL", "AWAITING_APPROVAL"],
        WAITING_FOR_TOOL: ["DISPATCHING_TOOL", "WAITING_FOR_TOOL"],
        PUBLISHING: ["GENERATING", "PUBLISHING"],
        ERROR: [],
    };
    for (const s of path[target] ?? []) m.to(s);
}
