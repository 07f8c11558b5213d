import path from "node:path";
import type {ChatWrapper, Llama, LlamaContext, LlamaContextSequence, LlamaModel} from "node-llama-cpp";
import type {
    EngineSettings,
    EngineStatus,
    FitEstimate,
    GpuReport,
    ModelInfo,
} from "../../../shared/contract.js";
import {fail, ok, type ErrorCode, type Result, type Words} from "../../../shared/result.js";
import {wordsOf} from "../../../shared/coreWords.js";
import {failSaying, failWith, said} from "../../words.js";
import {DEFAULT_ENGINE_SETTINGS} from "../../store/settings.js";
import {estimateFit} from "../fit.js";
import type {ChatFormat} from "../chatFormat.js";
import {inspectModel, type Inspection} from "../inspect.js";
import {backendOf, nativeLog, sharedLlama} from "../llama.js";
import {PromptPrefixCache} from "../promptCache.js";
import type {Speculation} from "../speculation.js";
import {emptyStats, stoppedBeforeText, toChatHistory} from "../stepParts.js";
import type {GenerateRequest, GenerateResult, ModelFunction, StepRequest, StepResult} from "../stepTypes.js";
import {familySampling, type FamilySampling} from "../sampling.js";
import {SMALLEST_AUTO_CONTEXT} from "./limits.js";
import {defaultThreads, type EngineFacts, type EngineOptions} from "./options.js";
import {fitText, functionTokens, resultBudget, type Measured} from "./measure.js";
import {runStep, type Evaluation, type StepParts} from "./step.js";
import {stepIn} from "../callStrategy.js";
import {chatTemplateOf, loadFailure, loadParts} from "./load.js";
import {messageOf} from "../../../shared/format.js";

export {defaultThreads, type EngineFacts, type EngineOptions} from "./options.js";

/** What a turn needs of a model: the embedded engine, or a model on a remote server (RemoteEngine). */
export type StepEngine = Pick<Engine, "step" | "resultBudget" | "fitText"> & {
    /** What answers, as messages record it (a remote model, known once its server has listed it). */
    label?(): string;
    /** The context's size in tokens, and a text's length in them: what the tool selection budgets with. */
    contextSize?(): number | null;
    countTokens?(text: string): number | null;
};

/** The embedded llama.cpp model: one loaded model, one context sequence, one generation at a time. */
export class Engine {
    private llama: Llama | null = null;
    private model: LlamaModel | null = null;
    /** The chat format chosen at load (chooseChatFormat), used for every step. */
    private chatWrapper: ChatWrapper | null = null;
    private context: LlamaContext | null = null;
    // One sequence kept across turns: node-llama-cpp reuses its evaluated prefix for the next prompt.
    private sequence: LlamaContextSequence | null = null;
    /** The token predictor of the loaded model's sequence (speculative decoding); null when off. */
    private speculation: Speculation | null = null;
    private queue: Promise<unknown> = Promise.resolve();
    private current: EngineStatus;
    private loading: Promise<Result<EngineStatus>> | null = null;
    private gpuFallbackReason: string | null = null;
    private lastTokensPerSecond: number | null = null;
    /** The last step's context as the chat format saw it, to render on demand (lastPrompt). */
    private lastEvaluation: Evaluation | null = null;
    private pendingTasks = 0;
    private keepAlive: NodeJS.Timeout | null = null;
    /** Aborts the step being generated when the model is unloaded under it. */
    private unloadSignal = new AbortController();
    /** The loaded model's facts, read from its header at load. */
    private info: ModelInfo | null = null;
    private readonly prefixCache: PromptPrefixCache | null;
    /** What a saved prefix must have been made with: this model file, this llama.cpp build. */
    private modelKey = "";
    /** The loaded model's family and its published sampling, when it is of a known family. */
    private family: FamilySampling | null = null;

    constructor(private readonly options: EngineOptions = {}) {
        this.prefixCache = options.promptCacheDir
            ? new PromptPrefixCache(options.promptCacheDir, options.onWarning)
            : null;
        this.current = {
            state: "no-model",
            backend: null,
            modelPath: null,
            modelName: null,
            threads: this.settings().threads ?? defaultThreads(),
            ...said(NO_MODEL),
        };
    }

    status(): EngineStatus {
        return this.current;
    }

    isLoaded(): boolean {
        return this.context !== null;
    }

    /** The engine settings in force: run overrides over saved settings. */
    settings(): EngineSettings {
        const saved = this.options.settings?.() ?? DEFAULT_ENGINE_SETTINGS;
        return {
            ...saved,
            threads: this.options.threads ?? saved.threads,
            contextSize: this.options.contextSize ?? saved.contextSize,
            forceCpu: this.options.gpu === false || saved.forceCpu,
            flashAttention: this.options.flashAttention ?? saved.flashAttention,
        };
    }

    /** The shared llama.cpp binding this engine uses (CPU-only when forced); loads it on first use. */
    async binding(): Promise<Llama> {
        const gpu = this.settings().forceCpu ? false : "auto";
        const shared = await (this.options.prebuilt ? sharedLlama(gpu, null) : sharedLlama(gpu));
        this.gpuFallbackReason = shared.fallbackReason;
        return shared.llama;
    }

    /** A GGUF file's facts and its fit on this computer with the engine settings in force (loads nothing). */
    async assess(
        file: string,
        options: {embedding?: boolean} = {},
    ): Promise<Result<Inspection & {fit: FitEstimate}>> {
        const inspected = await inspectModel(file);
        if (!inspected.ok) return inspected;
        const fit = await estimateFit(inspected.value.fileInfo, await this.binding(), {
            ...this.settings(),
            embedding: options.embedding,
        });
        return ok({...inspected.value, fit});
    }

    /** Loads a model, replacing the current one. Never throws; errors name the path and what to do. */
    load(modelPath: string): Promise<Result<EngineStatus>> {
        if (this.loading) {
            return Promise.resolve(failSaying("DENIED", "modelAlreadyLoading"));
        }
        // "loading" from the moment it is asked for, so that a message sent now waits for the model.
        this.setStatus({
            state: "loading",
            modelName: path.basename(modelPath),
            message: null,
            loadProgress: 0,
        });
        this.loading = this.enqueue(() => this.loadNow(path.resolve(modelPath))).finally(() => {
            this.loading = null;
        });
        return this.loading;
    }

    /**
     * Loads the model in use again with what now decides how it loads (its draft model), once a load under way
     * has ended: a choice made while the model loads is not lost. Nothing to do when, by then, another model
     * is in use (or none).
     */
    async reload(modelPath: string): Promise<Result<EngineStatus> | null> {
        while (this.loading) await this.loading;
        if (this.current.modelPath !== path.resolve(modelPath)) return null;
        return this.load(modelPath);
    }

    /**
     * Puts `file` in place of the loaded model for the next answer: nothing to do when it is loaded or being
     * loaded, a load started when it can be; else why not, in words (another model loading, or an answer being
     * written with the loaded one: here, or elsewhere when `busy`), so that no model changes under an answer.
     */
    switchTo(file: string, busy = false): Words | null {
        const status = this.current;
        const name = path.basename(file);
        if (status.state === "loading")
            return status.modelName === name
                ? null
                : wordsOf("modelLoading", {model: status.modelName ?? "a model"});
        if (status.modelPath === path.resolve(file)) return null;
        if (busy || status.state === "generating")
            return wordsOf("assistantModelBusy", {
                model: name,
                other: status.modelName ?? "the loaded model",
            });
        void this.load(file);
        return null;
    }

    /** Resolves when the model being loaded is loaded or has failed (at once when none is loading). */
    async loaded(): Promise<void> {
        await this.loading;
    }

    /** Frees the model and its memory; an answer being written stops with a message saying why. */
    async unload(): Promise<EngineStatus> {
        this.unloadSignal.abort();
        await this.enqueue(() => this.unloadNow());
        this.setStatus({
            state: "no-model",
            backend: null,
            modelPath: null,
            modelName: null,
            gpu: null,
            contextSize: null,
            weights: null,
            flashAttention: null,
            speculation: null,
            draftModel: null,
            loadProgress: null,
            ...said(wordsOf("modelUnloaded")),
        });
        return this.current;
    }

    private async loadNow(modelPath: string): Promise<Result<EngineStatus>> {
        nativeLog.lastError = null;
        // The chat format is chosen on the loaded model below, not from a second, vocab-only load.
        const inspected = await inspectModel(modelPath, {chatFormat: false});
        if (!inspected.ok)
            return this.loadFailed(inspected.error.words ?? inspected.error.message, inspected.error.code);
        const settings = this.settings();
        let format: ChatFormat;
        let weights: EngineStatus["weights"] = null;
        this.setStatus({
            state: "loading",
            modelPath,
            modelName: path.basename(modelPath),
            message: null,
            weights: null,
            flashAttention: null,
            speculation: null,
            draftModel: null,
        });
        await this.unloadNow();
        try {
            const llama = await this.binding();
            this.llama = llama;
            const parts = await loadParts({
                llama,
                modelPath,
                fileInfo: inspected.value.fileInfo,
                settings,
                threads: this.current.threads,
                draftModel: this.options.draftModel?.(modelPath) ?? null,
                onProgress: (progress) => this.reportLoadProgress(progress),
            });
            if ("tooLarge" in parts) return this.loadFailed(parts.tooLarge, "OUT_OF_MEMORY");
            ({format, weights} = parts);
            this.model = parts.model;
            this.context = parts.context;
            this.speculation = parts.speculation;
            this.sequence = parts.sequence;
            this.chatWrapper = format.wrapper;
            this.modelKey = parts.modelKey;
        } catch (error) {
            await this.unloadNow();
            const reason = nativeLog.lastError ?? messageOf(error);
            return this.loadFailed(loadFailure(modelPath, reason));
        }
        this.unloadSignal = new AbortController();
        this.options.onLoaded?.(this.llama);
        const {functionCalling, wrapper} = format;
        this.info = {...inspected.value.info, chatWrapper: wrapper.wrapperName, functionCalling};
        this.family = familySampling({
            architecture: this.info.architecture,
            name: this.info.name,
            template: chatTemplateOf(this.model),
        });
        const name = inspected.value.info.name;
        this.setStatus({
            state: "ready",
            backend: backendOf(this.llama),
            modelPath,
            modelName: name ? `${name} (${path.basename(modelPath)})` : path.basename(modelPath),
            message:
                [this.gpuFallbackReason, format.fallbackReason, this.speculation?.problem]
                    .filter(Boolean)
                    .join("; ") || null,
            loadProgress: null,
            speculation: this.speculation?.kind ?? null,
            draftModel: this.speculation?.draftPath ?? null,
            gpu: await this.gpuReport(),
            contextSize: this.context.contextSize,
            threads: this.current.threads,
            weights,
            flashAttention: settings.flashAttention,
        });
        return ok(this.current);
    }

    private reportLoadProgress(progress: number): void {
        const last = this.current.loadProgress ?? 0;
        if (progress === 1 || progress - last >= 0.05) this.setStatus({loadProgress: progress});
    }

    private async gpuReport(): Promise<GpuReport | null> {
        const llama = this.llama;
        if (!llama || llama.gpu === false || !this.model) return null;
        const vram = await llama.getVramState();
        return {
            devices: await llama.getGpuDeviceNames(),
            vramTotalBytes: vram.total,
            vramUsedBytes: vram.used,
            gpuLayers: this.model.gpuLayers,
            totalLayers: this.model.fileInsights.totalLayers,
        };
    }

    private loadFailed(why: string | Words, code: ErrorCode = "INTERNAL"): Result<EngineStatus> {
        const {message, words} = typeof why === "string" ? {message: why, words: null} : said(why);
        this.setStatus({
            state: "error",
            modelPath: null,
            modelName: null,
            message,
            words,
            loadProgress: null,
            weights: null,
            flashAttention: null,
            speculation: null,
            draftModel: null,
        });
        return words ? failWith(code, words) : fail(code, message);
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
        const {sequence, llama} = this;
        if (!sequence || !llama) {
            // Why there is none (a failed load, an unload), in its words where it has them.
            const {message, words} = this.current;
            if (words) return failWith("MODEL_NOT_LOADED", words);
            return message ? fail("MODEL_NOT_LOADED", message) : failSaying("MODEL_NOT_LOADED", "noModel");
        }
        if (req.signal.aborted) return ok(stoppedBeforeText(emptyStats(), sequence.nextTokenIndex));
        this.setStatus({state: "generating"});
        const strategy =
            req.callStrategy ?? this.options.callStrategy?.(this.current.modelPath ?? "") ?? "native";
        try {
            return await stepIn(strategy, req, (asked) => runStep(this.stepParts(llama, sequence), asked));
        } finally {
            if (this.context) this.setStatus({state: "ready"});
        }
    }

    private stepParts(llama: Llama, sequence: LlamaContextSequence): StepParts {
        return {
            llama,
            sequence,
            wrapper: this.chatWrapper,
            prefixCache: this.prefixCache,
            modelKey: this.modelKey,
            unloaded: this.unloadSignal.signal,
            onEvaluated: (evaluation, tokensPerSecond) => {
                this.lastEvaluation = evaluation;
                this.lastTokensPerSecond = tokensPerSecond ?? this.lastTokensPerSecond;
            },
        };
    }

    /**
     * The last step's context as text, rendered by the model's chat format (its wrapper's name first): what the
     * model read and wrote, for diagnostics and for tests that check each family's native syntax.
     */
    lastPrompt(): {wrapper: string; text: string} | null {
        const last = this.lastEvaluation;
        if (!last) return null;
        const state = last.wrapper.generateContextState({
            chatHistory: last.history,
            availableFunctions: last.functions,
        });
        return {wrapper: last.wrapper.wrapperName, text: state.contextText.toString()};
    }

    /**
     * What tool definitions cost in the prompt, in the loaded model's tokens, as its chat format writes
     * them: all of `functions` together (with the format's preamble for tools), and what each one adds;
     * null with no model loaded.
     */
    functionTokens(
        functions: ModelFunction[],
        options: {each: boolean} = {each: true},
    ): {total: number; each: number[]; preamble: number; contextSize: number} | null {
        const measured = this.measured();
        return measured && functionTokens(measured, functions, options);
    }

    /**
     * The context's size in tokens: the loaded one's; while a model loads (an answer waits for it), the
     * size chosen in Settings, else the smallest a load chooses.
     */
    contextSize(): number {
        return this.context?.contextSize ?? this.settings().contextSize ?? SMALLEST_AUTO_CONTEXT;
    }

    /** A text's length in the loaded model's tokens; null when no model is loaded. */
    countTokens(text: string): number | null {
        return this.model ? this.model.tokenize(text).length : null;
    }

    /** The tokens each of `calls` tool results may take in the next step (measure.ts); null with no model. */
    resultBudget(request: Parameters<typeof resultBudget>[1]): number | null {
        const measured = this.measured();
        return measured && resultBudget(measured, request);
    }

    /** Cuts a text to about `budget` tokens on a line or word boundary, saying so; unchanged when it fits. */
    fitText(text: string, budget: number): string {
        return this.model ? fitText(this.model, text, budget) : text;
    }

    /** The loaded model's tokenizer, chat format and context size; null with no model. */
    private measured(): Measured | null {
        const {model, chatWrapper: wrapper} = this;
        const contextSize = this.context?.contextSize;
        return model && wrapper && contextSize ? {model, wrapper, contextSize} : null;
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
        this.unloadSignal.abort();
        await this.enqueue(() => this.unloadNow());
    }

    /** The loaded model's facts (for the models table), or null. */
    modelInfo(): ModelInfo | null {
        return this.info;
    }

    /** The loaded model's family and the sampling it publishes (Settings' defaults while it is loaded). */
    samplingFamily(): FamilySampling | null {
        return this.family;
    }

    private async unloadNow(): Promise<void> {
        this.sequence = null;
        this.info = null;
        this.family = null;
        this.lastEvaluation = null;
        this.chatWrapper = null;
        await this.context?.dispose();
        await this.model?.dispose();
        await this.speculation?.dispose();
        this.speculation = null;
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
        // A new message without words has none: the window then shows it as it is.
        const words = "message" in patch && !("words" in patch) ? {words: null} : {};
        this.current = {...this.current, ...patch, ...words};
        this.options.onStatus?.(this.current);
    }
}

const NO_MODEL = wordsOf("noModelYet");
