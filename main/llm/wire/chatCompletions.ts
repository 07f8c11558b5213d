import type {ChatHistoryItem, ChatSystemMessage} from "node-llama-cpp";
import {
    imagesOf,
    type CallWithImages,
    type HistoryImage,
    type ModelFunction,
    type StepRequest,
} from "../stepTypes.js";
import type {Wire} from "./wire.js";
import {fieldOf} from "../../../shared/json.js";

/** A chat message as OpenAI's chat completions write it; the other formats are written from these. */
export type ChatMessage =
    | {role: "system"; content: string}
    /** images: the question's, which each format writes in its own way. */
    | {role: "user"; content: string; images?: HistoryImage[]}
    | {role: "assistant"; content: string | null; tool_calls?: ChatToolCall[]}
    | {role: "tool"; tool_call_id: string; name: string; content: string};
export type ChatToolCall = {id: string; type: "function"; function: {name: string; arguments: string}};

type Delta = {
    content?: string | null;
    reasoning_content?: string | null;
    tool_calls?: {index: number; id?: string; function?: {name?: string; arguments?: string}}[];
};
type Chunk = {
    choices?: {delta?: Delta; finish_reason?: string | null}[];
    usage?: {
        prompt_tokens?: number;
        completion_tokens?: number;
        prompt_tokens_details?: {cached_tokens?: number};
    };
};

/** OpenAI's chat completions: llama-server, vLLM, Ollama, LM Studio, another Cairn. */
export const chatCompletions: Wire = {
    path: () => "/chat/completions",
    headers: (apiKey): Record<string, string> => (apiKey ? {Authorization: `Bearer ${apiKey}`} : {}),
    body: requestBody,
    reader: (req, sink) => (payload) => {
        const chunk = payload as Chunk;
        if (chunk.usage)
            sink.usage({
                prompt: chunk.usage.prompt_tokens,
                completion: chunk.usage.completion_tokens,
                cached: chunk.usage.prompt_tokens_details?.cached_tokens,
            });
        const choice = chunk.choices?.[0];
        if (!choice) return;
        const delta = choice.delta ?? {};
        if (delta.reasoning_content) sink.thought(delta.reasoning_content);
        if (delta.content) sink.text(delta.content);
        for (const part of delta.tool_calls ?? [])
            sink.callPart(part.index, part.function?.name ?? "", part.function?.arguments ?? "");
        if (choice.finish_reason) sink.finish(choice.finish_reason);
    },
    models: {path: "/models", ids: idsOf},
};

/** The model ids of a /models answer, `{"data": [{"id": …}, …]}` (OpenAI's, Anthropic's). */
export function idsOf(body: unknown): string[] {
    const list = fieldOf(body, "data");
    if (!Array.isArray(list)) return [];
    const items: unknown[] = list;
    return items.map((m) => fieldOf(m, "id")).filter((id) => typeof id === "string");
}

function requestBody(model: string, req: StepRequest) {
    const functions = req.force ?? req.functions ?? [];
    const sampling = req.sampling ?? {};
    return {
        model,
        // A tool message's name is for the other formats; chat completions identify the call by its id.
        messages: toMessages(req.history).map(toChatMessage),
        stream: true,
        stream_options: {include_usage: true},
        ...(req.maxTokens ? {max_tokens: req.maxTokens} : {}),
        ...(sampling.temperature !== undefined ? {temperature: sampling.temperature} : {}),
        ...(sampling.topP !== undefined ? {top_p: sampling.topP} : {}),
        ...(sampling.seed !== undefined && sampling.seed !== null ? {seed: sampling.seed} : {}),
        ...(req.stop?.length ? {stop: req.stop} : {}),
        ...(functions.length > 0 ? {tools: functions.map(toTool)} : {}),
        // Only the forced tools are sent, so "required" is the named choice when there is one: llama-server
        // constrains "required" by grammar for every chat format, a named choice not always.
        ...(req.force ? {tool_choice: "required"} : {}),
        ...(req.format ? {response_format: responseFormat(req.format)} : {}),
    };
}

/** A message as chat completions write it: a question's images as image_url parts (data: URLs) after its text. */
function toChatMessage(m: ChatMessage) {
    // A tool message's name is for the other formats; chat completions identify the call by its id.
    if (m.role === "tool") return {...m, name: undefined};
    if (m.role !== "user" || !m.images?.length) return m;
    return {
        role: "user",
        content: [
            {type: "text", text: m.content},
            ...m.images.map((image) => ({type: "image_url", image_url: {url: dataUrl(image)}})),
        ],
    };
}

export function dataUrl(image: HistoryImage): string {
    return `data:${image.mime};base64,${image.data}`;
}

function toTool(f: ModelFunction) {
    return {type: "function", function: {name: f.name, description: f.description, parameters: f.params}};
}

function responseFormat(format: NonNullable<StepRequest["format"]>) {
    return format.type === "json"
        ? {type: "json_object"}
        : {type: "json_schema", json_schema: {name: "answer", schema: format.schema, strict: true}};
}

/**
 * Cairn's history as chat messages: a model turn's text and calls become assistant messages with
 * tool_calls, each call's result a tool message after it. Thought segments stay here.
 */
export function toMessages(history: ChatHistoryItem[]): ChatMessage[] {
    const messages: ChatMessage[] = [];
    let calls = 0;
    for (const item of history) {
        if (item.type === "system") messages.push({role: "system", content: systemText(item.text)});
        else if (item.type === "user") {
            const images = imagesOf(item);
            messages.push({role: "user", content: item.text, ...(images.length > 0 ? {images} : {})});
        } else {
            let assistant: Extract<ChatMessage, {role: "assistant"}> | null = null;
            let results: ChatMessage[] = [];
            // Images the calls returned: shown after their results, as a user message (a tool message holds text).
            let shown: {tool: string; images: HistoryImage[]}[] = [];
            const flush = () => {
                if (assistant) messages.push(assistant, ...results);
                if (assistant && shown.length > 0)
                    messages.push({
                        role: "user",
                        content: `The images ${shown.map((s) => s.tool).join(", ")} returned:`,
                        images: shown.flatMap((s) => s.images),
                    });
                assistant = null;
                results = [];
                shown = [];
            };
            for (const part of item.response) {
                if (typeof part === "string") {
                    if (assistant?.tool_calls) flush();
                    assistant ??= {role: "assistant", content: null};
                    assistant.content = (assistant.content ?? "") + part;
                } else if (part.type === "functionCall") {
                    // Nine letters and digits: Mistral's chat template refuses any other call id.
                    const id = `call${String(++calls).padStart(5, "0")}`;
                    assistant ??= {role: "assistant", content: null};
                    (assistant.tool_calls ??= []).push({
                        id,
                        type: "function",
                        function: {name: part.name, arguments: JSON.stringify(part.params ?? {})},
                    });
                    results.push({
                        role: "tool",
                        tool_call_id: id,
                        name: part.name,
                        content: String(part.result ?? ""),
                    });
                    const images = (part as CallWithImages).images;
                    if (images?.length) shown.push({tool: part.name, images});
                }
            }
            flush();
        }
    }
    return messages;
}

/** A system message's text: a string, or llama.cpp's text in parts (special tokens, which a server adds itself, left out). */
function systemText(text: ChatSystemMessage["text"]): string {
    if (typeof text === "string") return text;
    return text
        .map((part) =>
            typeof part === "string" ? part : part.type === "specialTokensText" ? part.value : "",
        )
        .join("");
}
