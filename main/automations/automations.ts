import type {Automation, AutomationInput, AutomationRun} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {ok, type Result} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {AutomationStore} from "../store/automations.js";
import {failSaying, failWith} from "../words.js";
import type {AutomationRuns} from "./runs.js";
import {nextAfter, scheduleProblem} from "./schedule.js";
import {AutomationScheduler, type Clock} from "./scheduler.js";
import {NO_SIGNAL, type ChangeSignal} from "./signal.js";

/** What checking an automation needs to know of the tools: whether one exists, and whether it reaches the web. */
export type ToolFacts = {known(name: string): boolean; reachesWeb(name: string): boolean};

/**
 * The automations: checked as they are added or changed (schedule, time zone, tools, assistant, project),
 * kept, scheduled (one timer for all), and run (runs.ts). Only the processes that keep running (the desktop app,
 * `cairn serve`) start the scheduler; `cairn automations run-due` runs what is due once.
 */
export class Automations {
    readonly scheduler: AutomationScheduler;
    /** Runs this process started and has not finished. */
    private readonly running = new Set<Promise<AutomationRun>>();
    private unwatch: () => void = () => {};

    constructor(
        private readonly store: AutomationStore,
        private readonly runs: AutomationRuns,
        private readonly bus: EventBus,
        private readonly tools: ToolFacts,
        private readonly clock: Clock,
        private readonly exists: {assistant(id: string): boolean; project(id: string): boolean},
        /** Tells the other processes on the data folder of a change, and hears theirs. */
        private readonly signal: ChangeSignal = NO_SIGNAL,
    ) {
        this.scheduler = new AutomationScheduler(store, (a, run) => void this.track(a, run), clock);
    }

    list(): Automation[] {
        return this.store.list();
    }

    /** By id, or by name (any case). */
    find(idOrName: string): Automation | null {
        return this.store.get(idOrName) ?? this.store.named(idOrName);
    }

    add(input: AutomationInput): Result<Automation> {
        const checked = this.check(input, null);
        if (!checked.ok) return checked;
        const added = this.store.add(input, checked.value, this.clock.now());
        this.changed();
        return ok(added);
    }

    update(id: string, input: AutomationInput): Result<Automation> {
        const current = this.store.get(id);
        if (!current) return failSaying("NOT_FOUND", "automationNotFound", {id});
        const checked = this.check(input, current);
        if (!checked.ok) return checked;
        const updated = this.store.update(id, input, current.paused ? null : checked.value);
        this.changed();
        return updated ? ok(updated) : failSaying("NOT_FOUND", "automationNotFound", {id});
    }

    remove(id: string): Result<Automation[]> {
        if (!this.store.remove(id)) return failSaying("NOT_FOUND", "automationNotFound", {id});
        this.changed();
        return ok(this.list());
    }

    /** Paused: no next run. Resumed: the next time from now (missed times while paused do not run). */
    setPaused(id: string, paused: boolean): Result<Automation> {
        const current = this.store.get(id);
        if (!current) return failSaying("NOT_FOUND", "automationNotFound", {id});
        const next = paused ? null : nextAfter(current.schedule, current.timeZone, this.clock.now());
        const updated = this.store.setPaused(id, paused, next);
        this.changed();
        return updated ? ok(updated) : failSaying("NOT_FOUND", "automationNotFound", {id});
    }

    /** Runs it now (its schedule is unchanged); the run's record as it starts. */
    runNow(id: string): Result<AutomationRun> {
        const automation = this.store.get(id);
        if (!automation) return failSaying("NOT_FOUND", "automationNotFound", {id});
        const now = this.clock.now();
        const run = this.store.addRun(id, now, {trigger: "now", status: "running"}, now);
        void this.track(automation, run);
        return ok(run);
    }

    /** Its runs, newest first. */
    history(id: string): Result<AutomationRun[]> {
        if (!this.store.get(id)) return failSaying("NOT_FOUND", "automationNotFound", {id});
        return ok(this.store.runs(id));
    }

    /** `cairn automations run-due`: claims what is due now, runs it, and resolves with the runs once they end. */
    async runDue(): Promise<AutomationRun[]> {
        const taken = this.scheduler.runDue("due");
        await this.settled();
        return taken.map((run) => this.store.run(run.id) ?? run);
    }

    /**
     * Runs automations on their schedule in this process (the app, `cairn serve`), and follows the changes other
     * processes make (`cairn automations add` in a terminal).
     */
    start(): void {
        this.scheduler.start();
        this.unwatch = this.signal.watch(() => {
            this.scheduler.changed();
            this.bus.emit({type: "automations.changed"});
        });
    }

    /** Stops the schedule and every run in progress (each written as interrupted), and waits for them to end. */
    async close(): Promise<void> {
        this.unwatch();
        this.scheduler.stop();
        this.runs.stopAll();
        await this.settled();
    }

    /** Resolves when every run this process started has ended. */
    async settled(): Promise<void> {
        while (this.running.size > 0) await Promise.allSettled([...this.running]);
    }

    private track(automation: Automation, run: AutomationRun): Promise<AutomationRun> {
        const running = this.runs.begin(automation, run).finally(() => this.running.delete(running));
        this.running.add(running);
        return running;
    }

    private changed(): void {
        this.scheduler.changed();
        this.signal.notify();
        this.bus.emit({type: "automations.changed"});
    }

    /** Why an automation cannot be kept, or its first run's time. */
    private check(input: AutomationInput, current: Automation | null): Result<number | null> {
        const now = this.clock.now();
        // A one-time run that has happened may stay as it was while the rest changes (it has no next run).
        const kept = current !== null && JSON.stringify(current.schedule) === JSON.stringify(input.schedule);
        const problem = scheduleProblem(input.schedule, input.timeZone, now);
        if (problem && !(kept && problem.key === "schedulePast")) return failWith("VALIDATION", problem);
        const namesake = this.store.named(input.name);
        if (namesake && namesake.id !== current?.id)
            return failSaying("VALIDATION", "automationNameTaken", {name: input.name});
        if (input.assistantId && !this.exists.assistant(input.assistantId))
            return failWith("NOT_FOUND", wordsOf("assistantNotFound", {id: input.assistantId}));
        if (input.projectId && !this.exists.project(input.projectId))
            return failWith("NOT_FOUND", wordsOf("projectNotFound", {id: input.projectId}));
        const unknown = input.tools.find((tool) => !this.tools.known(tool));
        if (unknown) return failSaying("VALIDATION", "unknownTool", {tool: unknown});
        const web =
            input.budget.network === "web" ? undefined : input.tools.find((t) => this.tools.reachesWeb(t));
        if (web) return failSaying("VALIDATION", "automationWebTool", {tool: web});
        return ok(nextAfter(input.schedule, input.timeZone, now));
    }
}
