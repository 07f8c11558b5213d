// The Responses API's stored responses: a response is kept unless the request says `store: false` (30 days,
// store/apiResponses.ts), read back by GET /v1/responses/{id} (its input items by .../input_items), removed by
// DELETE, and continued from by a request's `previous_response_id`: its context (the earlier input and output
// items) comes before the new input.
import type {ApiResponseStore, StoredResponse} from "../store/apiResponses.js";
import {fieldOf} from "../../shared/json.js";
import {ApiError, invalid} from "./errors.js";
import {itemId} from "./responseItems.js";
import type {OutputItem, ResponsesRequest} from "./responses.js";

export type ResponseStore = Pick<ApiResponseStore, "save" | "get" | "delete">;

/** How an input item's id begins, by its type, as OpenAI's do (responseItems.ts's itemId makes it). */
const ID_PREFIXES: Record<string, string> = {
    message: "msg",
    function_call: "fc",
    function_call_output: "fco",
};

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
        context: [...itemsOf(body.input).map(withId), ...output],
    });
}

/** An input item as listed: its type said, and an id of its own (as OpenAI gives each one). */
function withId(item: Record<string, unknown>): Record<string, unknown> {
    const type = typeof item.type === "string" ? item.type : "message";
    if (typeof item.id === "string") return {...item, type};
    const prefix = ID_PREFIXES[type] ?? "item";
    return {id: itemId(prefix), ...item, type};
}

/**
 * GET or DELETE /v1/responses/{id}: the stored response, or that it was deleted; GET /v1/responses/{id}/input_items:
 * what the model was given, a page at a time. Null for any other route. A response that is not kept is a
 * 404 saying why it may be gone.
 */
export function storedRoute(
    method: string | undefined,
    url: URL,
    store: ResponseStore,
): {status: number; body: object} | null {
    const [, id, rest] = /^\/v1\/responses\/([^/]+)(\/input_items)?\/?$/.exec(url.pathname) ?? [];
    if (!id || (method !== "GET" && method !== "DELETE") || (rest && method !== "GET")) return null;
    const key = decodeURIComponent(id);
    if (method === "DELETE") {
        if (!store.delete(key)) throw notKept(key, null);
        return {status: 200, body: {id: key, object: "response", deleted: true}};
    }
    const stored = store.get(key);
    if (!stored) throw notKept(key, null);
    return {status: 200, body: rest ? inputItemsPage(stored, url.searchParams) : stored.response};
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

/**
 * A page of a response's input items (its context without its own output), newest first unless `order=asc`;
 * `limit` (1 to 100, 20 by default) and `after` (an item's id) as OpenAI's cursor pages take them.
 */
function inputItemsPage(stored: StoredResponse, query: URLSearchParams) {
    const own = new Set(outputIds(stored.response));
    const items = stored.context.filter((item) => !own.has(String(item.id)));
    const order = query.get("order") ?? "desc";
    if (order !== "asc" && order !== "desc")
        throw invalid(`order: "asc" or "desc", not ${JSON.stringify(order)}`, "order");
    const limit = Number(query.get("limit") ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw invalid("limit: a whole number from 1 to 100", "limit");
    const ordered = order === "desc" ? [...items].reverse() : items;
    const after = query.get("after");
    const start = after === null ? 0 : ordered.findIndex((item) => item.id === after) + 1;
    if (after !== null && start === 0)
        throw invalid(`after: no input item ${after} in ${stored.id}`, "after");
    const data = ordered.slice(start, start + limit);
    return {
        object: "list",
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: start + limit < ordered.length,
    };
}

function outputIds(response: Record<string, unknown>): string[] {
    const output: unknown = response.output;
    return Array.isArray(output) ? output.map((item: unknown) => String(fieldOf(item, "id"))) : [];
}
