// Tool calls and their trace: statuses, approvals, grants, sources and citations, each tool's budget and use, archived pages.
import {Type, type Static} from "@sinclair/typebox";
import {
    Count,
    Empty,
    Id,
    Json,
    Name,
    Nothing,
    SideEffect,
    Timestamp,
    ToolPolicy,
    call,
    closed,
    nullable,
    oneOf,
    req,
    WordsValue,
} from "./base.js";

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
        decidedBy: nullable(oneOf(["user", "policy", "cli", "expiry"])),
        resultText: nullable(Type.String()),
        resultData: Type.Unknown(),
        error: nullable(Type.String()),
        /** The error's words (shared/coreWords.ts), said in the window's language; the model reads `error`. */
        errorWords: Type.Optional(WordsValue),
        origin: oneOf(["model", "client"]),
        startedAt: Timestamp,
        finishedAt: nullable(Timestamp),
        /** How long it waited for the person's answer to its approval (its run's time is the rest). */
        waitedMs: Type.Optional(Type.Integer({minimum: 0})),
        /** The composite tool's call this one ran inside (a step of it), shown nested in the trace. */
        parentId: Type.Optional(Type.String()),
    },
    closed,
);

export type ToolCallRecord = Static<typeof ToolCallRecord>;

export const SourceKind = oneOf(["url", "document", "tool"]);

export type SourceKind = Static<typeof SourceKind>;

export const sourceFields = {
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
        /** The MCP server whose app asks for this call (a button in the app's frame), not the model. */
        askedByApp: Type.Optional(Type.String()),
        /** What a file write will change, as a unified diff. */
        preview: Type.Optional(Type.Object({path: Type.String(), diff: Type.String()}, closed)),
    },
    closed,
);

export type ApprovalRequest = Static<typeof ApprovalRequest>;

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

/** A page web_fetch read, kept so that its citations open offline. */
export const ArchivedPage = Type.Object(
    {id: Type.String(), url: Type.String(), title: Type.String(), text: Type.String(), fetchedAt: Timestamp},
    closed,
);

export type ArchivedPage = Static<typeof ArchivedPage>;

/** The tools calls: each one's request and its result's value. */
export const toolsCalls = {
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
    "tools.decide": call(
        req({approvalId: Id, decision: ApprovalDecision, args: Type.Optional(Json)}),
        Nothing,
    ),
    "tools.listPending": call(Empty, Type.Array(ApprovalRequest)),
    "tools.setPolicy": call(req({tool: Name, policy: nullable(ToolPolicy)}), Type.Array(ToolInfo)),
    /** Pins a tool (offered in every step) or unpins it. */
    "tools.setPinned": call(req({tool: Name, pinned: Type.Boolean()}), Type.Array(ToolInfo)),
    "archive.get": call(req({id: Id}), ArchivedPage),
    "grants.list": call(Empty, Type.Array(Grant)),
    "grants.revoke": call(
        req({tool: Name, conversationId: nullable(Type.String())}),
        Type.Object({revoked: Type.Boolean()}, closed),
    ),
};
