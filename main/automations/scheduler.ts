import type {Automation, AutomationRun} from "../../shared/contract.js";
import type {AutomationStore} from "../store/automations.js";
import {nextAfter} from "./schedule.js";

/** The time and the one timer the scheduler sets; tests give their own to move time by hand. */
export type Clock = {
    now(): number;
    setTimer(run: () => void, ms: number): {clear(): void};
};

export const SYSTEM_CLOCK: Clock = {
    now: () => Date.now(),
    setTimer: (run, ms) => {
        const timer = setTimeout(run, ms);
        timer.unref();
        return {clear: () => clearTimeout(timer)};
    },
};

/** A run found later than this after its time was missed (Cairn was not running, the computer slept). */
export const LATE_MS = 60_000;
/**
 * The longest the one timer is set for: timers count time awake, so after a sleep, or a clock set forward, the
 * scheduler looks again within this. Nothing else wakes it.
 */
export const MAX_WAIT_MS = 3600_000;

/**
 * Sets one timer for the earliest next run of all automations, and when it fires claims each due run (one
 * process of those on the data folder wins it), moves its next time and starts it. A run due while Cairn was not
 * running is skipped or run once, as its automation says. The next time is counted from now and kept in the
 * library: a clock set back waits for it again, and never runs a time twice.
 */
export class AutomationScheduler {
    private timer: {clear(): void} | null = null;
    private stopped = true;

    constructor(
        private readonly store: AutomationStore,
        private readonly begin: (automation: Automation, run: AutomationRun) => void,
        private readonly clock: Clock = SYSTEM_CLOCK,
    ) {}

    start(): void {
        this.stopped = false;
        this.tick();
    }

    stop(): void {
        this.stopped = true;
        this.timer?.clear();
        this.timer = null;
    }

    /** Sets the timer again (an automation was added, changed, paused or resumed). */
    changed(): void {
        if (!this.stopped) this.arm();
    }

    /** Claims and starts every run due now; returns the runs this process took. */
    runDue(trigger: "schedule" | "due" = "schedule"): AutomationRun[] {
        const now = this.clock.now();
        const taken: AutomationRun[] = [];
        for (const automation of this.store.due(now)) {
            const run = this.claim(automation, now, trigger);
            if (!run) continue;
            taken.push(run);
            if (run.status === "running") this.begin(automation, run);
        }
        return taken;
    }

    private tick(): void {
        this.runDue();
        this.arm();
    }

    private arm(): void {
        this.timer?.clear();
        this.timer = null;
        const next = this.store.earliest();
        if (next === null) return;
        const wait = Math.min(Math.max(0, next - this.clock.now()), MAX_WAIT_MS);
        this.timer = this.clock.setTimer(() => this.tick(), wait);
    }

    private claim(automation: Automation, now: number, trigger: "schedule" | "due"): AutomationRun | null {
        const due = automation.nextAt ?? now;
        // `cairn automations run-due` runs what is due whenever the person's own scheduler calls it.
        const late = trigger === "schedule" && now - due > LATE_MS;
        const following = nextAfter(automation.schedule, automation.timeZone, now);
        const how = late
            ? {
                  trigger: "late" as const,
                  status: automation.missed === "once" ? ("running" as const) : ("skipped" as const),
              }
            : {trigger, status: "running" as const};
        return this.store.claim(automation, due, following, how, now);
    }
}
