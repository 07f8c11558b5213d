import type http from "node:http";
import {randomBytes} from "node:crypto";
import type {ApiCitation, Step} from "./cairnTools.js";
import type {ChatOutcome, ChatSink} from "./chat.js";
import {ApiError} from "./errors.js";
import {fieldOf} from "../../shared/json.js";
import {responseObject, type NamespacedNames, type OutputItem, type ResponsesRequest} from "./responses.js";
import {eventStreamHeaders} from "./sse.js";
import type {ServerTiming} from "./timing.js";

/** The item being written now: a message's text, a reasoning item's text, or a function call's arguments. */
type Open =
    | {kind: "message" | "reasoning"; index: number; text: string}
    | {kind: "function_call"; index: number; call: number; text: string};

/**
 * A response's output items, in the order the model and Cairn's tools made them: reasoning, text (a message
 * item), the client's function calls, and Cairn's own tool calls (web_search_call, file_search_call, or
 * cairn:tool_call, an extension item). Fed as the completion runs; with `stream` it also writes each item's
 * Open Responses events as it grows (response.created ... response.completed).
 */
export class ResponseItems implements ChatSink {
    readonly id = `resp_${randomBytes(12).toString("hex")}`;
    started = false;
    private readonly items: OutputItem[] = [];
    private open: Open | null = null;
    private sequence = 0;
    private readonly createdAt = Math.floor(Date.now() / 1000);

    constructor(
        readonly body: ResponsesRequest,
        /** Functions of a namespace tool: the model's name for each → its name and namespace. */
        private readonly names: NamespacedNames,
        private readonly model: string,
        private readonly stream: {res: http.ServerResponse; timing: ServerTiming} | null,
    ) {}

    text(chunk: string): void {
        if (chunk) this.grow("message", chunk);
    }

    thought(chunk: string): void {
        if (chunk) this.grow("reasoning", chunk);
    }

    call(index: number, start: {id: string; name: string} | null, argumentsChunk: string): void {
        if (start) {
            this.close();
            const named = this.names.get(start.name);
            const item = {
                type: "function_call",
                id: itemId("fc"),
                call_id: start.id,
                name: named?.name ?? start.name,
                ...(named ? {namespace: named.namespace} : {}),
                arguments: "",
                status: "in_progress",
            };
            this.open = {kind: "function_call", index: this.add(item), call: index, text: ""};
        }
        const open = this.open;
        if (!argumentsChunk || open?.kind !== "function_call" || open.call !== index) return;
        open.text += argumentsChunk;
        this.event("response.function_call_arguments.delta", {
            item_id: this.items[open.index]!.id,
            output_index: open.index,
            delta: argumentsChunk,
        });
    }

    /** A Cairn tool call, done: one item, added and done at once. */
    step(step: Step): void {
        this.close();
        const item = stepItem(step);
        const index = this.add(item);
        this.event("response.output_item.done", {output_index: index, item});
    }

    /**
     * The last item closed with what the outcome settles (the calls' arguments as checked, the citations as
     * annotations); the whole response, sent as JSON or as the stream's last event.
     */
    finish(outcome: ChatOutcome): ReturnType<typeof responseObject> {
        this.close(outcome);
        const response = responseObject(this.id, this.body, this.model, this.items, outcome, this.createdAt);
        if (this.stream) {
            this.opened();
            const type = response.status === "incomplete" ? "response.incomplete" : "response.completed";
            this.event(type, {response});
            this.stream.res.end();
        }
        return response;
    }

    /** An error after the stream began: response.failed with the error in words, then the stream ends. */
    fail(error: unknown): void {
        const apiError = error instanceof ApiError ? error : new ApiError(500, String(error), "server_error");
        const failed = {
            ...responseObject(this.id, this.body, this.model, this.items, null, this.createdAt),
            status: "failed",
            error: {code: apiError.code ?? "server_error", message: apiError.message},
        };
        this.event("response.failed", {response: failed});
        this.stream?.res.end();
    }

    /** More text of a message or reasoning item: the open one grows, or a new one opens. */
    private grow(kind: "message" | "reasoning", chunk: string): void {
        if (this.open?.kind !== kind) {
            this.close();
            const item =
                kind === "message"
                    ? {
                          type: "message",
                          id: itemId("msg"),
                          status: "in_progress",
                          role: "assistant",
                          content: [],
                      }
                    : {type: "reasoning", id: itemId("rs"), summary: [], content: []};
            const index = this.add(item);
            this.open = {kind, index, text: ""};
            this.event("response.content_part.added", {
                item_id: item.id,
                output_index: index,
                content_index: 0,
                part: kind === "message" ? outputText("", []) : {type: "reasoning_text", text: ""},
            });
        }
        const open = this.open;
        open.text += chunk;
        const delta = kind === "message" ? "response.output_text.delta" : "response.reasoning_text.delta";
        this.event(delta, {
            item_id: this.items[open.index]!.id,
            output_index: open.index,
            content_index: 0,
            delta: chunk,
            ...(kind === "message" ? {logprobs: []} : {}),
        });
    }

    private add(item: OutputItem): number {
        const index = this.items.push(item) - 1;
        this.event("response.output_item.added", {output_index: index, item});
        return index;
    }

    /** The open item's last events and its final form; `outcome` settles calls and citations at the end. */
    private close(outcome?: ChatOutcome): void {
        const open = this.open;
        if (!open) return;
        this.open = null;
        const item = this.items[open.index]!;
        const at = {item_id: item.id, output_index: open.index};
        if (open.kind === "function_call") {
            const settled = outcome?.toolCalls.find((c) => c.id === item.call_id)?.function.arguments;
            const done = {...item, arguments: settled ?? open.text, status: "completed"};
            this.items[open.index] = done;
            this.event("response.function_call_arguments.done", {
                ...at,
                name: item.name,
                arguments: done.arguments,
            });
            return void this.event("response.output_item.done", {output_index: open.index, item: done});
        }
        const part =
            open.kind === "message"
                ? outputText(open.text, annotations(open.text, outcome?.citations ?? []))
                : {type: "reasoning_text", text: open.text};
        const done = {...item, content: [part], ...(open.kind === "message" ? {status: "completed"} : {})};
        this.items[open.index] = done;
        const textDone =
            open.kind === "message" ? "response.output_text.done" : "response.reasoning_text.done";
        this.event(textDone, {
            ...at,
            content_index: 0,
            text: open.text,
            ...(open.kind === "message" ? {logprobs: []} : {}),
        });
        this.event("response.content_part.done", {...at, content_index: 0, part});
        this.event("response.output_item.done", {output_index: open.index, item: done});
    }

    /**
     * The stream's first events, the response as it starts: sent as soon as the request is taken, as OpenAI
     * does, so that a client sees it begin while a long prompt is read.
     */
    opened(): void {
        if (this.started || !this.stream) return;
        this.started = true;
        this.stream.res.writeHead(200, eventStreamHeaders(this.stream.timing));
        const response = responseObject(this.id, this.body, this.model, [], null, this.createdAt);
        this.write("response.created", {response});
        this.write("response.in_progress", {response});
    }

    private event(type: string, data: Record<string, unknown>): void {
        if (!this.stream) return;
        this.opened();
        this.write(type, data);
    }

    private write(type: string, data: Record<string, unknown>): void {
        const event = {type, sequence_number: this.sequence++, ...data};
        this.stream!.res.write(`event: ${type}\ndata: ${JSON.stringify(event)}\n\n`);
    }
}

/** An item's id: its type's prefix and 24 random hex digits, as OpenAI's. */
export function itemId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString("hex")}`;
}

function outputText(text: string, notes: Record<string, unknown>[]) {
    return {type: "output_text", text, annotations: notes, logprobs: []};
}

/** Each [n] in the text that cites a web page, as a url_citation over the marker. */
export function annotations(text: string, citations: ApiCitation[]): Record<string, unknown>[] {
    if (citations.length === 0) return [];
    const byNumber = new Map(citations.map((c) => [c.number, c]));
    return [...text.matchAll(/\[(\d+)\]/g)].flatMap((match) => {
        const cited = byNumber.get(Number(match[1]));
        if (!cited?.url) return [];
        const start = match.index;
        return [
            {
                type: "url_citation",
                url: cited.url,
                title: cited.title,
                start_index: start,
                end_index: start + match[0].length,
            },
        ];
    });
}

/**
 * A Cairn tool call as an output item: web_search and rag_search as the hosted tools' items they stand for;
 * any other as cairn:tool_call (Open Responses' extension items carry their implementer's prefix).
 */
export function stepItem(step: Step): OutputItem {
    const status = step.status === "ok" ? "completed" : "failed";
    const asked = fieldOf(step.args, "query");
    const query = typeof asked === "string" ? asked : "";
    if (step.tool === "web_search")
        return {
            type: "web_search_call",
            id: itemId("ws"),
            status,
            action: {type: "search", query: query},
        };
    if (step.tool === "rag_search")
        return {
            type: "file_search_call",
            id: itemId("fs"),
            status,
            queries: [query],
            results: null,
        };
    return {
        type: "cairn:tool_call",
        id: itemId("ct"),
        status,
        name: step.tool,
        arguments: JSON.stringify(step.args ?? {}),
        output: step.result,
        error: step.error,
        duration_ms: step.duration_ms,
    };
}
