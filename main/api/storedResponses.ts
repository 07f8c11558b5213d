// The Responses API's stored responses: a response is kept unless the request says `store: false` (30 days,
// store/apiResponses.ts), read back by GET /v1/responses/{id}, removed by DELETE, and continued from by a
// request's `previous_response_id`: its context (the earlier input and output items) comes before the new input.
import type {ApiResponseStore} from "../store/apiResponses.js";
import {ApiError} from "./errors.js";
import type {OutputItem, ResponsesRequest} from "./responses.js";

export type ResponseStore = Pick<ApiResponseStore, "save" | "get" | "delete">;

/** Output items a follow-up reads back as input: the answer's text and the client's function calls. */
const CONTINUED = new Set(["message", "function_call"]);

/** The request with the context of its previous_response_id before its own input; a 404 when it is not kept. */
export function continued(body: ResponsesRequest, store: ResponseStore): ResponsesRequest {
    const id = body.previous_response_id;
    if (!id) return body;
    const previous = store.get(id);
    if (!previous) throw notKept(id, "previous_response_id");
    return {...body, input: [...previous.context, ...itemsOf(body.input)]};
}

/** Keeps a finished response and the context a follow-up continues from, unless the request said store: false. */
export function keep(
    store: ResponseStore,
    body: ResponsesRequest,
    response: {id: string; created_at: number; output: OutputItem[]},
): void {
    if (body.store === false) return;
    const output = response.output.filter((item) => CONTINUED.has(item.type));
    store.save({
        id: response.id,
        createdAt: response.created_at * 1000,
        response,
        context: [...itemsOf(body.input), ...output],
    });
}

/**
 * GET or DELETE /v1/responses/{id}: the stored response, or that it was deleted; null for any other route.
 * A response that is not kept is a 404 saying why it may be gone.
 */
export function storedRoute(
    method: string | undefined,
    pathname: string,
    store: ResponseStore,
): {status: number; body: object} | null {
    const id = /^\/v1\/responses\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (!id || (method !== "GET" && method !== "DELETE")) return null;
    const key = decodeURIComponent(id);
    if (method === "DELETE") {
        if (!store.delete(key)) throw notKept(key, null);
        return {status: 200, body: {id: key, object: "response", deleted: true}};
    }
    const stored = store.get(key);
    if (!stored) throw notKept(key, null);
    return {status: 200, body: stored.response};
}

function itemsOf(input: ResponsesRequest["input"]): Record<string, unknown>[] {
    return typeof input === "string" ? [{role: "user", content: input}] : input;
}

function notKept(id: string, param: string | null): ApiError {
    return new ApiError(
        404,
        `no stored response ${id}: it was made with store: false, deleted, or is over 30 days old (Cairn keeps responses 30 days)`,
        "invalid_request_error",
        param,
        param ? "previous_response_not_found" : "not_found",
    );
}
