// Conversations and their messages: generation settings, answers and their stats, sending, versions, plans run, search and export.
import {Type, type Static} from "@sinclair/typebox";
import {
    Count,
    FilePath,
    Id,
    Json,
    MessageRole,
    MessageStatus,
    Name,
    Nothing,
    Timestamp,
    Title,
    ToolChoice,
    ToolMode,
    call,
    closed,
    nullable,
    oneOf,
    req,
    WordsValue,
} from "./base.js";
import {Citation, ToolCallRecord} from "./tools.js";
import {Plan, PlanStepInput} from "./plans.js";
import {ResearchRequest, ResearchRun} from "./research.js";
import {ATTACHMENT_LIMITS, Attachment, AttachmentId, AttachmentMime} from "./attachments.js";

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

export const PartialGeneration = Type.Partial(GenerationSettings, closed);

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
        /** Kept at the top of the list. */
        pinned: Type.Boolean(),
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
        /** The automation whose run this conversation is (absent: the person's own). */
        automationId: Type.Optional(Type.String()),
        /**
         * Nothing was sent here yet and it has no name of its own: the window lists it only while it is open,
         * New conversation opens it again instead of making another, and Cairn removes it a day after it was left.
         */
        draft: Type.Optional(Type.Literal(true)),
        createdAt: Timestamp,
        updatedAt: Timestamp,
    },
    closed,
);

export type Conversation = Static<typeof Conversation>;

export const turnStatsFields = {
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
    /** Speculative decoding: tokens guessed ahead and checked by the model (absent: none were). */
    draftedTokens: Type.Optional(Count),
    /** Of those, the tokens the answer kept. */
    acceptedTokens: Type.Optional(Count),
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
    /** Earlier turns are being condensed into a summary before the answer (compaction). */
    "SUMMARIZING",
]);

export type TurnState = Static<typeof TurnState>;

/**
 * The conversation up to a message, condensed (compaction): what a model reads in place of those messages,
 * which are kept as they were (shown, searchable, exported).
 */
export const TurnsSummary = Type.Object(
    {
        text: Type.String({maxLength: 200_000}),
        /** How many messages it stands for, the one it is kept with included. */
        covers: Count,
        /** auto: the conversation neared the model's context; manual: Compact now. */
        origin: oneOf(["auto", "manual"]),
        /** The model that wrote it (null: none could; the person's words were kept instead). */
        model: nullable(Type.String()),
        createdAt: Timestamp,
    },
    closed,
);

export type TurnsSummary = Static<typeof TurnsSummary>;

export const messageFields = {
    id: Type.String(),
    conversationId: Type.String(),
    role: MessageRole,
    content: Type.String(),
    status: MessageStatus,
    model: nullable(Type.String()),
    stats: nullable(TurnStats),
    error: nullable(Type.String()),
    /** The error's words (an answer that failed in the core's words), for the window to say in its language. */
    errorWords: Type.Optional(WordsValue),
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
    /** Research mode: the run this answer is the report of, its plan, budget and progress. */
    research: Type.Optional(ResearchRun),
    /** Images sent with the message, in order (absent: none). */
    attachments: Type.Optional(Type.Array(Attachment, {maxItems: ATTACHMENT_LIMITS.perMessage})),
    /** The conversation up to here, condensed: a model reads it in place of this message and those before. */
    summary: Type.Optional(TurnsSummary),
};

/** A message on the conversation's current branch, with the ids of its versions (itself included, oldest first). */
export const Message = Type.Object({...messageFields, versions: Type.Array(Type.String())}, closed);

export type Message = Static<typeof Message>;

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
        /** Research this question: a plan of questions first, then searches, reads and a cited report. */
        research: Type.Optional(ResearchRequest),
        /** Images for the model to see, kept with the question (attachments.finish's ids), in order. */
        attachments: Type.Optional(
            Type.Array(AttachmentId, {
                minItems: 1,
                maxItems: ATTACHMENT_LIMITS.perMessage,
                uniqueItems: true,
            }),
        ),
    },
    closed,
);

export type SendRequest = Static<typeof SendRequest>;

/**
 * A message written while an answer runs: sent once the answer ends (queued), or taken in at the answer's next
 * step (steer: the answer ends once the calls it is running are done, and the next answer, to this message,
 * reads them).
 */
export const QueuedMessage = Type.Object(
    {
        id: Type.String(),
        text: Type.String(),
        steer: Type.Boolean(),
        createdAt: Timestamp,
        /** Why it could not be sent when its turn came (it stays until removed). */
        error: Type.Optional(Type.String()),
        errorWords: Type.Optional(WordsValue),
    },
    closed,
);

export type QueuedMessage = Static<typeof QueuedMessage>;

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
export const ExportedMessage = Type.Object(
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

/** An image of an exported conversation: the kept copy's type and its bytes in base64. */
export const ExportedImage = Type.Object(
    {
        mime: AttachmentMime,
        data: Type.String({maxLength: Math.ceil(ATTACHMENT_LIMITS.maxBytes / 3) * 4}),
    },
    closed,
);

export type ExportedImage = Static<typeof ExportedImage>;

/** A conversation as a file: everything, to keep or to import (conversations.export / .import). */
export const ExportedConversation = Type.Object(
    {
        format: Type.Literal("cairn.conversation"),
        /**
         * 1: the current branch only, in order; 2: every version, each with its parentId; 3: version 2 with
         * the pixels of its messages' images (`images`).
         */
        version: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
        exportedAt: Timestamp,
        conversation: Conversation,
        messages: Type.Array(ExportedMessage, {maxItems: 10_000}),
        /** The last message of the branch shown (version 2). */
        headId: Type.Optional(nullable(Type.String())),
        /**
         * Version 3: each image its messages show, by the id their `attachments` name. Checked again on import
         * (decoded, metadata stripped, downscaled), as a file attached by hand is.
         */
        images: Type.Optional(Type.Record(AttachmentId, ExportedImage)),
    },
    closed,
);

export type ExportedConversation = Static<typeof ExportedConversation>;

/** The conversations calls: each one's request and its result's value. */
export const conversationsCalls = {
    /**
     * Every conversation, last active first; `limit`: only the first ones, pinned first (what a window shows
     * at once, before the rest).
     */
    "conversations.list": call(
        req({limit: Type.Optional(Type.Integer({minimum: 1, maximum: 100_000}))}),
        Type.Array(Conversation),
    ),
    /** One conversation, as the list gives it. */
    "conversations.get": call(req({id: Id}), Conversation),
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
    "conversations.setIncognito": call(req({id: Id, incognito: Type.Boolean()}), Conversation),
    "conversations.setPinned": call(req({id: Id, pinned: Type.Boolean()}), Conversation),
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
    "messages.list": call(req({conversationId: Id}), Type.Array(Message)),
    /**
     * Compact now: the shown branch's turns before the newest exchange condensed into a summary the model
     * reads in their place (the messages stay); how many messages it stands for.
     */
    "conversations.compact": call(req({id: Id}), Type.Object({covers: Count}, closed)),
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
     * A message written while an answer runs (QueuedMessage): queued (the default), or steering the answer;
     * sent at once when no answer runs (queuedId null then).
     */
    "chat.queue": call(
        req({
            conversationId: Id,
            text: Type.String({minLength: 1, maxLength: MAX_MESSAGE_CHARS}),
            steer: Type.Optional(Type.Boolean()),
        }),
        Type.Object({queuedId: nullable(Type.String())}, closed),
    ),
    /** Takes a message out of the queue before it is sent. */
    "chat.unqueue": call(
        req({conversationId: Id, queuedId: Type.String({minLength: 1, maxLength: 100})}),
        Type.Object({removed: Type.Boolean()}, closed),
    ),
    /** The messages waiting in a conversation, oldest first. */
    "chat.queued": call(req({conversationId: Id}), Type.Array(QueuedMessage)),
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
    /** off: tool names and "mcp:<server>" sources not offered in this conversation. */
    "conversations.setWorkspace": call(req({id: Id, path: nullable(FilePath)}), Conversation),
    "conversations.setTools": call(
        req({id: Id, off: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 2000})}),
        Conversation,
    ),
};
