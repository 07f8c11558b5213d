// Anthropic's Messages API (`POST /v1/messages`), as LM Studio and Jan serve it so that Claude Code and other
// agents run on a local model: the request is read as the chat completion it means (the one path every answer
// takes), the outcome written back as a message with text and tool_use blocks. Streaming: messagesSse.ts.
import {Type, type Static} from "@sinclair/typebox";
import {oneOf} from "../../shared/contract/base.js";
import {open} from "./schemas.js";
import type {ChatOutcome} from "./chat.js";
import {completionId, planChat} from "./chat.js";
import type {Ajv} from "ajv";
import {fieldOf} from "../../shared/json.js";
import {ApiError, invalid} from "./errors.js";
import type {ChatMessage, ChatRequest, ToolCall} from "./schemas.js";

/** The most content blocks a request may carry in all; more is refused at once, before anything is read. */
export const MAX_BLOCKS = 2000;

const TextBlock = Type.Object({type: Type.Literal("text"), text: Type.String()}, open);
const ImageBlock = Type.Object(
    {
        type: Type.Literal("image"),
        source: Type.Object(
            {type: Type.Literal("base64"), media_type: Type.String(), data: Type.String()},
            open,
        ),
    },
    open,
);
const ToolUseBlock = Type.Object(
    {
        type: Type.Literal("tool_use"),
        id: Type.String({minLength: 1, maxLength: 200}),
        name: Type.String({minLength: 1}),
        input: Type.Unknown(),
    },
    open,
);
const ToolResultBlock = Type.Object(
    {
        type: Type.Literal("tool_result"),
        tool_use_id: Type.String({minLength: 1, maxLength: 200}),
        content: Type.Optional(Type.Union([Type.String(), Type.Array(TextBlock)])),
        is_error: Type.Optional(Type.Boolean()),
    },
    open,
);
/** Thinking a client sends back from an earlier answer: kept out of the prompt, as Anthropic does. */
const ThinkingBlock = Type.Object({type: oneOf(["thinking", "redacted_thinking"])}, open);
const Block = Type.Union([TextBlock, ImageBlock, ToolUseBlock, ToolResultBlock, ThinkingBlock]);

export const MessagesRequest = Type.Object(
    {
        model: Type.String(),
        max_tokens: Type.Integer({minimum: 1}),
        messages: Type.Array(
            Type.Object(
                {
                    /** "system": instructions between turns, as Claude Code sends them. */
                    role: oneOf(["user", "assistant", "system"]),
                    content: Type.Union([Type.String(), Type.Array(Block)]),
                },
                open,
            ),
            {minItems: 1, maxItems: MAX_BLOCKS},
        ),
        system: Type.Optional(Type.Union([Type.String(), Type.Array(TextBlock)])),
        tools: Type.Optional(
            Type.Array(
                Type.Object(
                    {
                        name: Type.String({minLength: 1, maxLength: 64, pattern: "^[a-zA-Z0-9_-]+$"}),
                        description: Type.Optional(Type.String()),
                        input_schema: Type.Record(Type.String(), Type.Unknown()),
                    },
                    open,
                ),
                {maxItems: 128},
            ),
        ),
        tool_choice: Type.Optional(
            Type.Object(
                {type: oneOf(["auto", "any", "tool", "none"]), name: Type.Optional(Type.String())},
                open,
            ),
        ),
        temperature: Type.Optional(Type.Number({minimum: 0, maximum: 1})),
        top_p: Type.Optional(Type.Number({minimum: 0, maximum: 1})),
        stop_sequences: Type.Optional(Type.Array(Type.String(), {maxItems: 4})),
        /** Structured output: the answer is JSON that validates against the schema (a grammar enforces it). */
        output_config: Type.Optional(
            Type.Object(
                {
                    format: Type.Optional(
                        Type.Union([
                            Type.Object(
                                {
                                    type: Type.Literal("json_schema"),
                                    schema: Type.Record(Type.String(), Type.Unknown()),
                                },
                                open,
                            ),
                            Type.Null(),
                        ]),
                    ),
                },
                open,
            ),
        ),
        /** Extended thinking: enabled (with a budget), adaptive (the model decides), disabled (the default). */
        thinking: Type.Optional(
            Type.Union([
                Type.Object({type: Type.Literal("enabled"), budget_tokens: Type.Integer({minimum: 1})}, open),
                Type.Object({type: oneOf(["adaptive", "disabled"])}, open),
            ]),
        ),
        stream: Type.Optional(Type.Boolean()),
    },
    open,
);
export type MessagesRequest = Static<typeof MessagesRequest>;

type Block = Static<typeof Block>;

/** An error in Anthropic's shape: `{"type": "error", "error": {"type", "message"}}`. */
export class MessagesError extends ApiError {
    static from(error: ApiError): MessagesError {
        return new MessagesError(
            error.status,
            error.message,
            error.type,
            error.param,
            error.code,
            error.headers,
        );
    }

    override body(): object {
        const type =
            {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error"}[
                this.status
            ] ??
            (this.status === 429
                ? "rate_limit_error"
                : this.status >= 500
                  ? "api_error"
                  : "invalid_request_error");
        return {type: "error", error: {type, message: this.message}};
    }
}

/** Refuses a request of too many content blocks in all, before its blocks are checked one by one. */
export function checkSize(raw: unknown): unknown {
    const messages = fieldOf(raw, "messages");
    if (!Array.isArray(messages)) return raw;
    let blocks = 0;
    for (const m of messages) {
        const content = fieldOf(m, "content");
        blocks += Array.isArray(content) ? content.length : 1;
    }
    if (blocks > MAX_BLOCKS)
        throw new ApiError(
            400,
            `messages: ${blocks} content blocks; Cairn takes at most ${MAX_BLOCKS} in one request`,
            "invalid_request_error",
            "messages",
        );
    return raw;
}

/** Where a Messages request names its answer's schema (structured output). */
export const FORMAT_PARAM = "output_config.format.schema";

/** The request as the chat completion it means: the one path every answer takes. */
export function asChatRequest(body: MessagesRequest): ChatRequest {
    const system = typeof body.system === "string" ? body.system : body.system?.map((b) => b.text).join("\n");
    const choice = body.tool_choice;
    return {
        model: body.model,
        max_tokens: body.max_tokens,
        ...(body.stream ? {stream: true} : {}),
        ...(body.temperature !== undefined ? {temperature: body.temperature} : {}),
        ...(body.top_p !== undefined ? {top_p: body.top_p} : {}),
        ...(body.stop_sequences?.length ? {stop: body.stop_sequences} : {}),
        ...(body.output_config?.format
            ? {
                  response_format: {
                      type: "json_schema" as const,
                      json_schema: {name: "output", schema: body.output_config.format.schema},
                  },
              }
            : {}),
        messages: [
            ...(system ? [{role: "system" as const, content: system}] : []),
            ...body.messages.flatMap((m) =>
                m.role === "user"
                    ? userMessages(m.content)
                    : m.role === "system"
                      ? [{role: "system" as const, content: textOf(m.content)}]
                      : [assistantMessage(m.content)],
            ),
        ],
        ...(body.tools?.length
            ? {
                  tools: body.tools.map((t) => ({
                      type: "function" as const,
                      function: {
                          name: t.name,
                          ...(t.description ? {description: t.description} : {}),
                          parameters: t.input_schema,
                      },
                  })),
              }
            : {}),
        ...(choice
            ? {
                  tool_choice:
                      choice.type === "tool"
                          ? {type: "function" as const, function: {name: choice.name ?? ""}}
                          : ({auto: "auto", any: "required", none: "none"} as const)[choice.type],
              }
            : {}),
    };
}

/** A user turn: its tool results first (each a tool message), then its text and images as one message. */
function userMessages(content: string | Block[]): ChatMessage[] {
    if (typeof content === "string") return [{role: "user", content}];
    const results: ChatMessage[] = content.flatMap((b) =>
        b.type === "tool_result"
            ? [
                  {
                      role: "tool" as const,
                      tool_call_id: b.tool_use_id,
                      content: `${b.is_error ? "Error: " : ""}${typeof b.content === "string" ? b.content : (b.content ?? []).map((t) => t.text).join("\n")}`,
                  },
              ]
            : [],
    );
    type Part = {type: "text"; text: string} | {type: "image_url"; image_url: {url: string}};
    const parts = content.flatMap((b): Part[] => {
        if (b.type === "text") return [{type: "text" as const, text: b.text}];
        if (b.type === "image")
            return [
                {
                    type: "image_url" as const,
                    image_url: {url: `data:${b.source.media_type};base64,${b.source.data}`},
                },
            ];
        return [];
    });
    return parts.length > 0 ? [...results, {role: "user", content: parts}] : results;
}

/** A turn's text blocks as one text. */
function textOf(content: string | Block[]): string {
    return typeof content === "string"
        ? content
        : content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
}

/** An assistant turn: its text, and its tool_use blocks as the calls it made. */
function assistantMessage(content: string | Block[]): ChatMessage {
    if (typeof content === "string") return {role: "assistant", content};
    const text = textOf(content);
    const calls: ToolCall[] = content.flatMap((b) =>
        b.type === "tool_use"
            ? [
                  {
                      id: b.id,
                      type: "function" as const,
                      function: {name: b.name, arguments: JSON.stringify(b.input ?? {})},
                  },
              ]
            : [],
    );
    return {role: "assistant", content: text || null, ...(calls.length ? {tool_calls: calls} : {})};
}

/** A Messages request as the plan every answer runs (the chat completion it means), thinking as it asks. */
export function planMessages(request: MessagesRequest, newAjv: () => Ajv) {
    const body = asChatRequest(request);
    const thinking = thinkingOf(request);
    const plan = planChat(body, newAjv, null, FORMAT_PARAM);
    return {body, plan: {...plan, sampling: {...plan.sampling, ...thinking}}, thinking: thinking.thinking};
}

/**
 * Whether the model thinks, and how long, as Anthropic's clients ask: not unless `thinking` says so (Anthropic's
 * default); enabled, within budget_tokens, which must leave room under max_tokens for the answer.
 */
export function thinkingOf(body: MessagesRequest): {thinking: boolean; thinkingBudget?: number} {
    const asked = body.thinking;
    if (!asked || asked.type === "disabled") return {thinking: false};
    if (asked.type !== "enabled" || !("budget_tokens" in asked)) return {thinking: true};
    if (asked.budget_tokens >= body.max_tokens)
        throw invalid(
            `thinking.budget_tokens (${asked.budget_tokens}) must be less than max_tokens (${body.max_tokens}): the answer needs the rest`,
            "thinking.budget_tokens",
        );
    return {thinking: true, thinkingBudget: asked.budget_tokens};
}

export const STOP_REASONS = {stop: "end_turn", length: "max_tokens", tool_calls: "tool_use"} as const;

/** A call's arguments as tool_use's input: the object the model wrote ({} where it wrote none). */
export function inputOf(argumentsText: string): unknown {
    try {
        const input: unknown = JSON.parse(argumentsText || "{}");
        return input;
    } catch {
        return {};
    }
}

/** The outcome as a message: its thinking (when asked for), its text block, then one tool_use block per call. */
export function messageResponse(model: string, outcome: ChatOutcome, thinking: boolean) {
    return {
        id: completionId("msg"),
        type: "message",
        role: "assistant",
        model,
        content: [
            ...(thinking && outcome.thought
                ? [{type: "thinking", thinking: outcome.thought, signature: ""}]
                : []),
            ...(outcome.text ? [{type: "text", text: outcome.text}] : []),
            ...outcome.toolCalls.map((c) => ({
                type: "tool_use",
                id: c.id,
                name: c.function.name,
                input: inputOf(c.function.arguments),
            })),
        ],
        stop_reason: STOP_REASONS[outcome.finish],
        stop_sequence: null,
        usage: {input_tokens: outcome.usage.prompt_tokens, output_tokens: outcome.usage.completion_tokens},
    };
}
