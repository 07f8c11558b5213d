import type {Result} from "./result.js";

export type MessageRole = "user" | "assistant" | "system";
export type MessageStatus = "streaming" | "complete" | "interrupted" | "error";

export type Conversation = {
    id: string;
    title: string;
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
};

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

export type SendRequest = {conversationId: string; text: string};

/** Every call the UI can make: the one contract all transports carry. */
export type Calls = {
    "app.status": {
        req: Record<string, never>;
        res: Result<{engine: EngineStatus; dataDir: string; version: string}>;
    };
    "conversations.list": {req: Record<string, never>; res: Result<Conversation[]>};
    "conversations.create": {req: {title?: string}; res: Result<Conversation>};
    "conversations.rename": {req: {id: string; title: string}; res: Result<Conversation>};
    "conversations.delete": {req: {id: string}; res: Result<void>};
    "messages.list": {req: {conversationId: string}; res: Result<Message[]>};
    "chat.send": {req: SendRequest; res: Result<{userMessageId: string; messageId: string}>};
    "chat.stop": {req: {conversationId: string}; res: Result<{stopped: boolean}>};
    "models.load": {req: {path: string}; res: Result<EngineStatus>};
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
    | {type: "engine.status"; status: EngineStatus};

/** The API the preload exposes as window.cairn, and every client transport implements. */
export type CairnApi = {
    invoke<N extends CallName>(name: N, req: CallReq<N>): Promise<CallRes<N>>;
    onEvent(listener: (event: AppEvent) => void): () => void;
};

/** Frames of the WebSocket transport. */
export type RequestFrame = {id: number; name: string; req: unknown};
export type ServerFrame = {id: number | null; res: Result<unknown>} | {event: AppEvent};

export const MAX_FRAME_BYTES = 1024 * 1024;
