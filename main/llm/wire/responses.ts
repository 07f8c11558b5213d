import type {ModelFunction, StepRequest} from "../stepTypes.js";
import {dataUrl, idsOf, toMessages} from "./chatCompletions.js";
import {nativeWeb, StreamError, type StreamSink, type Wire} from "./wire.js";

type OutputItem = {
    type?: string;
    id?: string;
    name?: string;
    arguments?: string;
    action?: {type?: string; query?: string; url?: string};
};
type Usage = {
    input_tokens?: number;
    output_tokens?: number;
    input_tokens_details?: {cached_tokens?: number};
    output_tokens_details?: {reasoning_tokens?: number};
};
type StreamEvent = {
    type?: string;
    delta?: string;
    output_index?: number;
    item?: OutputItem;
    annotation?: {type?: string; url?: string; title?: string};
    response?: {usage?: Usage; incomplete_details?: {reason?: string}; error?: {message?: string}};
    message?: string;
};

/** OpenAI's Responses API, with its own web search in place of Cairn's when web access is on. */
export const responses: Wire = {
    path: () => "/responses",
    headers: (apiKey): Record<string, string> => (apiKey ? {Authorization: `Bearer ${apiKey}`} : {}),
    body: requestBody,
    reader: (_req, sink) => {
        // A call's place in the step, by its place in the stream.
        const calls = new Map<number, number>();
        const searches = new Map<string, string>();
        let lastSearch: string | null = null;
        return (payload) => {
            const event = payload as StreamEvent;
            switch (event.type ?? "") {
                case "response.output_text.delta":
                    return sink.text(event.delta ?? "");
                case "response.reasoning_summary_text.delta":
                    return sink.thought(event.delta ?? "");
                case "response.output_item.added":
                    if (event.item?.type === "function_call") {
                        const call = calls.size;
                        calls.set(event.output_index ?? call, call);
                        sink.callPart(call, event.item.name ?? "", event.item.arguments ?? "");
                    } else if (event.item?.type === "web_search_call" && sink.hosted) {
                        lastSearch = sink.hosted.started("web_search", {});
                        searches.set(event.item.id ?? "", lastSearch);
                    }
                    return;
                case "response.function_call_arguments.delta": {
                    const call = calls.get(event.output_index ?? -1);
                    if (call !== undefined) sink.callPart(call, "", event.delta ?? "");
                    return;
                }
                case "response.output_item.done":
                    if (event.item?.type === "web_search_call") finishSearch(event.item, searches, sink);
                    return;
                case "response.output_text.annotation.added":
                    if (event.annotation?.type === "url_citation" && event.annotation.url && sink.hosted) {
                        lastSearch ??= sink.hosted.started("web_search", {});
                        const {url, title} = event.annotation;
                        sink.text(` [${sink.hosted.cite(lastSearch, {url, title: title || url})}]`);
                    }
                    return;
                case "response.completed":
                case "response.incomplete":
                    usageOf(event.response?.usage, sink);
                    return sink.finish(event.response?.incomplete_details?.reason ?? "stop");
                case "response.failed":
                    throw new StreamError(event.response?.error?.message ?? "the response failed");
                case "error":
                    throw new StreamError(event.message ?? "the stream reported an error");
                default:
                    // Other events (pings, item and part boundaries) carry nothing a step needs.
                    return;
            }
        };
    },
    models: {path: "/models", ids: idsOf},
};

function finishSearch(item: OutputItem, searches: Map<string, string>, sink: StreamSink): void {
    const id = searches.get(item.id ?? "");
    if (!id || !sink.hosted) return;
    const query = item.action?.query;
    const args = query ? {query} : item.action?.url ? {url: item.action.url} : {};
    sink.hosted.finished(id, query ? `searched the web for "${query}"` : "searched the web", args);
}

function usageOf(usage: Usage | undefined, sink: StreamSink): void {
    if (!usage) return;
    sink.usage({
        prompt: usage.input_tokens,
        completion: usage.output_tokens,
        cached: usage.input_tokens_details?.cached_tokens,
        thought: usage.output_tokens_details?.reasoning_tokens,
    });
}

function requestBody(model: string, req: StepRequest) {
    const {functions, force, web, forceWeb} = nativeWeb(req);
    const sampling = req.sampling ?? {};
    const tools = [...functions.map(toTool), ...(web ? [{type: "web_search"}] : [])];
    return {
        model,
        input: toInput(req.history),
        stream: true,
        // Nothing is kept on the provider's side: each step sends the conversation it needs.
        store: false,
        ...(req.maxTokens ? {max_output_tokens: req.maxTokens} : {}),
        ...(sampling.temperature !== undefined ? {temperature: sampling.temperature} : {}),
        ...(sampling.topP !== undefined ? {top_p: sampling.topP} : {}),
        ...(tools.length > 0 ? {tools} : {}),
        ...(force ? {tool_choice: forcedChoice(force)} : forceWeb ? {tool_choice: "required"} : {}),
        ...(req.format ? {text: {format: textFormat(req.format)}} : {}),
    };
}

function toTool(f: ModelFunction) {
    return {type: "function", name: f.name, description: f.description, parameters: f.params, strict: false};
}

function forcedChoice(force: ModelFunction[]) {
    return force.length === 1 ? {type: "function", name: force[0]!.name} : "required";
}

function textFormat(format: NonNullable<StepRequest["format"]>) {
    return format.type === "json"
        ? {type: "json_object"}
        : {type: "json_schema", name: "answer", schema: format.schema, strict: true};
}

/** The history as the Responses API's input items: messages, function calls and their outputs. */
function toInput(history: StepRequest["history"]): unknown[] {
    return toMessages(history).flatMap((m): unknown[] => {
        if (m.role === "tool")
            return [{type: "function_call_output", call_id: m.tool_call_id, output: m.content}];
        if (m.role === "user" && m.images?.length)
            return [
                {
                    role: "user",
                    content: [
                        {type: "input_text", text: m.content},
                        ...m.images.map((image) => ({type: "input_image", image_url: dataUrl(image)})),
                    ],
                },
            ];
        if (m.role !== "assistant") return [{role: m.role, content: m.content}];
        return [
            ...(m.content ? [{role: "assistant", content: m.content}] : []),
            ...(m.tool_calls ?? []).map((c) => ({
                type: "function_call",
                call_id: c.id,
                name: c.function.name,
                arguments: c.function.arguments,
            })),
        ];
    });
}
