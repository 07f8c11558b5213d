// Runs the tool-use suite through Cairn's real path: the loaded model's chat template, grammars and parsing,
// one way of asking for calls at a time (a strategy), each case's phrasings in turn, every step scored.
import type {ChatHistoryItem} from "node-llama-cpp";
import {CALL_STRATEGIES} from "../../shared/choices.js";
import {abortReason} from "../jobs.js";
import type {StepEngine} from "../llm/engine/engine.js";
import type {CallStrategy} from "../llm/callStrategy.js";
import type {ModelCall, ModelFunction, Sampling} from "../llm/stepTypes.js";
import {scoreStep, type Verdict} from "./score.js";
import type {ProbeCase, ProbeCategory} from "./suite.js";

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
    const total = cases.length * phrasings;
    const trials: TrialResult[] = [];
    for (const c of cases)
        for (let p = 0; p < phrasings; p++) {
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
            options.onTrial?.(trials.length, total, result);
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
 * The strategy a model calls tools best with: the highest overall score; on a tie, the first of STRATEGIES
 * (the chat template's own function calling).
 */
export function bestStrategy(scores: readonly StrategyScore[]): ProbeStrategy {
    const ranked = [...scores].sort(
        (a, b) => b.overall - a.overall || STRATEGIES.indexOf(a.strategy) - STRATEGIES.indexOf(b.strategy),
    );
    return ranked[0]?.strategy ?? "native";
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
        const asked = await engine.step({
            history,
            functions: tools,
            callStrategy: strategy,
            signal: options.signal,
            onText: () => {},
            maxTokens: options.maxTokens ?? 256,
            sampling: SAMPLING,
        });
        if (!asked.ok) return {pass: false, reason: `the step failed: ${asked.error.message}`};
        const verdict = scoreStep(step.expect, asked.value.calls);
        if (!verdict.pass)
            return c.steps.length > 1 ? {pass: false, reason: `step ${i + 1}: ${verdict.reason}`} : verdict;
        if (step.result === undefined) break;
        history = [...history, answered(asked.value.calls, step.result)];
    }
    return {pass: true};
}

/** The model's calls with the case's result for each, as the next step reads them. */
function answered(calls: ModelCall[], result: string): ChatHistoryItem {
    return {
        type: "model",
        response: calls.map((call) => ({type: "functionCall", name: call.name, params: call.params, result})),
    };
}
