import type {Result} from "./result.js";

export type MessageRole = "user" | "assistant" | "system";
export type MessageStatus = "streaming" | "complete" | "interrupted" | "error";

export type Conversation = {
    id: string;
    title: string;
    mode: ToolMode;
    /** Whether network tools may run here: the conversation's own switch, else the default in Settings. */
    webAccess: boolean;
    createdAt: number;
    updatedAt: number;
};

export type TurnStats = {
    promptTokens: number;
    completionTokens: number;
    timeToFirstTokenMs: number | null;
    durationMs: number;
    tokensPerSecond: number | null;
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
};

export type SendRequest = {
    conversationId: string;
    text: string;
    toolChoice?: ToolChoice;
    /** Calls the client wants made before generation; their results are given to the model. */
    preflight?: PreflightCall[];
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
    "app.status": {
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
    "conversations.setMode": {req: {id: string; mode: ToolMode}; res: Result<Conversation>};
    "conversations.setWebAccess": {req: {id: string; webAccess: boolean}; res: Result<Conversation>};
    "settings.get": {req: Record<string, never>; res: Result<{webAccessDefault: boolean}>};
    "settings.set": {req: {webAccessDefault: boolean}; res: Result<{webAccessDefault: boolean}>};
    "tools.list": {req: Record<string, never>; res: Result<ToolInfo[]>};
    "tools.decide": {
        req: {approvalId: string; decision: ApprovalDecision; args?: unknown};
        res: Result<void>;
    };
    "tools.pending": {req: Record<string, never>; res: Result<ApprovalRequest[]>};
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

/** A page web_fetch read, kept so that its citations open offline. */
export type ArchivedPage = {id: string; url: string; title: string; text: string; fetchedAt: number};
