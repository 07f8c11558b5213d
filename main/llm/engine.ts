import os from "node:os";
import path from "node:path";
import type {
    ChatHistoryItem,
    Llama,
    LlamaContext,
    LlamaContextSequence,
    LlamaLogLevel as LlamaLogLevelValue,
    LlamaModel,
} from "node-llama-cpp";
import type {Backend, EngineStatus, MessageRole, TurnStats} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {EngineFacts} from "../tools/builtin/systemStats.js";
import {checkGgufFile} from "./gguf.js";

/**
 * Default llama.cpp thread count: leave one core to the app. Measured on the 2-core CI machine with
 * stories260K: 1 thread ≈ 800 tokens/s, 2 threads ≈ 60 tokens/s (`npm run bench` re-measures).
 */
export function defaultThreads(cores = os.availableParallelism()): number {
    return Math.max(1, Math.min(cores - 1, 8));
}

export type HistoryEntry = {role: MessageRole; content: string};

export type ModelFunction = {name: string; description: string; params: object};
export type ModelCall = {name: string; params: unknown};

export type StepRequest = {
    history: ChatHistoryItem[];
    signal: AbortSignal;
    onText: (text: string) => void;
    /** Functions the model may call on its own (tool choice "auto"). */
    functions?: ModelFunction[];
    /** Force one call to one of these (tool choice "required" or a named tool): a grammar allows nothing else. */
    force?: ModelFunction[];
    maxTokens?: number;
    seed?: number;
    temperature?: number;
};

export type StepResult = {text: string; calls: ModelCall[]; stopped: boolean; stats: TurnStats};

/** Kept for callers that want one plain answer (bench, simple prompts). */
export type GenerateRequest = {
    history: HistoryEntry[];
    prompt: string;
    signal: AbortSignal;
    onText: (text: string) => void;
    maxTokens?: number;
    seed?: number;
    temperature?: number;
};

export type GenerateResult = {text: string; stopped: boolean; stats: TurnStats};

export type EngineOptions = {
    threads?: number;
    contextSize?: number;
    gpu?: "auto" | false;
    onStatus?: (status: EngineStatus) => void;
};

const DEFAULT_MAX_TOKENS = 512;
// A forced call's JSON is not the answer: the answer's length limit must not cut its arguments.
const FORCED_CALL_MAX_TOKENS = 1024;

// Importing node-llama-cpp takes ~400 ms; it is loaded with the first model, not at start-up.
const llamaModule = () => import("node-llama-cpp");
const MAX_CONTEXT = 4096;

/** The embedded llama.cpp model: one loaded model, one context sequence, one generation at a time. */
export class Engine {
    private llama: Llama | null = null;
    private model: LlamaModel | null = null;
    private context: LlamaContext | null = null;
    // One sequence kept across turns: node-llama-cpp reuses its evaluated prefix for the next prompt.
    private sequence: LlamaContextSequence | null = null;
    private queue: Promise<unknown> = Promise.resolve();
    private current: EngineStatus;
    private loading: Promise<Result<EngineStatus>> | null = null;
    private gpuFallbackReason: string | null = null;
    private lastTokensPerSecond: number | null = null;
    private pendingTasks = 0;
    private keepAlive: NodeJS.Timeout | null = null;

    constructor(private readonly options: EngineOptions = {}) {
        this.current = {
            state: "no-model",
            backend: null,
            modelPath: null,
            modelName: null,
            threads: options.threads ?? defaultThreads(),
            message:
                "No model is loaded. Choose a GGUF model file (npm run serve -- --model PATH, or CAIRN_MODEL).",
        };
    }

    status(): EngineStatus {
        return this.current;
    }

    isLoaded(): boolean {
        return this.context !== null;
    }

    /** Loads a model, replacing the current one. Never throws; errors name the path and what to do. */
    load(modelPath: string): Promise<Result<EngineStatus>> {
        if (this.loading) {
            return Promise.resolve(fail("DENIED", "a model is already loading; wait for it to finish"));
        }
        // "loading" from the moment it is asked for, so that a message sent now waits for the model.
        this.setStatus({state: "loading", modelName: path.basename(modelPath), message: null});
        this.loading = this.enqueue(() => this.loadNow(path.resolve(modelPath))).finally(() => {
            this.loading = null;
        });
        return this.loading;
    }

    private async loadNow(modelPath: string): Promise<Result<EngineStatus>> {
        nativeLog.lastError = null;
        const problem = await checkGgufFile(modelPath);
        if (problem) return this.loadFailed(problem, "NOT_FOUND");
        this.setStatus({state: "loading", modelPath, modelName: path.basename(modelPath), message: null});
        await this.unloadNow();
        try {
            const llama = await this.getLlama();
            this.model = await llama.loadModel({
                modelPath,
                gpuLayers: this.options.gpu === false ? 0 : "auto",
            });
            this.context = await this.model.createContext({
                contextSize: Math.min(this.model.trainContextSize, this.options.contextSize ?? MAX_CONTEXT),
                threads: this.current.threads,
            });
            this.sequence = this.context.getSequence();
        } catch (error) {
            await this.unloadNow();
            const reason = nativeLog.lastError ?? (error instanceof Error ? error.message : String(error));
            return this.loadFailed(
                `could not load model ${modelPath}: ${reason}; download it again or choose another model file`,
            );
        }
        const name = this.model.fileInfo.metadata.general?.name;
        this.setStatus({
            state: "ready",
            backend: backendOf(this.llama!),
            modelPath,
            modelName: name ? `${name} (${path.basename(modelPath)})` : path.basename(modelPath),
            message: this.gpuFallbackReason,
        });
        return ok(this.current);
    }

    private loadFailed(message: string, code: "NOT_FOUND" | "INTERNAL" = "INTERNAL"): Result<EngineStatus> {
        this.setStatus({state: "error", modelPath: null, modelName: null, message});
        return fail(code, message);
    }

    private async getLlama(): Promise<Llama> {
        if (this.llama) return this.llama;
        const shared = await sharedLlama(this.options.gpu ?? "auto");
        this.llama = shared.llama;
        this.gpuFallbackReason = shared.fallbackReason;
        return this.llama;
    }

    /** Streams one answer. Aborting the signal stops generation and keeps the text so far. */
    async generate(req: GenerateRequest): Promise<Result<GenerateResult>> {
        const history = [...toChatHistory(req.history), {type: "user", text: req.prompt} as const];
        const res = await this.step({...req, history});
        return res.ok ? ok({text: res.value.text, stopped: res.value.stopped, stats: res.value.stats}) : res;
    }

    /** One generation step: text, or the tool calls the model made (or was forced to make). */
    step(req: StepRequest): Promise<Result<StepResult>> {
        return this.enqueue(() => this.stepNow(req));
    }

    private async stepNow(req: StepRequest): Promise<Result<StepResult>> {
        const sequence = this.sequence;
        if (!sequence || !this.llama)
            return fail("MODEL_NOT_LOADED", this.current.message ?? "no model is loaded");
        if (req.signal.aborted) return ok({text: "", calls: [], stopped: true, stats: emptyStats()});
        const {LlamaChat} = await llamaModule();
        const chat = new LlamaChat({contextSequence: sequence, autoDisposeSequence: false});
        const meterBefore = sequence.tokenMeter.getState();
        this.setStatus({state: "generating"});
        const started = performance.now();
        let firstTokenAt: number | null = null;
        const onTextChunk = (text: string) => {
            firstTokenAt ??= performance.now();
            if (!req.force) req.onText(text);
        };
        try {
            const common = {
                signal: req.signal,
                stopOnAbortSignal: true,
                maxTokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
                seed: req.seed,
                temperature: req.temperature,
                onTextChunk,
            };
            const forced = req.force?.length
                ? await this.llama.createGrammarForJsonSchema(forcedCallSchema(req.force) as never)
                : null;
            const result = forced
                ? await chat.generateResponse(req.history, {
                      ...common,
                      grammar: forced,
                      maxTokens: FORCED_CALL_MAX_TOKENS,
                  })
                : await chat.generateResponse(req.history, {
                      ...common,
                      functions: modelFunctions(req.functions),
                  });
            const stopped = result.metadata.stopReason === "abort";
            const calls: ModelCall[] = forced
                ? stopped
                    ? []
                    : [parseForcedCall(forced, result.response)]
                : (result.functionCalls ?? []).map((c) => ({name: c.functionName, params: c.params}));
            const diff = sequence.tokenMeter.diff(meterBefore);
            const stats = statsFrom(diff, started, firstTokenAt);
            this.lastTokensPerSecond = stats.tokensPerSecond ?? this.lastTokensPerSecond;
            return ok({text: forced ? "" : result.response, calls, stopped, stats});
        } catch (error) {
            return fail(
                "INTERNAL",
                `generation failed: ${error instanceof Error ? error.message : String(error)}`,
            );
        } finally {
            chat.dispose({disposeSequence: false});
            if (this.context) this.setStatus({state: "ready"});
        }
    }

    /** Hardware and model facts for system_stats and the UI. */
    async facts(): Promise<EngineFacts> {
        const llama = this.llama;
        const vram = llama && llama.gpu !== false ? await llama.getVramState() : null;
        return {
            backend: this.current.backend,
            gpuDevices: llama && llama.gpu !== false ? await llama.getGpuDeviceNames() : [],
            vram: vram ? {totalBytes: vram.total, usedBytes: vram.used} : null,
            model: this.current.modelName,
            contextSize: this.context?.contextSize ?? null,
            contextUsed: this.sequence?.nextTokenIndex ?? null,
            lastTokensPerSecond: this.lastTokensPerSecond,
        };
    }

    /** Frees the model and its context; the shared llama.cpp binding stays for the process (see sharedLlama). */
    async dispose(): Promise<void> {
        await this.enqueue(() => this.unloadNow());
    }

    private async unloadNow(): Promise<void> {
        this.sequence = null;
        await this.context?.dispose();
        await this.model?.dispose();
        this.context = null;
        this.model = null;
    }

    private enqueue<T>(task: () => Promise<T>): Promise<T> {
        this.holdProcessOpen(+1);
        const run = this.queue.then(task, task).finally(() => this.holdProcessOpen(-1));
        this.queue = run.catch(() => undefined);
        return run;
    }

    /**
     * llama.cpp works on native threads that do not keep Node's event loop alive; without a handle, Node
     * can exit while a load or generation is still pending. A timer is held while work is queued.
     */
    private holdProcessOpen(delta: number): void {
        this.pendingTasks += delta;
        if (this.pendingTasks > 0 && !this.keepAlive) this.keepAlive = setInterval(() => {}, 60_000);
        if (this.pendingTasks === 0 && this.keepAlive) {
            clearInterval(this.keepAlive);
            this.keepAlive = null;
        }
    }

    private setStatus(patch: Partial<EngineStatus>): void {
        this.current = {...this.current, ...patch};
        this.options.onStatus?.(this.current);
    }
}

/** llama.cpp's own last error line, which says far more than the exception it causes. */
const nativeLog = {lastError: null as string | null};

const llamas = new Map<string, Promise<{llama: Llama; fallbackReason: string | null}>>();

/**
 * One llama.cpp binding per process and GPU choice: it is process-wide native state, and disposing it
 * was seen to hang at random after a failed model load (node-llama-cpp 3.21.1), so it lives until exit.
 */
function sharedLlama(gpu: "auto" | false) {
    const key = String(gpu);
    let entry = llamas.get(key);
    if (!entry) {
        entry = createLlama(gpu);
        llamas.set(key, entry);
        entry.catch(() => llamas.delete(key));
    }
    return entry;
}

async function createLlama(gpu: "auto" | false) {
    const {getLlama, LlamaLogLevel} = await llamaModule();
    const options = {
        logLevel: LlamaLogLevel.error,
        logger: (level: LlamaLogLevelValue, message: string) => {
            if (level !== LlamaLogLevel.error && level !== LlamaLogLevel.fatal) return;
            const line = message.trim().replace(/^[a-z_]+: /, "");
            if (line && !/failed to load model$/.test(line)) nativeLog.lastError = line;
        },
    };
    try {
        return {llama: await getLlama({...options, gpu}), fallbackReason: null};
    } catch (error) {
        if (gpu === false) throw error;
        // A broken GPU driver or runtime must not stop the app: run on the CPU and say why.
        const reason = `GPU unavailable, running on the CPU: ${error instanceof Error ? error.message : error}`;
        return {llama: await getLlama({...options, gpu: false}), fallbackReason: reason};
    }
}

function backendOf(llama: Llama): Backend {
    return llama.gpu === false ? "cpu" : llama.gpu;
}

export function emptyStats(): TurnStats {
    return {
        promptTokens: 0,
        completionTokens: 0,
        timeToFirstTokenMs: null,
        durationMs: 0,
        tokensPerSecond: null,
    };
}

function statsFrom(
    diff: {usedInputTokens: number; usedOutputTokens: number},
    started: number,
    firstTokenAt: number | null,
): TurnStats {
    const now = performance.now();
    const genMs = firstTokenAt === null ? 0 : now - firstTokenAt;
    return {
        promptTokens: diff.usedInputTokens,
        completionTokens: diff.usedOutputTokens,
        timeToFirstTokenMs: firstTokenAt === null ? null : firstTokenAt - started,
        durationMs: now - started,
        tokensPerSecond: genMs > 0 ? (diff.usedOutputTokens / genMs) * 1000 : null,
    };
}

function modelFunctions(functions: ModelFunction[] | undefined) {
    if (!functions?.length) return undefined;
    return Object.fromEntries(
        functions.map((f) => [f.name, {description: f.description, params: f.params as never}]),
    );
}

/** The grammar's schema for a forced call: {"name": one of the tools, "arguments": that tool's params}. */
function forcedCallSchema(tools: ModelFunction[]): object {
    const one = (f: ModelFunction) => ({
        type: "object",
        properties: {name: {const: f.name}, arguments: f.params},
        required: ["name", "arguments"],
    });
    return tools.length === 1 ? one(tools[0]!) : {oneOf: tools.map(one)};
}

function parseForcedCall(grammar: {parse(text: string): unknown}, text: string): ModelCall {
    const value = grammar.parse(text) as {name: string; arguments: unknown};
    return {name: value.name, params: value.arguments};
}

function toChatHistory(history: HistoryEntry[]): ChatHistoryItem[] {
    return history.map((m): ChatHistoryItem => {
        if (m.role === "user") return {type: "user", text: m.content};
        if (m.role === "system") return {type: "system", text: m.content};
        return {type: "model", response: [m.content]};
    });
}
