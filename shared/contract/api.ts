// The local OpenAI-compatible API: on or off, where, its key.
import {Type, type Static} from "@sinclair/typebox";
import {Empty, call, closed, nullable, req} from "./base.js";

/** The local OpenAI-compatible API: on or off, where it listens, the key clients send. */
export const ApiStatus = Type.Object(
    {
        enabled: Type.Boolean(),
        /** Where it listens now; null when it is not running. */
        url: nullable(Type.String()),
        key: Type.String(),
        corsOrigins: Type.Array(Type.String()),
        /** Why it is not running although enabled (a port in use, say). */
        error: nullable(Type.String()),
    },
    closed,
);

export type ApiStatus = Static<typeof ApiStatus>;

/** The api calls: each one's request and its result's value. */
export const apiCalls = {
    "api.getStatus": call(Empty, ApiStatus),
    "api.setEnabled": call(req({enabled: Type.Boolean()}), ApiStatus),
    "api.regenerateKey": call(Empty, ApiStatus),
    "api.setCorsOrigins": call(
        req({
            origins: Type.Array(Type.String({pattern: "^https?://[^/\\s]+$", maxLength: 200}), {
                maxItems: 20,
            }),
        }),
        ApiStatus,
    ),
};
