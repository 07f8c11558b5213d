import type {HostedTools, ModelFunction, StepRequest} from "../stepTypes.js";

/**
 * The request and stream formats a remote model speaks: OpenAI's chat completions (llama-server, vLLM,
 * Ollama, LM Studio, another Cairn), OpenAI's Responses API, Gemini's generateContent, Anthropic's Messages.
 */
export type WireFormat = "chat" | "responses" | "gemini" | "anthropic";

/** Where a stream's pieces go while it is read: the step's text, thought, calls, usage and ending. */
export type StreamSink = {
    text(text: string): void;
    thought(text: string): void;
    /** Part of a call as the model writes it: `args` is appended to the call at `index`. */
    callPart(index: number, name: string, args: string): void;
    usage(usage: {prompt?: number; completion?: number; cached?: number; thought?: number}): void;
    /** The format's own reason the answer ended ("stop", "length", "max_tokens", "MAX_TOKENS"...). */
    finish(reason: string): void;
    /** A tool the provider ran itself (its web search): traced as a step, its sources cited as [n]. */
    hosted: HostedTools | undefined;
};

/** One format: where a step is sent, how it is written, and how its stream is read. */
export type Wire = {
    /** The step's URL path after the base URL. */
    path(model: string): string;
    /** The key's header (never logged). */
    headers(apiKey: string | undefined): Record<string, string>;
    body(model: string, req: StepRequest): unknown;
    /** Reads one `data:` payload of the stream into the sink; throws the stream's own error. */
    reader(req: StepRequest, sink: StreamSink): (payload: unknown) => void;
    /** The models list: its path and the ids in its answer. */
    models: {path: string; ids(body: unknown): string[]};
};

/**
 * The offered functions with Cairn's `web_search` taken out when the provider searches the web itself:
 * `web` says it was offered (or forced alone, `forceWeb`), and the provider's own search goes in its place.
 */
export function nativeWeb(req: StepRequest): {
    functions: ModelFunction[];
    force: ModelFunction[] | undefined;
    web: boolean;
    forceWeb: boolean;
} {
    const isWeb = (f: ModelFunction) => f.name === "web_search";
    const listed = req.force ?? req.functions ?? [];
    const web = listed.some(isWeb);
    const rest = listed.filter((f) => !isWeb(f));
    if (!req.force) return {functions: rest, force: undefined, web, forceWeb: false};
    return {
        functions: rest,
        force: rest.length > 0 ? rest : undefined,
        web,
        forceWeb: web && rest.length === 0,
    };
}

/** An error the server sent inside its stream (after its 200), in its own words. */
export class StreamError extends Error {}
