import {randomBytes} from "node:crypto";
import {Ajv, type ValidateFunction} from "ajv";
import type {ChatHistoryItem} from "node-llama-cpp";
import type {Engine} from "../llm/engine/engine.js";
import type {CallChunk} from "../llm/forcedCall.js";
import type {
    AnswerFormat,
    FinishReason,
    ModelCall,
    ModelFunction,
    Sampling,
    StepResult,
} from "../llm/stepTypes.js";
import {ModelTurn, runSteps, type LoopStep} from "../llm/stepLoop.js";
import type {Citation, Plan, PlanStep, ResearchRun} from "../../shared/contract.js";
import {callOf, plannerStep, runPlan} from "../chat/plan.js";
import type {ApiCitation, ApiTools, CairnToolPlan, PlanRequest, Step} from "./cairnTools.js";
import {grammarParams} from "../llm/grammarSchema.js";
import {answerFormat, samplingOf, stopList} from "./options.js";
import {modelFunction} from "../tools/defineTool.js";
import {errorText} from "../contract/dispatcher.js";
import {ApiError, invalid} from "./errors.js";
import {toHistory, toHistoryWithImages, type ImagePart} from "./history.js";
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
    /** Cairn's own tools the caller allowed (metadata.tools), run here between steps. */
    cairn: {tools: ApiTools; plan: CairnToolPlan} | null;
    /** Where tool calls are recorded when the exchange is kept as a conversation. */
    record?: {conversationId: string; messageId: string} | null;
    /** The questions' image parts, read into them (readImages) before a model that sees answers. */
    images?: ImagePart[];
};

/** What answers a completion: the engine, or a local model that sees (local vision). */
export type CompletionEngine = Pick<Engine, "step">;

export type ApiToolCall = {id: string; type: "function"; function: {name: string; arguments: string}};
export type CallProblem = {tool_call_id: string; message: string};

/** The outcome of a completion in OpenAI's terms. */
export type ChatOutcome = {
    text: string;
    /** What the model thought before answering (OpenAI-compatible servers return it as reasoning_content). */
    thought: string;
    toolCalls: ApiToolCall[];
    problems: CallProblem[];
    finish: "stop" | "length" | "tool_calls";
    usage: Usage;
    /** Cairn's own tool calls made for the caller (metadata.tools), in order. */
    steps: Step[];
    citations: ApiCitation[];
    /** Speed as the engine measured it, in llama.cpp server's `timings` shape. */
    timings: Timings;
    /** Set when the exchange was recorded as a conversation (metadata.conversation_id). */
    conversationId?: string;
    /** metadata.plan: the plan made (or given) and each step's status. */
    plan?: Plan;
    /** metadata.mode "research": the run that wrote the report, its answer's id and its sources. */
    research?: {messageId: string; run: ResearchRun | null; sources: Citation[]};
};
export type Timings = {
    prompt_n: number;
    prompt_ms: number;
    predicted_n: number;
    predicted_ms: number;
    predicted_per_second: number | null;
};
export type Usage = {
    prompt_tokens: number;
    completion_tokens: number;
    total_tokens: number;
    prompt_tokens_details: {cached_tokens: number};
    /** As OpenAI counts them: completion_tokens includes the reasoning tokens. */
    completion_tokens_details: {reasoning_tokens: number};
};

/** What the stream hears while the model writes. */
export type ChatSink = {
    text(chunk: string): void;
    /** What the model thinks before it answers (a thought segment). */
    thought(chunk: string): void;
    /** A tool call's first appearance (name, id) or more of its arguments. */
    call(index: number, start: {id: string; name: string} | null, argumentsChunk: string): void;
    /** A Cairn tool step, done. */
    step(step: Step): void;
};

/** The last user message's text: what Cairn's tools are chosen for when too many to offer all. */
export function questionOf(body: ChatRequest): string {
    return lastQuestion(toHistory(body.messages));
}

function lastQuestion(history: ReturnType<typeof toHistory>): string {
    const question = history.findLast((item) => item.type === "user");
    return question?.type === "user" ? question.text : "";
}

/** newAjv: an ajv instance for the client's tool schemas, made only when the request has tools. */
/**
 * formatParam: where the request named its answer's schema (response_format's by default; the Responses and
 * Messages APIs name their own), for a schema the grammar cannot enforce.
 */
export function planChat(
    body: ChatRequest,
    newAjv: () => Ajv,
    apiTools: ApiTools | null,
    formatParam = "response_format.json_schema.schema",
): ChatPlan {
    if ((body.n ?? 1) !== 1)
        throw invalid("n must be 1: Cairn's local model writes one choice", "n", "unsupported_value");
    const tools = body.tools ?? [];
    const choice = body.tool_choice ?? "auto";
    const {items: history, images} = toHistoryWithImages(body.messages);
    const cairnPlan = apiTools?.plan(body.metadata, lastQuestion(history)) ?? null;
    const own = (cairnPlan?.tools ?? []).map(modelFunction);
    const clash = own.find((f) => tools.some((t) => t.function.name === f.name));
    if (clash) throw invalid(`tools: ${clash.name} is also a Cairn tool named in metadata.tools`, "tools");
    const functions = choice === "none" ? [] : [...tools.map(toModelFunction), ...own];
    const forced = forcedFunctions(choice, functions);
    const format = answerFormat(body, formatParam);
    if (format && functions.length > 0)
        throw invalid(
            'response_format cannot be combined with tools: pass tool_choice "none" or drop the tools',
            "response_format",
        );
    return {
        history,
        functions: forced || functions.length === 0 ? undefined : functions,
        force: forced,
        validators: validatorsOf(tools, newAjv),
        format,
        stop: stopList(body.stop),
        maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
        sampling: samplingOf(body),
        cairn: apiTools && cairnPlan ? {tools: apiTools, plan: cairnPlan} : null,
        images,
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
        cairn: null,
    };
}

/**
 * Runs one completion on the agent loop (llm/stepLoop.ts), as a chat turn does: steps on the engine, Cairn's
 * own tools run in between up to the app's step limit, the client's tool calls handed back; everything
 * reaches `sink` live.
 */
export async function runChat(
    engine: CompletionEngine,
    plan: ChatPlan,
    signal: AbortSignal,
    sink: ChatSink,
): Promise<ChatOutcome> {
    const run = new ChatRun(plan, signal, sink);
    const cairn = plan.cairn;
    if (cairn?.plan.preflight.length) {
        const calls = cairn.plan.preflight.map((p) => ({name: p.name, params: p.args}));
        await run.runTools(calls, "client");
    }
    // With a plan, Cairn's tools run as its steps; the model then answers with the client's tools only.
    const planned = cairn?.plan.planned;
    if (planned) await run.runPlan(engine, planned);
    const end = await runSteps(
        {
            generate: async (step) => {
                run.beginStep();
                const result = await engine.step({
                    history: run.history(),
                    signal,
                    functions: step.last ? run.clientFunctions() : plan.functions,
                    force: run.forced(step),
                    format: plan.format,
                    stop: plan.stop,
                    maxTokens: plan.maxTokens,
                    sampling: plan.sampling,
                    onText: (text) => sink.text(text),
                    onThought: (text) => sink.thought(text),
                    onCallChunk: (chunk) => run.callChunk(chunk),
                });
                if (result.ok) run.add(result.value);
                return result;
            },
            runCalls: (calls) => run.runTools(calls, "model"),
            leftForCaller: (calls) => calls.filter((c) => !cairn?.tools.isCairnTool(c.name, cairn.plan)),
        },
        planned || !cairn ? 0 : cairn.tools.limits.maxSteps(),
        signal,
    );
    if (!end.ok) throw engineError(end.error.code, end.error.message);
    return run.outcome(end.last, end.leftForCaller);
}

/** What one completion has gathered across its steps: the model's turn, usage, tool steps, citations. */
class ChatRun {
    private readonly turn = new ModelTurn();
    private readonly steps: Step[] = [];
    private readonly citations: ApiCitation[] = [];
    private readonly usage: Usage = {
        prompt_tokens: 0,
        completion_tokens: 0,
        total_tokens: 0,
        prompt_tokens_details: {cached_tokens: 0},
        completion_tokens_details: {reasoning_tokens: 0},
    };
    private text = "";
    private thought = "";
    private readonly timings: Timings = {
        prompt_n: 0,
        prompt_ms: 0,
        predicted_n: 0,
        predicted_ms: 0,
        predicted_per_second: null,
    };
    private planned: Plan | null = null;
    /** The model's call index → this completion's tool_calls index and id (client tools only). */
    private readonly streamed = new Map<number, {index: number; id: string} | null>();

    constructor(
        private readonly plan: ChatPlan,
        private readonly signal: AbortSignal,
        private readonly sink: ChatSink,
    ) {}

    history(): ChatHistoryItem[] {
        if (this.turn.empty) return this.plan.history;
        const last = this.plan.history.at(-1);
        // The client's history may end inside the model's turn (after tool results): it goes on there.
        if (last?.type === "model")
            return [
                ...this.plan.history.slice(0, -1),
                {type: "model", response: [...last.response, ...this.turn.response]},
            ];
        return [...this.plan.history, this.turn.item()];
    }

    /** The client's own functions: all a step may offer once Cairn's tools are done (limit, plan). */
    clientFunctions(): ModelFunction[] | undefined {
        return this.withoutCairnTools(this.plan.functions);
    }

    /** tool_choice forces the first step only (not after a plan); past the limit, only the client's tools. */
    forced(step: LoopStep): ModelFunction[] | undefined {
        if (step.index > 0 || this.plan.cairn?.plan.planned) return undefined;
        return step.last ? this.withoutCairnTools(this.plan.force) : this.plan.force;
    }

    private withoutCairnTools(functions: ModelFunction[] | undefined): ModelFunction[] | undefined {
        const own = new Set(this.plan.cairn?.plan.tools.map((t) => t.name));
        const client = functions?.filter((f) => !own.has(f.name));
        return client?.length ? client : undefined;
    }

    callChunk({index, name, text}: CallChunk): void {
        let known = this.streamed.get(index);
        if (known === undefined) {
            const own = this.plan.cairn?.tools.isCairnTool(name, this.plan.cairn.plan) ?? false;
            known = own ? null : {index: [...this.streamed.values()].filter(Boolean).length, id: callId()};
            this.streamed.set(index, known);
            if (known) this.sink.call(known.index, {id: known.id, name}, text);
        } else if (known) this.sink.call(known.index, null, text);
    }

    /**
     * Makes the plan (JSON in a grammar over the allowed tools) unless one was given, then runs its work steps
     * as a chat turn does (chat/plan.ts); the completion that follows is its answer step.
     */
    async runPlan(engine: CompletionEngine, request: PlanRequest): Promise<void> {
        const steps = "run" in request ? request.run : await this.makePlan(engine);
        const plan: Plan = {state: "running", steps};
        this.planned = plan;
        await runPlan(plan, {
            signal: this.signal,
            call: async (step) => {
                const {name, args} = callOf(step);
                const before = this.steps.length;
                await this.runTools([{name, params: args}], "model");
                const ran = this.steps[before];
                return ran ?? {id: "", status: "error", error: "did not run"};
            },
            changed: () => {},
        });
    }

    private async makePlan(engine: CompletionEngine): Promise<PlanStep[]> {
        const cairn = this.plan.cairn!;
        const tools = cairn.plan.tools;
        const result = await engine.step({
            ...plannerStep(tools, cairn.tools.limits.planMaxSteps(), this.plan.history, this.plan.maxTokens),
            signal: this.signal,
            sampling: this.plan.sampling,
            onText: () => {},
        });
        if (!result.ok) throw engineError(result.error.code, result.error.message);
        this.addUsage(result.value);
        const read = cairn.tools.readPlan(result.value.text, cairn.tools.limits.planMaxSteps());
        if (typeof read === "string") throw new ApiError(500, read, "server_error", "metadata.plan");
        return read.steps;
    }

    /** The plan as it ended: the answer step is this completion's own. */
    finishedPlan(last: StepResult): Plan | undefined {
        if (!this.planned) return undefined;
        const answer = this.planned.steps.find((s) => s.action === "completion");
        if (answer) answer.status = last.finish === "abort" ? "skipped" : "ok";
        this.planned.state = this.signal.aborted ? "stopped" : "done";
        return this.planned;
    }

    add(step: StepResult): void {
        this.addUsage(step);
        this.thought += step.thought;
        this.text += step.text;
        this.turn.add(step);
    }

    private addUsage(step: StepResult): void {
        const prompt = step.stats.promptTokens + step.stats.reusedTokens;
        this.usage.prompt_tokens += prompt;
        const written = step.stats.completionTokens + step.stats.thoughtTokens;
        this.usage.completion_tokens += written;
        this.usage.completion_tokens_details.reasoning_tokens += step.stats.thoughtTokens;
        this.usage.total_tokens += prompt + written;
        this.usage.prompt_tokens_details.cached_tokens += step.stats.reusedTokens;
        const {promptTokens, completionTokens, timeToFirstTokenMs, durationMs} = step.stats;
        const promptMs = timeToFirstTokenMs ?? durationMs;
        this.timings.prompt_n += promptTokens;
        this.timings.prompt_ms += promptMs;
        this.timings.predicted_n += completionTokens;
        this.timings.predicted_ms += durationMs - promptMs;
        this.timings.predicted_per_second =
            this.timings.predicted_ms > 0
                ? (this.timings.predicted_n / this.timings.predicted_ms) * 1000
                : null;
    }

    /** Calls of each step start a fresh numbering in node-llama-cpp's chunks; the last step's stay for outcome(). */
    beginStep(): void {
        this.streamed.clear();
    }

    async runTools(calls: {name: string; params: unknown}[], origin: "model" | "client"): Promise<void> {
        const cairn = this.plan.cairn!;
        const round = await cairn.tools.run(
            calls,
            origin,
            this.signal,
            this.citations.length + 1,
            this.plan.record ?? null,
        );
        this.turn.called(round.items);
        this.citations.push(...round.citations);
        for (const step of round.steps) {
            this.steps.push(step);
            this.sink.step(step);
        }
    }

    outcome(last: StepResult, clientCalls: ModelCall[]): ChatOutcome {
        const toolCalls = clientCalls.map((call, index): ApiToolCall => {
            const args = JSON.stringify(call.params ?? {});
            const streamed = [...this.streamed.values()].filter((v) => v !== null)[index];
            let id = streamed?.id;
            // A call that was not streamed (none should be left) goes out whole.
            if (id === undefined) {
                id = callId();
                this.sink.call(index, {id, name: call.name}, args);
            }
            return {id, type: "function", function: {name: call.name, arguments: args}};
        });
        return {
            text: this.text,
            thought: this.thought,
            toolCalls,
            problems: toolCalls.flatMap((call) => problemsOf(call, this.plan.validators)),
            finish: clientCalls.length > 0 ? "tool_calls" : finishOf(last.finish),
            usage: this.usage,
            steps: this.steps,
            citations: this.citations,
            timings: this.timings,
            ...(this.planned ? {plan: this.finishedPlan(last)} : {}),
        };
    }
}

function problemsOf(call: ApiToolCall, validators: Map<string, ValidateFunction>): CallProblem[] {
    const validate = validators.get(call.function.name);
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

function validatorsOf(tools: FunctionTool[], newAjv: () => Ajv): Map<string, ValidateFunction> {
    if (tools.length === 0) return new Map();
    const ajv = newAjv();
    return new Map(tools.map((tool, i) => [tool.function.name, compileParams(ajv, tool, i)]));
}

function compileParams(ajv: Ajv, tool: FunctionTool, index: number): ValidateFunction {
    const param = `tools[${index}].function.parameters`;
    try {
        return ajv.compile(tool.function.parameters ?? {type: "object"});
    } catch (error) {
        throw invalid(`${param} is not a valid JSON Schema: ${errorText(error)}`, param);
    }
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
