import type {Clock} from "../../main/automations/scheduler.js";

/** A clock a test moves by hand: its timers fire when the time reaches them, in order; the time may go back. */
export class ManualClock implements Clock {
    private timers: {at: number; run: () => void; cleared: boolean}[] = [];
    /** Every wait a timer was set for, in ms (the scheduler sets one at a time). */
    readonly waits: number[] = [];

    constructor(private time: number) {}

    now(): number {
        return this.time;
    }

    setTimer(run: () => void, ms: number): {clear(): void} {
        const timer = {at: this.time + ms, run, cleared: false};
        this.timers.push(timer);
        this.waits.push(ms);
        return {clear: () => void (timer.cleared = true)};
    }

    /** Timers not cleared and not fired. */
    pending(): number {
        return this.timers.filter((t) => !t.cleared).length;
    }

    /** Moves the time by `ms`, firing each timer due on the way at its own time. */
    advance(ms: number): void {
        const end = this.time + ms;
        for (;;) {
            const due = this.timers.filter((t) => !t.cleared && t.at <= end).sort((a, b) => a.at - b.at)[0];
            if (!due) break;
            due.cleared = true;
            this.time = Math.max(this.time, due.at);
            due.run();
        }
        this.time = end;
    }

    /**
     * Sets the wall clock to `time` (forward or back) without firing anything: a timer counts time elapsed,
     * not the wall clock, so its remaining wait is unchanged.
     */
    setWallClock(time: number): void {
        const shift = time - this.time;
        for (const t of this.timers) t.at += shift;
        this.time = time;
    }
}
