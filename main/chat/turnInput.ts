// What a turn is given: the tool services it calls through, its dependencies, and what one answer is asked.

import type {ChatHistoryItem} from "node-llama-cpp";
import type {
    Conversation,
    GenerationSettings,
    Message,
    PlanStep,
    PreflightCall,
    ResearchBudget,
    ToolChoice,
    ToolMode,
} from "../../shared/contract.js";
import type {EventBus} from "../events.js";
import type {StepEngine} from "../llm/engine/engine.js";
import type {HistoryImage} from "../llm/stepTypes.js";
import type {CitationStore} from "../store/citations.js";
import type {ConversationStore} from "../store/conversations.js";
import type {Approver} from "../tools/approvals.js";
import type {ToolRegistry} from "../tools/registry.js";
import {type ToolChooser} from "../tools/selection.js";
import type {ToolTelemetry} from "../store/toolTelemetry.js";
import type {ToolRunner} from "../tools/runner.js";
import type {TurnCompaction} from "./compactor.js";
import type {ResearchStore} from "../store/research.js";
import type {TodoAccess} from "../tools/builtin/todo.js";
import type {ResearchContext} from "../research/run.js";

export type ToolServices = {
    registry: ToolRegistry;
    runner: ToolRunner;
    approver: Approver;
    /** Counts the tools each step offers (Settings' tool use table). */
    telemetry?: ToolTelemetry;
    /** Chooses each step's tools under the context's budget (tool search). */
    chooser: ToolChooser;
    /**
     * Calls Cairn makes itself before a question is answered (memory: recall what matches, or remember
     * what the person asked to be remembered); the answer cites what they found.
     */
    autoCalls?: (conversation: Conversation, text: string) => PreflightCall[];
    /** Tools always offered in a conversation besides the pinned ones (its assistant's). */
    pinnedFor?: (conversationId: string) => readonly string[];
    /** What research runs keep (their steps) and read offline (the page archive). */
    research?: {
        steps: ResearchStore;
        archive: ResearchContext["archive"];
        passage?: ResearchContext["passage"];
        todos?: TodoAccess;
    };
};

/** Research work an answer does: write the plan (and run it at once with `start`), or run the plan it holds. */
export type ResearchWork =
    | {make: {question: string; offline: boolean; budget: ResearchBudget; start: boolean}}
    | {run: true; cancelled: () => boolean};

export type TurnDeps = {
    store: ConversationStore;
    engine: StepEngine;
    bus: EventBus;
    tools: ToolServices;
    citations: CitationStore;
};

/** What one answer is asked: its message, the history before it, the tool choice and preflight calls. */
export type TurnInput = {
    answer: Message;
    history: ChatHistoryItem[];
    choice: ToolChoice;
    preflight: PreflightCall[];
    mode: ToolMode;
    webAccess: boolean;
    /** Tools and MCP servers switched off in this conversation. */
    toolsOff: string[];
    generation: GenerationSettings;
    signal: AbortSignal;
    /** Plan mode: write a plan and stop there (the person reads and edits it), or run a plan's steps. */
    plan?: {make: {maxSteps: number}} | {run: PlanStep[]};
    /** Research mode: write a research plan (and run it), or run the plan the answer holds. */
    research?: ResearchWork;
    /** Steps with tools before the model must answer, when fewer than tools.yaml's (an automation's budget). */
    maxSteps?: number;
    /** Whether the person steered: the answer ends after the calls it is running (their message is next). */
    steered?: () => boolean;
    /** Folds older turns into a summary before the first step, when the prompt would not fit otherwise. */
    compaction?: TurnCompaction;
    /** A kept image as the model reads it; absent where the model cannot see (it reads a note instead). */
    image?: (id: string) => HistoryImage | null;
};
