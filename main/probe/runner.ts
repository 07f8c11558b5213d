// Runs the tool-use suite through Cairn's real path: the loaded model's chat template, grammars and parsing,
// one way of asking for calls at a time (a strategy), each case's phrasings in turn, every step scored.
import type {ChatHistoryItem, GbnfJsonSchema} from "node-llama-cpp";
import {jsonrepair} from "jsonrepair";
import {messageOf} from "../../shared/format.js";
import {fieldOf, parseJson} from "../../shared/json.js";
import {abortReason} from "../jobs.js";
import type {StepEngine} from "../llm/engine/engine.js";
import {forcedCallSchema} from "../llm/stepParts.js";
import type {ModelCall, ModelFunction, Sampling} from "../llm/stepTypes.js";
import {scoreStep, type Verdict} from "./score.js";
import type {ProbeCase, ProbeCategory} from "./suite.js";

/**
 * How a model is asked for calls. native: its chat template's own function calling (what Cairn's turns use);
 * grammar: a JSON grammar that lets it write calls or an answer, never anything else; text: the tools
 * described in words, and JSON found in what it writes, repaired where it is nearly right.
 */
export const STRATEGIES = ["native", "grammar", "text"] as const;
export type ProbeStrategy = (typeof STRATEGIES)[number];

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
 * (the chat template's own function calling, which Cairn's turns use).
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
        {
            type: "system",
            text: strategy === "native" ? SYSTEM : `${SYSTEM}\n\n${describeTools(strategy, tools)}`,
        },
        {type: "user", text: question},
    ];
    for (const [i, step] of c.steps.entries()) {
        const asked = await askStep(engine, strategy, history, tools, options);
        const verdict: Verdict =
            "error" in asked ? {pass: false, reason: asked.error} : scoreStep(step.expect, asked.calls);
        if (!verdict.pass)
            return c.steps.length > 1 ? {pass: false, reason: `step ${i + 1}: ${verdict.reason}`} : verdict;
        if (step.result === undefined || "error" in asked) break;
        history = [...history, ...answered(strategy, asked, step.result)];
    }
    return {pass: true};
}

type Asked = {calls: ModelCall[]; text: string} | {error: string};

/** One step of the model under a strategy: the calls it made (none: it answered in words). */
async function askStep(
    engine: StepEngine,
    strategy: ProbeStrategy,
    history: ChatHistoryItem[],
    tools: ModelFunction[],
    options: ProbeOptions,
): Promise<Asked> {
    const common = {
        history,
        signal: options.signal,
        onText: () => {},
        maxTokens: options.maxTokens ?? 256,
        sampling: SAMPLING,
    };
    const stepped =
        strategy === "native"
            ? await engine.step({...common, functions: tools})
            : await engine.step({
                  ...common,
                  ...(strategy === "grammar" ? {format: {type: "schema", schema: choiceSchema(tools)}} : {}),
              });
    if (!stepped.ok) return {error: `the step failed: ${stepped.error.message}`};
    const {text, calls} = stepped.value;
    if (strategy === "native") return {calls, text};
    const parsed = callsInText(text);
    return "error" in parsed ? parsed : {calls: parsed.calls, text};
}

/** What the model and its tools said, as the next step reads it. */
function answered(
    strategy: ProbeStrategy,
    asked: {calls: ModelCall[]; text: string},
    result: string,
): ChatHistoryItem[] {
    if (strategy === "native")
        return [
            {
                type: "model",
                response: asked.calls.map((call) => ({
                    type: "functionCall",
                    name: call.name,
                    params: call.params,
                    result,
                })),
            },
        ];
    const results = asked.calls.map((call) => `${call.name} returned: ${result}`).join("\n");
    return [
        {type: "model", response: [asked.text]},
        {type: "user", text: `${results}\nContinue with the request.`},
    ];
}

/** The tools in words, for the strategies that do not use the chat template's function calling. */
function describeTools(strategy: ProbeStrategy, tools: ModelFunction[]): string {
    const list = tools
        .map((t) => `- ${t.name}: ${t.description} Arguments (JSON Schema): ${JSON.stringify(t.params)}`)
        .join("\n");
    const how =
        strategy === "grammar"
            ? 'Reply with JSON: {"calls": [{"name": …, "arguments": {…}}]} to use tools, or {"answer": "…"} to answer or ask.'
            : 'To use tools, reply with only JSON: {"calls": [{"name": …, "arguments": {…}}]}. Otherwise, answer in words.';
    return `Tools:\n${list}\n\n${how}`;
}

/** The grammar strategy's answer: calls of the offered tools, or an answer in words. */
export function choiceSchema(tools: ModelFunction[]): GbnfJsonSchema {
    return {
        oneOf: [
            {
                type: "object",
                properties: {calls: {type: "array", items: forcedCallSchema(tools), minItems: 1}},
                required: ["calls"],
            },
            {type: "object", properties: {answer: {type: "string"}}, required: ["answer"]},
        ],
    };
}

/**
 * Calls written as JSON in a step's text: `{"calls": [...]}`, a single `{"name", "arguments"}` object or a list
 * of them, found in the text and repaired where nearly right (a trailing comma, single quotes, a missing
 * brace). No JSON: an answer in words, no call.
 */
export function callsInText(text: string): {calls: ModelCall[]} | {error: string} {
    const start = text.search(/[[{]/);
    if (start < 0) return {calls: []};
    let value: unknown;
    try {
        value = parseJson(jsonrepair(text.slice(start)));
    } catch (error) {
        // Words with a brace in them, not a call.
        return /"(name|calls)"/.test(text)
            ? {error: `its JSON could not be read: ${messageOf(error)}`}
            : {calls: []};
    }
    const list = fieldOf(value, "calls") ?? (fieldOf(value, "answer") !== undefined ? [] : value);
    const items: unknown[] = Array.isArray(list) ? list : [list];
    const calls: ModelCall[] = [];
    for (const item of items) {
        const name = fieldOf(item, "name");
        if (typeof name !== "string") return {error: `a call has no name: ${JSON.stringify(item)}`};
        calls.push({name, params: fieldOf(item, "arguments") ?? fieldOf(item, "parameters") ?? {}});
    }
    return {calls};
}
