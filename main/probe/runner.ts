// Runs the tool-use suite through Cairn's real path: the loaded model's chat template, grammars and parsing,
// one way of asking for calls at a time (a strategy), each case's phrasings in turn, every step scored.
import type {ChatHistoryItem} from "node-llama-cpp";
import {CALL_STRATEGIES} from "../../shared/choices.js";
import {abortReason} from "../jobs.js";
import type {StepEngine} from "../llm/engine/engine.js";
import type {CallStrategy} from "../llm/stepTypes.js";
import type {ModelCall, ModelFunction, Sampling} from "../llm/stepTypes.js";
import {scoreStep, type Verdict} from "./score.js";
import {CATEGORIES, type ProbeCase, type ProbeCategory} from "./suite.js";

/** The ways a model can be asked for calls (main/llm/callStrategy.ts), each one scored. */
export const STRATEGIES = CALL_STRATEGIES;
export type ProbeStrategy = CallStrategy;

export type TrialResult = {
    id: string;
    category: ProbeCategory;
    phrasing: number;
    pass: boolean;
    reason?: string;
};
export type CategoryScore = {passed: number; total: number};
export type StrategyScore = {
    strategy: ProbeStrategy;
    /** Passed trials over all trials, 0 to 1. */
    overall: number;
    categories: Record<ProbeCategory, CategoryScore>;
    trials: TrialResult[];
};

export type ProbeOptions = {
    signal: AbortSignal;
    /** After each trial: how many are done of how many. */
    onTrial?: (done: number, total: number, result: TrialResult) => void;
    /** Phrasings asked per case (the quick look asks one). */
    phrasings?: number;
    /** The most tokens a step may write. */
    maxTokens?: number;
    /** Trials already asked in this strategy (a full run's quick look): kept, not asked again nor reported. */
    known?: readonly TrialResult[];
};

/** Greedy and seeded: the same model scores the same twice. */
const SAMPLING: Sampling = {temperature: 0, seed: 7, thinking: false};
const SYSTEM =
    "You are a helpful assistant. Use a tool only when it is needed; if a required value is missing, ask for it instead of guessing.";

/** Scores one strategy on the cases; `toolsOf` gives a case's tools as the model is offered them. */
export async function probeStrategy(
    engine: StepEngine,
    strategy: ProbeStrategy,
    cases: readonly ProbeCase[],
    toolsOf: (c: ProbeCase) => ModelFunction[],
    options: ProbeOptions,
): Promise<StrategyScore> {
    const phrasings = options.phrasings ?? 3;
    const known = new Map((options.known ?? []).map((t) => [`${t.id}#${t.phrasing}`, t]));
    const total = cases.length * phrasings - known.size;
    const trials: TrialResult[] = [];
    let asked = 0;
    for (const c of cases)
        for (let p = 0; p < phrasings; p++) {
            const kept = known.get(`${c.id}#${p}`);
            if (kept) {
                trials.push(kept);
                continue;
            }
            if (options.signal.aborted) throw abortReason(options.signal);
            const verdict = await runTrial(engine, strategy, c, c.phrasings[p]!, toolsOf(c), options);
            const result: TrialResult = {
                id: c.id,
                category: c.category,
                phrasing: p,
                pass: verdict.pass,
                ...(verdict.pass ? {} : {reason: verdict.reason}),
            };
            trials.push(result);
            options.onTrial?.(++asked, total, result);
        }
    return {strategy, ...scoresOf(trials), trials};
}

/** The score of trials: overall and by category. */
export function scoresOf(trials: readonly TrialResult[]): Pick<StrategyScore, "overall" | "categories"> {
    const of = (category: ProbeCategory): CategoryScore => {
        const mine = trials.filter((t) => t.category === category);
        return {passed: mine.filter((t) => t.pass).length, total: mine.length};
    };
    const categories: Record<ProbeCategory, CategoryScore> = {
        simple: of("simple"),
        multiple: of("multiple"),
        parallel: of("parallel"),
        irrelevance: of("irrelevance"),
        missing: of("missing"),
        types: of("types"),
        multiTurn: of("multiTurn"),
        cairn: of("cairn"),
    };
    const passed = trials.filter((t) => t.pass).length;
    return {overall: trials.length === 0 ? 0 : passed / trials.length, categories};
}

/**
 * The ways of asking compared on the quick look's cases in three rounds, the weakest dropped after each of the
 * first two (successive halving): every way asks a third of the cases (each category in each third), the two
 * best a second third, the best the last. 60 trials where asking every way every case takes 90: the time goes
 * to the ways that may win. Returns each way's score on the cases it asked, and the one left (the best).
 */
export async function chooseStrategy(
    engine: StepEngine,
    cases: readonly ProbeCase[],
    toolsOf: (c: ProbeCase) => ModelFunction[],
    options: Omit<ProbeOptions, "onTrial" | "known" | "phrasings"> & {
        onTrial?: (strategy: ProbeStrategy, result: TrialResult) => void;
    },
): Promise<{scores: StrategyScore[]; best: ProbeStrategy}> {
    const ordered = byCategoryInTurn(cases);
    const scores = new Map<ProbeStrategy, StrategyScore>();
    let left: ProbeStrategy[] = [...STRATEGIES];
    for (const round of [1, 2, 3]) {
        const asked = ordered.slice(0, Math.round((ordered.length * round) / 3));
        for (const strategy of left)
            scores.set(
                strategy,
                await probeStrategy(engine, strategy, asked, toolsOf, {
                    ...options,
                    phrasings: 1,
                    known: scores.get(strategy)?.trials ?? [],
                    onTrial: (_, __, result) => options.onTrial?.(strategy, result),
                }),
            );
        if (left.length > 1) left = ranked(left.map((s) => scores.get(s)!)).slice(0, -1);
    }
    return {scores: STRATEGIES.map((s) => scores.get(s)!), best: left[0]!};
}

/** Trials a choice asks: a third of the cases in every way, a third in two, a third in one. */
export function choosingTrials(cases: number): number {
    const third = (round: number) => Math.round((cases * round) / 3);
    return third(1) * 3 + (third(2) - third(1)) * 2 + (cases - third(2));
}

/** The cases one category after another in turn (simple, multiple, …, simple, …): each third holds every kind. */
function byCategoryInTurn(cases: readonly ProbeCase[]): ProbeCase[] {
    const queues = CATEGORIES.map((category) => cases.filter((c) => c.category === category));
    const out: ProbeCase[] = [];
    for (let i = 0; out.length < cases.length; i++)
        for (const queue of queues) if (queue[i]) out.push(queue[i]!);
    return out;
}

/** Strategies best first: the higher overall score; on a tie, the earlier in STRATEGIES. */
function ranked(scores: readonly StrategyScore[]): ProbeStrategy[] {
    return [...scores]
        .sort(
            (a, b) =>
                b.overall - a.overall || STRATEGIES.indexOf(a.strategy) - STRATEGIES.indexOf(b.strategy),
        )
        .map((s) => s.strategy);
}

/**
 * The strategy a model calls tools best with: the highest overall score; on a tie, the first of STRATEGIES
 * (the chat template's own function calling).
 */
export function bestStrategy(scores: readonly StrategyScore[]): ProbeStrategy {
    return ranked(scores)[0] ?? "native";
}

/**
 * Words that make the step an answer: a call can no longer come. The grammar strategy's answer is decided at its
 * first word; a model asked natively or in text may say a sentence before it calls.
 */
const ANSWERED_CHARS = {native: 80, grammar: 1, text: 80} as const;

/**
 * A step's signal that also ends it once it has answered in words (the verdict only needs its calls): the
 * suite's time goes into what is scored, not into finishing answers nobody reads.
 */
function whenAnswered(strategy: ProbeStrategy, outer: AbortSignal) {
    const done = new AbortController();
    let chars = 0;
    return {
        signal: AbortSignal.any([outer, done.signal]),
        onText: (text: string) => {
            chars += text.length;
            if (chars >= ANSWERED_CHARS[strategy] && !done.signal.aborted) done.abort(new Error("answered"));
        },
    };
}

/** One phrasing of one case: each step asked, scored, and its calls answered with the case's results. */
async function runTrial(
    engine: StepEngine,
    strategy: ProbeStrategy,
    c: ProbeCase,
    question: string,
    tools: ModelFunction[],
    options: ProbeOptions,
): Promise<Verdict> {
    let history: ChatHistoryItem[] = [
        {type: "system", text: SYSTEM},
        {type: "user", text: question},
    ];
    for (const [i, step] of c.steps.entries()) {
        const answered = whenAnswered(strategy, options.signal);
        const asked = await engine.step({
            history,
            functions: tools,
            callStrategy: strategy,
            signal: answered.signal,
            onText: answered.onText,
            maxTokens: options.maxTokens ?? 160,
            sampling: SAMPLING,
        });
        if (options.signal.aborted) throw abortReason(options.signal);
        if (!asked.ok) return {pass: false, reason: `the step failed: ${asked.error.message}`};
        const verdict = scoreStep(step.expect, asked.value.calls);
        if (!verdict.pass)
            return c.steps.length > 1 ? {pass: false, reason: `step ${i + 1}: ${verdict.reason}`} : verdict;
        if (step.result === undefined) break;
        history = [...history, withResults(asked.value.calls, step.result)];
    }
    return {pass: true};
}

/** The model's calls with the case's result for each, as the next step reads them. */
function withResults(calls: ModelCall[], result: string): ChatHistoryItem {
    return {
        type: "model",
        response: calls.map((call) => ({type: "functionCall", name: call.name, params: call.params, result})),
    };
}
