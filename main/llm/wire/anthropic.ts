import type {ModelFunction, StepRequest} from "../stepTypes.js";
import {idsOf, toMessages} from "./chatCompletions.js";
import type {Wire} from "./wire.js";
import {parseJson} from "../../../shared/json.js";

type Block = {type?: string; name?: string; id?: string};
type StreamEvent = {
    type?: string;
    index?: number;
    content_block?: Block;
    delta?: {type?: string; text?: string; partial_json?: string; thinking?: string; stop_reason?: string};
    message?: {usage?: {input_tokens?: number; cache_read_input_tokens?: number; output_tokens?: number}};
    usage?: {output_tokens?: number};
};
type Message = {role: "user" | "assistant"; content: Record<string, unknown>[]};

// Anthropic's API version the requests are written for (its documented stable version).
const API_VERSION = "2023-06-01";
// The Messages API needs a length limit; a step without one gets this.
const DEFAULT_MAX_TOKENS = 4096;
// An answer in a required JSON shape is asked for as this one forced tool, whose input is the answer.
const ANSWER_TOOL = "answer";

/** Anthropic's Messages API (no web search of its own here: the web switch is off for it). */
export const anthropic: Wire = {
    path: () => "/messages",
    headers: (apiKey) => ({"anthropic-version": API_VERSION, ...(apiKey ? {"x-api-key": apiKey} : {})}),
    body: requestBody,
    reader: (req, sink) => {
        // A call's place in the step, by its place in the stream.
        const calls = new Map<number, number>();
        let input = 0;
        let output = 0;
        let cached = 0;
        const usage = () => sink.usage({prompt: input + cached, completion: output, cached});
        return (payload) => {
            const event = payload as StreamEvent;
            switch (event.type ?? "") {
                case "message_start":
                    input = event.message?.usage?.input_tokens ?? 0;
                    cached = event.message?.usage?.cache_read_input_tokens ?? 0;
                    output = event.message?.usage?.output_tokens ?? 0;
                    return usage();
                case "content_block_start":
                    if (event.content_block?.type === "tool_use") {
                        const name = event.content_block.name ?? "";
                        // The forced answer tool's input is the answer's text.
                        if (req.format && name === ANSWER_TOOL) return;
                        const call = calls.size;
                        calls.set(event.index ?? call, call);
                        sink.callPart(call, name, "");
                    }
                    return;
                case "content_block_delta": {
                    const delta = event.delta ?? {};
                    if (delta.type === "text_delta") return sink.text(delta.text ?? "");
                    if (delta.type === "thinking_delta") return sink.thought(delta.thinking ?? "");
                    if (delta.type !== "input_json_delta") return;
                    const call = calls.get(event.index ?? -1);
                    if (call !== undefined) sink.callPart(call, "", delta.partial_json ?? "");
                    else if (req.format) sink.text(delta.partial_json ?? "");
                    return;
                }
                case "message_delta":
                    output = event.usage?.output_tokens ?? output;
                    usage();
                    if (event.delta?.stop_reason) sink.finish(event.delta.stop_reason);
                    return;
                default:
                    // Other events (pings, item and part boundaries) carry nothing a step needs.
                    return;
            }
        };
    },
    models: {path: "/models", ids: idsOf},
};

function requestBody(model: string, req: StepRequest) {
    const messages = toMessages(req.history);
    const system = messages.flatMap((m) => (m.role === "system" ? [m.content] : []));
    const sampling = req.sampling ?? {};
    const functions = req.format ? [answerTool(req.format)] : (req.force ?? req.functions ?? []);
    const force = req.format ? functions : req.force;
    return {
        model,
        max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
        stream: true,
        ...(system.length ? {system: system.join("\n\n")} : {}),
        messages: toAnthropic(messages),
        ...(sampling.temperature !== undefined ? {temperature: sampling.temperature} : {}),
        ...(sampling.topP !== undefined ? {top_p: sampling.topP} : {}),
        ...(req.stop?.length ? {stop_sequences: req.stop} : {}),
        ...(functions.length ? {tools: functions.map(toTool)} : {}),
        ...(force
            ? {tool_choice: force.length === 1 ? {type: "tool", name: force[0]!.name} : {type: "any"}}
            : {}),
    };
}

function answerTool(format: NonNullable<StepRequest["format"]>): ModelFunction {
    return {
        name: ANSWER_TOOL,
        description: "Give the answer in the required JSON shape.",
        params: format.type === "schema" ? format.schema : {type: "object", properties: {}},
    } as ModelFunction;
}

function toTool(f: ModelFunction) {
    return {name: f.name, description: f.description, input_schema: f.params};
}

/** Chat messages as Anthropic's: calls as tool_use blocks, results as tool_result blocks in a user turn. */
function toAnthropic(messages: ReturnType<typeof toMessages>): Message[] {
    const out: Message[] = [];
    const add = (role: Message["role"], content: Record<string, unknown>[]) => {
        if (content.length === 0) return;
        const last = out.at(-1);
        if (last?.role === role) last.content.push(...content);
        else out.push({role, content});
    };
    for (const m of messages) {
        if (m.role === "user")
            add("user", [
                // Anthropic reads images best before the question about them.
                ...(m.images ?? []).map((image) => ({
                    type: "image",
                    source: {type: "base64", media_type: image.mime, data: image.data},
                })),
                ...(m.content ? [{type: "text", text: m.content}] : []),
            ]);
        else if (m.role === "tool")
            add("user", [{type: "tool_result", tool_use_id: m.tool_call_id, content: m.content}]);
        else if (m.role === "assistant")
            add("assistant", [
                ...(m.content ? [{type: "text", text: m.content}] : []),
                ...(m.tool_calls ?? []).map((c) => ({
                    type: "tool_use",
                    id: c.id,
                    name: c.function.name,
                    input: parseJson(c.function.arguments),
                })),
            ]);
    }
    return out;
}
