// The tool-use test as Cairn runs it for a person: one model at a time, loaded for the test and the model in
// use loaded again after, every strategy on the quick look's cases, the best one on the whole suite in a
// full run, progress after each trial, a stop, and the score kept with the file's identity.
import {randomUUID} from "node:crypto";
import path from "node:path";
import type {ProbeProgress, StrategyScore as StoredScore, ToolUseScore} from "../../shared/contract.js";
import {messageOf} from "../../shared/format.js";
import {fail, ok, type Result} from "../../shared/result.js";
import {JobRegistry, type Job} from "../jobs.js";
import type {Engine} from "../llm/engine/engine.js";
import type {ModelFunction} from "../llm/stepTypes.js";
import {identityOf, type ToolUseStore} from "../store/toolUse.js";
import {
    chooseStrategy,
    choosingTrials,
    probeStrategy,
    type StrategyScore,
    type TrialResult,
} from "./runner.js";
import {casesFor, type ProbeCase} from "./suite.js";
import {probeTool} from "./tools.js";

export type ProbeDeps = {
    engine: Pick<Engine, "status" | "load" | "unload" | "step" | "resultBudget" | "fitText">;
    store: ToolUseStore;
    /** One of Cairn's own tools as the model is offered it (from the tool registry). */
    cairnTool: (name: string) => ModelFunction | undefined;
    /** Lists the model just loaded for a test with the installed ones (its score shows beside it). */
    listLoaded: () => void;
    /** The model Cairn uses when none is loaded (settings' modelPath). */
    savedModel: () => string | null;
    emit: (progress: ProbeProgress) => void;
    version: string;
};

type ProbeJob = Job & {progress: ProbeProgress};

const SUITE_PHRASINGS = 3;

export class ToolProbes {
    private readonly jobs = new JobRegistry<ProbeJob>();
    /** Cairn is closing: a stopped test leaves the engine as it is (it is being disposed). */
    private closing = false;

    constructor(private readonly deps: ProbeDeps) {}

    /** Starts a test of `file` (default: the model in use); one runs at a time. */
    start(request: {path?: string | undefined; quick: boolean}): Result<{probeId: string}> {
        const running = this.jobs.list().find((j) => !isOver(j.progress));
        if (running)
            return fail(
                "BUSY",
                `a tool-use test of ${path.basename(running.progress.file)} is running: stop it first`,
            );
        const chosen = request.path ?? this.deps.engine.status().modelPath ?? this.deps.savedModel();
        if (!chosen)
            return fail("VALIDATION", "no model to test: load one on the Models screen, or name its file");
        const file = path.resolve(chosen);
        if (!identityOf(file)) return fail("NOT_FOUND", `no model file at ${file}`);
        const probeId = randomUUID();
        const controller = new AbortController();
        const choosing = choosingTrials(casesFor(true).length);
        // A full run asks the best way the whole suite, less the quick look's trials it asked already.
        const suite = casesFor(false).length * SUITE_PHRASINGS - casesFor(true).length;
        const total = choosing + (request.quick ? 0 : suite);
        const job: ProbeJob = {
            controller,
            done: Promise.resolve(),
            progress: {
                probeId,
                file,
                quick: request.quick,
                state: "loading",
                strategy: null,
                done: 0,
                total,
                passed: 0,
                error: null,
                score: null,
            },
        };
        this.jobs.add(probeId, job);
        job.done = this.run(job).finally(() => this.forgetLater(probeId, job));
        return ok({probeId});
    }

    stop(probeId: string): boolean {
        return this.jobs.cancel(probeId, new Error("stopped"), (j) => !isOver(j.progress));
    }

    /** Stored scores of files unchanged since their test. */
    scores(): ToolUseScore[] {
        return this.deps.store.list();
    }

    /** Ends every running test (Cairn is closing). */
    async stopAll(): Promise<void> {
        this.closing = true;
        await this.jobs.cancelAll(new Error("stopped"));
    }

    private async run(job: ProbeJob): Promise<void> {
        const {engine} = this.deps;
        const {file, quick} = job.progress;
        const signal = job.controller.signal;
        const before = engine.status().modelPath;
        const identity = identityOf(file);
        const started = performance.now();
        this.report(job, {});
        try {
            if (before !== file) {
                const loaded = await engine.load(file);
                if (!loaded.ok) return this.report(job, {state: "failed", error: loaded.error.message});
                this.deps.listLoaded();
            }
            const {scores: strategies, best} = await chooseStrategy(
                engine,
                casesFor(true),
                (c) => this.toolsOf(c),
                {
                    signal,
                    onTrial: (strategy, trial) => this.counted(job, strategy, trial),
                },
            );
            const chosen = strategies.find((s) => s.strategy === best)!;
            const suite = quick
                ? chosen
                : await probeStrategy(engine, best, casesFor(false), (c) => this.toolsOf(c), {
                      signal,
                      phrasings: SUITE_PHRASINGS,
                      known: chosen.trials,
                      onTrial: (_, __, trial) => this.counted(job, best, trial),
                  });
            const score: ToolUseScore = {
                file,
                quick,
                best,
                suite: stored(suite),
                trials: suite.trials.length,
                strategies: strategies.map(stored),
                testedAt: Date.now(),
                cairnVersion: this.deps.version,
                seconds: Math.round((performance.now() - started) / 100) / 10,
            };
            if (identity) this.deps.store.save(score, identity);
            this.report(job, {state: "done", score});
        } catch (error) {
            if (signal.aborted) this.report(job, {state: "stopped"});
            else this.report(job, {state: "failed", error: messageOf(error)});
        } finally {
            await this.restore(before, file);
        }
    }

    /** The model in use before the test, loaded again (none: the tested one is unloaded). */
    private async restore(before: string | null, file: string): Promise<void> {
        const {engine} = this.deps;
        if (before === file || this.closing) return;
        if (before) await engine.load(before);
        else await engine.unload();
    }

    private toolsOf(c: ProbeCase): ModelFunction[] {
        return c.tools.map((name) => {
            const tool = probeTool(name) ?? this.deps.cairnTool(name);
            if (!tool) throw new Error(`the suite asks for a tool Cairn does not have: ${name}`);
            return tool;
        });
    }

    private counted(job: ProbeJob, strategy: StrategyScore["strategy"], trial: TrialResult): void {
        const {done, passed} = job.progress;
        this.report(job, {state: "running", strategy, done: done + 1, passed: passed + (trial.pass ? 1 : 0)});
    }

    private report(job: ProbeJob, change: Partial<ProbeProgress>): void {
        job.progress = {...job.progress, ...change};
        this.deps.emit(job.progress);
    }

    /** A finished test stays listed a minute (a window that reconnects sees how it ended). */
    private forgetLater(probeId: string, job: ProbeJob): void {
        setTimeout(() => this.jobs.remove(probeId, job), 60_000).unref();
    }
}

function isOver(progress: ProbeProgress): boolean {
    return ["done", "failed", "stopped"].includes(progress.state);
}

/** A strategy's score as it is kept: its failed trials with why, not every trial. */
function stored(score: StrategyScore): StoredScore {
    return {
        strategy: score.strategy,
        overall: score.overall,
        categories: score.categories,
        failures: score.trials
            .filter((t) => !t.pass)
            .map((t) => ({id: t.id, category: t.category, phrasing: t.phrasing, reason: t.reason ?? ""})),
    };
}
