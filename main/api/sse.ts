import type http from "node:http";
import type {Step} from "./cairnTools.js";
import {completionId, type ChatOutcome, type ChatSink} from "./chat.js";
import {ApiError} from "./errors.js";
import type {ServerTiming} from "./timing.js";

/** A completion streamed as OpenAI streams it: `data: {chunk}` events, then `data: [DONE]`. */
/** Text that arrives within this long of the last text event waits to go out with what follows. */
const COALESCE_MS = 16;

export class SseWriter implements ChatSink {
    started = false;
    private readonly id: string;
    private readonly created = Math.floor(Date.now() / 1000);

    constructor(
        private readonly res: http.ServerResponse,
        private readonly kind: "chat" | "text",
        private readonly model: string,
        private readonly includeUsage: boolean,
        private readonly timing: ServerTiming,
    ) {
        this.id = completionId(kind === "chat" ? "chatcmpl" : "cmpl");
    }

    /**
     * Text goes out at once unless the last event left less than a frame ago: tokens that come faster
     * (a small model on a fast machine) are sent together, so that neither side spends its time on
     * events. A model at 60 tokens/s or slower sends every token on its own.
     */
    text(chunk: string): void {
        if (!chunk) return;
        this.opened(() => {
            this.pendingText += chunk;
            const wait = this.lastTextAt + COALESCE_MS - performance.now();
            if (wait <= 0) this.flushText();
            else this.textTimer ??= setTimeout(() => this.flushText(), wait);
        });
    }

    private flushText(): void {
        if (this.textTimer) clearTimeout(this.textTimer);
        this.textTimer = null;
        if (!this.pendingText) return;
        // The chunk's fixed parts are serialized once, then only the text.
        this.textFrame ??= this.frameAround();
        this.res.write(`${this.textFrame[0]}${JSON.stringify(this.pendingText)}${this.textFrame[1]}`);
        this.pendingText = "";
        this.lastTextAt = performance.now();
    }

    /** Thought as llama.cpp's server and DeepSeek stream it: `delta.reasoning_content`. */
    thought(chunk: string): void {
        if (!chunk || this.kind !== "chat") return;
        this.opened(() => {
            this.flushText();
            this.send({delta: {reasoning_content: chunk}});
        });
    }

    call(index: number, start: {id: string; name: string} | null, argumentsChunk: string): void {
        const call = start
            ? {index, id: start.id, type: "function", function: {name: start.name, arguments: argumentsChunk}}
            : {index, function: {arguments: argumentsChunk}};
        this.opened(() => {
            this.flushText();
            this.send({delta: {tool_calls: [call]}});
        });
    }

    /** A Cairn tool step as an extra chunk with no choices: OpenAI clients skip it, Cairn-aware ones read it. */
    step(step: Step): void {
        this.opened(() => {
            this.flushText();
            this.write({...this.envelope(), choices: [], metadata: {step}});
        });
    }

    finish(outcome: ChatOutcome): void {
        this.opened(() => this.flushText());
        const last =
            this.kind === "chat"
                ? {
                      delta: {},
                      finish_reason: outcome.finish,
                      ...(metadataOf(outcome) ? {metadata: metadataOf(outcome)} : {}),
                  }
                : {text: "", finish_reason: outcome.finish};
        this.send(last);
        if (this.includeUsage)
            this.write({...this.envelope(), choices: [], usage: outcome.usage, timings: outcome.timings});
        this.res.end("data: [DONE]\n\n");
    }

    /** An error after the stream began: one error event, then the stream ends (as OpenAI does). */
    fail(error: unknown): void {
        this.flushText();
        const body =
            error instanceof ApiError
                ? error.body()
                : {error: {message: String(error), type: "server_error", param: null, code: null}};
        this.write(body);
        this.res.end();
    }

    private textFrame: [string, string] | null = null;
    private pendingText = "";
    private lastTextAt = -Infinity;
    private textTimer: NodeJS.Timeout | null = null;

    /** A text chunk's event split around its text: what comes before the JSON string, and after. */
    private frameAround(): [string, string] {
        const marker = "\u0000text\u0000";
        const delta = this.kind === "chat" ? {delta: {content: marker}} : {text: marker};
        const choice = {index: 0, logprobs: null, finish_reason: null, ...delta};
        const usage = this.includeUsage ? {usage: null} : {};
        const whole = JSON.stringify({...this.envelope(), choices: [choice], ...usage});
        const [before, after] = whole.split(JSON.stringify(marker)) as [string, string];
        return [`data: ${before}`, `${after}\n\n`];
    }

    /**
     * Runs `write`, first opening the stream if it is not open yet: then the headers, the role chunk and what
     * `write` writes leave in one packet (one wake-up for the client), at once: not after the rest of the
     * engine's work on this token, as a write deferred to the next tick would (0.5-2 ms on the 1B layout).
     */
    private opened(write: () => void): void {
        if (this.started) return write();
        this.started = true;
        this.res.cork();
        this.res.writeHead(200, eventStreamHeaders(this.timing));
        if (this.kind === "chat") this.send({delta: {role: "assistant", content: ""}});
        write();
        this.res.uncork();
    }

    private send(choice: Record<string, unknown>): void {
        const full = {index: 0, logprobs: null, finish_reason: null, ...choice};
        this.write({...this.envelope(), choices: [full], ...(this.includeUsage ? {usage: null} : {})});
    }

    private envelope() {
        return {
            id: this.id,
            object: this.kind === "chat" ? "chat.completion.chunk" : "text_completion",
            created: this.created,
            model: this.model,
            system_fingerprint: null,
        };
    }

    private write(value: unknown): void {
        this.res.write(`data: ${JSON.stringify(value)}\n\n`);
    }
}

/** The headers of a streamed answer (OpenAI's chunks or Anthropic's events): no caching, no proxy buffering. */
export function eventStreamHeaders(timing: ServerTiming): Record<string, string> {
    return {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
        "Server-Timing": timing.header(),
    };
}

/** Cairn's additions to a message: tool steps, citations, argument problems; undefined when none. */
export function metadataOf(outcome: ChatOutcome) {
    const metadata = {
        ...(outcome.conversationId ? {conversation_id: outcome.conversationId} : {}),
        ...(outcome.steps.length ? {tool_results: outcome.steps, citations: outcome.citations} : {}),
        ...(outcome.problems.length ? {tool_call_errors: outcome.problems} : {}),
        ...(outcome.plan ? {plan: outcome.plan} : {}),
        ...(outcome.research
            ? {
                  mode: "research",
                  message_id: outcome.research.messageId,
                  research: outcome.research.run,
                  citations: outcome.research.sources,
              }
            : {}),
    };
    return Object.keys(metadata).length ? metadata : undefined;
}
