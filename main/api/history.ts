import type {ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse} from "node-llama-cpp";
import type {HistoryImage, UserItem} from "../llm/stepTypes.js";
import {prepareImage} from "../media/images.js";
import {invalid} from "./errors.js";
import type {ChatMessage} from "./schemas.js";
import {messageOf} from "../../shared/format.js";
import {parseJson} from "../../shared/json.js";

/**
 * OpenAI messages as node-llama-cpp's chat history. An assistant message's tool calls become function
 * calls whose results are the `tool` messages that answer them, so that the model's own chat template
 * renders the exchange in its native syntax. Text after tool results continues the same model turn.
 */
export function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
    return toHistoryWithImages(messages).items;
}

/** An image part of a user message, to be read (readImages) into the question it belongs to. */
export type ImagePart = {item: UserItem; url: string; param: string};

/** toHistory, with the image parts of user messages apart (their questions hold none until they are read). */
export function toHistoryWithImages(messages: ChatMessage[]): {
    items: ChatHistoryItem[];
    images: ImagePart[];
} {
    const items: ChatHistoryItem[] = [];
    const images: ImagePart[] = [];
    const calls = new Map<string, ChatModelFunctionCall>();
    messages.forEach((message, index) => {
        const text = textOf(message, index);
        switch (message.role) {
            case "system":
            case "developer":
                items.push({type: "system", text});
                break;
            case "user": {
                const item: UserItem = {type: "user", text};
                items.push(item);
                images.push(...imagePartsOf(message, index, item));
                break;
            }
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
    return {items, images};
}

function imagePartsOf(message: ChatMessage, index: number, item: UserItem): ImagePart[] {
    if (typeof message.content === "string" || !message.content) return [];
    return message.content.flatMap((part, at) =>
        part.type === "image_url"
            ? [{item, url: part.image_url.url, param: `messages[${index}].content[${at}]`}]
            : [],
    );
}

const DATA_URL = /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]*)$/;

/**
 * Reads each image part into its question, checked and prepared as an attached image is (decoded within the
 * limits, upright, stripped, at most 2048 px): a data: URL with base64 bytes. An address on the web is not
 * fetched (send its bytes inline); what is not an image Cairn can read is a 400 naming the part.
 */
export async function readImages(parts: ImagePart[]): Promise<void> {
    for (const {item, url, param} of parts) {
        const data = DATA_URL.exec(url);
        if (!data)
            throw invalid(
                /^https?:/i.test(url)
                    ? `${param}: Cairn's local API does not fetch images from the web; send the image's bytes as a data: URL (data:image/png;base64,…)`
                    : `${param}: an image must be a data: URL with base64 bytes (data:image/png;base64,…)`,
                param,
                "invalid_image_url",
            );
        let image: HistoryImage;
        try {
            const prepared = await prepareImage(Buffer.from(data[2]!, "base64"), param);
            const {mime, width, height} = prepared;
            image = {mime, width, height, data: prepared.data.toString("base64")};
        } catch (error) {
            throw invalid(messageOf(error), param, "invalid_image");
        }
        item.images = [...(item.images ?? []), image];
    }
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
    return contentText(content);
}

/** A message's content as one text: the string, or its text parts joined. */
export function contentText(content: ChatMessage["content"]): string {
    if (content === undefined || content === null) return "";
    if (typeof content === "string") return content;
    return content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function parseArguments(text: string, param: string): unknown {
    try {
        return parseJson(text);
    } catch {
        throw invalid(`${param} is not valid JSON`, param);
    }
}
