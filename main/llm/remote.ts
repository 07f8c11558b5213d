import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import {hostOf as hostOfUrl, UNRECORDED, type Egress, type Outbound} from "../net/network.js";
import {connectionFailure} from "./connectionFailure.js";
import type {FinishReason, StepRequest, StepResult} from "./stepTypes.js";
import {emptyStats} from "./stepParts.js";
import {anthropic} from "./wire/anthropic.js";
import {chatCompletions} from "./wire/chatCompletions.js";
import {gemini} from "./wire/gemini.js";
import {responses} from "./wire/responses.js";
import {StreamError, type StreamSink, type Wire, type WireFormat} from "./wire/wire.js";
import {messageOf} from "../../shared/format.js";
import {parseJson} from "../../shared/json.js";

export {toMessages} from "./wire/chatCompletions.js";

/** A model served elsewhere: a server that speaks one of the formats, at a base URL. */
export type RemoteServer = {
    /** The API's base URL, e.g. http://gpu-box:8080/v1 (as OpenAI clients take it). */
    baseUrl: string;
    model: string;
    /** Sent in the format's key header; never logged. */
    apiKey?: string;
    /** The format it speaks (default: OpenAI's chat completions). */
    format?: WireFormat;
    /**
     * How long to wait for the server's answer to begin (default 5 minutes): a server sends nothing while it
     * reads the prompt, which takes minutes for a long one on a slow machine. A server that does not accept
     * the connection fails sooner, at fetch's own connect limit (10 s).
     */
    connectTimeoutMs?: number;
    /** What else the user can do when it cannot be reached (default: switch back to the local model). */
    otherwise?: string;
};

export const WIRES: Record<WireFormat, Wire> = {chat: chatCompletions, responses, gemini, anthropic};

const CONNECT_TIMEOUT_MS = 300_000;

/**
 * One generation step on a remote model, streamed: Cairn's history and tools written in the server's
 * format, text, thoughts and tool calls (as they are written) out, usage back.
 */
export async function remoteStep(
    server: RemoteServer,
    req: StepRequest,
    outbound: Outbound = UNRECORDED,
): Promise<Result<StepResult>> {
    const started = performance.now();
    const wire = WIRES[server.format ?? "chat"];
    const url = endpoint(server, wire.path(server.model));
    const refused = outbound.refusal(url);
    if (refused) return failWith("NETWORK", refused);
    const body = JSON.stringify(wire.body(server.model, req));
    const egress: Egress = {url, bytesSent: Buffer.byteLength(body), bytesReceived: 0, status: null};
    const connect = AbortSignal.timeout(server.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    let response: Response;
    try {
        response = await fetch(url, {
            method: "POST",
            headers: {
                "Content-Type": "application/json",
                Accept: "text/event-stream",
                ...wire.headers(server.apiKey),
            },
            body,
            signal: AbortSignal.any([req.signal, connect]),
        });
    } catch (error) {
        outbound.record(egress);
        if (req.signal.aborted) return ok(stopped(started));
        return unreachable(server, error, connect.aborted);
    }
    egress.status = response.status;
    if (!response.ok) {
        const text = await response.text().catch(() => "");
        egress.bytesReceived = Buffer.byteLength(text);
        outbound.record(egress);
        return failSaying("NETWORK", "remoteAnswered", {
            host: hostOf(server),
            status: response.status,
            reason: errorMessage(text),
        });
    }
    try {
        return ok(await readStream(wire, response, req, started, (n) => (egress.bytesReceived += n)));
    } catch (error) {
        if (req.signal.aborted) return ok(stopped(started));
        if (error instanceof StreamError)
            return failSaying("NETWORK", "remoteError", {host: hostOf(server), reason: error.message});
        return failSaying("NETWORK", "remoteBrokeOff", {
            host: hostOf(server),
            reason: messageOf(error),
        });
    } finally {
        outbound.record(egress);
    }
}

async function readStream(
    wire: Wire,
    response: Response,
    req: StepRequest,
    started: number,
    received: (bytes: number) => void,
): Promise<StepResult> {
    const {sink, result} = collector(req, started);
    const onPayload = wire.reader(req, sink);
    const decoder = new TextDecoder();
    let buffer = "";
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body!.getReader();
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
            const payload = parseJson(data);
            // An error sent in the stream after a 200 (llama-server, OpenAI, Gemini): the answer failed.
            const failure = errorOf(payload);
            if (failure) throw new StreamError(failure);
            onPayload(payload);
        }
    }
    return result();
}

/** The message of an error body, `{"error": "…"}` or `{"error": {"message": "…"}}`, as every format sends it. */
function errorOf(payload: unknown): string | null {
    if (typeof payload !== "object" || payload === null || !("error" in payload)) return null;
    const {error} = payload;
    if (typeof error === "string") return error;
    if (
        typeof error === "object" &&
        error !== null &&
        "message" in error &&
        typeof error.message === "string"
    )
        return error.message;
    return null;
}

/** The sink a format's reader writes to, and the step it makes of what was written. */
function collector(req: StepRequest, started: number): {sink: StreamSink; result: () => StepResult} {
    const stats = emptyStats();
    let text = "";
    let thought = "";
    let finish: string | null = null;
    let firstToken: number | null = null;
    const calls: {name: string; args: string}[] = [];
    const written = () => (firstToken ??= performance.now());
    const sink: StreamSink = {
        text(chunk) {
            if (!chunk) return;
            written();
            text += chunk;
            req.onText(chunk);
        },
        thought(chunk) {
            if (!chunk) return;
            written();
            thought += chunk;
            req.onThought?.(chunk);
        },
        callPart(index, name, args) {
            written();
            const call = (calls[index] ??= {name: "", args: ""});
            if (name) call.name += name;
            call.args += args;
            req.onCallChunk?.({index, name: call.name, text: args});
        },
        usage(usage) {
            if (usage.prompt !== undefined) stats.promptTokens = usage.prompt;
            if (usage.completion !== undefined) stats.completionTokens = usage.completion;
            if (usage.cached !== undefined) stats.reusedTokens = usage.cached;
            if (usage.thought !== undefined) stats.thoughtTokens = usage.thought;
        },
        finish(reason) {
            finish = reason;
        },
        hosted: req.hosted,
    };
    const result = (): StepResult => {
        stats.durationMs = performance.now() - started;
        stats.timeToFirstTokenMs = firstToken === null ? null : firstToken - started;
        const generating = firstToken === null ? 0 : performance.now() - firstToken;
        stats.tokensPerSecond = generating > 0 ? (stats.completionTokens / generating) * 1000 : null;
        const parsed = calls.filter(Boolean).map((c) => ({name: c.name, params: parseArguments(c.args)}));
        return {
            text,
            thought,
            calls: parsed,
            stopped: req.signal.aborted,
            finish: finishOf(finish, parsed.length, req.signal.aborted),
            stats,
            contextUsed: stats.promptTokens + stats.completionTokens,
        };
    };
    return {sink, result};
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
    // Each format's name for the length limit: "length", "max_tokens", "MAX_TOKENS", "max_output_tokens".
    return finish !== null && /^(length|max_tokens|max_output_tokens)$/i.test(finish) ? "length" : "stop";
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

/** A path of the server's API, after its base URL. */
export function endpoint(server: Pick<RemoteServer, "baseUrl">, path: string): string {
    return `${server.baseUrl.replace(/\/+$/, "")}${path}`;
}

export function hostOf(server: Pick<RemoteServer, "baseUrl">): string {
    return hostOfUrl(server.baseUrl);
}

/** Why a server could not be reached, and what to do: in words, unless the caller says what else to do. */
function unreachable(server: RemoteServer, error: unknown, timedOut: boolean): Result<never> {
    const host = hostOf(server);
    const seconds = Number(((server.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) / 1000).toFixed(1));
    const found = connectionFailure(error);
    const cause = found ? ` (${found})` : "";
    if (!server.otherwise)
        return timedOut
            ? failSaying("NETWORK", "remoteTimedOut", {host, seconds})
            : failSaying("NETWORK", "remoteUnreachable", {host, cause});
    if (timedOut)
        return fail(
            "NETWORK",
            `${host} did not answer within ${seconds} s; check that the server is running, ${server.otherwise}`,
        );
    return fail(
        "NETWORK",
        `cannot reach ${host}${cause}; check that the server is running and the address is right, ${server.otherwise}`,
    );
}

/** The server's own error message when it sent one in OpenAI's shape, else its text, shortened. */
function errorMessage(text: string): string {
    try {
        const message = errorOf(JSON.parse(text));
        if (message) return message;
    } catch {
        // not JSON
    }
    return text.trim().slice(0, 300) || "no message";
}
