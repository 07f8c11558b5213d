// MCP servers: their status and tools, and what a server asks the person (forms, pages to open).
import {Type, type Static} from "@sinclair/typebox";
import {
    Empty,
    Id,
    JobStarted,
    Json,
    Name,
    Nothing,
    WordsValue,
    call,
    closed,
    nullable,
    oneOf,
    req,
} from "./base.js";

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
        /** The error's words, where Cairn wrote it, for the window to say in its language. */
        errorWords: nullable(WordsValue),
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

/**
 * A tool's result as an MCP App reads it: the text Cairn kept, its structured content, and whether it failed
 * (MCP's CallToolResult, text items only).
 */
export const McpAppResult = Type.Object(
    {
        content: Type.Array(Type.Object({type: Type.Literal("text"), text: Type.String()}, closed)),
        structuredContent: Type.Optional(Json),
        isError: Type.Optional(Type.Boolean()),
    },
    closed,
);

export type McpAppResult = Static<typeof McpAppResult>;

/** An MCP App to show for a tool call: its frame's one-time address, and what its call was given and gave. */
export const McpApp = Type.Object(
    {
        frame: Type.String(),
        server: Name,
        tool: Name,
        input: Json,
        result: McpAppResult,
    },
    closed,
);

export type McpApp = Static<typeof McpApp>;

/** The mcp calls: each one's request and its result's value. */
export const mcpCalls = {
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
    /** The MCP App a tool call's result is shown by: its page read from the server, offered to one frame. */
    "mcp.openApp": call(req({toolCallId: Id}), McpApp),
    /**
     * A call an app makes to a tool of its own server: run by the one runner under the conversation's
     * approvals, and added to the answer's trace.
     */
    "mcp.callFromApp": call(req({toolCallId: Id, name: Name, arguments: Json}), McpAppResult),
};
