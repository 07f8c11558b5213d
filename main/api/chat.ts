import {randomBytes} from "node:crypto";
import {Ajv, type ValidateFunction} from "ajv";
import type {ChatHistoryItem, GbnfJsonSchema} from "node-llama-cpp";
import type {AnswerFormat, Engine, FinishReason, ModelFunction, Sampling, StepResult} from "../llm/engine.js";
import {grammarParams, grammarSchema} from "../llm/grammarSchema.js";
import {ApiError, invalid} from "./errors.js";
import {toHistory} from "./history.js";
import type {ChatRequest, CompletionRequest, FunctionTool} from "./schemas.js";

/** What one chat completion asks of the engine, checked and translated from the OpenAI request. */
export type ChatPlan = {
    history: ChatHistoryItem[];
    functions: ModelFunction[] | undefined;
    force: ModelFunction[] | undefined;
    /** The client's own schema for each tool's arguments (ajv, strict). */
    validators: Map<string, ValidateFunction>;
    format: AnswerFormat | undefined;
    stop: string[] | undefined;
    maxTokens: number | undefined;
    sampling: Sampling;
};

export type ApiToolCall = {id: string; type: "function"; function: {name: string; arguments: string}};
export type CallProblem = {tool_call_id: string; message: string};

/** The outcome of a completion in OpenAI's terms. */
export type ChatOutcome = {
    text: string;
    toolCalls: ApiToolCall[];
    problems: CallProblem[];
    finish: "stop" | "length" | "tool_calls";
    usage: Usage;
};
export type Usage = {
    prompt_tokens: number;
    completion_tokens: number;
    total_tokens: number;
    prompt_tokens_details: {cached_tokens: number};
};

/** What the stream hears while the model writes. */
export type ChatSink = {
    text(chunk: string): void;
    /** A tool call's first appearance (name, id) or more of its arguments. */
    call(index: number, start: {id: string; name: string} | null, argumentsChunk: string): void;
};

export function planChat(body: ChatRequest, ajv: Ajv): ChatPlan {
    if ((body.n ?? 1) !== 1)
        throw invalid("n must be 1: Cairn's local model writes one choice", "n", "unsupported_value");
    const tools = body.tools ?? [];
    const choice = body.tool_choice ?? "auto";
    const offered = choice === "none" ? [] : tools;
    const functions = offered.map(toModelFunction);
    const forced = forcedFunctions(choice, functions);
    const format = answerFormat(body);
    if (format && functions.length > 0 && choice !== "none")
        throw invalid(
            'response_format cannot be combined with tools: pass tool_choice "none" or drop the tools',
            "response_format",
        );
    return {
        history: toHistory(body.messages),
        functions: forced || functions.length === 0 ? undefined : functions,
        force: forced,
        validators: new Map(tools.map((tool, i) => [tool.function.name, compileParams(ajv, tool, i)])),
        format,
        stop: stopList(body.stop),
        maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
        sampling: samplingOf(body),
    };
}

export function planCompletion(body: CompletionRequest): ChatPlan {
    if ((body.n ?? 1) !== 1)
        throw invalid("n must be 1: Cairn's local model writes one choice", "n", "unsupported_value");
    const prompt = typeof body.prompt === "string" ? body.prompt : body.prompt[0]!;
    return {
        history: [{type: "user", text: prompt}],
        functions: undefined,
        force: undefined,
        validators: new Map(),
        format: undefined,
        stop: stopList(body.stop),
        maxTokens: body.max_tokens ?? undefined,
        sampling: samplingOf(body),
    };
}

/** Runs one completion on the engine; text and calls reach `sink` as the model writes them. */
export async function runChat(
    engine: Engine,
    plan: ChatPlan,
    signal: AbortSignal,
    sink: ChatSink,
): Promise<ChatOutcome> {
    const streamed = new Map<number, string>();
    const result = await engine.step({
        history: plan.history,
        signal,
        functions: plan.functions,
        force: plan.force,
        format: plan.format,
        stop: plan.stop,
        maxTokens: plan.maxTokens,
        sampling: plan.sampling,
        onText: (text) => sink.text(text),
        onCallChunk: ({index, name, text}) => {
            let id = streamed.get(index);
            if (id === undefined) {
                id = callId();
                streamed.set(index, id);
                sink.call(index, {id, name}, text);
            } else sink.call(index, null, text);
        },
    });
    if (!result.ok) throw engineError(result.error.code, result.error.message);
    return outcome(result.value, plan, streamed, sink);
}

function outcome(
    step: StepResult,
    plan: ChatPlan,
    streamed: Map<number, string>,
    sink: ChatSink,
): ChatOutcome {
    const toolCalls = step.calls.map((call, index): ApiToolCall => {
        const args = JSON.stringify(call.params ?? {});
        let id = streamed.get(index);
        // A forced call is written under a grammar, not streamed as a call: it goes out whole.
        if (id === undefined) {
            id = callId();
            sink.call(index, {id, name: call.name}, args);
        }
        return {id, type: "function", function: {name: call.name, arguments: args}};
    });
    const problems = toolCalls.flatMap((call): CallProblem[] => {
        const validate = plan.validators.get(call.function.name);
        if (!validate || validate(JSON.parse(call.function.arguments))) return [];
        const why = (validate.errors ?? []).map(
            (e) => `${e.instancePath || "arguments"} ${e.message ?? "is invalid"}`,
        );
        return [
            {
                tool_call_id: call.id,
                message: `arguments do not match the schema of ${call.function.name}: ${why.join("; ")}`,
            },
        ];
    });
    const prompt = step.stats.promptTokens + step.stats.reusedTokens;
    return {
        text: step.text,
        toolCalls,
        problems,
        finish: finishOf(step.finish),
        usage: {
            prompt_tokens: prompt,
            completion_tokens: step.stats.completionTokens,
            total_tokens: prompt + step.stats.completionTokens,
            prompt_tokens_details: {cached_tokens: step.stats.reusedTokens},
        },
    };
}

function finishOf(finish: FinishReason): ChatOutcome["finish"] {
    if (finish === "calls") return "tool_calls";
    return finish === "length" ? "length" : "stop";
}

function toModelFunction(tool: FunctionTool): ModelFunction {
    return {
        name: tool.function.name,
        description: tool.function.description ?? "",
        params: grammarParams(tool.function.parameters ?? {type: "object", properties: {}}),
    };
}

function forcedFunctions(choice: NonNullable<ChatRequest["tool_choice"]>, functions: ModelFunction[]) {
    if (choice === "auto" || choice === "none") return undefined;
    if (functions.length === 0)
        throw invalid(`tool_choice ${JSON.stringify(choice)} needs tools`, "tool_choice");
    if (choice === "required") return functions;
    const named = functions.filter((f) => f.name === choice.function.name);
    if (named.length === 0)
        throw invalid(
            `tool_choice names ${choice.function.name}, which is not among the tools`,
            "tool_choice",
        );
    return named;
}

function compileParams(ajv: Ajv, tool: FunctionTool, index: number): ValidateFunction {
    const param = `tools[${index}].function.parameters`;
    try {
        return ajv.compile(tool.function.parameters ?? {type: "object"});
    } catch (error) {
        throw invalid(
            `${param} is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
            param,
        );
    }
}

function answerFormat(body: ChatRequest): AnswerFormat | undefined {
    const format = body.response_format;
    if (!format || format.type === "text") return undefined;
    if (format.type === "json_object") return {type: "json"};
    const schema = "json_schema" in format ? format.json_schema.schema : undefined;
    if (!schema) return {type: "json"};
    return {type: "schema", schema: grammarSchema(schema) as GbnfJsonSchema};
}

function stopList(stop: string | string[] | null | undefined): string[] | undefined {
    if (stop === undefined || stop === null) return undefined;
    const list = (Array.isArray(stop) ? stop : [stop]).filter((s) => s.length > 0);
    return list.length > 0 ? list : undefined;
}

function samplingOf(body: ChatRequest | CompletionRequest): Sampling {
    return {
        ...(body.temperature != null ? {temperature: body.temperature} : {}),
        ...(body.top_p != null ? {topP: body.top_p} : {}),
        ...(body.seed != null ? {seed: body.seed >>> 0} : {}),
    };
}

export function completionId(prefix: string): string {
    return `${prefix}-${randomBytes(12).toString("base64url")}`;
}

export function callId(): string {
    return `call_${randomBytes(12).toString("base64url")}`;
}

function engineError(code: string, message: string): ApiError {
    if (code === "MODEL_NOT_LOADED")
        return new ApiError(
            503,
            `${message}; load a model in Cairn first`,
            "server_error",
            null,
            "model_not_loaded",
        );
    if (code === "OUT_OF_MEMORY")
        return new ApiError(400, message, "invalid_request_error", "messages", "context_length_exceeded");
    return new ApiError(500, message, "server_error");
}
