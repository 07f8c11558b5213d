// Models served elsewhere (providers.json) and the egress log of what was sent to them.
import {Type, type Static} from "@sinclair/typebox";
import {EGRESS_PURPOSES} from "../choices.js";
import {Count, Empty, Name, Timestamp, call, closed, nullable, oneOf, req} from "./base.js";

/** What serves a provider's model: any OpenAI-compatible server, or a cloud API in its own format. */
export const ProviderType = oneOf(["openai-compatible", "openai", "gemini", "anthropic"]);

export type ProviderType = Static<typeof ProviderType>;

/**
 * How a conversation with web access on searches the web with this provider: with Cairn's own
 * web_search ("cairn"), with the provider's own search ("provider"), or not at all ("none").
 */
export const ProviderWebSearch = oneOf(["cairn", "provider", "none"]);

export type ProviderWebSearch = Static<typeof ProviderWebSearch>;

/** A model served elsewhere, as providers.json names it; where its key comes from, never the key. */
export const ProviderInfo = Type.Object(
    {
        name: Type.String(),
        type: ProviderType,
        baseUrl: Type.String(),
        model: nullable(Type.String()),
        /** "env NAME", "file PATH" or "none". */
        key: Type.String(),
        webSearch: ProviderWebSearch,
    },
    closed,
);

export type ProviderInfo = Static<typeof ProviderInfo>;

/** One request Cairn sent off this computer: what for, where, sizes (never the content or a key). */
export const EgressEntry = Type.Object(
    {
        at: Timestamp,
        purpose: oneOf(EGRESS_PURPOSES),
        /** Which provider, search service, MCP server or model file. */
        detail: Type.String(),
        host: Type.String(),
        bytesSent: Count,
        bytesReceived: Count,
        status: nullable(Type.Integer()),
        conversationId: nullable(Type.String()),
    },
    closed,
);

export type EgressEntry = Static<typeof EgressEntry>;

/** The providers calls: each one's request and its result's value. */
export const providersCalls = {
    "providers.list": call(Empty, Type.Array(ProviderInfo)),
    /**
     * Adds or replaces a provider (Settings). `key` is kept only where the OS can encrypt it (the desktop
     * app); elsewhere name the variable that holds it (`keyEnv`).
     */
    "providers.add": call(
        req({
            name: Name,
            type: ProviderType,
            baseUrl: Type.Optional(Type.String({pattern: "^https?://", maxLength: 2000})),
            model: Type.Optional(Type.String({minLength: 1, maxLength: 200})),
            key: Type.Optional(Type.String({minLength: 1, maxLength: 1000})),
            keyEnv: Type.Optional(Type.String({pattern: "^[A-Za-z_][A-Za-z0-9_]*$", maxLength: 200})),
        }),
        Type.Array(ProviderInfo),
    ),
    "providers.remove": call(req({name: Name}), Type.Array(ProviderInfo)),
    /** Whether a key typed in Settings can be kept here, encrypted by the system (the desktop app). */
    "providers.canStoreKeys": call(Empty, Type.Boolean()),
    /** The models a provider's server lists (asked when the person opens the model picker; logged as egress). */
    "providers.models": call(req({name: Name}), Type.Array(Type.String())),
    /** Every request sent to a remote provider, newest first: when, where, how much, for which conversation. */
    /** Every request sent off this computer, newest first (the last 500): providers, web tools, downloads, MCP. */
    "network.egress": call(Empty, Type.Array(EgressEntry)),
};
