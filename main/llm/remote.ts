import type {ChatHistoryItem} from "node-llama-cpp";
import {fail, ok, type Result} from "../../shared/result.js";
import type {CallChunk, FinishReason, ModelFunction, StepRequest, StepResult} from "./engine.js";
import {emptyStats} from "./engine.js";

/** A server that speaks OpenAI's chat completions: llama-server, vLLM, Ollama, LM Studio, another Cairn. */
export type RemoteServer = {
    /** The API's base URL, ending in /v1 (as OpenAI clients take it). */
    baseUrl: string;
    model: string;
    /** Sent as a bearer token; never logged. */
    apiKey?: string;
    /** How long to wait for the server to answer at all (default 10 s). */
    connectTimeoutMs?: number;
};

/** What was sent and received, for the egress log (never the content, never the key). */
export type Egress = {url: string; bytesSent: number; bytesReceived: number; status: number | null};

type OpenAiMessage =
    | {role: "system" | "user"; content: string}
    | {role: "assistant"; content: string | null; tool_calls?: OpenAiToolCall[]}
    | {role: "tool"; tool_call_id: string; content: string};
type OpenAiToolCall = {id: string; type: "function"; function: {name: string; arguments: string}};
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

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * One generation step on a remote OpenAI-compatible server, streamed: Cairn's history and tools in the
 * chat completions format, text, thoughts and tool calls (as they are written) out, usage back.
 */
export async function remoteStep(
    server: RemoteServer,
    req: StepRequest,
    onEgress: (e: Egress) => void = () => {},
): Promise<Result<StepResult>> {
    const started = performance.now();
    const url = `${server.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const body = JSON.stringify(requestBody(server.model, req));
    const egress: Egress = {url, bytesSent: Buffer.byteLength(body), bytesReceived: 0, status: null};
    const connect = AbortSignal.timeout(server.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    let response: Response;
    try {
        response = await fetch(url, {
            method: "POST",
            headers: {
                "Content-Type": "application/json",
                Accept: "text/event-stream",
                ...(server.apiKey ? {Authorization: `Bearer ${server.apiKey}`} : {}),
            },
            body,
            signal: AbortSignal.any([req.signal, connect]),
        });
    } catch (error) {
        onEgress(egress);
        if (req.signal.aborted) return ok(stopped(started));
        return fail("NETWORK", unreachable(server, error, connect.aborted));
    }
    egress.status = response.status;
    if (!response.ok) {
        const text = await response.text().catch(() => "");
        egress.bytesReceived = Buffer.byteLength(text);
        onEgress(egress);
        return fail("NETWORK", `${hostOf(server)} answered ${response.status}: ${errorMessage(text)}`);
    }
    try {
        return ok(await readStream(response, req, started, (n) => (egress.bytesReceived += n)));
    } catch (error) {
        if (req.signal.aborted) return ok(stopped(started));
        return fail("NETWORK", `${hostOf(server)} broke off its answer: ${(error as Error).message}`);
    } finally {
        onEgress(egress);
    }
}

function requestBody(model: string, req: StepRequest) {
    const functions = req.force ?? req.functions ?? [];
    const sampling = req.sampling ?? {};
    return {
        model,
        messages: toMessages(req.history),
        stream: true,
        stream_options: {include_usage: true},
        ...(req.maxTokens ? {max_tokens: req.maxTokens} : {}),
        ...(sampling.temperature !== undefined ? {temperature: sampling.temperature} : {}),
        ...(sampling.topP !== undefined ? {top_p: sampling.topP} : {}),
        ...(sampling.seed !== undefined && sampling.seed !== null ? {seed: sampling.seed} : {}),
        ...(req.stop?.length ? {stop: req.stop} : {}),
        ...(functions.length > 0 ? {tools: functions.map(toTool)} : {}),
        ...(req.force ? {tool_choice: forcedChoice(req.force)} : {}),
        ...(req.format ? {response_format: responseFormat(req.format)} : {}),
    };
}

function toTool(f: ModelFunction) {
    return {type: "function", function: {name: f.name, description: f.description, parameters: f.params}};
}

function forcedChoice(force: ModelFunction[]) {
    return force.length === 1 ? {type: "function", function: {name: force[0]!.name}} : "required";
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
export function toMessages(history: ChatHistoryItem[]): OpenAiMessage[] {
    const messages: OpenAiMessage[] = [];
    let calls = 0;
    for (const item of history) {
        if (item.type === "system") messages.push({role: "system", content: String(item.text)});
        else if (item.type === "user") messages.push({role: "user", content: item.text});
        else {
            let assistant: Extract<OpenAiMessage, {role: "assistant"}> | null = null;
            let results: OpenAiMessage[] = [];
            const flush = () => {
                if (assistant) messages.push(assistant, ...results);
                assistant = null;
                results = [];
            };
            for (const part of item.response) {
                if (typeof part === "string") {
                    if (assistant?.tool_calls) flush();
                    assistant ??= {role: "assistant", content: null};
                    assistant.content = (assistant.content ?? "") + part;
                } else if (part.type === "functionCall") {
                    const call = part;
                    const id = `call_${++calls}`;
                    assistant ??= {role: "assistant", content: null};
                    (assistant.tool_calls ??= []).push({
                        id,
                        type: "function",
                        function: {name: call.name, arguments: JSON.stringify(call.params ?? {})},
                    });
                    results.push({role: "tool", tool_call_id: id, content: String(call.result ?? "")});
                }
            }
            flush();
        }
    }
    return messages;
}

async function readStream(
    response: Response,
    req: StepRequest,
    started: number,
    received: (bytes: number) => void,
): Promise<StepResult> {
    const stats = emptyStats();
    let text = "";
    let thought = "";
    let finish: string | null = null;
    let firstToken: number | null = null;
    const calls: {name: string; args: string}[] = [];
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body!.getReader();
    const onChunk = (chunk: Chunk) => {
        if (chunk.usage) {
            stats.promptTokens = chunk.usage.prompt_tokens ?? 0;
            stats.completionTokens = chunk.usage.completion_tokens ?? 0;
            stats.reusedTokens = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
        }
        const choice = chunk.choices?.[0];
        if (!choice) return;
        const delta = choice.delta ?? {};
        firstToken ??=
            delta.content || delta.tool_calls || delta.reasoning_content ? performance.now() : null;
        if (delta.reasoning_content) {
            thought += delta.reasoning_content;
            req.onThought?.(delta.reasoning_content);
        }
        if (delta.content) {
            text += delta.content;
            req.onText(delta.content);
        }
        for (const part of delta.tool_calls ?? []) callDelta(calls, part, req.onCallChunk);
        if (choice.finish_reason) finish = choice.finish_reason;
    };
    for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        received(value.byteLength);
        buffer += decoder.decode(value, {stream: true});
        let end: number;
        while ((end = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, end).trim();
            buffer = buffer.slice(end + 1);
            if (!line.startsWith("data:")) continue;
            const data = line.slice(5).trim();
            if (data === "[DONE]") continue;
            onChunk(JSON.parse(data) as Chunk);
        }
    }
    const durationMs = performance.now() - started;
    stats.durationMs = durationMs;
    stats.timeToFirstTokenMs = firstToken === null ? null : firstToken - started;
    const generating = firstToken === null ? 0 : performance.now() - firstToken;
    stats.tokensPerSecond = generating > 0 ? (stats.completionTokens / generating) * 1000 : null;
    const parsed = calls.map((c) => ({name: c.name, params: parseArguments(c.args)}));
    return {
        text,
        thought,
        calls: parsed,
        stopped: req.signal.aborted,
        finish: finishOf(finish, parsed.length, req.signal.aborted),
        stats,
        contextUsed: stats.promptTokens + stats.completionTokens,
    };
}

function callDelta(
    calls: {name: string; args: string}[],
    part: NonNullable<Delta["tool_calls"]>[number],
    onCallChunk: ((chunk: CallChunk) => void) | undefined,
): void {
    const call = (calls[part.index] ??= {name: "", args: ""});
    if (part.function?.name) call.name += part.function.name;
    const args = part.function?.arguments ?? "";
    call.args += args;
    onCallChunk?.({index: part.index, name: call.name, text: args});
}

/** A call whose arguments are not JSON keeps them as text: the validator then says what is wrong. */
function parseArguments(text: string): unknown {
    if (!text.trim()) return {};
    try {
        return JSON.parse(text);
    } catch {
        return text;
    }
}

function finishOf(finish: string | null, calls: number, aborted: boolean): FinishReason {
    if (aborted) return "abort";
    if (calls > 0) return "calls";
    return finish === "length" ? "length" : "stop";
}

function stopped(started: number): StepResult {
    return {
        text: "",
        thought: "",
        calls: [],
        stopped: true,
        finish: "abort",
        stats: {...emptyStats(), durationMs: performance.now() - started},
        contextUsed: 0,
    };
}

export function hostOf(server: Pick<RemoteServer, "baseUrl">): string {
    try {
        return new URL(server.baseUrl).host;
    } catch {
        return server.baseUrl;
    }
}

function unreachable(server: RemoteServer, error: unknown, timedOut: boolean): string {
    const host = hostOf(server);
    if (timedOut)
        return `${host} did not answer within ${Number(((server.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) / 1000).toFixed(1))} s; check that the server is running, or switch this conversation back to the local model`;
    const cause = (error as {cause?: {code?: string}}).cause?.code;
    return `cannot reach ${host}${cause ? ` (${cause})` : ""}; check that the server is running and the address is right, or switch this conversation back to the local model`;
}

/** The server's own error message when it sent one in OpenAI's shape, else its text, shortened. */
function errorMessage(text: string): string {
    try {
        const parsed = JSON.parse(text) as {error?: {message?: string} | string};
        const message = typeof parsed.error === "string" ? parsed.error : parsed.error?.message;
        if (message) return message;
    } catch {
        // not JSON
    }
    return text.trim().slice(0, 300) || "no message";
}
