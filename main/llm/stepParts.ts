// The pure parts of a step: its sampling, history and thinking shapes, its stats and how it ended, a forced
// call's schema and parse.
import type {
    ChatHistoryItem,
    ChatModelSegment,
    GbnfJsonObjectSchema,
    GbnfJsonSchema,
    LlamaContextSequence,
    TokenMeterState,
} from "node-llama-cpp";
import type {TurnStats} from "../../shared/contract.js";
import {repeatPenaltyOption} from "./sampling.js";
import type {
    FinishReason,
    HistoryEntry,
    ModelCall,
    ModelFunction,
    Sampling,
    StepRequest,
    StepResult,
} from "./stepTypes.js";

/** A finished thought, as node-llama-cpp's chat formats take it (each decides whether to show it again). */
export function thoughtSegment(text: string): ChatModelSegment {
    return {type: "segment", segmentType: "thought", text, ended: true};
}

/**
 * Thinking off: the answer being written starts after an empty, closed thought, as Qwen 3's template does
 * for enable_thinking=false (formats without thought segments render it as nothing).
 */
export function withoutThinking(history: ChatHistoryItem[]): ChatHistoryItem[] {
    const last = history.at(-1);
    const hasSegment =
        last?.type === "model" &&
        last.response.some((item) => typeof item === "object" && item.type === "segment");
    if (last?.type !== "model" || hasSegment) return history;
    return [...history.slice(0, -1), {type: "model", response: [thoughtSegment(""), ...last.response]}];
}

/** Thinking off: a budget of 0 also closes a thought the model opens later on its own. */
export function thoughtBudget(sampling: Sampling | undefined) {
    if (sampling?.thinking === false) return {thoughtTokens: 0};
    return sampling?.thinkingBudget == null ? undefined : {thoughtTokens: sampling.thinkingBudget};
}

export function samplingOf(req: StepRequest) {
    const s = req.sampling ?? {};
    return {
        seed: s.seed ?? undefined,
        temperature: s.temperature,
        topP: s.topP,
        topK: s.topK,
        minP: s.minP,
        repeatPenalty: repeatPenaltyOption(s.repeatPenalty),
    };
}

/** The context window the model saw lost text from the history: the context was full and shifted. */
export function wasShifted(history: ChatHistoryItem[], window: ChatHistoryItem[]): boolean {
    const length = (items: ChatHistoryItem[]) => JSON.stringify(items).length;
    // The window also holds the new answer, so a window shorter than the history means something was cut.
    return length(window) < length(history);
}

export function emptyStats(): TurnStats {
    return {
        promptTokens: 0,
        completionTokens: 0,
        timeToFirstTokenMs: null,
        durationMs: 0,
        tokensPerSecond: null,
        reusedTokens: 0,
        contextShifted: false,
        thoughtTokens: 0,
    };
}

export function statsFrom(
    sequence: LlamaContextSequence,
    meter: {state: TokenMeterState; tokensBefore: number},
    started: number,
    firstTokenAt: number | null,
    thoughtTokens: number,
    predicted: {draftedTokens: number; acceptedTokens: number} = {draftedTokens: 0, acceptedTokens: 0},
): TurnStats {
    const metered = sequence.tokenMeter.diff(meter.state);
    // Guesses the model checked but did not keep were evaluated as output tokens: they are not the answer's.
    const diff = {
        ...metered,
        usedOutputTokens: metered.usedOutputTokens - (predicted.draftedTokens - predicted.acceptedTokens),
    };
    // The prompt is everything in the context now but the answer; what was not evaluated was reused.
    const promptLength = sequence.nextTokenIndex - diff.usedOutputTokens;
    const now = performance.now();
    const genMs = firstTokenAt === null ? 0 : now - firstTokenAt;
    return {
        promptTokens: diff.usedInputTokens,
        completionTokens: Math.max(0, diff.usedOutputTokens - thoughtTokens),
        timeToFirstTokenMs: firstTokenAt === null ? null : firstTokenAt - started,
        durationMs: now - started,
        tokensPerSecond: genMs > 0 ? (diff.usedOutputTokens / genMs) * 1000 : null,
        reusedTokens: Math.max(0, promptLength - diff.usedInputTokens),
        contextShifted: false,
        thoughtTokens,
        ...(predicted.draftedTokens > 0 ? predicted : {}),
    };
}

/** A step stopped before it wrote anything. */
export function stoppedBeforeText(stats: TurnStats, contextUsed: number): StepResult {
    return {text: "", thought: "", calls: [], stopped: true, finish: "abort", stats, contextUsed};
}

export function finishReason(stopReason: string, calls: number): FinishReason {
    if (calls > 0) return "calls";
    if (stopReason === "abort") return "abort";
    return stopReason === "maxTokens" ? "length" : "stop";
}

export function modelFunctions(functions: ModelFunction[] | undefined) {
    if (!functions?.length) return undefined;
    return Object.fromEntries(functions.map((f) => [f.name, {description: f.description, params: f.params}]));
}

/** The grammar's schema for a forced call: {"name": one of the tools, "arguments": that tool's params}. */
export function forcedCallSchema(tools: ModelFunction[]): GbnfJsonSchema {
    const one = (f: ModelFunction): GbnfJsonObjectSchema => ({
        type: "object",
        properties: {name: {const: f.name}, arguments: f.params},
        required: ["name", "arguments"],
    });
    return tools.length === 1 ? one(tools[0]!) : {oneOf: tools.map(one)};
}

export function parseForcedCall(grammar: {parse(text: string): unknown}, text: string): ModelCall {
    const value = grammar.parse(text) as {name: string; arguments: unknown};
    return {name: value.name, params: value.arguments};
}

export function toChatHistory(history: HistoryEntry[]): ChatHistoryItem[] {
    return history.map((m): ChatHistoryItem => {
        if (m.role === "user") return {type: "user", text: m.content};
        if (m.role === "system") return {type: "system", text: m.content};
        return {type: "model", response: [m.content]};
    });
}
