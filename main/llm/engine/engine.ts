import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type {
    ChatHistoryItem,
    ChatModelFunctions,
    ChatWrapper,
    GbnfJsonSchema,
    Llama,
    LlamaContext,
    LlamaContextSequence,
    LlamaModel,
    LlamaChatResponseChunk,
} from "node-llama-cpp";
import type {
    EngineSettings,
    EngineStatus,
    FitEstimate,
    FlashAttention,
    GpuReport,
    ModelInfo,
} from "../../shared/contract.js";
import {fail, ok, type ErrorCode, type Result, type Words} from "../../shared/result.js";
import {wordsOf} from "../../shared/coreWords.js";
import {failSaying, failWith, said} from "../words.js";
import {DEFAULT_ENGINE_SETTINGS} from "../store/settings.js";
import {estimateFit, readIntoMemory, tooLargeWords} from "./fit.js";
import {estimateTokens, fitHistory, messageTooLong, tooLongWords} from "./contextFit.js";
import {chooseChatFormat, type ChatFormat} from "./chatFormat.js";
import {inspectModel, type Inspection} from "./inspect.js";
import {backendOf, flashAttentionOf, llamaModule, nativeLog, sharedLlama} from "./llama.js";
import {ForcedCallStream} from "./forcedCall.js";
import {PromptPrefixCache} from "./promptCache.js";
import {predictionStats, prepareSpeculation, type Speculation} from "./speculation.js";
import {
    withoutThinking,
    thoughtBudget,
    samplingOf,
    wasShifted,
    emptyStats,
    statsFrom,
    stoppedBeforeText,
    finishReason,
    modelFunctions,
    forcedCallSchema,
    parseForcedCall,
    toChatHistory,
} from "./stepParts.js";
import type {
    AnswerFormat,
    GenerateRequest,
    GenerateResult,
    ModelCall,
    ModelFunction,
    StepRequest,
    StepResult,
} from "./stepTypes.js";
import {familySampling, type FamilySampling} from "./sampling.js";

/**
 * Default llama.cpp thread count: leave one core to the app. Measured on the 2-core CI machine with
 * stories260K: 1 thread ≈ 800 tokens/s, 2 threads ≈ 60 tokens/s (`npm run bench` re-measures).
 */
export function defaultThreads(cores = os.availableParallelism()): number {
    return Math.max(1, Math.min(cores - 1, 8));
}

/** What the engine knows of itself, for system_stats and the status line. */
export type EngineFacts = {
    backend: string | null;
    gpuDevices: string[];
    vram: {totalBytes: number; usedBytes: number} | null;
    model: string | null;
    contextSize: number | null;
    contextUsed: number | null;
    lastTokensPerSecond: number | null;
};

/** What the person reads when even the system prompt, the tools and the newest turn cannot fit. */
export function wontFitWords(
    {tokens, room, contextSize}: {tokens: number; room: number; contextSize: number},
    tools: number,
): Words {
    return tools
        ? wordsOf("wontFitTools", {contextSize, tools, tokens, room})
        : wordsOf("wontFit", {contextSize, tokens, room});
}

/** What a turn needs of a model: the embedded engine, or a model on a remote server (RemoteEngine). */
export type StepEngine = Pick<Engine, "step" | "resultBudget" | "fitText"> & {
    /** What answers, as messages record it (a remote model, known once its server has listed it). */
    label?(): string;
    /** The context's size in tokens, and a text's length in them: what the tool selection budgets with. */
    contextSize?(): number | null;
    countTokens?(text: string): number | null;
};

export type EngineOptions = {
    /** Overrides of the saved engine settings for this run (CLI flags). */
    threads?: number;
    contextSize?: number;
    gpu?: "auto" | false;
    flashAttention?: FlashAttention;
    /** The saved engine settings, read at each load so that a change applies to the next load. */
    settings?: () => EngineSettings;
    /** The draft model chosen for a model (speculative decoding), read at each load; null: none. */
    draftModel?: (modelPath: string) => string | null;
    onStatus?: (status: EngineStatus) => void;
    /** Where the shared prompt prefix (system prompt and tools) is kept across restarts; none: not kept. */
    promptCacheDir?: string;
    /** Problems that do not fail a step (a saved prefix that could not be read), for the log. */
    onWarning?: (message: string) => void;
};

const DEFAULT_MAX_TOKENS = 512;
/** The smallest context an automatic load chooses (see fit.ts). */
const SMALLEST_AUTO_CONTEXT = 2048;

// A forced call's JSON is not the answer: the answer's length limit must not cut its arguments.
const FORCED_CALL_MAX_TOKENS = 1024;

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
    private lastEvaluation: {
        wrapper: ChatWrapper;
        history: ChatHistoryItem[];
        functions?: ChatModelFunctions;
    } | null = null;
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
        const shared = await sharedLlama(this.settings().forceCpu ? false : "auto");
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
            const fit = await estimateFit(inspected.value.fileInfo, llama, settings);
            if (fit.verdict === "too-large") {
                return this.loadFailed(tooLargeWords(path.basename(modelPath), fit), "OUT_OF_MEMORY");
            }
            weights = readIntoMemory(fit) ? "memory" : "mapped";
            this.model = await llama.loadModel({
                modelPath,
                useMmap: weights === "mapped",
                gpuLayers: settings.forceCpu ? 0 : (settings.gpuLayers ?? fit.gpuLayers),
                defaultContextFlashAttention: flashAttentionOf(settings),
                onLoadProgress: (progress) => this.reportLoadProgress(progress),
            });
            this.context = await this.model.createContext({
                contextSize: settings.contextSize ?? fit.contextSize,
                threads: this.current.threads,
                batchSize: settings.batchSize ?? undefined,
            });
            this.speculation = settings.speculativeDecoding
                ? await prepareSpeculation(
                      llama,
                      {file: modelPath, fileInfo: inspected.value.fileInfo},
                      this.options.draftModel?.(modelPath) ?? null,
                      {
                          contextSize: this.context.contextSize,
                          threads: this.current.threads,
                          gpuLayers: settings.forceCpu ? 0 : "auto",
                          flashAttention: flashAttentionOf(settings),
                      },
                  )
                : null;
            this.sequence = this.context.getSequence(
                this.speculation ? {tokenPredictor: this.speculation.predictor} : undefined,
            );
            format = await chooseChatFormat(this.model, modelPath);
            this.chatWrapper = format.wrapper;
            this.modelKey = modelKeyOf(modelPath, llama);
        } catch (error) {
            await this.unloadNow();
            const reason = nativeLog.lastError ?? (error instanceof Error ? error.message : String(error));
            return this.loadFailed(loadFailure(modelPath, reason));
        }
        this.unloadSignal = new AbortController();
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
        const sequence = this.sequence;
        if (!sequence || !this.llama) {
            // Why there is none (a failed load, an unload), in its words where it has them.
            const {message, words} = this.current;
            if (words) return failWith("MODEL_NOT_LOADED", words);
            return message ? fail("MODEL_NOT_LOADED", message) : failSaying("MODEL_NOT_LOADED", "noModel");
        }
        if (req.signal.aborted) return ok(stoppedBeforeText(emptyStats(), sequence.nextTokenIndex));
        const unloaded = this.unloadSignal.signal;
        const signal = AbortSignal.any([req.signal, unloaded]);
        const {LlamaChat} = await llamaModule();
        const chat = new LlamaChat({
            contextSequence: sequence,
            chatWrapper: this.chatWrapper ?? "auto",
            autoDisposeSequence: false,
        });
        const meter = {state: sequence.tokenMeter.getState(), tokensBefore: sequence.nextTokenIndex};
        const predictionsBefore = sequence.tokenPredictions;
        this.setStatus({state: "generating"});
        const started = performance.now();
        let firstTokenAt: number | null = null;
        const thought = {text: "", tokens: 0};
        // A forced call is JSON text under a grammar: followed as it is written, and reported as a call.
        const forcedCall =
            req.force?.length && req.onCallChunk ? new ForcedCallStream(req.onCallChunk) : null;
        const onResponseChunk = (chunk: LlamaChatResponseChunk) => {
            firstTokenAt ??= performance.now();
            if (chunk.type === undefined) {
                if (!req.force) req.onText(chunk.text);
                else forcedCall?.push(chunk.text);
            } else if (chunk.segmentType === "thought") {
                thought.text += chunk.text;
                thought.tokens += chunk.tokens.length;
                req.onThought?.(chunk.text);
            }
        };
        try {
            const common = {
                signal,
                stopOnAbortSignal: true,
                maxTokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
                ...samplingOf(req),
                ...(req.stop?.length ? {customStopTriggers: req.stop} : {}),
                budgets: thoughtBudget(req.sampling),
                onResponseChunk,
            };
            const forced = req.force?.length
                ? await this.llama.createGrammarForJsonSchema<GbnfJsonSchema>(forcedCallSchema(req.force))
                : null;
            const format = forced ? null : await this.formatGrammar(req.format);
            const reserve = Math.min(
                forced ? FORCED_CALL_MAX_TOKENS : common.maxTokens,
                sequence.contextSize / 4,
            );
            const tooLong = messageTooLong(
                req.history,
                sequence.contextSize,
                reserve,
                (text) => sequence.model.tokenize(text).length,
                req.functions ?? req.force ?? [],
            );
            if (tooLong) return failWith("OUT_OF_MEMORY", tooLongWords(tooLong), tooLong);
            const fitted = fitHistory(
                req.sampling?.thinking === false ? withoutThinking(req.history) : req.history,
                sequence.contextSize - reserve,
                (text) => sequence.model.tokenize(text).length,
                req.functions ?? req.force ?? [],
            );
            const functions = forced || format ? undefined : modelFunctions(req.functions);
            const wontFit = this.wontFit(chat.chatWrapper, fitted, functions, sequence.contextSize - reserve);
            if (wontFit) return failWith("OUT_OF_MEMORY", wontFitWords(wontFit, req.functions?.length ?? 0));
            await this.prefixCache?.prepare({
                sequence,
                wrapper: chat.chatWrapper,
                tokenizer: sequence.model.tokenizer,
                history: fitted.history,
                functions,
                modelKey: this.modelKey,
            });
            const result = forced
                ? await chat.generateResponse(fitted.history, {
                      ...common,
                      grammar: forced,
                      maxTokens: FORCED_CALL_MAX_TOKENS,
                  })
                : await chat.generateResponse(fitted.history, {
                      ...common,
                      // An answer stops at the end of the context rather than failing there.
                      maxTokens: Math.min(
                          common.maxTokens,
                          Math.max(16, Math.floor(sequence.contextSize * 0.95) - fitted.tokens),
                      ),
                      ...(format
                          ? {grammar: format}
                          : {
                                functions,
                                onFunctionCallParamsChunk: req.onCallChunk
                                    ? (c) =>
                                          req.onCallChunk!({
                                              index: c.callIndex,
                                              name: c.functionName,
                                              text: c.paramsChunk,
                                          })
                                    : undefined,
                            }),
                  });
            if (unloaded.aborted) return failSaying("MODEL_NOT_LOADED", "unloadedMidAnswer");
            const stopped = result.metadata.stopReason === "abort";
            const calls: ModelCall[] = forced
                ? stopped
                    ? []
                    : [parseForcedCall(forced, result.response)]
                : (result.functionCalls ?? []).map((c) => ({name: c.functionName, params: c.params}));
            const predicted = predictionStats(sequence, predictionsBefore);
            const stats = statsFrom(sequence, meter, started, firstTokenAt, thought.tokens, predicted);
            stats.contextShifted =
                fitted.dropped > 0 || wasShifted(fitted.history, result.lastEvaluation.contextWindow);
            this.lastTokensPerSecond = stats.tokensPerSecond ?? this.lastTokensPerSecond;
            this.lastEvaluation = {
                wrapper: chat.chatWrapper,
                history: result.lastEvaluation.contextWindow,
                functions,
            };
            return ok({
                text: forced ? "" : result.response,
                thought: thought.text,
                calls,
                stopped,
                finish: finishReason(result.metadata.stopReason, calls.length),
                stats,
                contextUsed: sequence.nextTokenIndex,
            });
        } catch (error) {
            if (unloaded.aborted) return failSaying("MODEL_NOT_LOADED", "unloadedMidAnswer");
            // Stopped before the first token (node-llama-cpp throws then): a stop like any other.
            if (req.signal.aborted) {
                const stats = statsFrom(sequence, meter, started, firstTokenAt, thought.tokens);
                return ok({...stoppedBeforeText(stats, sequence.nextTokenIndex), thought: thought.text});
            }
            const reason = error instanceof Error ? error.message : String(error);
            if (/context shift|compress chat history/i.test(reason)) {
                const tools = req.functions?.length ?? 0;
                return tools
                    ? failSaying("OUT_OF_MEMORY", "noLongerFitsTools", {
                          contextSize: sequence.contextSize,
                          tools,
                      })
                    : failSaying("OUT_OF_MEMORY", "noLongerFits", {contextSize: sequence.contextSize});
            }
            return failSaying("INTERNAL", "generationFailed", {reason});
        } finally {
            chat.dispose({disposeSequence: false});
            if (this.context) this.setStatus({state: "ready"});
        }
    }

    /**
     * Whether the prompt, with the oldest turns dropped already, cannot fit beside the answer's room: counted
     * exactly, as the chat format writes it, only when the estimate says it may not. Failing here costs
     * milliseconds; evaluating first would cost minutes of prompt processing before the same end.
     */
    private wontFit(
        wrapper: ChatWrapper,
        fitted: {history: ChatHistoryItem[]; tokens: number},
        functions: ChatModelFunctions | undefined,
        room: number,
    ): {tokens: number; room: number; contextSize: number} | null {
        const model = this.model;
        const contextSize = this.context?.contextSize;
        if (!model || !contextSize || fitted.tokens <= room) return null;
        const tokens = wrapper
            .generateContextState({chatHistory: fitted.history, availableFunctions: functions})
            .contextText.tokenize(model.tokenizer).length;
        return tokens > room ? {tokens, room, contextSize} : null;
    }

    /** The grammar an answer format asks for; a schema the grammar cannot express throws (a VALIDATION). */
    private async formatGrammar(format: AnswerFormat | undefined) {
        if (!format || !this.llama) return null;
        if (format.type === "json") return await this.llama.getGrammarFor("json");
        return await this.llama.createGrammarForJsonSchema<GbnfJsonSchema>(format.schema);
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
        const model = this.model;
        const wrapper = this.chatWrapper;
        const contextSize = this.context?.contextSize;
        if (!model || !wrapper || !contextSize) return null;
        const history: ChatHistoryItem[] = [{type: "user", text: ""}];
        const length = (fs: ModelFunction[]) =>
            wrapper
                .generateContextState({chatHistory: history, availableFunctions: modelFunctions(fs)})
                .contextText.tokenize(model.tokenizer).length;
        const base = length([]);
        const total = functions.length ? length(functions) - base : 0;
        if (!options.each) return {total, each: [], preamble: 0, contextSize};
        const alone = functions.map((f) => length([f]) - base);
        // The text a format writes once for any tools: what two tools cost alone, less what they cost together.
        const preamble =
            functions.length >= 2
                ? Math.max(0, alone[0]! + alone[1]! - (length(functions.slice(0, 2)) - base))
                : 0;
        return {total, each: alone.map((n) => n - preamble), preamble, contextSize};
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

    /**
     * The tokens each of `calls` tool results may take in the next step: what the context has left after
     * what it holds now (measured after a step; estimated before the first) and the answer's reserve; at
     * least an eighth of the context when older turns can make room, at most half; null with no model.
     */
    resultBudget(request: {
        history: ChatHistoryItem[];
        functions: ModelFunction[];
        maxTokens: number | undefined;
        calls: number;
        /** Tokens in the context after this turn's last step, when there was one. */
        contextUsed: number | null;
    }): number | null {
        const model = this.model;
        const size = this.context?.contextSize;
        if (!model || !size) return null;
        const {history, functions, calls} = request;
        const count = (text: string) => model.tokenize(text).length;
        // Each result is wrapped in the chat format's call syntax: a few dozen tokens.
        const usable =
            Math.floor(size * 0.95) -
            Math.min(request.maxTokens ?? DEFAULT_MAX_TOKENS, size / 4) -
            32 * calls;
        // The tools as the chat format writes them (with its preamble), not their JSON: often twice as long.
        const definitions = this.functionTokens(functions, {each: false})?.total ?? 0;
        const used = request.contextUsed ?? estimateTokens(history, count, definitions);
        // What can never be dropped: the system prompt and the two newest items (the question, this answer).
        const kept = history.filter((item, i) => item.type === "system" || i >= history.length - 2);
        const least = Math.min(used, estimateTokens(kept, count, definitions));
        const total = Math.min(Math.max(usable - used, size / 8), usable - least, size / 2);
        return Math.max(16, Math.floor(total / Math.max(1, calls)));
    }

    /** Cuts a text to about `budget` tokens on a line or word boundary, saying so; unchanged when it fits. */
    fitText(text: string, budget: number): string {
        const model = this.model;
        if (!model) return text;
        // A token covers at least one character, so a prefix of 8 characters a token is always enough to
        // cut from, and a huge result is never tokenized whole.
        const head = text.length > budget * 8 ? text.slice(0, budget * 8) : text;
        const tokens = model.tokenize(head);
        if (head === text && tokens.length <= budget) return text;
        const total = Math.round((tokens.length * text.length) / head.length);
        const keep = Math.max(0, budget - 24);
        let kept = model.detokenize(tokens.slice(0, keep));
        // End on a block (a blank line), else a line, else a word, if one is near the end.
        for (const boundary of ["\n\n", "\n", " "]) {
            const at = kept.lastIndexOf(boundary);
            if (at > kept.length * 0.7) {
                kept = kept.slice(0, at);
                break;
            }
        }
        kept = kept.trimEnd();
        return `${kept}\n[cut to fit the context: the first ${keep} of about ${total} tokens, ${kept.length} of ${text.length} characters]`;
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

function loadFailure(modelPath: string, reason: string): Words {
    const arch = /unknown model architecture: '([^']+)'/.exec(reason);
    if (arch) return wordsOf("archUnsupported", {path: modelPath, arch: arch[1]!});
    return wordsOf("loadFailed", {path: modelPath, reason});
}

const NO_MODEL = wordsOf("noModelYet");

function chatTemplateOf(model: LlamaModel): string | null {
    const template = (model.fileInfo.metadata as {tokenizer?: {chat_template?: unknown}}).tokenizer
        ?.chat_template;
    return typeof template === "string" ? template : null;
}

/** A model file as it is now (path, size, time) and the llama.cpp build and backend that evaluate it. */
function modelKeyOf(modelPath: string, llama: Llama): string {
    const stat = fs.statSync(modelPath);
    return JSON.stringify([
        modelPath,
        stat.size,
        stat.mtimeMs,
        llama.llamaCppRelease.release,
        backendOf(llama),
    ]);
}
