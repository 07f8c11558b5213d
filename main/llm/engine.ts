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
import {checkGgufFile} from "./gguf.js";

/**
 * Default llama.cpp thread count: leave one core to the app. Measured on the 2-core CI machine with
 * stories260K: 1 thread ≈ 800 tokens/s, 2 threads ≈ 60 tokens/s (`npm run bench` re-measures).
 */
export function defaultThreads(cores = os.availableParallelism()): number {
    return Math.max(1, Math.min(cores - 1, 8));
}

export type HistoryEntry = {role: MessageRole; content: string};

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
    /** llama.cpp's own last error line, which says far more than the exception it causes. */
    private lastNativeError: string | null = null;
    private gpuFallbackReason: string | null = null;

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
        if (this.loading)
            return Promise.resolve(fail("DENIED", "a model is already loading; wait for it to finish"));
        this.loading = this.enqueue(() => this.loadNow(path.resolve(modelPath))).finally(() => {
            this.loading = null;
        });
        return this.loading;
    }

    private async loadNow(modelPath: string): Promise<Result<EngineStatus>> {
        this.lastNativeError = null;
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
            const reason = this.lastNativeError ?? (error instanceof Error ? error.message : String(error));
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
        const {getLlama, LlamaLogLevel} = await llamaModule();
        const options = {
            logLevel: LlamaLogLevel.error,
            logger: (level: LlamaLogLevelValue, message: string) => {
                if (level !== LlamaLogLevel.error && level !== LlamaLogLevel.fatal) return;
                const line = message.trim().replace(/^[a-z_]+: /, "");
                if (line && !/failed to load model$/.test(line)) this.lastNativeError = line;
            },
        };
        const gpu = this.options.gpu ?? "auto";
        try {
            this.llama = await getLlama({...options, gpu});
        } catch (error) {
            if (gpu === false) throw error;
            // A broken GPU driver or runtime must not stop the app: run on the CPU and say why.
            this.llama = await getLlama({...options, gpu: false});
            this.gpuFallbackReason = `GPU unavailable, running on the CPU: ${error instanceof Error ? error.message : error}`;
        }
        return this.llama;
    }

    /** Streams one answer. Aborting the signal stops generation and keeps the text so far. */
    generate(req: GenerateRequest): Promise<Result<GenerateResult>> {
        return this.enqueue(() => this.generateNow(req));
    }

    private async generateNow(req: GenerateRequest): Promise<Result<GenerateResult>> {
        const sequence = this.sequence;
        if (!sequence) return fail("MODEL_NOT_LOADED", this.current.message ?? "no model is loaded");
        if (req.signal.aborted) return ok({text: "", stopped: true, stats: emptyStats()});
        const {LlamaChatSession} = await llamaModule();
        const session = new LlamaChatSession({contextSequence: sequence, autoDisposeSequence: false});
        const meterBefore = sequence.tokenMeter.getState();
        this.setStatus({state: "generating"});
        const started = performance.now();
        let firstTokenAt: number | null = null;
        try {
            session.setChatHistory(toChatHistory(req.history));
            const result = await session.promptWithMeta(req.prompt, {
                signal: req.signal,
                stopOnAbortSignal: true,
                maxTokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
                seed: req.seed,
                temperature: req.temperature,
                onTextChunk: (text) => {
                    firstTokenAt ??= performance.now();
                    req.onText(text);
                },
            });
            const diff = sequence.tokenMeter.diff(meterBefore);
            const durationMs = performance.now() - started;
            const genMs = firstTokenAt === null ? 0 : performance.now() - firstTokenAt;
            return ok({
                text: result.responseText,
                stopped: result.stopReason === "abort",
                stats: {
                    promptTokens: diff.usedInputTokens,
                    completionTokens: diff.usedOutputTokens,
                    timeToFirstTokenMs: firstTokenAt === null ? null : firstTokenAt - started,
                    durationMs,
                    tokensPerSecond: genMs > 0 ? (diff.usedOutputTokens / genMs) * 1000 : null,
                },
            });
        } catch (error) {
            return fail(
                "INTERNAL",
                `generation failed: ${error instanceof Error ? error.message : String(error)}`,
            );
        } finally {
            session.dispose({disposeSequence: false});
            if (this.context) this.setStatus({state: "ready"});
        }
    }

    async dispose(): Promise<void> {
        await this.enqueue(() => this.unloadNow());
        await this.llama?.dispose();
        this.llama = null;
    }

    private async unloadNow(): Promise<void> {
        this.sequence = null;
        await this.context?.dispose();
        await this.model?.dispose();
        this.context = null;
        this.model = null;
    }

    private enqueue<T>(task: () => Promise<T>): Promise<T> {
        const run = this.queue.then(task, task);
        this.queue = run.catch(() => undefined);
        return run;
    }

    private setStatus(patch: Partial<EngineStatus>): void {
        this.current = {...this.current, ...patch};
        this.options.onStatus?.(this.current);
    }
}

function backendOf(llama: Llama): Backend {
    return llama.gpu === false ? "cpu" : llama.gpu;
}

function emptyStats(): TurnStats {
    return {
        promptTokens: 0,
        completionTokens: 0,
        timeToFirstTokenMs: null,
        durationMs: 0,
        tokensPerSecond: null,
    };
}

function toChatHistory(history: HistoryEntry[]): ChatHistoryItem[] {
    return history.map((m): ChatHistoryItem => {
        if (m.role === "user") return {type: "user", text: m.content};
        if (m.role === "system") return {type: "system", text: m.content};
        return {type: "model", response: [m.content]};
    });
}
