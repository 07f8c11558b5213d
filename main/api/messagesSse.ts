import type http from "node:http";
import {completionId, type ChatOutcome, type ChatSink} from "./chat.js";
import {ApiError} from "./errors.js";
import {MessagesError, STOP_REASONS} from "./messages.js";
import {eventStreamHeaders} from "./sse.js";
import type {ServerTiming} from "./timing.js";

/**
 * A message streamed as Anthropic streams it: message_start; each thinking (when asked for), text or tool_use
 * block as content_block_start, its deltas (thinking_delta, text_delta, input_json_delta) and content_block_stop; message_delta with
 * the stop reason and usage; message_stop. Cairn's own tool steps are not part of the format: not sent.
 */
export class MessagesSseWriter implements ChatSink {
    started = false;
    private readonly id = completionId("msg");
    /** The block open now: its index and kind; null between blocks. */
    private open: {index: number; kind: "thinking" | "text" | "tool_use"; call?: number} | null = null;
    private blocks = 0;

    constructor(
        private readonly res: http.ServerResponse,
        private readonly model: string,
        private readonly timing: ServerTiming,
        /** Whether the client asked for thinking blocks (`thinking` enabled or adaptive). */
        private readonly thinking = false,
    ) {}

    text(chunk: string): void {
        if (!chunk) return;
        this.opened();
        if (this.open?.kind !== "text") this.startBlock("text", {type: "text", text: ""});
        this.event("content_block_delta", {
            index: this.open!.index,
            delta: {type: "text_delta", text: chunk},
        });
    }

    /** A thinking block's thinking_delta, when the client asked for thinking; else nothing is sent. */
    thought(chunk: string): void {
        if (!chunk || !this.thinking) return;
        this.opened();
        if (this.open?.kind !== "thinking")
            this.startBlock("thinking", {type: "thinking", thinking: "", signature: ""});
        this.event("content_block_delta", {
            index: this.open!.index,
            delta: {type: "thinking_delta", thinking: chunk},
        });
    }

    call(index: number, start: {id: string; name: string} | null, argumentsChunk: string): void {
        this.opened();
        if (start)
            this.startBlock("tool_use", {type: "tool_use", id: start.id, name: start.name, input: {}}, index);
        if (argumentsChunk && this.open?.call === index)
            this.event("content_block_delta", {
                index: this.open.index,
                delta: {type: "input_json_delta", partial_json: argumentsChunk},
            });
    }

    step(): void {}

    finish(outcome: ChatOutcome): void {
        this.opened();
        this.closeBlock();
        this.event("message_delta", {
            delta: {stop_reason: STOP_REASONS[outcome.finish], stop_sequence: null},
            usage: {output_tokens: outcome.usage.completion_tokens},
        });
        this.event("message_stop", {});
        this.res.end();
    }

    /** An error after the stream began: one error event, then the stream ends. */
    fail(error: unknown): void {
        const apiError = error instanceof ApiError ? error : new ApiError(500, String(error), "api_error");
        this.res.write(`event: error\ndata: ${JSON.stringify(MessagesError.from(apiError).body())}\n\n`);
        this.res.end();
    }

    private startBlock(
        kind: "thinking" | "text" | "tool_use",
        block: Record<string, unknown>,
        call?: number,
    ): void {
        this.closeBlock();
        this.open = {index: this.blocks++, kind, ...(call === undefined ? {} : {call})};
        this.event("content_block_start", {index: this.open.index, content_block: block});
    }

    private closeBlock(): void {
        if (!this.open) return;
        this.event("content_block_stop", {index: this.open.index});
        this.open = null;
    }

    private opened(): void {
        if (this.started) return;
        this.started = true;
        this.res.writeHead(200, eventStreamHeaders(this.timing));
        this.event("message_start", {
            message: {
                id: this.id,
                type: "message",
                role: "assistant",
                model: this.model,
                content: [],
                stop_reason: null,
                stop_sequence: null,
                usage: {input_tokens: 0, output_tokens: 0},
            },
        });
    }

    private event(type: string, data: Record<string, unknown>): void {
        this.res.write(`event: ${type}\ndata: ${JSON.stringify({type, ...data})}\n\n`);
    }
}
