// The one contract every transport carries. Each request, result and event is a JSON Schema written once
// with TypeBox; its TypeScript type is derived from it (Static), the dispatcher validates requests with it,
// and the tests check every result and event against it. TypeBox is the one runtime library shared/ uses:
// it has no dependencies and runs in both runtimes.
import {Type, type Static, type TSchema} from "@sinclair/typebox";
import type {Result} from "./result.js";

/** A string that is one of `values`: `{"type": "string", "enum": [...]}`, typed as their union. */
const oneOf = <const T extends readonly string[]>(values: T) =>
    Type.Unsafe<T[number]>({type: "string", enum: [...values]});
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const closed = {additionalProperties: false} as const;
const Empty = Type.Object({}, closed);
/** A call that returns nothing but success. */
const Nothing = Type.Unsafe<void>({});
const Id = Type.String({minLength: 1, maxLength: 100});
const Name = Type.String({minLength: 1, maxLength: 100});
const FilePath = Type.String({minLength: 1, maxLength: 4096});
const Timestamp = Type.Number();
const Count = Type.Integer({minimum: 0});
const Json = Type.Record(Type.String(), Type.Unknown());

export const MessageRole = oneOf(["user", "assistant", "system"]);
export type MessageRole = Static<typeof MessageRole>;
export const MessageStatus = oneOf(["streaming", "complete", "interrupted", "error"]);
export type MessageStatus = Static<typeof MessageStatus>;

export const SideEffect = oneOf(["none", "network", "write", "exec"]);
export type SideEffect = Static<typeof SideEffect>;
export const ToolPolicy = oneOf(["ask", "allow", "deny"]);
export type ToolPolicy = Static<typeof ToolPolicy>;
/** ask: read-only tools; plan: read-only, and a plan to read and edit comes first; agent: every tool. */
export const ToolMode = oneOf(["ask", "plan", "agent"]);
export type ToolMode = Static<typeof ToolMode>;
/** auto: the model decides; none: no tools offered; required: some tool; any other string: that tool. */
export const ToolChoice = Type.Unsafe<"auto" | "none" | "required" | (string & {})>(Name);
export type ToolChoice = Static<typeof ToolChoice>;

export const GenerationSettings = Type.Object(
    {
        systemPrompt: Type.String({maxLength: 20_000}),
        temperature: Type.Number({minimum: 0, maximum: 5}),
        topP: Type.Number({minimum: 0, maximum: 1}),
        topK: Type.Integer({minimum: 0, maximum: 1000}),
        minP: Type.Number({minimum: 0, maximum: 1}),
        repeatPenalty: Type.Number({minimum: 0, maximum: 5}),
        maxTokens: Type.Integer({minimum: 1, maximum: 131_072}),
        /** null: a new random seed each answer. */
        seed: nullable(Type.Integer({minimum: 0, maximum: 4_294_967_295})),
        /** Models that think write their reasoning first; off, they answer at once (where the model allows). */
        thinking: Type.Boolean(),
        /** The most tokens a model may think for before it must answer; null: up to half the context. */
        thinkingBudget: nullable(Type.Integer({minimum: 0, maximum: 131_072})),
    },
    closed,
);
export type GenerationSettings = Static<typeof GenerationSettings>;
const PartialGeneration = Type.Partial(GenerationSettings, closed);

export const Conversation = Type.Object(
    {
        id: Type.String(),
        title: Type.String(),
        mode: ToolMode,
        /** Whether network tools may run here: the conversation's own switch, else the default in Settings. */
        webAccess: Type.Boolean(),
        /** This conversation's own generation settings; unset fields follow the defaults in Settings. */
        generation: nullable(PartialGeneration),
        /** Tools (by name) and MCP servers ("mcp:<server>") not offered to the model here. */
        toolsOff: Type.Array(Type.String()),
        /** Nothing is recalled from memory here, and nothing remembered. */
        incognito: Type.Boolean(),
        /** The folder file tools work in here; null: the one in Settings. */
        workspace: nullable(Type.String()),
        /** A model served elsewhere (providers.json) that answers here; null: the embedded model. */
        provider: nullable(Type.String()),
        /** Which of the provider's models (null: the one providers.json names, else the first it lists). */
        providerModel: nullable(Type.String()),
        /** The assistant this conversation was started with (its instructions and settings apply); null: none. */
        assistantId: nullable(Type.String()),
        /** The project it belongs to (its instructions, files and memories apply); null: none. */
        projectId: nullable(Type.String()),
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);
export type Conversation = Static<typeof Conversation>;

const turnStatsFields = {
    promptTokens: Count,
    completionTokens: Count,
    timeToFirstTokenMs: nullable(Type.Number()),
    durationMs: Type.Number(),
    tokensPerSecond: nullable(Type.Number()),
    /** Prompt tokens already in the context from earlier turns and steps, not evaluated again. */
    reusedTokens: Count,
    /** The context was full: older turns were dropped (the system prompt and recent turns kept). */
    contextShifted: Type.Boolean(),
    /** Tokens the model spent thinking; not counted in completionTokens (the answer's). */
    thoughtTokens: Count,
    /** Which tools the last step offered and why, when there were too many to offer all. */
    toolsOffered: Type.Optional(Type.String()),
};
export const TurnStats = Type.Object(turnStatsFields, closed);
export type TurnStats = Static<typeof TurnStats>;

/** Where an answer is (main/chat/turnState.ts holds its legal transitions). */
export const TurnState = oneOf([
    "IDLE",
    "RECEIVING",
    "GENERATING",
    "DISPATCHING_TOOL",
    "AWAITING_APPROVAL",
    "WAITING_FOR_TOOL",
    "PUBLISHING",
    "ERROR",
]);
export type TurnState = Static<typeof TurnState>;

export const ToolCallStatus = oneOf([
    "pending",
    "awaiting_approval",
    "running",
    "ok",
    "error",
    "denied",
    "timeout",
    "cancelled",
]);
export type ToolCallStatus = Static<typeof ToolCallStatus>;
/** allow_server: always allow every read-only tool of the call's MCP server (offered for read-only tools only). */
export const ApprovalDecision = oneOf([
    "allow_once",
    "allow_conversation",
    "allow_always",
    "allow_server",
    "deny",
]);
export type ApprovalDecision = Static<typeof ApprovalDecision>;

export const ToolCallRecord = Type.Object(
    {
        id: Type.String(),
        messageId: Type.String(),
        conversationId: Type.String(),
        step: Count,
        tool: Type.String(),
        rawArgs: Type.Unknown(),
        args: Type.Unknown(),
        status: ToolCallStatus,
        decision: nullable(Type.Union([ApprovalDecision, oneOf(["policy_allow", "policy_deny"])])),
        decidedBy: nullable(oneOf(["user", "policy", "cli"])),
        resultText: nullable(Type.String()),
        resultData: Type.Unknown(),
        error: nullable(Type.String()),
        origin: oneOf(["model", "client"]),
        startedAt: Timestamp,
        finishedAt: nullable(Timestamp),
        /** The composite tool's call this one ran inside (a step of it), shown nested in the trace. */
        parentId: Type.Optional(Type.String()),
    },
    closed,
);
export type ToolCallRecord = Static<typeof ToolCallRecord>;

export const SourceKind = oneOf(["url", "document", "tool"]);
export type SourceKind = Static<typeof SourceKind>;
const sourceFields = {
    kind: SourceKind,
    title: Type.String(),
    url: Type.Optional(Type.String()),
    /** For documents: where in the document (page, heading, lines). */
    location: Type.Optional(Json),
    snippet: Type.Optional(Type.String()),
};
export const Source = Type.Object(sourceFields, closed);
export type Source = Static<typeof Source>;
export const Citation = Type.Object(
    {...sourceFields, number: Type.Integer({minimum: 1}), toolCallId: nullable(Type.String())},
    closed,
);
export type Citation = Static<typeof Citation>;

/** What serves a provider's model: any OpenAI-compatible server, or a cloud API in its own format. */
export const ProviderType = oneOf(["openai-compatible", "openai", "gemini", "anthropic"]);
export type ProviderType = Static<typeof ProviderType>;
/**
 * How a conversation with web access on searches the web with this provider: with Cairn's own
 * web_search ("cairn"), with the provider's own search ("provider"), or not at all ("none").
 */
export const ProviderWebSearch = oneOf(["cairn", "provider", "none"]);
export type ProviderWebSearch = Static<typeof ProviderWebSearch>;

/** A model served elsewhere, as providers.json names it; where its key comes from, never the key. */
export const ProviderInfo = Type.Object(
    {
        name: Type.String(),
        type: ProviderType,
        baseUrl: Type.String(),
        model: nullable(Type.String()),
        /** "env NAME", "file PATH" or "none". */
        key: Type.String(),
        webSearch: ProviderWebSearch,
    },
    closed,
);
export type ProviderInfo = Static<typeof ProviderInfo>;
export const EgressEntry = Type.Object(
    {
        at: Timestamp,
        provider: Type.String(),
        host: Type.String(),
        bytesSent: Count,
        bytesReceived: Count,
        status: nullable(Type.Integer()),
        conversationId: nullable(Type.String()),
    },
    closed,
);
export type EgressEntry = Static<typeof EgressEntry>;

/** One step of a plan: look in the documents, call a tool, or write the answer; and how it went. */
export const PlanAction = oneOf(["memory", "tool", "completion"]);
export type PlanAction = Static<typeof PlanAction>;
export const PlanStepStatus = oneOf(["pending", "running", "ok", "error", "skipped"]);
export type PlanStepStatus = Static<typeof PlanStepStatus>;
const planStepFields = {
    id: Type.String({minLength: 1, maxLength: 40}),
    label: Type.String({maxLength: 300}),
    action: PlanAction,
    /** The tool a tool step calls (memory steps call rag_search). */
    tool: Type.Optional(Name),
    /** The tool's arguments; a memory step's {query}. */
    args: Type.Optional(Json),
    description: Type.Optional(Type.String({maxLength: 1000})),
    /** Steps (ids) whose results this one needs: it is skipped when one of them did not succeed. */
    dependsOn: Type.Optional(Type.Array(Type.String({minLength: 1, maxLength: 40}), {maxItems: 20})),
};
/** A step as the person edits it before running the plan. */
export const PlanStepInput = Type.Object(planStepFields, closed);
export type PlanStepInput = Static<typeof PlanStepInput>;
export const PlanStep = Type.Object(
    {
        ...planStepFields,
        status: PlanStepStatus,
        /** The tool call that ran it, in the answer's trace. */
        toolCallId: Type.Optional(Type.String()),
        error: Type.Optional(Type.String()),
        /** What is wrong with the step as the model wrote it (arguments its tool refuses): fix before running. */
        problem: Type.Optional(Type.String()),
    },
    closed,
);
export type PlanStep = Static<typeof PlanStep>;
/** proposed: waiting for the person to run or cancel it; then running, and done, stopped or cancelled. */
export const PlanState = oneOf(["proposed", "running", "done", "stopped", "cancelled"]);
export type PlanState = Static<typeof PlanState>;
export const Plan = Type.Object({state: PlanState, steps: Type.Array(PlanStep, {maxItems: 20})}, closed);
export type Plan = Static<typeof Plan>;

const messageFields = {
    id: Type.String(),
    conversationId: Type.String(),
    role: MessageRole,
    content: Type.String(),
    status: MessageStatus,
    model: nullable(Type.String()),
    stats: nullable(TurnStats),
    error: nullable(Type.String()),
    createdAt: Timestamp,
    /** The answer's tool-call trace, in order. */
    toolCalls: Type.Array(ToolCallRecord),
    /** The sources its tools returned, numbered [1], [2], ... within this answer. */
    citations: Type.Array(Citation),
    /** What the model thought before answering (empty: nothing), kept apart from the answer. */
    thought: Type.String(),
    /** How long it thought, in milliseconds (null: it did not). */
    thoughtMs: nullable(Type.Number()),
    /** The message this one follows (null: the first); messages with the same parent are versions. */
    parentId: nullable(Type.String()),
    /** Plan mode: the plan this answer proposed or ran, with each step's status. */
    plan: Type.Optional(Plan),
};
/** A message on the conversation's current branch, with the ids of its versions (itself included, oldest first). */
export const Message = Type.Object({...messageFields, versions: Type.Array(Type.String())}, closed);
export type Message = Static<typeof Message>;

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
        /** The command that builds this backend from node-llama-cpp's bundled source, when none is usable. */
        buildCommand: nullable(Type.String()),
    },
    closed,
);
export type BackendState = Static<typeof BackendState>;
export const BackendReport = Type.Object(
    {chosen: Backend, fallbackReason: nullable(Type.String()), backends: Type.Array(BackendState)},
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
    },
    closed,
);
export type EngineStatus = Static<typeof EngineStatus>;

/** Engine settings (Settings screen); null means "chosen automatically". */
export const EngineSettings = Type.Object(
    {
        forceCpu: Type.Boolean(),
        gpuLayers: nullable(Type.Integer({minimum: 0, maximum: 10_000})),
        threads: nullable(Type.Integer({minimum: 1, maximum: 512})),
        contextSize: nullable(Type.Integer({minimum: 256, maximum: 1_048_576})),
        batchSize: nullable(Type.Integer({minimum: 16, maximum: 65_536})),
    },
    closed,
);
export type EngineSettings = Static<typeof EngineSettings>;

/** Automatic backups: how often (off, daily, weekly), how many are kept, where (null: <data>/backups). */
export const BackupSchedule = Type.Object(
    {
        every: oneOf(["off", "daily", "weekly"]),
        keep: Type.Integer({minimum: 1, maximum: 365}),
        folder: nullable(Type.String({minLength: 1, maxLength: 4096})),
    },
    closed,
);
export type BackupSchedule = Static<typeof BackupSchedule>;
export const BackupsStatus = Type.Object(
    {
        schedule: BackupSchedule,
        folder: Type.String(),
        /** Cairn's backups in the folder, newest first. */
        backups: Type.Array(
            Type.Object({file: Type.String(), bytes: Type.Integer(), modifiedAt: Type.Integer()}, closed),
        ),
        running: Type.Boolean(),
        /** Why the last backup failed, if it did. */
        lastError: nullable(Type.String()),
        /** The backup to restore when Cairn next starts (asked for in Settings), if any. */
        restorePending: nullable(Type.String()),
    },
    closed,
);
export type BackupsStatus = Static<typeof BackupsStatus>;

/**
 * A memory: a short statement kept across conversations, with where it came from (the message it was taken
 * from, or the person: origin "user" with no message) and its scope ("everywhere" for now).
 */
export const Memory = Type.Object(
    {
        id: Type.String(),
        text: Type.String(),
        scope: Type.String(),
        origin: oneOf(["user", "model"]),
        sourceMessageId: nullable(Type.String()),
        sourceConversationId: nullable(Type.String()),
        enabled: Type.Boolean(),
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);
export type Memory = Static<typeof Memory>;

/** Where an assistant's memories go: kept for every conversation, or only for its own conversations. */
export const MemoryScope = oneOf(["everywhere", "assistant"]);
export type MemoryScope = Static<typeof MemoryScope>;

/**
 * What an assistant sets for the conversations started with it: its instructions (the system prompt),
 * which tools are off and which always offered, the document collections its searches read (none: all),
 * where its memories go, the model that answers (a provider of providers.json, null: the local model), its
 * generation settings and the prompts a new conversation offers. The same object is its JSON file.
 */
export const AssistantFields = {
    name: Name,
    /** An emoji (or any short text) shown beside the name. */
    icon: Type.String({maxLength: 16}),
    instructions: Type.String({maxLength: 20_000}),
    toolsOff: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 2_000}),
    pinnedTools: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 64}),
    collections: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 64}),
    memoryScope: MemoryScope,
    provider: nullable(Name),
    providerModel: nullable(Type.String({minLength: 1, maxLength: 200})),
    generation: nullable(PartialGeneration),
    starters: Type.Array(Type.String({minLength: 1, maxLength: 500}), {maxItems: 8}),
};
export const AssistantInput = Type.Object(
    {...AssistantFields, isDefault: Type.Optional(Type.Boolean())},
    closed,
);
export type AssistantInput = Static<typeof AssistantInput>;
export const Assistant = Type.Object(
    {
        id: Type.String(),
        ...AssistantFields,
        /** New conversations start with this one unless another is picked. */
        isDefault: Type.Boolean(),
        /** What it names that is not here (a tool, a collection, a provider): said, and left out when it runs. */
        missing: Type.Array(Type.String()),
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);
export type Assistant = Static<typeof Assistant>;

/**
 * A project: conversations grouped together, with instructions added to their system prompt, files of its
 * own (a collection only its conversations search) and memories kept for it.
 */
export const Project = Type.Object(
    {
        id: Type.String(),
        name: Type.String(),
        instructions: Type.String(),
        /** The collection that holds its files (Documents shows it as "Project · <name>"). */
        collection: Type.String(),
        archived: Type.Boolean(),
        conversationCount: Count,
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);
export type Project = Static<typeof Project>;

/** What an import brought in from one file, and what it left out and why. */
export const ImportFileReport = Type.Object(
    {
        file: Type.String(),
        /** The app that wrote it (ChatGPT, Claude, Open WebUI, Jan, LM Studio, Cairn); null: none known. */
        app: nullable(Type.String()),
        imported: Count,
        messages: Count,
        /** Conversations this library already has from an earlier import of the same export. */
        already: Count,
        skipped: Type.Array(Type.Object({title: Type.String(), reason: Type.String()}, closed)),
        /** Things brought in differently than the export had them (a message whose parent is missing). */
        notes: Type.Array(Type.String()),
        /** Why the file could not be read (the conversations before the fault are in). */
        error: nullable(Type.String()),
    },
    closed,
);
export type ImportFileReport = Static<typeof ImportFileReport>;
export const ImportReport = Type.Object(
    {files: Type.Array(ImportFileReport), lastConversationId: nullable(Type.String())},
    closed,
);
export type ImportReport = Static<typeof ImportReport>;
/** Most bytes of a file sent in one imports.chunk (as base64, about 4/3 as many characters). */
export const IMPORT_CHUNK_BYTES = 512 * 1024;

export const SettingsValues = Type.Object(
    {
        webAccessDefault: Type.Boolean(),
        engine: EngineSettings,
        generation: GenerationSettings,
        /** The model used only for document embeddings (the embedding slot); null: none chosen. */
        embeddingModelPath: nullable(Type.String()),
        /** The folder file tools work in when a conversation has none of its own; null: <data>/workspace. */
        workspaceRoot: nullable(Type.String()),
        /** The most steps a plan may have (plan mode). */
        planMaxSteps: Type.Integer({minimum: 1, maximum: 12}),
        /** The share of the context tool definitions may take, in percent: past it, tools are chosen per question. */
        toolShare: Type.Integer({minimum: 5, maximum: 75}),
    },
    closed,
);
export type SettingsValues = Static<typeof SettingsValues>;

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
const modelInfoFields = {
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
        kind: oneOf(["chat", "embedding"]),
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
    },
    closed,
);
export type ModelsOverview = Static<typeof ModelsOverview>;

export const PreflightCall = Type.Object({name: Name, args: Json}, closed);
export type PreflightCall = Static<typeof PreflightCall>;

/** The longest message one request carries (about 50,000 tokens); longer text belongs in Documents. */
export const MAX_MESSAGE_CHARS = 200_000;

export const SendRequest = Type.Object(
    {
        conversationId: Id,
        text: Type.String({minLength: 1, maxLength: MAX_MESSAGE_CHARS}),
        toolChoice: Type.Optional(ToolChoice),
        /** Calls the client wants made before generation; their results are given to the model. */
        preflight: Type.Optional(Type.Array(PreflightCall, {maxItems: 8})),
        /** Web access for this answer only, over the conversation's switch (the CLI's --web). */
        webAccess: Type.Optional(Type.Boolean()),
        /** What the model is asked, when it differs from the text typed (a slash command's instruction). */
        prompt: Type.Optional(Type.String({minLength: 1, maxLength: MAX_MESSAGE_CHARS})),
        /** The user message this text replaces: the new one becomes its next version (edit and resend). */
        editOf: Type.Optional(Id),
        /** Make a plan first, whatever the mode (plan mode always does); its tools are the mode's. */
        plan: Type.Optional(Type.Boolean()),
    },
    closed,
);
export type SendRequest = Static<typeof SendRequest>;

/** A new version of an answer, to the same question; the old one stays as a version (arrows "2 / 2"). */
export const RegenerateRequest = Type.Object(
    {
        conversationId: Id,
        messageId: Id,
        toolChoice: Type.Optional(ToolChoice),
        preflight: Type.Optional(Type.Array(PreflightCall, {maxItems: 8})),
        prompt: Type.Optional(Type.String({minLength: 1, maxLength: 200_000})),
        /** Plan again (the question was a /plan command, or the conversation is in plan mode). */
        plan: Type.Optional(Type.Boolean()),
    },
    closed,
);
export type RegenerateRequest = Static<typeof RegenerateRequest>;

export const ApprovalRequest = Type.Object(
    {
        approvalId: Type.String(),
        conversationId: Type.String(),
        messageId: Type.String(),
        tool: Type.String(),
        sideEffect: SideEffect,
        args: Type.Unknown(),
        /** Why: the model's text so far in this answer. */
        reason: Type.String(),
        /** The MCP server whose tool this is, when it is one (its read-only tools can be allowed at once). */
        server: Type.Optional(Type.String()),
        /** What a file write will change, as a unified diff. */
        preview: Type.Optional(Type.Object({path: Type.String(), diff: Type.String()}, closed)),
    },
    closed,
);
export type ApprovalRequest = Static<typeof ApprovalRequest>;

/**
 * What an MCP server asks of the person while one of its tools runs: to fill in a form (elicitation, its
 * fields a flat JSON Schema of strings, numbers, booleans and enums), or to let the model write a reply
 * (sampling: the messages it would read and the most tokens it may write).
 */
export const McpAsk = Type.Union([
    Type.Object(
        {
            askId: Type.String(),
            server: Type.String(),
            kind: Type.Literal("elicitation"),
            message: Type.String(),
            schema: Json,
        },
        closed,
    ),
    Type.Object(
        {
            askId: Type.String(),
            server: Type.String(),
            kind: Type.Literal("sampling"),
            messages: Type.Array(Type.Object({role: Type.String(), text: Type.String()}, closed)),
            systemPrompt: nullable(Type.String()),
            maxTokens: Type.Integer(),
        },
        closed,
    ),
    /** A page the server wants the person to open (URL elicitation: a sign-in, a payment, a consent). */
    Type.Object(
        {
            askId: Type.String(),
            server: Type.String(),
            kind: Type.Literal("url"),
            message: Type.String(),
            url: Type.String(),
            /** The page's host, shown apart: where the person is sent. */
            host: Type.String(),
        },
        closed,
    ),
]);
export type McpAsk = Static<typeof McpAsk>;
/** accept: fill in / allow (with the form's content for an elicitation); decline: no; cancel: dismissed. */
export const McpAnswerAction = oneOf(["accept", "decline", "cancel"]);
export type McpAnswerAction = Static<typeof McpAnswerAction>;

export const Grant = Type.Object(
    {tool: Type.String(), conversationId: nullable(Type.String()), createdAt: Timestamp},
    closed,
);
export type Grant = Static<typeof Grant>;

export const ToolInfo = Type.Object(
    {
        name: Type.String(),
        aliases: Type.Array(Type.String()),
        description: Type.String(),
        /** "built-in", or "mcp:<server>" for a tool an MCP server offers. */
        source: Type.String(),
        sideEffect: SideEffect,
        /** Reaches outside this computer (an MCP tool's openWorldHint): needs web access on. */
        openWorld: Type.Boolean(),
        policy: ToolPolicy,
        enabled: Type.Boolean(),
        /** Offered in every step, however many tools there are (pinned in the tools menu). */
        pinned: Type.Boolean(),
        params: Json,
    },
    closed,
);
export type ToolInfo = Static<typeof ToolInfo>;

export const Collection = Type.Object(
    {id: Type.String(), name: Type.String(), createdAt: Timestamp, documentCount: Count, chunkCount: Count},
    closed,
);
export type Collection = Static<typeof Collection>;
export const DocumentStatus = oneOf(["pending", "indexed", "error"]);
export type DocumentStatus = Static<typeof DocumentStatus>;
export const DocumentInfo = Type.Object(
    {
        id: Type.String(),
        collectionId: nullable(Type.String()),
        conversationId: nullable(Type.String()),
        path: Type.String(),
        title: Type.String(),
        kind: Type.String(),
        sizeBytes: nullable(Count),
        status: DocumentStatus,
        error: nullable(Type.String()),
        chunkCount: Count,
        addedAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);
export type DocumentInfo = Static<typeof DocumentInfo>;
export const DocLocation = Type.Object(
    {
        page: nullable(Count),
        heading: Type.Array(Type.String()),
        lineStart: Count,
        lineEnd: Count,
        start: Count,
        end: Count,
    },
    closed,
);
export type DocLocation = Static<typeof DocLocation>;
export const SearchHit = Type.Object(
    {
        chunkId: Count,
        documentId: Type.String(),
        title: Type.String(),
        path: Type.String(),
        location: DocLocation,
        /** Reciprocal-rank-fusion score, higher is better; 1 more when the chunk holds a rare query word. */
        score: Type.Number(),
        snippet: Type.String(),
    },
    closed,
);
export type SearchHit = Static<typeof SearchHit>;
export const IngestProgress = Type.Object(
    {
        jobId: Type.String(),
        state: oneOf(["running", "done", "cancelled", "failed"]),
        filesTotal: Count,
        filesDone: Count,
        chunks: Count,
        currentFile: nullable(Type.String()),
        errors: Type.Array(Type.Object({path: Type.String(), error: Type.String()}, closed)),
        /** Set when the job could not run at all (no embedding model, say). */
        message: nullable(Type.String()),
    },
    closed,
);
export type IngestProgress = Static<typeof IngestProgress>;
export const Passage = Type.Object(
    {
        document: Type.Object(
            {id: Type.String(), title: Type.String(), path: Type.String(), text: Type.String()},
            closed,
        ),
        chunk: Type.Object({id: Count, text: Type.String(), location: DocLocation}, closed),
    },
    closed,
);
export type Passage = Static<typeof Passage>;

/** What the tools offered in a conversation cost in the context, and each tool's share. */
export const ToolBudget = Type.Object(
    {
        /** null: no model is loaded, so nothing could be measured. */
        contextSize: nullable(Type.Number()),
        offeredTokens: nullable(Type.Number()),
        /**
         * The tokens tool definitions may take in a step (the share of the context in Settings); past it,
         * each question is offered Cairn's tools, the pinned ones and the most relevant. null: no model.
         */
        budgetTokens: nullable(Type.Number()),
        /** Said when the tools on here cannot all be offered at once: they are chosen per question. */
        warning: nullable(Type.String()),
        tools: Type.Array(
            Type.Object(
                {
                    name: Type.String(),
                    source: Type.String(),
                    description: Type.String(),
                    sideEffect: SideEffect,
                    /** Not switched off in this conversation. */
                    on: Type.Boolean(),
                    /** Why it cannot be offered now even when on (mode, web access, policy); null if it can. */
                    unavailable: nullable(Type.String()),
                    tokens: nullable(Type.Number()),
                    pinned: Type.Boolean(),
                },
                closed,
            ),
        ),
    },
    closed,
);
export type ToolBudget = Static<typeof ToolBudget>;

/** How a tool was used in the last 30 days: offered to the model, called by it, and how that went. */
export const ToolUsage = Type.Object(
    {
        tool: Type.String(),
        offered: Count,
        called: Count,
        /** Ended in an error or a timeout. */
        failed: Count,
        denied: Count,
        /** Median duration of the calls that succeeded; null when none did. */
        p50Ms: nullable(Type.Number()),
    },
    closed,
);
export type ToolUsage = Static<typeof ToolUsage>;

/** signin: a remote server that needs the person to sign in (its error says so, or why the last one failed). */
export const McpServerState = oneOf(["stopped", "starting", "ready", "signin", "error"]);
export type McpServerState = Static<typeof McpServerState>;
/** An MCP server from <data>/mcp.json: how it is reached, whether it runs, what it offers. */
export const McpServerInfo = Type.Object(
    {
        name: Type.String(),
        enabled: Type.Boolean(),
        startup: oneOf(["lazy", "launch"]),
        transport: oneOf(["stdio", "http", "sse"]),
        /** The command line, or the URL (headers are not shown: they may hold keys). */
        target: Type.String(),
        state: McpServerState,
        error: nullable(Type.String()),
        /** The last lines the server wrote to stderr. */
        stderr: Type.Array(Type.String()),
        /** A remote server's OAuth sign-in: none asked for, or whether Cairn holds one. */
        account: oneOf(["none", "signed-in", "signed-out"]),
        /** While a sign-in waits for the browser: the server's page to sign in on. */
        signInPage: nullable(Type.String()),
        /** The tools as the model sees them (<server>.<tool>). */
        tools: Type.Array(Type.String()),
        /** How long one of its calls may take before it is stopped (callTimeoutMs in mcp.json). */
        callTimeoutMs: Type.Integer(),
        /** Tools left out, and why (a schema too large or not valid, a name taken). */
        refused: Type.Array(Type.Object({tool: Type.String(), reason: Type.String()}, closed)),
        /** Prompts, offered as slash commands: /<server>.<prompt> name=value ... */
        prompts: Type.Array(
            Type.Object(
                {
                    name: Type.String(),
                    description: Type.String(),
                    arguments: Type.Array(
                        Type.Object({name: Type.String(), required: Type.Boolean()}, closed),
                    ),
                },
                closed,
            ),
        ),
        /** Resources, which can be attached to a conversation as documents. */
        resources: Type.Array(
            Type.Object({uri: Type.String(), name: Type.String(), mimeType: nullable(Type.String())}, closed),
        ),
    },
    closed,
);
export type McpServerInfo = Static<typeof McpServerInfo>;
export const McpStatus = Type.Object(
    {servers: Type.Array(McpServerInfo), file: Type.String(), problems: Type.Array(Type.String())},
    closed,
);
export type McpStatus = Static<typeof McpStatus>;

/** The local OpenAI-compatible API: on or off, where it listens, the key clients send. */
export const ApiStatus = Type.Object(
    {
        enabled: Type.Boolean(),
        /** Where it listens now; null when it is not running. */
        url: nullable(Type.String()),
        key: Type.String(),
        corsOrigins: Type.Array(Type.String()),
        /** Why it is not running although enabled (a port in use, say). */
        error: nullable(Type.String()),
    },
    closed,
);
export type ApiStatus = Static<typeof ApiStatus>;

/** A message found by conversations.search; the snippet marks matches between \u0002 and \u0003. */
export const MessageHit = Type.Object(
    {
        conversationId: Type.String(),
        conversationTitle: Type.String(),
        messageId: Type.String(),
        role: MessageRole,
        snippet: Type.String(),
        createdAt: Timestamp,
    },
    closed,
);
export type MessageHit = Static<typeof MessageHit>;

/** A message in an exported file; files of version 1 have no parentId (their messages follow each other), no thought. */
const ExportedMessage = Type.Object(
    {
        ...messageFields,
        parentId: Type.Optional(nullable(Type.String())),
        versions: Type.Optional(Type.Unknown()),
        thought: Type.Optional(Type.String()),
        thoughtMs: Type.Optional(nullable(Type.Number())),
        stats: nullable(Type.Object({...turnStatsFields, thoughtTokens: Type.Optional(Count)}, closed)),
    },
    closed,
);

/** A conversation as a file: everything, to keep or to import (conversations.export / .import). */
export const ExportedConversation = Type.Object(
    {
        format: Type.Literal("cairn.conversation"),
        /** 1: the current branch only, in order; 2: every version, each with its parentId. */
        version: Type.Union([Type.Literal(1), Type.Literal(2)]),
        exportedAt: Timestamp,
        conversation: Conversation,
        messages: Type.Array(ExportedMessage, {maxItems: 10_000}),
        /** The last message of the branch shown (version 2). */
        headId: Type.Optional(nullable(Type.String())),
    },
    closed,
);
export type ExportedConversation = Static<typeof ExportedConversation>;

/** A page web_fetch read, kept so that its citations open offline. */
export const ArchivedPage = Type.Object(
    {id: Type.String(), url: Type.String(), title: Type.String(), text: Type.String(), fetchedAt: Timestamp},
    closed,
);
export type ArchivedPage = Static<typeof ArchivedPage>;

const req = <T extends Parameters<typeof Type.Object>[0]>(fields: T) => Type.Object(fields, closed);
const call = <Req extends TSchema, Res extends TSchema>(request: Req, result: Res) => ({
    req: request,
    res: result,
});
const Title = Type.String({minLength: 1, maxLength: 200});
const Cancelled = Type.Object({cancelled: Type.Boolean()}, closed);
const JobStarted = Type.Object({jobId: Type.String()}, closed);

/** Every call the UI can make: its request and its result's value, each one schema. */
export const calls = {
    /** warnings: problems a person should fix, such as a malformed tools.yaml (file:line: what). */
    "app.getStatus": call(
        Empty,
        Type.Object(
            {
                engine: EngineStatus,
                dataDir: Type.String(),
                version: Type.String(),
                warnings: Type.Array(Type.String()),
            },
            closed,
        ),
    ),
    "conversations.list": call(Empty, Type.Array(Conversation)),
    /** assistantId: the assistant to start with (null: none; absent: the default assistant, if any). */
    "conversations.create": call(
        req({
            title: Type.Optional(Type.String({maxLength: 200})),
            incognito: Type.Optional(Type.Boolean()),
            assistantId: Type.Optional(nullable(Id)),
            projectId: Type.Optional(Id),
        }),
        Conversation,
    ),
    /** Moves a conversation into a project, or out of its project (null). */
    "conversations.setProject": call(req({id: Id, projectId: nullable(Id)}), Conversation),
    /** Projects, archived ones too. */
    "projects.list": call(Empty, Type.Array(Project)),
    /** Adds a project, or with `id` renames it and changes its instructions. */
    "projects.save": call(
        req({
            id: Type.Optional(Id),
            name: Name,
            instructions: Type.Optional(Type.String({maxLength: 20_000})),
        }),
        Project,
    ),
    "projects.setArchived": call(req({id: Id, archived: Type.Boolean()}), Project),
    /** Its conversations stay, outside any project; its files go with it; its memories stay, shared. */
    "projects.delete": call(req({id: Id}), Nothing),
    "assistants.list": call(Empty, Type.Array(Assistant)),
    /** Adds an assistant, or with `id` changes one (its conversations follow its instructions at once). */
    "assistants.save": call(req({id: Type.Optional(Id), assistant: AssistantInput}), Assistant),
    /** Its conversations stay, without an assistant. */
    "assistants.delete": call(req({id: Id}), Nothing),
    /** The assistant new conversations start with; null: none. */
    "assistants.setDefault": call(req({id: nullable(Id)}), Type.Array(Assistant)),
    /** An assistant as a JSON file (its settings; nothing of its conversations or memories). */
    "assistants.export": call(
        req({id: Id}),
        Type.Object({fileName: Type.String(), content: Type.String()}, closed),
    ),
    /** An assistant's JSON file (as exported): checked whole before anything is added. */
    "assistants.import": call(req({content: Type.String({minLength: 1, maxLength: 200_000})}), Assistant),
    "conversations.setIncognito": call(req({id: Id, incognito: Type.Boolean()}), Conversation),
    /** Memories, newest first, and whether memory is on (Settings). */
    "memories.list": call(
        Empty,
        Type.Object({enabled: Type.Boolean(), memories: Type.Array(Memory)}, closed),
    ),
    /** A memory the person adds (the Memory page) or takes from a message (Remember). */
    "memories.add": call(
        req({text: Type.String({minLength: 1, maxLength: 100_000}), sourceMessageId: Type.Optional(Id)}),
        Type.Object({memory: Memory, updated: Type.Boolean()}, closed),
    ),
    "memories.update": call(
        req({
            id: Id,
            text: Type.Optional(Type.String({minLength: 1, maxLength: 100_000})),
            enabled: Type.Optional(Type.Boolean()),
        }),
        Memory,
    ),
    "memories.delete": call(req({id: Id}), Nothing),
    /** Memory on or off everywhere: off, nothing is recalled or remembered. */
    "memories.setEnabled": call(
        req({enabled: Type.Boolean()}),
        Type.Object({enabled: Type.Boolean()}, closed),
    ),
    "conversations.rename": call(req({id: Id, title: Title}), Conversation),
    "conversations.delete": call(req({id: Id}), Nothing),
    "conversations.setGeneration": call(req({id: Id, generation: nullable(PartialGeneration)}), Conversation),
    "conversations.setMode": call(req({id: Id, mode: ToolMode}), Conversation),
    "conversations.setWebAccess": call(req({id: Id, webAccess: Type.Boolean()}), Conversation),
    /** Which model answers here: a provider of providers.json, or null for the embedded model. */
    "conversations.setProvider": call(
        req({
            id: Id,
            provider: nullable(Name),
            model: Type.Optional(nullable(Type.String({minLength: 1, maxLength: 200}))),
        }),
        Conversation,
    ),
    "providers.list": call(Empty, Type.Array(ProviderInfo)),
    /**
     * Adds or replaces a provider (Settings). `key` is kept only where the OS can encrypt it (the desktop
     * app); elsewhere name the variable that holds it (`keyEnv`).
     */
    "providers.add": call(
        req({
            name: Name,
            type: ProviderType,
            baseUrl: Type.Optional(Type.String({pattern: "^https?://", maxLength: 2000})),
            model: Type.Optional(Type.String({minLength: 1, maxLength: 200})),
            key: Type.Optional(Type.String({minLength: 1, maxLength: 1000})),
            keyEnv: Type.Optional(Type.String({pattern: "^[A-Za-z_][A-Za-z0-9_]*$", maxLength: 200})),
        }),
        Type.Array(ProviderInfo),
    ),
    "providers.remove": call(req({name: Name}), Type.Array(ProviderInfo)),
    /** Whether a key typed in Settings can be kept here, encrypted by the system (the desktop app). */
    "providers.canStoreKeys": call(Empty, Type.Boolean()),
    /** The models a provider's server lists (asked when the person opens the model picker; logged as egress). */
    "providers.models": call(req({name: Name}), Type.Array(Type.String())),
    /** Every request sent to a remote provider, newest first: when, where, how much, for which conversation. */
    "providers.egress": call(Empty, Type.Array(EgressEntry)),
    "messages.list": call(req({conversationId: Id}), Type.Array(Message)),
    /** Messages of every conversation that match the words, best first (full-text, ranked). */
    "conversations.search": call(
        req({
            query: Type.String({minLength: 1, maxLength: 200}),
            limit: Type.Optional(Type.Integer({minimum: 1, maximum: 100})),
            /** Only the conversations of this project. */
            projectId: Type.Optional(Id),
        }),
        Type.Array(MessageHit),
    ),
    /**
     * A conversation as Markdown (citations as footnotes, tool steps as details), self-contained HTML
     * (styles, math and highlighting inline; readable offline), PDF (the desktop app prints the HTML; a
     * browser window is answered UNAVAILABLE and prints /export/ID itself) or JSON (everything). `parts`:
     * what Markdown, HTML and PDF show besides the messages (all by default); `unfolded`: thoughts and tool
     * steps open (HTML).
     */
    "conversations.export": call(
        req({
            id: Id,
            format: oneOf(["markdown", "json", "html", "pdf"]),
            parts: Type.Optional(
                Type.Object(
                    {thinking: Type.Boolean(), tools: Type.Boolean(), sources: Type.Boolean()},
                    closed,
                ),
            ),
            unfolded: Type.Optional(Type.Boolean()),
        }),
        Type.Object(
            {
                fileName: Type.String(),
                mimeType: Type.String(),
                content: Type.String(),
                /** base64: the content is binary (a PDF). */
                encoding: Type.Optional(Type.Literal("base64")),
            },
            closed,
        ),
    ),
    /** A conversation exported as JSON, imported as a new conversation. */
    "conversations.import": call(req({data: ExportedConversation}), Conversation),
    /** One message, with its tool calls and citations; an answer still being written is refused. */
    "messages.delete": call(req({id: Id}), Nothing),
    /** Shows this version of a message (and the newest branch after it); returns the branch now shown. */
    "messages.showVersion": call(req({id: Id}), Type.Array(Message)),
    "chat.send": call(
        SendRequest,
        Type.Object({userMessageId: Type.String(), messageId: Type.String()}, closed),
    ),
    "chat.regenerate": call(RegenerateRequest, Type.Object({messageId: Type.String()}, closed)),
    "chat.stop": call(req({conversationId: Id}), Type.Object({stopped: Type.Boolean()}, closed)),
    /**
     * Runs a proposed plan as edited (steps checked as calls would be); a plan that already ran runs again
     * as a new version of its answer.
     */
    "plans.run": call(
        req({messageId: Id, steps: Type.Array(PlanStepInput, {minItems: 1, maxItems: 20})}),
        Type.Object({messageId: Type.String()}, closed),
    ),
    /** Sets a proposed plan aside without running it. */
    "plans.cancel": call(req({messageId: Id}), Message),
    "models.load": call(req({path: FilePath}), EngineStatus),
    "models.unload": call(Empty, EngineStatus),
    "models.list": call(Empty, ModelsOverview),
    /** The llama.cpp backends this computer can use, the one in use, and how to build a missing one. */
    "models.backends": call(Empty, BackendReport),
    "models.listRecommended": call(Empty, Type.Array(Recommendation)),
    "models.inspect": call(req({path: FilePath}), Type.Object({info: ModelInfo, fit: FitEstimate}, closed)),
    "models.add": call(req({path: FilePath}), InstalledModel),
    "models.remove": call(req({id: Id}), Type.Object({deletedFile: Type.Boolean()}, closed)),
    "models.download": call(
        req({uri: Type.String({minLength: 4, maxLength: 2048, pattern: "^(https?:|hf:)"})}),
        Type.Object({downloadId: Type.String()}, closed),
    ),
    "models.cancelDownload": call(req({downloadId: Id}), Cancelled),
    "models.discardPartial": call(
        req({fileName: Type.String({minLength: 1, maxLength: 255, pattern: "^[^/\\\\]+$"})}),
        Type.Object({discarded: Type.Boolean()}, closed),
    ),
    "docs.listCollections": call(Empty, Type.Array(Collection)),
    "docs.createCollection": call(req({name: Title}), Collection),
    "docs.deleteCollection": call(req({id: Id}), Type.Object({deleted: Type.Boolean()}, closed)),
    "docs.list": call(
        req({collectionId: Type.Optional(Id), conversationId: Type.Optional(Id)}),
        Type.Array(DocumentInfo),
    ),
    /** Files and folders into a collection (by name, created if new) or attached to one conversation. */
    "docs.ingest": call(
        req({
            paths: Type.Array(FilePath, {minItems: 1, maxItems: 1000}),
            collection: Type.Optional(Title),
            conversationId: Type.Optional(Id),
        }),
        JobStarted,
    ),
    "docs.cancel": call(req({jobId: Id}), Cancelled),
    "docs.listJobs": call(Empty, Type.Array(IngestProgress)),
    "docs.remove": call(req({documentId: Id}), Type.Object({removed: Type.Boolean()}, closed)),
    "docs.search": call(
        req({
            query: Type.String({minLength: 1, maxLength: 1000}),
            limit: Type.Optional(Type.Integer({minimum: 1, maximum: 50})),
            collection: Type.Optional(Title),
            conversationId: Type.Optional(Id),
        }),
        Type.Array(SearchHit),
    ),
    "docs.getPassage": call(req({chunkId: Type.Integer({minimum: 1})}), Passage),
    "docs.reembed": call(Empty, JobStarted),
    "settings.get": call(Empty, SettingsValues),
    /** Only the fields given change; engine and generation merge field by field. */
    "settings.set": call(
        req({
            webAccessDefault: Type.Optional(Type.Boolean()),
            engine: Type.Optional(Type.Partial(EngineSettings, closed)),
            generation: Type.Optional(PartialGeneration),
            embeddingModelPath: Type.Optional(nullable(FilePath)),
            workspaceRoot: Type.Optional(nullable(FilePath)),
            planMaxSteps: Type.Optional(Type.Integer({minimum: 1, maximum: 12})),
            toolShare: Type.Optional(Type.Integer({minimum: 5, maximum: 75})),
        }),
        SettingsValues,
    ),
    /** What a waiting write would change with these (edited) arguments: the approval dialog's diff. */
    "tools.preview": call(
        req({approvalId: Id, args: Json}),
        Type.Object({path: Type.String(), diff: Type.String()}, closed),
    ),
    /** Puts back what a file held before a tool call wrote it (refused if the file changed since). */
    "tools.undo": call(req({toolCallId: Id}), ToolCallRecord),
    "tools.list": call(Empty, Type.Array(ToolInfo)),
    "tools.budget": call(req({conversationId: Id}), ToolBudget),
    /** Which tools the model was offered and picked in the last 30 days (Settings). */
    "tools.usage": call(Empty, Type.Array(ToolUsage)),
    /** off: tool names and "mcp:<server>" sources not offered in this conversation. */
    "conversations.setWorkspace": call(req({id: Id, path: nullable(FilePath)}), Conversation),
    "conversations.setTools": call(
        req({id: Id, off: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 2000})}),
        Conversation,
    ),
    "tools.decide": call(
        req({approvalId: Id, decision: ApprovalDecision, args: Type.Optional(Json)}),
        Nothing,
    ),
    "tools.listPending": call(Empty, Type.Array(ApprovalRequest)),
    "tools.setPolicy": call(req({tool: Name, policy: nullable(ToolPolicy)}), Type.Array(ToolInfo)),
    /** Pins a tool (offered in every step) or unpins it. */
    "tools.setPinned": call(req({tool: Name, pinned: Type.Boolean()}), Type.Array(ToolInfo)),
    "archive.get": call(req({id: Id}), ArchivedPage),
    "backups.status": call(Empty, BackupsStatus),
    /** A backup now; resolves when it is written (progress comes as backups.progress). */
    "backups.create": call(Empty, BackupsStatus),
    "backups.setSchedule": call(req({schedule: BackupSchedule}), BackupsStatus),
    /**
     * Restores one of the listed backups when Cairn next starts (the running app holds the library open):
     * checked now, done before the library opens, the library kept in a backup of its own. null: not.
     */
    "backups.restore": call(req({file: nullable(FilePath)}), BackupsStatus),
    /** Brings a listed backup's conversations that the library lacks into it (progress: imports.progress). */
    "backups.merge": call(req({file: FilePath}), ImportReport),
    /**
     * Import from other apps, for a window that has the file but not its path (drag and drop): the file is
     * sent in chunks (begin, chunk…, finish); finish imports it and answers with the report (progress comes
     * as imports.progress). `cairn import FILE…` reads paths directly.
     */
    "imports.begin": call(
        req({
            name: Type.String({minLength: 1, maxLength: 255}),
            size: Type.Integer({minimum: 0, maximum: 64 * 1024 ** 3}),
        }),
        Type.Object({uploadId: Type.String()}, closed),
    ),
    "imports.chunk": call(
        req({
            uploadId: Id,
            offset: Type.Integer({minimum: 0}),
            data: Type.String({
                maxLength: Math.ceil(IMPORT_CHUNK_BYTES / 3) * 4,
                pattern: "^[A-Za-z0-9+/]*={0,2}$",
            }),
        }),
        Type.Object({received: Type.Integer()}, closed),
    ),
    "imports.finish": call(req({uploadId: Id}), ImportReport),
    "mcp.list": call(Empty, McpStatus),
    /** What MCP servers are asking now (forms, sampling), and the person's answer to one. */
    "mcp.listAsks": call(Empty, Type.Array(McpAsk)),
    "mcp.answer": call(
        req({
            askId: Id,
            action: McpAnswerAction,
            content: Type.Optional(
                Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
            ),
        }),
        Nothing,
    ),
    /** Adds servers from pasted or imported `{"mcpServers": {...}}` JSON. */
    "mcp.add": call(req({json: Type.String({minLength: 2, maxLength: 200_000})}), McpStatus),
    "mcp.remove": call(req({name: Name}), McpStatus),
    "mcp.setEnabled": call(req({name: Name, enabled: Type.Boolean()}), McpStatus),
    "mcp.restart": call(req({name: Name}), McpStatus),
    /** Starts a remote server's sign-in in the system browser; its progress comes as mcp.changed. */
    "mcp.signIn": call(req({name: Name}), McpStatus),
    /** Forgets a remote server's sign-in (its tokens and Cairn's registration there). */
    "mcp.signOut": call(req({name: Name}), McpStatus),
    /** How long one call to the server may take, in seconds (kept in mcp.json as callTimeoutMs). */
    "mcp.setCallLimit": call(
        req({name: Name, seconds: Type.Integer({minimum: 1, maximum: 3600})}),
        McpStatus,
    ),
    /** A server's prompt with its arguments, as the text to send (a slash command). */
    "mcp.getPrompt": call(
        req({
            server: Name,
            name: Name,
            args: Type.Record(Type.String(), Type.String({maxLength: 10_000})),
        }),
        Type.Object({text: Type.String()}, closed),
    ),
    /** Reads a server's resource and adds it to the conversation's documents. */
    "mcp.attachResource": call(
        req({conversationId: Id, server: Name, uri: Type.String({minLength: 1, maxLength: 4096})}),
        JobStarted,
    ),
    "api.getStatus": call(Empty, ApiStatus),
    "api.setEnabled": call(req({enabled: Type.Boolean()}), ApiStatus),
    "api.regenerateKey": call(Empty, ApiStatus),
    "api.setCorsOrigins": call(
        req({
            origins: Type.Array(Type.String({pattern: "^https?://[^/\\s]+$", maxLength: 200}), {
                maxItems: 20,
            }),
        }),
        ApiStatus,
    ),
    "grants.list": call(Empty, Type.Array(Grant)),
    "grants.revoke": call(
        req({tool: Name, conversationId: nullable(Type.String())}),
        Type.Object({revoked: Type.Boolean()}, closed),
    ),
};

type CallSchemas = typeof calls;
/** A call with an empty request takes `{}` and nothing else. */
type Request<S extends TSchema> = keyof Static<S> extends never ? Record<string, never> : Static<S>;
export type Calls = {
    [N in keyof CallSchemas]: {
        req: Request<CallSchemas[N]["req"]>;
        res: Result<Static<CallSchemas[N]["res"]>>;
    };
};
export type CallName = keyof Calls;
export type CallReq<N extends CallName> = Calls[N]["req"];
export type CallRes<N extends CallName> = Calls[N]["res"];

const event = <T extends string, F extends Parameters<typeof Type.Object>[0]>(type: T, fields: F) =>
    Type.Object({type: Type.Literal(type), ...fields}, closed);

/** Every event the core emits. */
export const AppEvent = Type.Union([
    event("chat.token", {conversationId: Type.String(), messageId: Type.String(), text: Type.String()}),
    /** Part of what a model thinks before it answers (a thought segment), as it is written. */
    event("chat.thought", {conversationId: Type.String(), messageId: Type.String(), text: Type.String()}),
    event("chat.done", {conversationId: Type.String(), message: Message}),
    event("chat.error", {conversationId: Type.String(), messageId: Type.String(), message: Type.String()}),
    event("conversation.updated", {conversation: Conversation}),
    event("conversation.deleted", {conversationId: Type.String()}),
    event("assistants.changed", {}),
    event("projects.changed", {}),
    event("engine.status", {status: EngineStatus}),
    event("models.download", {progress: DownloadProgress}),
    event("models.changed", {}),
    event("mcp.changed", {}),
    /** A backup being written: the share done, or null once it is over. */
    event("backups.progress", {share: nullable(Type.Number({minimum: 0, maximum: 1}))}),
    /** An import under way: the file, the share of it read, the conversations in so far; null share: over. */
    event("imports.progress", {
        file: Type.String(),
        share: nullable(Type.Number({minimum: 0, maximum: 1})),
        imported: Count,
    }),
    event("mcp.asked", {ask: McpAsk}),
    event("mcp.askSettled", {askId: Type.String()}),
    event("docs.progress", {progress: IngestProgress}),
    event("tool.request", {correlationId: Type.String(), call: ToolCallRecord}),
    event("tool.result", {correlationId: Type.String(), call: ToolCallRecord}),
    /** More of a tool call as the model writes it (before it is complete and runs): its name and an arguments delta. */
    /** A plan was proposed, or one of its steps changed status. */
    event("plan.updated", {conversationId: Type.String(), messageId: Type.String(), plan: Plan}),
    event("tool.writing", {
        conversationId: Type.String(),
        messageId: Type.String(),
        index: Type.Integer({minimum: 0}),
        name: Type.String(),
        text: Type.String(),
    }),
    /** How far a long tool call has got, as its tool (an MCP server) reports it. */
    event("tool.progress", {
        correlationId: Type.String(),
        conversationId: Type.String(),
        progress: Type.Number(),
        total: nullable(Type.Number()),
        message: nullable(Type.String()),
    }),
    event("tool.approvalRequested", {request: ApprovalRequest}),
    event("tool.approvalSettled", {approvalId: Type.String()}),
    event("turn.state", {conversationId: Type.String(), messageId: Type.String(), state: TurnState}),
]);
export type AppEvent = Static<typeof AppEvent>;

/** The API the preload exposes as window.cairn, and every client transport implements. */
export type CairnApi = {
    invoke<N extends CallName>(name: N, req: CallReq<N>): Promise<CallRes<N>>;
    onEvent(listener: (event: AppEvent) => void): () => void;
};

/** Frames of the WebSocket transport. */
export type RequestFrame = {id: number; name: string; req: unknown};
export type ServerFrame = {id: number | null; res: Result<unknown>} | {event: AppEvent};

export const MAX_FRAME_BYTES = 1024 * 1024;
