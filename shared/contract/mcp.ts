// MCP servers: their status and tools, and what a server asks the person (forms, pages to open).
import {Type, type Static} from "@sinclair/typebox";
import {
    Cancelled,
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
    UploadChunk,
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

/** A setting a bundle asks for (its manifest's user_config), shown as a form field. */
export const BundleSetting = Type.Object(
    {
        key: Type.String(),
        title: Type.String(),
        description: Type.String(),
        type: oneOf(["string", "number", "boolean", "directory", "file"]),
        required: Type.Boolean(),
        /** A secret (an API key): typed unseen. */
        sensitive: Type.Boolean(),
        /** What is used when the field is left empty, as text. */
        default: nullable(Type.String()),
    },
    closed,
);

export type BundleSetting = Static<typeof BundleSetting>;

/** A bundle (.mcpb) sent by the window and read, waiting for its settings to be installed. */
export const McpBundle = Type.Object(
    {
        bundleId: Id,
        name: Type.String(),
        version: Type.String(),
        description: Type.String(),
        author: nullable(Type.String()),
        settings: Type.Array(BundleSetting),
    },
    closed,
);

export type McpBundle = Static<typeof McpBundle>;

/**
 * A server of the official MCP registry: what mcp.json would get to add it (null: it has neither an npm package
 * nor a remote address; the window adds it through mcp.add), the command that adds it from a terminal, and the
 * settings it asks for (its package's environment variables, given as the entry's env).
 */
export const RegistryServer = Type.Object(
    {
        name: Type.String(),
        /** The name it is added under in mcp.json (the registry name's last part). */
        local: Type.String(),
        version: Type.String(),
        description: Type.String(),
        entry: nullable(
            Type.Union([
                Type.Object({command: Type.String(), args: Type.Array(Type.String())}, closed),
                Type.Object({url: Type.String()}, closed),
            ]),
        ),
        add: nullable(Type.String()),
        settings: Type.Array(BundleSetting),
    },
    closed,
);

export type RegistryServer = Static<typeof RegistryServer>;

/** A bundle's or a registry server's settings as the person filled them in, by key. */
const SettingValues = Type.Record(Type.String({maxLength: 100}), Type.String({maxLength: 10_000}));

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
    /**
     * A bundle (.mcpb) from the window, which has its bytes but not its path (a drop, a file picker): sent in
     * chunks (begin, chunk…), read (open: its manifest and settings), then installed with the settings' values
     * (install), or given up (cancel). `cairn mcp add --file x.mcpb` reads a path directly.
     */
    "mcp.bundleBegin": call(
        req({
            name: Type.String({minLength: 1, maxLength: 255}),
            size: Type.Integer({minimum: 1, maximum: 200 * 1_048_576}),
        }),
        Type.Object({uploadId: Type.String()}, closed),
    ),
    "mcp.bundleChunk": call(UploadChunk, Type.Object({received: Type.Integer()}, closed)),
    "mcp.bundleOpen": call(req({uploadId: Id}), McpBundle),
    "mcp.bundleInstall": call(req({bundleId: Id, values: SettingValues}), McpStatus),
    "mcp.bundleCancel": call(req({bundleId: Id}), Cancelled),
    /** Servers of the official MCP registry matching `query` (all, newest first, when empty); offline, words. */
    "mcp.registry": call(req({query: Type.String({maxLength: 200})}), Type.Array(RegistryServer)),
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
