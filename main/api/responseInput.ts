// The Responses API's `input` read as chat messages: each item checked against its type's schema, an unknown
// type or a bad item a 400 naming it (responses.ts reads the rest of the request).
import {Type, type Static} from "@sinclair/typebox";
import {oneOf} from "../../shared/contract/base.js";
import {open} from "./schemas.js";
import {validatorOf, type Validator} from "../validator.js";
import {invalid} from "./errors.js";
import type {ChatMessage} from "./schemas.js";

const Part = Type.Object(
    {
        type: Type.String(),
        text: Type.Optional(Type.Unknown()),
        refusal: Type.Optional(Type.Unknown()),
        image_url: Type.Optional(Type.Unknown()),
    },
    open,
);
const ITEMS = {
    message: Type.Object(
        {
            type: Type.Optional(Type.Literal("message")),
            role: oneOf(["user", "assistant", "system", "developer"]),
            content: Type.Union([Type.String(), Type.Array(Part)]),
        },
        open,
    ),
    function_call: Type.Object(
        {
            type: Type.Literal("function_call"),
            call_id: Type.String({minLength: 1, maxLength: 200}),
            name: Type.String({minLength: 1}),
            namespace: Type.Optional(Type.String({minLength: 1})),
            arguments: Type.String(),
        },
        open,
    ),
    function_call_output: Type.Object(
        {
            type: Type.Literal("function_call_output"),
            call_id: Type.String({minLength: 1, maxLength: 200}),
            output: Type.Union([Type.String(), Type.Array(Part)]),
        },
        open,
    ),
    /** Reasoning a client sends back from an earlier answer: kept out of the prompt, as for thinking. */
    reasoning: Type.Object({type: Type.Literal("reasoning")}, open),
};
type Item = {[K in keyof typeof ITEMS]: Static<(typeof ITEMS)[K]>};

// Compiled on first use, not when the API loads.
const validators = {
    message: validatorOf<Item["message"]>(ITEMS.message, {strict: false}),
    function_call: validatorOf<Item["function_call"]>(ITEMS.function_call, {strict: false}),
    function_call_output: validatorOf<Item["function_call_output"]>(ITEMS.function_call_output, {
        strict: false,
    }),
};

/** A string input is the user's question; items are read one by one. */
export function inputMessages(input: string | Record<string, unknown>[]): ChatMessage[] {
    if (typeof input === "string") return [{role: "user", content: input}];
    const messages: ChatMessage[] = [];
    input.forEach((raw, index) => readItem(raw, index, messages));
    return messages;
}

/** One item, checked against its type's schema, added to the messages; a 400 naming it when it cannot be. */
function readItem(raw: Record<string, unknown>, index: number, messages: ChatMessage[]): void {
    const param = `input[${index}]`;
    const type = typeof raw.type === "string" ? raw.type : "role" in raw ? "message" : "";
    switch (type) {
        case "message":
            return void messages.push(messageOf(checked(validators.message, raw, param), index));
        case "function_call":
            return addCall(messages, checked(validators.function_call, raw, param));
        case "function_call_output": {
            const item = checked(validators.function_call_output, raw, param);
            return void messages.push({
                role: "tool",
                tool_call_id: item.call_id,
                content: textOf(item.output),
            });
        }
        case "reasoning":
            return;
        case "item_reference":
            throw invalid(
                `${param}: Cairn does not read item_reference items; send the item itself, or continue a stored response with previous_response_id`,
                param,
                "unsupported_value",
            );
        default:
            throw invalid(
                `${param}.type: Cairn does not take ${type === "" ? "items without a type" : `"${type}" items`} (it takes ${Object.keys(ITEMS).join(", ")})`,
                `${param}.type`,
                "unsupported_value",
            );
    }
}

function checked<T>(validate: Validator<T>, raw: unknown, param: string): T {
    if (validate(raw)) return raw;
    const error = validate.errors?.[0];
    throw invalid(`${param}${error?.instancePath ?? ""} ${error?.message ?? "is invalid"}`, param);
}

type Content = {type: "text"; text: string} | {type: "image_url"; image_url: {url: string}};

/** A message item: its text parts (input_text, output_text, refusal) and images (input_image). */
function messageOf(item: Item["message"], index: number): ChatMessage {
    if (typeof item.content === "string") return {role: item.role, content: item.content};
    const parts = item.content.map((part, p): Content => {
        const param = `input[${index}].content[${p}]`;
        if (part.type === "input_image") {
            if (typeof part.image_url !== "string")
                throw invalid(
                    `${param}: send the image as image_url (a data: URL); Cairn keeps no files`,
                    param,
                );
            return {type: "image_url", image_url: {url: part.image_url}};
        }
        const text = part.type === "refusal" ? part.refusal : part.text;
        if (!["input_text", "output_text", "refusal"].includes(part.type) || typeof text !== "string")
            throw invalid(
                `${param}.type: Cairn does not read "${part.type}" parts (it reads input_text, input_image, output_text and refusal)`,
                `${param}.type`,
                "unsupported_value",
            );
        return {type: "text", text};
    });
    if (item.role !== "user" || parts.every((p) => p.type === "text"))
        return {role: item.role, content: parts.map((p) => (p.type === "text" ? p.text : "")).join("")};
    return {role: "user", content: parts};
}

/** A function_call joins the assistant message before it (calls of one step come together). */
function addCall(messages: ChatMessage[], item: Item["function_call"]): void {
    const name = typeof item.namespace === "string" ? namespaced(item.namespace, item.name) : item.name;
    const call = {id: item.call_id, type: "function" as const, function: {name, arguments: item.arguments}};
    const last = messages.at(-1);
    if (last?.role === "assistant") last.tool_calls = [...(last.tool_calls ?? []), call];
    else messages.push({role: "assistant", content: null, tool_calls: [call]});
}

function textOf(output: Item["function_call_output"]["output"]): string {
    if (typeof output === "string") return output;
    return output.map((part) => (typeof part.text === "string" ? part.text : "")).join("");
}

/** How the model sees a namespace's function: one name, as a chat template takes it. */
export function namespaced(namespace: string, name: string): string {
    return `${namespace}__${name}`;
}
