// Every event the core emits to its clients.
import {Type, type Static} from "@sinclair/typebox";
import {Count, WordsValue, closed, nullable} from "./base.js";
import {Conversation, Message, QueuedMessage, TurnState} from "./conversations.js";
import {ApprovalRequest, ToolCallRecord} from "./tools.js";
import {Plan} from "./plans.js";
import {ResearchRun} from "./research.js";
import {DownloadProgress, EngineBuildStatus, EngineStatus, ProbeProgress} from "./models.js";
import {McpAsk} from "./mcp.js";
import {IngestProgress} from "./documents.js";
import {AutomationRun} from "./automations.js";
import {TodoList} from "./todos.js";

export const event = <T extends string, F extends Parameters<typeof Type.Object>[0]>(type: T, fields: F) =>
    Type.Object({type: Type.Literal(type), ...fields}, closed);

/** Every event the core emits. */
export const AppEvent = Type.Union([
    event("chat.token", {conversationId: Type.String(), messageId: Type.String(), text: Type.String()}),
    /** Part of what a model thinks before it answers (a thought segment), as it is written. */
    event("chat.thought", {conversationId: Type.String(), messageId: Type.String(), text: Type.String()}),
    event("chat.done", {conversationId: Type.String(), message: Message}),
    event("chat.error", {
        conversationId: Type.String(),
        messageId: Type.String(),
        message: Type.String(),
        /** The message's words, for the window to say in its language (absent: English only). */
        words: Type.Optional(WordsValue),
    }),
    event("conversation.updated", {conversation: Conversation}),
    event("conversation.deleted", {conversationId: Type.String()}),
    /** The messages waiting in a conversation changed (queued, steering, sent, removed). */
    event("chat.queue", {conversationId: Type.String(), queue: Type.Array(QueuedMessage)}),
    /** A conversation's task list changed (the todo tool, or the person's edit). */
    event("todos.changed", {conversationId: Type.String(), items: TodoList}),
    /** Earlier turns were condensed: the message that now carries the summary. */
    event("conversation.compacted", {conversationId: Type.String(), message: Message}),
    event("assistants.changed", {}),
    event("projects.changed", {}),
    event("engine.status", {status: EngineStatus}),
    /** Cairn's engine for this CPU: a background build's progress, its end, or why it cannot run. */
    event("engine.build", {build: EngineBuildStatus}),
    /** Offline mode switched on or off (in any window, or the CLI's settings). */
    event("network.offline", {on: Type.Boolean()}),
    event("models.download", {progress: DownloadProgress}),
    event("models.changed", {}),
    /** A tool-use test's progress, and its end with the score (models.probe). */
    event("probe.progress", {progress: ProbeProgress}),
    event("mcp.changed", {}),
    /** An automation was added, changed, paused or removed, or its next run moved. */
    event("automations.changed", {}),
    /** A run started, waits for an approval, or ended (the desktop says so; the window shows a badge). */
    event("automations.run", {name: Type.String(), run: AutomationRun}),
    /** A backup being written: the share done, or null once it is over. */
    event("backups.progress", {share: nullable(Type.Number({minimum: 0, maximum: 1}))}),
    /** An import under way: the file, the share of it read, the conversations in so far; null share: over. */
    event("imports.progress", {
        file: Type.String(),
        share: nullable(Type.Number({minimum: 0, maximum: 1})),
        imported: Count,
    }),
    /** A recording being transcribed (dictation): the share heard so far, or null once it is over. */
    event("speech.progress", {share: nullable(Type.Number({minimum: 0, maximum: 1}))}),
    event("mcp.asked", {ask: McpAsk}),
    event("mcp.askSettled", {askId: Type.String()}),
    event("docs.progress", {progress: IngestProgress}),
    event("tool.request", {correlationId: Type.String(), call: ToolCallRecord}),
    event("tool.result", {correlationId: Type.String(), call: ToolCallRecord}),
    /** More of a tool call as the model writes it (before it is complete and runs): its name and an arguments delta. */
    /** A plan was proposed, or one of its steps changed status. */
    event("plan.updated", {conversationId: Type.String(), messageId: Type.String(), plan: Plan}),
    /** A research run's plan, state or progress changed (each step saved). */
    event("research.updated", {conversationId: Type.String(), messageId: Type.String(), run: ResearchRun}),
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
