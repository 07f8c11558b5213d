import type {ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse} from "node-llama-cpp";
import {API_CANNOT_SEE} from "../llm/vision.js";
import {invalid} from "./errors.js";
import type {ChatMessage} from "./schemas.js";

/**
 * OpenAI messages as node-llama-cpp's chat history. An assistant message's tool calls become function
 * calls whose results are the `tool` messages that answer them, so that the model's own chat template
 * renders the exchange in its native syntax. Text after tool results continues the same model turn.
 */
export function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
    const items: ChatHistoryItem[] = [];
    const calls = new Map<string, ChatModelFunctionCall>();
    messages.forEach((message, index) => {
        const text = textOf(message, index);
        switch (message.role) {
            case "system":
            case "developer":
                items.push({type: "system", text});
                break;
            case "user":
                items.push({type: "user", text});
                break;
            case "assistant":
                addAssistant(items, calls, message, text, index);
                break;
            case "tool":
                answerCall(calls, message, text, index);
                break;
        }
    });
    const unanswered = [...calls.entries()].find(([, call]) => call.result === undefined);
    if (unanswered) {
        throw invalid(
            `an assistant message with tool_calls must be followed by tool messages answering each call: no answer to ${unanswered[0]}`,
            "messages",
        );
    }
    return items;
}

function addAssistant(
    items: ChatHistoryItem[],
    calls: Map<string, ChatModelFunctionCall>,
    message: ChatMessage,
    text: string,
    index: number,
): void {
    const response: ChatModelResponse["response"] = text ? [text] : [];
    (message.tool_calls ?? []).forEach((call, i) => {
        const item: ChatModelFunctionCall = {
            type: "functionCall",
            name: call.function.name,
            params: parseArguments(
                call.function.arguments,
                `messages[${index}].tool_calls[${i}].function.arguments`,
            ),
            result: undefined,
        };
        calls.set(call.id, item);
        response.push(item);
    });
    const last = items.at(-1);
    // After tool results the model goes on in the same turn, as node-llama-cpp's own sessions do.
    if (last?.type === "model" && last.response.at(-1) !== undefined && isAnsweredCall(last.response.at(-1)))
        last.response.push(...response);
    else items.push({type: "model", response});
}

function answerCall(
    calls: Map<string, ChatModelFunctionCall>,
    message: ChatMessage,
    text: string,
    index: number,
) {
    const call = message.tool_call_id === undefined ? undefined : calls.get(message.tool_call_id);
    if (!call)
        throw invalid(
            `messages[${index}]: a tool message must answer a tool call of an earlier assistant message (tool_call_id ${JSON.stringify(message.tool_call_id ?? null)} is unknown)`,
            `messages[${index}].tool_call_id`,
        );
    call.result = text;
}

function isAnsweredCall(item: unknown): boolean {
    const call = item as Partial<ChatModelFunctionCall>;
    return call.type === "functionCall" && call.result !== undefined;
}

function textOf(message: ChatMessage, index: number): string {
    const content = message.content;
    if (content === undefined || content === null) {
        if (message.role === "assistant") return "";
        throw invalid(
            `messages[${index}].content is required for the ${message.role} role`,
            `messages[${index}].content`,
        );
    }
    refuseImages(content, index);
    return contentText(content);
}

/**
 * The local model reads text only: a request with an image part is refused (400, code model_not_vision) in
 * words, before anything is generated, as OpenAI refuses an image sent to a text model.
 */
function refuseImages(content: NonNullable<ChatMessage["content"]>, index: number): void {
    if (typeof content === "string") return;
    const at = content.findIndex((part) => part.type === "image_url");
    if (at < 0) return;
    throw invalid(
        `messages[${index}].content[${at}] is an image, and ${API_CANNOT_SEE}`,
        `messages[${index}].content[${at}]`,
        "model_not_vision",
    );
}

/** A message's content as one text: the string, or its text parts joined. */
export function contentText(content: ChatMessage["content"]): string {
    if (content === undefined || content === null) return "";
    if (typeof content === "string") return content;
    return content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function parseArguments(text: string, param: string): unknown {
    try {
        return JSON.parse(text) as unknown;
    } catch {
        throw invalid(`${param} is not valid JSON`, param);
    }
}
