// The engine and its backends, installed and recommended models, their fit on this computer, downloads.
import {Type, type Static} from "@sinclair/typebox";
import {CALL_STRATEGIES, FLASH_ATTENTION_MODES, PROBE_CATEGORIES, TOOL_CALL_SETTINGS} from "../choices.js";
import {
    Cancelled,
    Count,
    Empty,
    FilePath,
    Id,
    Timestamp,
    call,
    closed,
    nullable,
    oneOf,
    req,
    WordsValue,
} from "./base.js";

/**
 * llama.cpp's flash attention (llama-server's `--flash-attn`): "auto" lets llama.cpp use it where the backend
 * supports it; "on" asks for it; "off" never uses it.
 */
export const FlashAttention = oneOf(FLASH_ATTENTION_MODES);

export type FlashAttention = Static<typeof FlashAttention>;

export const Backend = oneOf(["cpu", "cuda", "vulkan", "metal"]);

export type Backend = Static<typeof Backend>;

export const EngineState = oneOf(["no-model", "loading", "ready", "generating", "error"]);

export type EngineState = Static<typeof EngineState>;

/** One llama.cpp backend on this computer: in use, available, or not (why, and how to build it). */
export const BackendState = Type.Object(
    {
        backend: Backend,
        state: oneOf(["in use", "available", "not available"]),
        reason: nullable(Type.String()),
        /** reason's words (shared/coreWords.ts), for the window to say in its language. */
        reasonWords: Type.Optional(WordsValue),
        /** The command that builds this backend from node-llama-cpp's bundled source, when none is usable. */
        buildCommand: nullable(Type.String()),
    },
    closed,
);

export type BackendState = Static<typeof BackendState>;

/** Cairn's own engine for this CPU (main/llm/backgroundBuild.ts): "built-here" is used from the next model load. */
export const EngineBuildStatus = Type.Object(
    {
        state: oneOf(["prebuilt", "building", "built-here", "failed", "no-compiler", "off"]),
        /** How far a build has got, 0..100. */
        percent: nullable(Type.Integer({minimum: 0, maximum: 100})),
        /** Why it failed, or what a build needs (shared/coreWords.ts). */
        words: nullable(WordsValue),
    },
    closed,
);

export type EngineBuildStatus = Static<typeof EngineBuildStatus>;

export const BackendReport = Type.Object(
    {
        chosen: Backend,
        fallbackReason: nullable(Type.String()),
        backends: Type.Array(BackendState),
        engineBuild: EngineBuildStatus,
    },
    closed,
);

export type BackendReport = Static<typeof BackendReport>;

export const GpuReport = Type.Object(
    {
        devices: Type.Array(Type.String()),
        vramTotalBytes: Count,
        vramUsedBytes: Count,
        gpuLayers: Count,
        totalLayers: Count,
    },
    closed,
);

export type GpuReport = Static<typeof GpuReport>;

export const EngineStatus = Type.Object(
    {
        state: EngineState,
        backend: nullable(Backend),
        modelPath: nullable(Type.String()),
        modelName: nullable(Type.String()),
        threads: Count,
        /** Why the engine is in "error" or "no-model", in words a person can act on. */
        message: nullable(Type.String()),
        /** 0..1 while a model loads. */
        loadProgress: Type.Optional(nullable(Type.Number({minimum: 0, maximum: 1}))),
        /** What runs the loaded model: devices, memory, layers on the GPU. */
        gpu: Type.Optional(nullable(GpuReport)),
        contextSize: Type.Optional(nullable(Count)),
        /**
         * Where the CPU reads the weights from: "memory" (read in at load: faster generation) or "mapped" (the
         * file mapped, paged in by the system: used when memory is short or the weights are on the GPU).
         */
        weights: Type.Optional(nullable(oneOf(["memory", "mapped"]))),
        /** The flash attention setting the loaded model's context was made with. */
        flashAttention: Type.Optional(nullable(FlashAttention)),
        /**
         * Speculative decoding for the loaded model: "draft" (its draft model guesses ahead), "lookup" (the
         * answer's own context does), or null (off in Settings).
         */
        speculation: Type.Optional(nullable(oneOf(["draft", "lookup"]))),
        /** The draft model's file in use, when speculation is "draft". */
        draftModel: Type.Optional(nullable(Type.String())),
        /** message's words (shared/coreWords.ts), for the window to say in its language. */
        words: Type.Optional(nullable(WordsValue)),
    },
    closed,
);

export type EngineStatus = Static<typeof EngineStatus>;

/** How the embedded model is asked for tool calls (main/llm/callStrategy.ts). */
export const CallStrategy = oneOf(CALL_STRATEGIES);

export type CallStrategy = Static<typeof CallStrategy>;

/** Settings' choice over each model's own: "auto" uses its tool-use test's best (native when untested). */
export const ToolCallSetting = oneOf(TOOL_CALL_SETTINGS);

export type ToolCallSetting = Static<typeof ToolCallSetting>;

/** Engine settings (Settings screen); null means "chosen automatically". */
export const EngineSettings = Type.Object(
    {
        forceCpu: Type.Boolean(),
        gpuLayers: nullable(Type.Integer({minimum: 0, maximum: 10_000})),
        threads: nullable(Type.Integer({minimum: 1, maximum: 512})),
        contextSize: nullable(Type.Integer({minimum: 256, maximum: 1_048_576})),
        batchSize: nullable(Type.Integer({minimum: 16, maximum: 65_536})),
        /** Guess tokens ahead (a draft model, else input lookup) and let the model check them in one batch. */
        speculativeDecoding: Type.Boolean(),
        flashAttention: FlashAttention,
        /** How the model is asked for tool calls: "auto" is each model's best in its tool-use test. */
        toolCalls: ToolCallSetting,
        /** Build Cairn's engine for this CPU in the background where node-llama-cpp's prebuilt binaries run. */
        buildEngine: Type.Boolean(),
    },
    closed,
);

export type EngineSettings = Static<typeof EngineSettings>;

/**
 * A model's draft model and the candidates: installed models smaller than it with the same vocabulary,
 * smallest first (the first is the suggestion).
 */
export const DraftChoice = Type.Object(
    {
        draftPath: nullable(Type.String()),
        candidates: Type.Array(
            Type.Object({file: Type.String(), name: Type.String(), sizeBytes: Count}, closed),
        ),
    },
    closed,
);

export type DraftChoice = Static<typeof DraftChoice>;

export const FitVerdict = oneOf(["vram", "ram", "too-large"]);

export type FitVerdict = Static<typeof FitVerdict>;

/** Will a model fit this computer, for the context size that would be used. */
export const FitEstimate = Type.Object(
    {
        verdict: FitVerdict,
        /** "gguf": node-llama-cpp's GGUF insights; "size": estimated from the file size (header unreadable). */
        basis: oneOf(["gguf", "size"]),
        contextSize: Count,
        gpuLayers: Count,
        totalLayers: nullable(Count),
        ramBytes: Type.Number(),
        vramBytes: Type.Number(),
        freeRamBytes: Type.Number(),
        freeVramBytes: Type.Number(),
        /** One line for people, with the numbers. */
        summary: Type.String(),
    },
    closed,
);

export type FitEstimate = Static<typeof FitEstimate>;

export const FunctionCalling = oneOf(["native", "generic", "none"]);

export type FunctionCalling = Static<typeof FunctionCalling>;

export const modelInfoFields = {
    name: Type.String(),
    file: Type.String(),
    sizeBytes: Count,
    architecture: nullable(Type.String()),
    parameterCount: nullable(Type.Number()),
    quantization: nullable(Type.String()),
    contextLength: nullable(Count),
    hasChatTemplate: Type.Boolean(),
    chatWrapper: nullable(Type.String()),
    functionCalling: FunctionCalling,
};

export const ModelInfo = Type.Object(modelInfoFields, closed);

export type ModelInfo = Static<typeof ModelInfo>;

export const InstalledModel = Type.Object(
    {
        ...modelInfoFields,
        id: Type.String(),
        source: nullable(Type.String()),
        addedAt: Timestamp,
        /** Cairn downloaded the file into its models folder: removing the model deletes it. */
        ownsFile: Type.Boolean(),
    },
    closed,
);

export type InstalledModel = Static<typeof InstalledModel>;

export const Recommendation = Type.Object(
    {
        id: Type.String(),
        name: Type.String(),
        /** speech: a whisper.cpp model for dictation (not a GGUF file; listed by speech.models once here). */
        kind: oneOf(["chat", "embedding", "speech"]),
        uri: Type.String(),
        sizeBytes: Count,
        parameters: Type.String(),
        quantization: Type.String(),
        notes: Type.String(),
        fit: FitEstimate,
    },
    closed,
);

export type Recommendation = Static<typeof Recommendation>;

export const DownloadState = oneOf(["starting", "downloading", "verifying", "done", "failed", "cancelled"]);

export type DownloadState = Static<typeof DownloadState>;

export const DownloadProgress = Type.Object(
    {
        id: Type.String(),
        uri: Type.String(),
        fileName: nullable(Type.String()),
        state: DownloadState,
        downloadedBytes: Count,
        totalBytes: nullable(Count),
        bytesPerSecond: Type.Number({minimum: 0}),
        etaSeconds: nullable(Type.Number({minimum: 0})),
        error: nullable(Type.String()),
        /** The error's words, for the window to say in its language (shared/coreWords.ts). */
        errorWords: Type.Optional(WordsValue),
        /** Set when done: the installed model. */
        modelId: nullable(Type.String()),
    },
    closed,
);

export type DownloadProgress = Static<typeof DownloadProgress>;

/** A download a previous run left unfinished; starting the same download again resumes it. */
export const PartialDownload = Type.Object({fileName: Type.String(), downloadedBytes: Count}, closed);

export type PartialDownload = Static<typeof PartialDownload>;

export const ModelsOverview = Type.Object(
    {
        installed: Type.Array(InstalledModel),
        downloads: Type.Array(DownloadProgress),
        partial: Type.Array(PartialDownload),
        embeddingModelPath: nullable(Type.String()),
        /** Installed models that see images: each file with the projector (mmproj) paired with it. */
        vision: Type.Array(Type.Object({file: Type.String(), projector: Type.String()}, closed)),
    },
    closed,
);

export type ModelsOverview = Static<typeof ModelsOverview>;

/** A repository on Hugging Face with GGUF files, as its search lists it. */
export const HubRepo = Type.Object(
    {
        /** "owner/name". */
        repo: Type.String(),
        downloads: Count,
        likes: Count,
        updatedAt: Timestamp,
        /** Its files need the user to accept its conditions on the hub, and a token. */
        gated: Type.Boolean(),
        /** Tagged for images and text (its GGUF files may include a projector, mmproj). */
        vision: Type.Boolean(),
    },
    closed,
);

export type HubRepo = Static<typeof HubRepo>;

/** One quantization of a repository's model: one file, or the parts of a split GGUF. */
export const HubFile = Type.Object(
    {
        /** "Q4_K_M", "IQ4_XS", "F16"…; "unknown" when the file name does not say. */
        quantization: Type.String(),
        /** The file, or the parts in order (…-00001-of-0000N.gguf first). */
        files: Type.Array(Type.String()),
        sizeBytes: Count,
        /** What models.download takes: hf:owner/name/first-file. */
        uri: Type.String(),
        fit: FitEstimate,
        /** The longest context (of 4k, 8k… 128k) that fits beside the weights; 0: none. */
        contextTokens: Count,
        recommended: Type.Boolean(),
    },
    closed,
);

export type HubFile = Static<typeof HubFile>;

/** A vision model's projector (mmproj) file, offered with its quantizations. */
export const HubProjector = Type.Object({file: Type.String(), sizeBytes: Count, uri: Type.String()}, closed);

export type HubProjector = Static<typeof HubProjector>;

export const HubRepoFiles = Type.Object(
    {
        repo: Type.String(),
        gated: Type.Boolean(),
        license: nullable(Type.String()),
        vision: Type.Boolean(),
        /** By size, smallest first. */
        files: Type.Array(HubFile),
        projectors: Type.Array(HubProjector),
        /** Why the recommended file was picked, and what a gated repository needs; in words. */
        notes: Type.Array(Type.String()),
    },
    closed,
);

export type HubRepoFiles = Static<typeof HubRepoFiles>;

export const ProbeCategory = oneOf(PROBE_CATEGORIES);

export type ProbeCategory = Static<typeof ProbeCategory>;

const CategoryScore = Type.Object({passed: Count, total: Count}, closed);

/** One way of asking scored on the suite: overall (0..1), by category, and each failed trial with why. */
export const StrategyScore = Type.Object(
    {
        strategy: CallStrategy,
        overall: Type.Number({minimum: 0, maximum: 1}),
        categories: Type.Object(
            {
                simple: CategoryScore,
                multiple: CategoryScore,
                parallel: CategoryScore,
                irrelevance: CategoryScore,
                missing: CategoryScore,
                types: CategoryScore,
                multiTurn: CategoryScore,
                cairn: CategoryScore,
            },
            closed,
        ),
        failures: Type.Array(
            Type.Object(
                {id: Type.String(), category: ProbeCategory, phrasing: Count, reason: Type.String()},
                closed,
            ),
        ),
    },
    closed,
);

export type StrategyScore = Static<typeof StrategyScore>;

/**
 * A model's tool-use test: each strategy scored on the cases that choose among them (the quick look's), the
 * best one's score on what it was then asked (the whole suite in a full run), when and by which Cairn. Kept
 * until the model's file changes.
 */
export const ToolUseScore = Type.Object(
    {
        file: Type.String(),
        /** The quick look (≤ 30 cases, one phrasing each) or the whole suite (every case, every phrasing). */
        quick: Type.Boolean(),
        best: CallStrategy,
        /** The best strategy's score: on the quick look's cases, or on the whole suite in a full run. */
        suite: StrategyScore,
        /** Trials the score counts. */
        trials: Count,
        strategies: Type.Array(StrategyScore),
        testedAt: Timestamp,
        cairnVersion: Type.String(),
        seconds: Type.Number({minimum: 0}),
    },
    closed,
);

export type ToolUseScore = Static<typeof ToolUseScore>;

/** A tool-use test as it runs: the strategy being asked, trials done of all, and its end. */
export const ProbeProgress = Type.Object(
    {
        probeId: Type.String(),
        file: Type.String(),
        quick: Type.Boolean(),
        state: oneOf(["loading", "running", "done", "failed", "stopped"]),
        strategy: nullable(CallStrategy),
        /** Trials done and to do, over the whole run (every strategy). */
        done: Count,
        total: Count,
        passed: Count,
        error: nullable(Type.String()),
        /** Set when done. */
        score: nullable(ToolUseScore),
    },
    closed,
);

export type ProbeProgress = Static<typeof ProbeProgress>;

const HubRepoName = Type.String({minLength: 3, maxLength: 200, pattern: "^[\\w.-]+/[\\w.-]+$"});

/** The models calls: each one's request and its result's value. */
export const modelsCalls = {
    "models.load": call(req({path: FilePath}), EngineStatus),
    "models.unload": call(Empty, EngineStatus),
    "models.list": call(Empty, ModelsOverview),
    /** The llama.cpp backends this computer can use, the one in use, and how to build a missing one. */
    "models.backends": call(Empty, BackendReport),
    "models.listRecommended": call(Empty, Type.Array(Recommendation)),
    "models.inspect": call(req({path: FilePath}), Type.Object({info: ModelInfo, fit: FitEstimate}, closed)),
    "models.add": call(req({path: FilePath}), InstalledModel),
    /** A model's draft model for speculative decoding, and the installed models that can draft for it. */
    "models.drafts": call(req({modelPath: FilePath}), DraftChoice),
    /** Chooses (or with null clears) a model's draft model; a draft of another vocabulary is refused. */
    "models.setDraft": call(req({modelPath: FilePath, draftPath: nullable(FilePath)}), DraftChoice),
    "models.remove": call(req({id: Id}), Type.Object({deletedFile: Type.Boolean()}, closed)),
    "models.download": call(
        req({uri: Type.String({minLength: 4, maxLength: 2048, pattern: "^(https?:|hf:)"})}),
        Type.Object({downloadId: Type.String()}, closed),
    ),
    "models.cancelDownload": call(req({downloadId: Id}), Cancelled),
    /** Hugging Face repositories with GGUF files whose names match the words, most downloaded first. */
    "models.searchHub": call(
        req({
            query: Type.String({minLength: 1, maxLength: 200}),
            limit: Type.Optional(Type.Integer({minimum: 1, maximum: 100})),
        }),
        Type.Array(HubRepo),
    ),
    /** A repository's GGUF files grouped by quantization, each with its fit here, and a recommended one. */
    "models.hubFiles": call(req({repo: HubRepoName}), HubRepoFiles),
    /** Whether a Hugging Face token is set (stored encrypted, or HF_TOKEN), never the token. */
    "models.hubToken": call(
        Empty,
        Type.Object({set: Type.Boolean(), from: nullable(oneOf(["stored", "HF_TOKEN"]))}, closed),
    ),
    /** Stores the token encrypted by the operating system's keychain; null forgets it. */
    "models.setHubToken": call(
        req({token: nullable(Type.String({minLength: 8, maxLength: 200, pattern: "^hf_[A-Za-z0-9]+$"}))}),
        Type.Object({set: Type.Boolean()}, closed),
    ),
    /**
     * Tests how well a model calls tools (the loaded one when no path is given; another is loaded for the test,
     * then the one in use again): each strategy, then the best on the suite. Progress: probe.progress events.
     */
    "models.probe": call(
        req({path: Type.Optional(FilePath), quick: Type.Boolean()}),
        Type.Object({probeId: Type.String()}, closed),
    ),
    "models.stopProbe": call(req({probeId: Id}), Cancelled),
    /**
     * The tool-use score that speaks for each model whose file has not changed since its test (the whole suite's
     * over the quick look's), the newest first.
     */
    "models.toolUse": call(Empty, Type.Array(ToolUseScore)),
    "models.discardPartial": call(
        req({fileName: Type.String({minLength: 1, maxLength: 255, pattern: "^[^/\\\\]+$"})}),
        Type.Object({discarded: Type.Boolean()}, closed),
    ),
};
