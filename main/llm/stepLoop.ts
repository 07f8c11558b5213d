import type {ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse} from "node-llama-cpp";
import type {AppError, Result} from "../../shared/result.js";
import type {ModelCall, StepResult} from "./stepTypes.js";
import {thoughtSegment} from "./stepParts.js";

/**
 * The one agent loop, run by a chat turn, the local API and a composite tool's sub-agent: a step on the engine,
 * the calls it made run, and again, until the model answers without calls, a call is left for the caller to
 * run (an API client's own tools), the step limit is reached, or the answer is stopped. Each user says how a
 * step is generated (its history and tools) and how calls run (approvals, traces, citations); the limit and
 * the order are kept here once.
 */
export type LoopStep = {
    index: number;
    /** The step limit is reached: this step offers no tools, and any call it makes is not run. */
    last: boolean;
};

export type StepLoop = {
    generate(step: LoopStep): Promise<Result<StepResult>>;
    /** Runs a step's calls; their results go into the model's turn before the next step. */
    runCalls(calls: ModelCall[], step: LoopStep): Promise<void>;
    /** Of a step's calls, those the loop does not run but hands back (an API client's own tools). */
    leftForCaller?(calls: ModelCall[]): ModelCall[];
    /** Whether the answer ends after the calls it ran (the person steered: their message is answered next). */
    steered?(): boolean;
};

export type LoopEnd =
    | {ok: false; error: AppError}
    | {
          ok: true;
          /** The last step: what the answer ends with. */
          last: StepResult;
          stopped: boolean;
          /** Calls handed back to the caller unrun (see StepLoop.leftForCaller). */
          leftForCaller: ModelCall[];
          /** Ended after its calls because the person steered (see StepLoop.steered). */
          steered?: boolean;
      };

/** Steps with tools before the model must answer without them: tools.yaml's `defaults.maxSteps`. */
export async function runSteps(loop: StepLoop, maxSteps: number, signal: AbortSignal): Promise<LoopEnd> {
    for (let index = 0; ; index++) {
        const step: LoopStep = {index, last: index >= maxSteps};
        const result = await loop.generate(step);
        if (!result.ok) return result;
        const last = result.value;
        const stopped = last.stopped || signal.aborted;
        const calls = stopped ? [] : last.calls;
        const handedBack = loop.leftForCaller?.(calls) ?? [];
        const own = step.last ? [] : calls.filter((c) => !handedBack.includes(c));
        if (own.length > 0) await loop.runCalls(own, step);
        if (own.length > 0 && !signal.aborted && loop.steered?.())
            return {ok: true, last, stopped: false, leftForCaller: [], steered: true};
        if (own.length === 0 || handedBack.length > 0 || signal.aborted)
            return {ok: true, last, stopped: stopped || signal.aborted, leftForCaller: handedBack};
    }
}

/** The model's side of a turn as it grows over the steps: thoughts, text, and each call with its result. */
export class ModelTurn {
    readonly response: ChatModelResponse["response"] = [];

    /** A step's thought (it goes back to the model within this turn) and text. */
    add(step: Pick<StepResult, "thought" | "text">): void {
        if (step.thought) this.response.push(thoughtSegment(step.thought));
        if (step.text) this.response.push(step.text);
    }

    called(items: ChatModelFunctionCall[]): void {
        this.response.push(...items);
    }

    get empty(): boolean {
        return this.response.length === 0;
    }

    item(): ChatHistoryItem {
        return {type: "model", response: [...this.response]};
    }
}

/** A numbered source as the model reads it after a result: `[n] Title (url)`. */
export type NumberedSource = {number: number; title: string; url?: string};

/** A tool's result followed by its sources, numbered for this answer, so that the model can cite them as [n]. */
export function withSources(text: string, sources: NumberedSource[]): string {
    if (sources.length === 0) return text;
    const lines = sources.map((s) => `[${s.number}] ${s.title}${s.url ? ` (${s.url})` : ""}`);
    return `${text}\n\nSources:\n${lines.join("\n")}`;
}
