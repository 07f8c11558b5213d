import type {Result} from "./result.js";

export type MessageRole = "user" | "assistant" | "system";
export type MessageStatus = "streaming" | "complete" | "interrupted" | "error";

export type Conversation = {
    id: string;
    title: string;
    mode: ToolMode;
    /** Whether network tools may run here: the conversation's own switch, else the default in Settings. */
    webAccess: boolean;
    /** This conversation's own generation settings; unset fields follow the defaults in Settings. */
    generation: Partial<GenerationSettings> | null;
    createdAt: number;
    updatedAt: number;
};

export type TurnStats = {
    promptTokens: number;
    completionTokens: number;
    timeToFirstTokenMs: number | null;
    durationMs: number;
    tokensPerSecond: number | null;
    /** Prompt tokens already in the context from earlier turns and steps, not evaluated again. */
    reusedTokens: number;
    /** The context was full: older turns were dropped (the system prompt and recent turns kept). */
    contextShifted: boolean;
};

export type GenerationSettings = {
    systemPrompt: string;
    temperature: number;
    topP: number;
    topK: number;
    minP: number;
    repeatPenalty: number;
    maxTokens: number;
    /** null: a new random seed each answer. */
    seed: number | null;
};

export type Message = {
    id: string;
    conversationId: string;
    role: MessageRole;
    content: string;
    status: MessageStatus;
    model: string | null;
    stats: TurnStats | null;
    error: string | null;
    createdAt: number;
    /** The answer's tool-call trace, in order. */
    toolCalls: ToolCallRecord[];
    /** The sources its tools returned, numbered [1], [2], ... within this answer. */
    citations: Citation[];
};

export type SourceKind = "url" | "document" | "tool";
export type Source = {
    kind: SourceKind;
    title: string;
    url?: string;
    /** For documents: where in the document (page, heading, lines). */
    location?: Record<string, unknown>;
    snippet?: string;
};
export type Citation = Source & {number: number; toolCallId: string | null};

export type Backend = "cpu" | "cuda" | "vulkan" | "metal";
export type EngineState = "no-model" | "loading" | "ready" | "generating" | "error";

export type EngineStatus = {
    state: EngineState;
    backend: Backend | null;
    modelPath: string | null;
    modelName: string | null;
    threads: number;
    /** Why the engine is in "error" or "no-model", in words a person can act on. */
    message: string | null;
    /** 0..1 while a model loads. */
    loadProgress?: number | null;
    /** What runs the loaded model: devices, memory, layers on the GPU. */
    gpu?: GpuReport | null;
    contextSize?: number | null;
};

export type GpuReport = {
    devices: string[];
    vramTotalBytes: number;
    vramUsedBytes: number;
    gpuLayers: number;
    totalLayers: number;
};

/** Engine settings (Settings screen); null means "chosen automatically". */
export type EngineSettings = {
    forceCpu: boolean;
    gpuLayers: number | null;
    threads: number | null;
    contextSize: number | null;
    batchSize: number | null;
};

export type SettingsValues = {
    webAccessDefault: boolean;
    engine: EngineSettings;
    generation: GenerationSettings;
    /** The model used only for document embeddings (the embedding slot); null: none chosen. */
    embeddingModelPath: string | null;
};

export type FitVerdict = "vram" | "ram" | "too-large";
/** Will a model fit this computer, for the context size that would be used. */
export type FitEstimate = {
    verdict: FitVerdict;
    /** "gguf": node-llama-cpp's GGUF insights; "size": estimated from the file size (header unreadable). */
    basis: "gguf" | "size";
    contextSize: number;
    gpuLayers: number;
    totalLayers: number | null;
    ramBytes: number;
    vramBytes: number;
    freeRamBytes: number;
    freeVramBytes: number;
    /** One line for people, with the numbers. */
    summary: string;
};

export type FunctionCalling = "native" | "generic" | "none";
export type ModelInfo = {
    name: string;
    file: string;
    sizeBytes: number;
    architecture: string | null;
    parameterCount: number | null;
    quantization: string | null;
    contextLength: number | null;
    hasChatTemplate: boolean;
    chatWrapper: string | null;
    functionCalling: FunctionCalling;
};
export type InstalledModel = ModelInfo & {id: string; source: string | null; addedAt: number};

export type Recommendation = {
    id: string;
    name: string;
    kind: "chat" | "embedding";
    uri: string;
    sizeBytes: number;
    parameters: string;
    quantization: string;
    notes: string;
    fit: FitEstimate;
};

export type DownloadState = "starting" | "downloading" | "verifying" | "done" | "failed" | "cancelled";
export type DownloadProgress = {
    id: string;
    uri: string;
    fileName: string | null;
    state: DownloadState;
    downloadedBytes: number;
    totalBytes: number | null;
    bytesPerSecond: number;
    etaSeconds: number | null;
    error: string | null;
    /** Set when done: the installed model. */
    modelId: string | null;
};
/** A download a previous run left unfinished; starting the same download again resumes it. */
export type PartialDownload = {fileName: string; downloadedBytes: number};

export type ModelsOverview = {
    installed: InstalledModel[];
    downloads: DownloadProgress[];
    partial: PartialDownload[];
    embeddingModelPath: string | null;
};

export type SendRequest = {
    conversationId: string;
    text: string;
    toolChoice?: ToolChoice;
    /** Calls the client wants made before generation; their results are given to the model. */
    preflight?: PreflightCall[];
    /** Web access for this answer only, over the conversation's switch (the CLI's --web). */
    webAccess?: boolean;
};

export type ApprovalRequest = {
    approvalId: string;
    conversationId: string;
    messageId: string;
    tool: string;
    sideEffect: SideEffect;
    args: unknown;
    /** Why: the model's text so far in this answer. */
    reason: string;
};

export type Grant = {tool: string; conversationId: string | null; createdAt: number};

/** Every call the UI can make: the one contract all transports carry. */
export type Calls = {
    "app.getStatus": {
        req: Record<string, never>;
        /** warnings: problems a person should fix, such as a malformed tools.yaml (file:line: what). */
        res: Result<{engine: EngineStatus; dataDir: string; version: string; warnings: string[]}>;
    };
    "conversations.list": {req: Record<string, never>; res: Result<Conversation[]>};
    "conversations.create": {req: {title?: string}; res: Result<Conversation>};
    "conversations.rename": {req: {id: string; title: string}; res: Result<Conversation>};
    "conversations.delete": {req: {id: string}; res: Result<void>};
    "messages.list": {req: {conversationId: string}; res: Result<Message[]>};
    "chat.send": {req: SendRequest; res: Result<{userMessageId: string; messageId: string}>};
    "chat.stop": {req: {conversationId: string}; res: Result<{stopped: boolean}>};
    "models.load": {req: {path: string}; res: Result<EngineStatus>};
    "models.unload": {req: Record<string, never>; res: Result<EngineStatus>};
    "models.list": {req: Record<string, never>; res: Result<ModelsOverview>};
    "models.listRecommended": {req: Record<string, never>; res: Result<Recommendation[]>};
    "models.inspect": {req: {path: string}; res: Result<{info: ModelInfo; fit: FitEstimate}>};
    "models.add": {req: {path: string}; res: Result<InstalledModel>};
    "models.remove": {req: {id: string}; res: Result<{deletedFile: boolean}>};
    "models.download": {req: {uri: string}; res: Result<{downloadId: string}>};
    "models.cancelDownload": {req: {downloadId: string}; res: Result<{cancelled: boolean}>};
    "models.discardPartial": {req: {fileName: string}; res: Result<{discarded: boolean}>};
    "docs.listCollections": {req: Record<string, never>; res: Result<Collection[]>};
    "docs.createCollection": {req: {name: string}; res: Result<Collection>};
    "docs.deleteCollection": {req: {id: string}; res: Result<{deleted: boolean}>};
    "docs.list": {req: {collectionId?: string; conversationId?: string}; res: Result<DocumentInfo[]>};
    /** Files and folders into a collection (by name, created if new) or attached to one conversation. */
    "docs.ingest": {
        req: {paths: string[]; collection?: string; conversationId?: string};
        res: Result<{jobId: string}>;
    };
    "docs.cancel": {req: {jobId: string}; res: Result<{cancelled: boolean}>};
    "docs.listJobs": {req: Record<string, never>; res: Result<IngestProgress[]>};
    "docs.remove": {req: {documentId: string}; res: Result<{removed: boolean}>};
    "docs.search": {
        req: {query: string; limit?: number; collection?: string; conversationId?: string};
        res: Result<SearchHit[]>;
    };
    "docs.getPassage": {req: {chunkId: number}; res: Result<Passage>};
    "docs.reembed": {req: Record<string, never>; res: Result<{jobId: string}>};
    "conversations.setGeneration": {
        req: {id: string; generation: Partial<GenerationSettings> | null};
        res: Result<Conversation>;
    };
    "conversations.setMode": {req: {id: string; mode: ToolMode}; res: Result<Conversation>};
    "conversations.setWebAccess": {req: {id: string; webAccess: boolean}; res: Result<Conversation>};
    "settings.get": {req: Record<string, never>; res: Result<SettingsValues>};
    /** Only the fields given change; engine and generation merge field by field. */
    "settings.set": {
        req: {
            webAccessDefault?: boolean;
            engine?: Partial<EngineSettings>;
            generation?: Partial<GenerationSettings>;
            embeddingModelPath?: string | null;
        };
        res: Result<SettingsValues>;
    };
    "tools.list": {req: Record<string, never>; res: Result<ToolInfo[]>};
    "tools.decide": {
        req: {approvalId: string; decision: ApprovalDecision; args?: unknown};
        res: Result<void>;
    };
    "tools.listPending": {req: Record<string, never>; res: Result<ApprovalRequest[]>};
    "tools.setPolicy": {req: {tool: string; policy: ToolPolicy | null}; res: Result<ToolInfo[]>};
    "archive.get": {req: {id: string}; res: Result<ArchivedPage>};
    "grants.list": {req: Record<string, never>; res: Result<Grant[]>};
    "grants.revoke": {req: {tool: string; conversationId: string | null}; res: Result<{revoked: boolean}>};
};

export type CallName = keyof Calls;
export type CallReq<N extends CallName> = Calls[N]["req"];
export type CallRes<N extends CallName> = Calls[N]["res"];

/** Every event the core emits. */
export type AppEvent =
    | {type: "chat.token"; conversationId: string; messageId: string; text: string}
    | {type: "chat.done"; conversationId: string; message: Message}
    | {type: "chat.error"; conversationId: string; messageId: string; message: string}
    | {type: "conversation.updated"; conversation: Conversation}
    | {type: "conversation.deleted"; conversationId: string}
    | {type: "engine.status"; status: EngineStatus}
    | {type: "models.download"; progress: DownloadProgress}
    | {type: "models.changed"}
    | {type: "docs.progress"; progress: IngestProgress}
    | {type: "tool.request"; correlationId: string; call: ToolCallRecord}
    | {type: "tool.result"; correlationId: string; call: ToolCallRecord}
    | {type: "tool.approvalRequested"; request: ApprovalRequest}
    | {type: "tool.approvalSettled"; approvalId: string}
    | {type: "turn.state"; conversationId: string; messageId: string; state: string};

/** The API the preload exposes as window.cairn, and every client transport implements. */
export type CairnApi = {
    invoke<N extends CallName>(name: N, req: CallReq<N>): Promise<CallRes<N>>;
    onEvent(listener: (event: AppEvent) => void): () => void;
};

/** Frames of the WebSocket transport. */
export type RequestFrame = {id: number; name: string; req: unknown};
export type ServerFrame = {id: number | null; res: Result<unknown>} | {event: AppEvent};

export const MAX_FRAME_BYTES = 1024 * 1024;

export type SideEffect = "none" | "network" | "write" | "exec";
export type ToolPolicy = "ask" | "allow" | "deny";
export type ToolMode = "ask" | "agent";
/** auto: the model decides; none: no tools offered; required: some tool; any other string: that tool. */
export type ToolChoice = "auto" | "none" | "required" | (string & {});

export type ToolInfo = {
    name: string;
    aliases: string[];
    description: string;
    sideEffect: SideEffect;
    policy: ToolPolicy;
    enabled: boolean;
    params: object;
};

export type ToolCallStatus =
    "pending" | "awaiting_approval" | "running" | "ok" | "error" | "denied" | "timeout" | "cancelled";
export type ApprovalDecision = "allow_once" | "allow_conversation" | "allow_always" | "deny";

export type ToolCallRecord = {
    id: string;
    messageId: string;
    conversationId: string;
    step: number;
    tool: string;
    rawArgs: unknown;
    args: unknown;
    status: ToolCallStatus;
    decision: ApprovalDecision | "policy_allow" | "policy_deny" | null;
    decidedBy: "user" | "policy" | "cli" | null;
    resultText: string | null;
    resultData: unknown;
    error: string | null;
    origin: "model" | "client";
    startedAt: number;
    finishedAt: number | null;
};

export type PreflightCall = {name: string; args: Record<string, unknown>};

export type Collection = {
    id: string;
    name: string;
    createdAt: number;
    documentCount: number;
    chunkCount: number;
};
export type DocumentStatus = "pending" | "indexed" | "error";
export type DocumentInfo = {
    id: string;
    collectionId: string | null;
    conversationId: string | null;
    path: string;
    title: string;
    kind: string;
    sizeBytes: number | null;
    status: DocumentStatus;
    error: string | null;
    chunkCount: number;
    addedAt: number;
    updatedAt: number;
};
export type DocLocation = {
    page: number | null;
    heading: string[];
    lineStart: number;
    lineEnd: number;
    start: number;
    end: number;
};
export type SearchHit = {
    chunkId: number;
    documentId: string;
    title: string;
    path: string;
    location: DocLocation;
    /** Reciprocal-rank-fusion score, higher is better; 1 more when the chunk holds a rare query word. */
    score: number;
    snippet: string;
};
export type IngestProgress = {
    jobId: string;
    state: "running" | "done" | "cancelled" | "failed";
    filesTotal: number;
    filesDone: number;
    chunks: number;
    currentFile: string | null;
    errors: {path: string; error: string}[];
    /** Set when the job could not run at all (no embedding model, say). */
    message: string | null;
};
export type Passage = {
    document: {id: string; title: string; path: string; text: string};
    chunk: {id: number; text: string; location: DocLocation};
};

/** A page web_fetch read, kept so that its citations open offline. */
export type ArchivedPage = {id: string; url: string; title: string; text: string; fetchedAt: number};
