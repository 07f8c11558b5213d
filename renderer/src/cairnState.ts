import type {Dispatch, SetStateAction} from "react";
import {sayCore} from "./i18n/index.js";
import type {
    AppEvent,
    ApprovalRequest,
    CairnApi,
    Conversation,
    EngineStatus,
    Message,
    McpAsk,
    QueuedMessage,
    TodoItem,
    ToolCallRecord,
    TurnState,
} from "../../shared/contract.js";

// The window's mirror of the core: its state, and how each event the core sends changes it.

export type CairnState = {
    conversations: Conversation[];
    selectedId: string | null;
    messages: Message[];
    /** The conversation whose messages `messages` holds: null while the open one's are on their way. */
    messagesOf: string | null;
    /** The open conversation's task list (the todo tool's; the person can edit it). */
    todos: TodoItem[];
    /** Messages written in the open conversation while an answer runs, waiting to be sent (steer or queue). */
    queued: QueuedMessage[];
    /** Text streamed so far for answers still being written, by message id. */
    streaming: Record<string, string>;
    /** What models thought so far for answers still being written, by message id. */
    thinking: Record<string, string>;
    engine: EngineStatus | null;
    error: string | null;
    approvals: ApprovalRequest[];
    /** What MCP servers ask the person now (a form, a reply for the model to write). */
    asks: McpAsk[];
    /** The running turn's state (GENERATING, AWAITING_APPROVAL, ...), for the status line. */
    turnState: TurnState | null;
    /** How far running tool calls have got, by call id (long MCP calls report it). */
    progress: Record<string, ToolProgress>;
    /** Calls still being written by the model, by message id: name and arguments so far. */
    writing: Record<string, WritingCall[]>;
    /** False while the window has lost the core (the served window's connection closed); it reconnects. */
    connected: boolean;
    /** Offline mode is on: nothing leaves this computer (what needs the network is off, saying why). */
    offlineMode: boolean;
};

export type WritingCall = {name: string; args: string};

export type ToolProgress = {progress: number; total: number | null; message: string | null};

/** The state after one event of the core (tokens, tool calls, approvals, the engine, …). */
export function applyEvent(s: CairnState, event: AppEvent): CairnState {
    switch (event.type) {
        case "engine.status":
            return {...s, engine: event.status};
        case "network.offline":
            return {...s, offlineMode: event.on};
        case "models.download":
        case "models.changed":
        case "engine.build":
        case "mcp.changed":
        case "backups.progress":
        case "imports.progress":
        case "assistants.changed":
        case "projects.changed":
        case "docs.progress":
        case "speech.progress":
        case "probe.progress":
        case "automations.changed":
        case "automations.run":
            return s;
        case "conversation.updated": {
            const others = s.conversations.filter((c) => c.id !== event.conversation.id);
            return {
                ...s,
                conversations: [event.conversation, ...others].sort((a, b) => b.updatedAt - a.updatedAt),
            };
        }
        case "conversation.deleted": {
            const conversations = s.conversations.filter((c) => c.id !== event.conversationId);
            const gone = s.selectedId === event.conversationId;
            return {
                ...s,
                conversations,
                selectedId: gone ? null : s.selectedId,
                messages: gone ? [] : s.messages,
                messagesOf: gone ? null : s.messagesOf,
            };
        }
        case "chat.token": {
            if (event.conversationId !== s.selectedId) return s;
            const text = (s.streaming[event.messageId] ?? "") + event.text;
            return {...s, streaming: {...s.streaming, [event.messageId]: text}};
        }
        case "chat.thought": {
            if (event.conversationId !== s.selectedId) return s;
            const text = (s.thinking[event.messageId] ?? "") + event.text;
            return {...s, thinking: {...s.thinking, [event.messageId]: text}};
        }
        case "chat.done": {
            const {[event.message.id]: _, ...streaming} = s.streaming;
            const {[event.message.id]: _thought, ...thinking} = s.thinking;
            const {[event.message.id]: _writing, ...writing} = s.writing;
            if (event.conversationId !== s.selectedId) return {...s, streaming, thinking, writing};
            const exists = s.messages.some((m) => m.id === event.message.id);
            const messages = exists
                ? s.messages.map((m) => (m.id === event.message.id ? event.message : m))
                : [...s.messages, event.message];
            return {...s, streaming, thinking, writing, messages};
        }
        case "todos.changed":
            return event.conversationId === s.selectedId ? {...s, todos: event.items} : s;
        case "chat.queue":
            return event.conversationId === s.selectedId ? {...s, queued: event.queue} : s;
        case "conversation.compacted": {
            if (event.conversationId !== s.selectedId) return s;
            const messages = s.messages.map((m) =>
                m.id === event.message.id ? {...m, summary: event.message.summary} : m,
            );
            return {...s, messages};
        }
        case "chat.error":
            return event.conversationId === s.selectedId
                ? {...s, error: sayCore(event.message, event.words)}
                : s;
        case "plan.updated": {
            if (event.conversationId !== s.selectedId) return s;
            const messages = s.messages.map((m) => (m.id === event.messageId ? {...m, plan: event.plan} : m));
            return {...s, messages};
        }
        case "research.updated": {
            if (event.conversationId !== s.selectedId) return s;
            const messages = s.messages.map((m) =>
                m.id === event.messageId ? {...m, research: event.run} : m,
            );
            return {...s, messages};
        }
        case "tool.progress": {
            if (event.conversationId !== s.selectedId) return s;
            const {progress, total, message} = event;
            return {...s, progress: {...s.progress, [event.correlationId]: {progress, total, message}}};
        }
        case "tool.writing": {
            if (event.conversationId !== s.selectedId) return s;
            const calls = [...(s.writing[event.messageId] ?? [])];
            const call = calls[event.index] ?? {name: event.name, args: ""};
            calls[event.index] = {name: call.name, args: call.args + event.text};
            return {...s, writing: {...s.writing, [event.messageId]: calls}};
        }
        case "tool.request": {
            // The calls are complete: they are steps of their own now.
            const {[event.call.messageId]: _done, ...writing} = s.writing;
            return event.call.conversationId === s.selectedId
                ? {...s, writing, messages: withCall(s.messages, event.call)}
                : s;
        }
        case "tool.result": {
            // A finished call's progress is no longer shown.
            const {[event.correlationId]: _done, ...progress} = s.progress;
            return event.call.conversationId === s.selectedId
                ? {...s, progress, messages: withCall(s.messages, event.call)}
                : {...s, progress};
        }
        case "tool.approvalRequested":
            return {
                ...s,
                approvals: [
                    ...s.approvals.filter((a) => a.approvalId !== event.request.approvalId),
                    event.request,
                ],
            };
        case "tool.approvalSettled":
            return {...s, approvals: s.approvals.filter((a) => a.approvalId !== event.approvalId)};
        case "mcp.asked":
            return {...s, asks: [...s.asks.filter((a) => a.askId !== event.ask.askId), event.ask]};
        case "mcp.askSettled":
            return {...s, asks: s.asks.filter((a) => a.askId !== event.askId)};
        case "turn.state":
            return event.conversationId === s.selectedId
                ? {...s, turnState: event.state === "IDLE" ? null : event.state}
                : s;
    }
}

function withCall(messages: Message[], call: ToolCallRecord): Message[] {
    return messages.map((m) => {
        if (m.id !== call.messageId) return m;
        const exists = m.toolCalls.some((c) => c.id === call.id);
        return {
            ...m,
            toolCalls: exists
                ? m.toolCalls.map((c) => (c.id === call.id ? call : c))
                : [...m.toolCalls, call],
        };
    });
}

/** What the window's action hooks share: the API, the state and its setters, and the calls every one uses. */
export type CairnCore = {
    api: CairnApi;
    state: CairnState;
    setState: Dispatch<SetStateAction<CairnState>>;
    patch: (p: Partial<CairnState>) => void;
    showError: (message: string) => void;
    loadMessages: (conversationId: string) => Promise<void>;
    select: (id: string | null) => void;
    /** The person is choosing a conversation (New): the start-up's own choice, still on its way, is dropped. */
    keepChoice: () => void;
};
