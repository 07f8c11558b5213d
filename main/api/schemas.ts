// The OpenAI request bodies Cairn's local API accepts, as TypeBox schemas (the types follow from them).
// Known fields are checked; unknown top-level fields are ignored, as llama.cpp's server does, so that
// clients which send more (Open WebUI, LangChain) still work.
import {Type, type Static} from "@sinclair/typebox";
import {oneOf} from "../../shared/contract/base.js";

/** Objects that may carry fields Cairn does not read (clients send more than it needs). */
export const open = {additionalProperties: true} as const;
export const JsonObject = Type.Record(Type.String(), Type.Unknown());

const TextPart = Type.Object({type: Type.Literal("text"), text: Type.String()}, open);
/** An image as OpenAI sends it: a data: URL, or an address. */
const ImagePart = Type.Object(
    {
        type: Type.Literal("image_url"),
        image_url: Type.Object({url: Type.String(), detail: Type.Optional(Type.String())}, open),
    },
    open,
);
/** A message's content: a string, parts (text; images, which the local model cannot see), or null (an assistant's calls). */
const Content = Type.Union([Type.String(), Type.Array(Type.Union([TextPart, ImagePart])), Type.Null()]);

export const ToolCall = Type.Object(
    {
        id: Type.String({minLength: 1, maxLength: 200}),
        type: Type.Literal("function"),
        function: Type.Object({name: Type.String({minLength: 1}), arguments: Type.String()}, open),
    },
    open,
);
export type ToolCall = Static<typeof ToolCall>;

export const ChatMessage = Type.Object(
    {
        role: oneOf(["system", "developer", "user", "assistant", "tool"]),
        content: Type.Optional(Content),
        name: Type.Optional(Type.String()),
        tool_calls: Type.Optional(Type.Array(ToolCall)),
        tool_call_id: Type.Optional(Type.String()),
    },
    open,
);
export type ChatMessage = Static<typeof ChatMessage>;

export const FunctionTool = Type.Object(
    {
        type: Type.Literal("function"),
        function: Type.Object(
            {
                name: Type.String({minLength: 1, maxLength: 64, pattern: "^[a-zA-Z0-9_-]+$"}),
                description: Type.Optional(Type.String()),
                parameters: Type.Optional(JsonObject),
                strict: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
            },
            open,
        ),
    },
    open,
);
export type FunctionTool = Static<typeof FunctionTool>;

export const ToolChoiceParam = Type.Union([
    oneOf(["auto", "none", "required"]),
    Type.Object(
        {type: Type.Literal("function"), function: Type.Object({name: Type.String({minLength: 1})}, open)},
        open,
    ),
]);
export type ToolChoiceParam = Static<typeof ToolChoiceParam>;

const ResponseFormat = Type.Union([
    Type.Object({type: oneOf(["text", "json_object"])}, open),
    Type.Object(
        {
            type: Type.Literal("json_schema"),
            json_schema: Type.Object(
                {name: Type.String({minLength: 1}), schema: Type.Optional(JsonObject)},
                open,
            ),
        },
        open,
    ),
]);

/** Sampling and length options shared by chat and legacy completions. */
const generationFields = {
    model: Type.Optional(Type.String()),
    stream: Type.Optional(Type.Boolean()),
    stream_options: Type.Optional(
        Type.Union([Type.Object({include_usage: Type.Optional(Type.Boolean())}, open), Type.Null()]),
    ),
    max_tokens: Type.Optional(Type.Union([Type.Integer({minimum: 1}), Type.Null()])),
    temperature: Type.Optional(Type.Union([Type.Number({minimum: 0, maximum: 2}), Type.Null()])),
    top_p: Type.Optional(Type.Union([Type.Number({minimum: 0, maximum: 1}), Type.Null()])),
    seed: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    stop: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), {maxItems: 4}), Type.Null()])),
    n: Type.Optional(Type.Union([Type.Integer({minimum: 1}), Type.Null()])),
    presence_penalty: Type.Optional(Type.Union([Type.Number({minimum: -2, maximum: 2}), Type.Null()])),
    frequency_penalty: Type.Optional(Type.Union([Type.Number({minimum: -2, maximum: 2}), Type.Null()])),
};

export const ChatRequest = Type.Object(
    {
        ...generationFields,
        messages: Type.Array(ChatMessage, {minItems: 1}),
        max_completion_tokens: Type.Optional(Type.Union([Type.Integer({minimum: 1}), Type.Null()])),
        response_format: Type.Optional(ResponseFormat),
        tools: Type.Optional(Type.Array(FunctionTool, {maxItems: 128})),
        tool_choice: Type.Optional(ToolChoiceParam),
        parallel_tool_calls: Type.Optional(Type.Boolean()),
        metadata: Type.Optional(Type.Union([JsonObject, Type.Null()])),
    },
    open,
);
export type ChatRequest = Static<typeof ChatRequest>;

export const CompletionRequest = Type.Object(
    {
        ...generationFields,
        prompt: Type.Union([Type.String(), Type.Array(Type.String(), {minItems: 1, maxItems: 1})]),
    },
    open,
);
export type CompletionRequest = Static<typeof CompletionRequest>;

export const EmbeddingRequest = Type.Object(
    {
        model: Type.Optional(Type.String()),
        input: Type.Union([Type.String(), Type.Array(Type.String(), {minItems: 1, maxItems: 2048})]),
        encoding_format: Type.Optional(oneOf(["float", "base64"])),
        dimensions: Type.Optional(Type.Integer({minimum: 1})),
    },
    open,
);
export type EmbeddingRequest = Static<typeof EmbeddingRequest>;
