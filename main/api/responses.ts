// The Responses API (`POST /v1/responses`), as Open Responses specifies it and LM Studio, Ollama and Jan serve
// it: the request is read as the chat completion it means (the one path every answer takes), and the outcome
// written back as typed output items (responseItems.ts, which also streams them). A response is kept unless
// `store: false`, and a request may continue one by `previous_response_id` (storedResponses.ts).
import {Type, type Static} from "@sinclair/typebox";
import {oneOf} from "../../shared/contract/base.js";
import {JsonObject, open} from "./schemas.js";
import {validatorOf, type Validator} from "../validator.js";
import type {ChatOutcome} from "./chat.js";
import {fieldOf} from "../../shared/json.js";
import {inputMessages, namespaced} from "./responseInput.js";
import {invalid, type ApiError} from "./errors.js";
import type {ChatRequest, FunctionTool, ToolChoiceParam} from "./schemas.js";

/** The most input items one request may carry; more is refused before any is read. */
export const MAX_ITEMS = 2000;
/** Where a Responses request names its answer's schema (structured output). */
export const FORMAT_PARAM = "text.format.schema";

const TextFormat = Type.Union([
    Type.Object({type: oneOf(["text", "json_object"])}, open),
    Type.Object(
        {type: Type.Literal("json_schema"), name: Type.Optional(Type.String()), schema: JsonObject},
        open,
    ),
]);

export const ResponsesRequest = Type.Object(
    {
        model: Type.Optional(Type.String()),
        input: Type.Union([Type.String(), Type.Array(Type.Object({}, open), {maxItems: MAX_ITEMS})]),
        instructions: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        tools: Type.Optional(Type.Array(Type.Object({type: Type.String()}, open), {maxItems: 128})),
        tool_choice: Type.Optional(
            Type.Union([
                oneOf(["auto", "none", "required"]),
                Type.Object({type: Type.String(), name: Type.Optional(Type.String())}, open),
            ]),
        ),
        text: Type.Optional(Type.Object({format: Type.Optional(TextFormat)}, open)),
        max_output_tokens: Type.Optional(Type.Union([Type.Integer({minimum: 1}), Type.Null()])),
        temperature: Type.Optional(Type.Union([Type.Number({minimum: 0, maximum: 2}), Type.Null()])),
        top_p: Type.Optional(Type.Union([Type.Number({minimum: 0, maximum: 1}), Type.Null()])),
        stream: Type.Optional(Type.Boolean()),
        store: Type.Optional(Type.Boolean()),
        background: Type.Optional(Type.Boolean()),
        previous_response_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        /** As OpenAI's: strings only. `metadata.tools` names Cairn's own tools, separated by commas. */
        metadata: Type.Optional(Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()])),
        parallel_tool_calls: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    },
    open,
);
export type ResponsesRequest = Static<typeof ResponsesRequest>;

/** Cairn's own tools that stand for the hosted tools of the Responses API. */
const HOSTED: Record<string, string> = {
    web_search: "web_search",
    web_search_preview: "web_search",
    file_search: "rag_search",
};

/** Refuses a request of too many input items, before its items are checked one by one. */
export function checkSize(raw: unknown): unknown {
    const input = fieldOf(raw, "input");
    if (Array.isArray(input) && input.length > MAX_ITEMS)
        throw invalid(
            `input: ${input.length} items; Cairn takes at most ${MAX_ITEMS} in one request`,
            "input",
        );
    return raw;
}

/** A namespace's function as the model sees it (`namespace__name`) → its name and namespace for the client. */
export type NamespacedNames = Map<string, {name: string; namespace: string}>;

/**
 * The request as the chat completion it means: the one path every answer takes. A hosted tool that may not
 * run here (`mayRun`: web_search with web access off) is left out; the model answers without it.
 */
export function asChatRequest(
    body: ResponsesRequest,
    mayRun: (cairnTool: string) => boolean,
): {chat: ChatRequest; names: NamespacedNames} {
    refuseStateful(body);
    const hosted = hostedTools(body.tools ?? []).filter(mayRun);
    const cairnTools = [...hosted, ...namedTools(body.metadata?.tools)];
    const names: NamespacedNames = new Map();
    const functions = (body.tools ?? []).flatMap((tool, i) => functionTools(tool, `tools[${i}]`, names));
    const format = body.text?.format;
    const chat: ChatRequest = {
        ...(body.model ? {model: body.model} : {}),
        messages: [
            ...(body.instructions ? [{role: "system" as const, content: body.instructions}] : []),
            ...inputMessages(body.input),
        ],
        ...(body.stream ? {stream: true} : {}),
        ...(body.max_output_tokens ? {max_completion_tokens: body.max_output_tokens} : {}),
        ...(body.temperature != null ? {temperature: body.temperature} : {}),
        ...(body.top_p != null ? {top_p: body.top_p} : {}),
        ...(functions.length ? {tools: functions} : {}),
        ...(body.tool_choice ? {tool_choice: toolChoice(body.tool_choice)} : {}),
        ...(format && format.type !== "text"
            ? {
                  response_format:
                      format.type === "json_schema"
                          ? {
                                type: "json_schema" as const,
                                json_schema: {
                                    name: "name" in format ? (format.name ?? "output") : "output",
                                    schema: "schema" in format ? format.schema : {},
                                },
                            }
                          : {type: "json_object" as const},
              }
            : {}),
        ...(cairnTools.length ? {metadata: {tools: [...new Set(cairnTools)]}} : {}),
    };
    return {chat, names};
}

function refuseStateful(body: ResponsesRequest): void {
    if (body.background)
        throw invalid(
            "background: Cairn answers while the request waits; stream it (stream: true) to see the answer as it is written",
            "background",
            "unsupported_parameter",
        );
}

const FunctionToolParam = Type.Object(
    {
        type: Type.Literal("function"),
        name: Type.String({minLength: 1, maxLength: 64, pattern: "^[a-zA-Z0-9_-]+$"}),
        description: Type.Optional(Type.String()),
        parameters: Type.Optional(Type.Union([JsonObject, Type.Null()])),
    },
    open,
);
const NamespaceToolParam = Type.Object(
    {
        type: Type.Literal("namespace"),
        name: Type.String({minLength: 1, pattern: "^[a-zA-Z0-9_-]+$"}),
        tools: Type.Array(Type.Object({type: Type.String()}, open)),
    },
    open,
);
const isFunctionTool = validatorOf<Static<typeof FunctionToolParam>>(FunctionToolParam, {strict: false});
const isNamespaceTool = validatorOf<Static<typeof NamespaceToolParam>>(NamespaceToolParam, {strict: false});

/**
 * A function tool in the chat completion's shape, or a namespace's functions (each as `namespace__name`);
 * hosted tools are Cairn's (hostedTools); other types are refused.
 */
function functionTools(
    tool: {type: string},
    param: string,
    names: NamespacedNames,
    namespace?: string,
): FunctionTool[] {
    if (tool.type in HOSTED && !namespace) return [];
    if (tool.type === "namespace" && !namespace) {
        if (!isNamespaceTool(tool)) throw toolError(param, isNamespaceTool);
        return tool.tools.flatMap((inner, i) =>
            functionTools(inner, `${param}.tools[${i}]`, names, tool.name),
        );
    }
    if (tool.type !== "function")
        throw invalid(
            `${param}.type: Cairn does not run "${tool.type}" tools (it takes function and namespace tools, web_search and file_search; its own tools by name in metadata.tools)`,
            `${param}.type`,
            "unsupported_value",
        );
    if (!isFunctionTool(tool)) throw toolError(param, isFunctionTool);
    const name = namespace ? namespaced(namespace, tool.name) : tool.name;
    if (name.length > 64)
        throw invalid(
            `${param}.name: ${name} is over 64 characters with its namespace's name`,
            `${param}.name`,
        );
    if (namespace) names.set(name, {name: tool.name, namespace});
    return [
        {
            type: "function",
            function: {
                name,
                ...(tool.description !== undefined ? {description: tool.description} : {}),
                ...(tool.parameters ? {parameters: tool.parameters} : {}),
            },
        },
    ];
}

function toolError(param: string, validate: Validator): ApiError {
    const error = validate.errors?.[0];
    const at = `${param}${(error?.instancePath ?? "").replace(/^\//, ".").replaceAll("/", ".")}`;
    return invalid(`${at} ${error?.message ?? "is invalid"}`, at);
}

function hostedTools(tools: {type: string}[]): string[] {
    return tools.flatMap((tool) => (tool.type in HOSTED ? [HOSTED[tool.type]!] : []));
}

/** metadata.tools: Cairn's own tools by name, separated by commas ("*" for all the API may run). */
function namedTools(list: string | undefined): string[] {
    return (list ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean);
}

function toolChoice(choice: NonNullable<ResponsesRequest["tool_choice"]>): ToolChoiceParam {
    if (typeof choice === "string") return choice;
    const name = choice.type === "function" ? choice.name : HOSTED[choice.type];
    if (!name)
        throw invalid(
            `tool_choice: Cairn cannot force a "${choice.type}" tool (it forces function tools by name, web_search and file_search)`,
            "tool_choice",
            "unsupported_value",
        );
    return {type: "function", function: {name}};
}

export type OutputItem = Record<string, unknown> & {type: string; id: string};

/** The response object: the request's settings echoed, the output items, and how the answer ended. */
export function responseObject(
    id: string,
    body: ResponsesRequest,
    model: string,
    output: OutputItem[],
    outcome: ChatOutcome | null,
    createdAt: number,
) {
    const incomplete = outcome?.finish === "length";
    return {
        id,
        object: "response",
        created_at: createdAt,
        status: outcome === null ? "in_progress" : incomplete ? "incomplete" : "completed",
        ...(outcome ? {completed_at: Math.floor(Date.now() / 1000)} : {}),
        error: null,
        incomplete_details: incomplete ? {reason: "max_output_tokens"} : null,
        instructions: body.instructions ?? null,
        max_output_tokens: body.max_output_tokens ?? null,
        model,
        output,
        parallel_tool_calls: body.parallel_tool_calls ?? true,
        previous_response_id: body.previous_response_id ?? null,
        reasoning: {effort: null, summary: null},
        store: body.store !== false,
        temperature: body.temperature ?? null,
        text: {format: body.text?.format ?? {type: "text"}},
        tool_choice: body.tool_choice ?? "auto",
        tools: body.tools ?? [],
        top_p: body.top_p ?? null,
        truncation: "disabled",
        usage: outcome ? usageOf(outcome) : null,
        metadata: body.metadata ?? {},
    };
}

function usageOf(outcome: ChatOutcome) {
    const {usage} = outcome;
    return {
        input_tokens: usage.prompt_tokens,
        input_tokens_details: {cached_tokens: usage.prompt_tokens_details.cached_tokens},
        output_tokens: usage.completion_tokens,
        output_tokens_details: {reasoning_tokens: usage.completion_tokens_details.reasoning_tokens},
        total_tokens: usage.total_tokens,
    };
}
