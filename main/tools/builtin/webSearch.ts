import {APP_VERSION} from "../../version.js";
import {connectionFailure} from "../../llm/connectionFailure.js";
import {deadline} from "../../net/deadline.js";
import {hostOf, OfflineError} from "../../net/network.js";
import {
    createProvider,
    DEFAULT_BASE_URLS,
    SearchError,
    type ProviderConfig,
    type SearchResult,
} from "../../web/searchProviders.js";
import {defineTool} from "../defineTool.js";
import {causeOf, messageOf} from "../../../shared/format.js";

const TIMEOUT_MS = 10_000;
const PROVIDERS = ["searxng", "brave", "tavily", "duckduckgo"] as const;

/**
 * web_search. Options (tools.yaml): provider (searxng by default), base_url, api_key, timeout_ms.
 * Keys also come from BRAVE_API_KEY / TAVILY_API_KEY; they are sent only to their provider.
 */
export const webSearch = defineTool({
    name: "web_search",
    description:
        "Search the web for current information. Returns numbered results with titles, snippets and URLs.",
    sideEffect: "network",
    timeoutMs: 15_000,
    params: {
        type: "object",
        additionalProperties: false,
        properties: {
            query: {type: "string", minLength: 1, maxLength: 500},
            max_results: {type: "integer"},
        },
        required: ["query"],
    },
    validate: {properties: {max_results: {default: 5}}},
    async run({query, max_results = 5}, ctx) {
        const max = Math.min(Math.max(1, max_results), 20);
        const provider = (
            typeof ctx.options.provider === "string" ? ctx.options.provider : "searxng"
        ) as ProviderConfig["provider"];
        if (!PROVIDERS.includes(provider))
            return {text: "", error: `search failed: unknown provider ${provider}`};
        const timeoutMs = typeof ctx.options.timeout_ms === "number" ? ctx.options.timeout_ms : TIMEOUT_MS;
        const limit = deadline(ctx.signal, timeoutMs);
        const signal = limit.signal;
        try {
            const results = await createProvider({
                provider,
                baseUrl: typeof ctx.options.base_url === "string" ? ctx.options.base_url : undefined,
                apiKey: apiKey(provider, ctx.options.api_key),
                userAgent: `Cairn/${APP_VERSION}`,
                ...(ctx.network
                    ? {outbound: ctx.network.for("web search", provider, ctx.conversationId)}
                    : {}),
            }).search(query, max, signal);
            return {
                text: formatResults(results, new Date()),
                data: {provider, results},
                sources: results.map((r) => ({
                    kind: "url" as const,
                    title: r.title,
                    url: r.url,
                    snippet: r.snippet,
                })),
            };
        } catch (error) {
            if (limit.timedOut() && !ctx.signal.aborted) {
                return {
                    text: "",
                    error: `search failed: timeout after ${Number((timeoutMs / 1000).toFixed(1))}s`,
                };
            }
            if (error instanceof SearchError) return {text: "", error: `search failed: ${error.message}`};
            if (error instanceof OfflineError)
                return {text: "", error: error.message, errorWords: error.words};
            return {text: "", error: `search failed: ${unreachable(provider, ctx.options.base_url, error)}`};
        } finally {
            limit.clear();
        }
    },
});

/** A provider that could not be reached, in words: where, why, and what to change. */
function unreachable(provider: ProviderConfig["provider"], configured: unknown, error: unknown): string {
    const why = connectionFailure(error);
    if (!why) {
        // fetch() wraps the real reason in its cause.
        return causeOf(error).message ?? messageOf(error);
    }
    const baseUrl = typeof configured === "string" && configured ? configured : DEFAULT_BASE_URLS[provider];
    return `cannot reach ${provider} at ${hostOf(baseUrl)} (${why}); start it, or set web_search's provider or base_url in tools.yaml`;
}

function apiKey(provider: string, configured: unknown): string | undefined {
    if (typeof configured === "string" && configured) return configured;
    if (provider === "brave") return process.env.BRAVE_API_KEY;
    if (provider === "tavily") return process.env.TAVILY_API_KEY;
    return undefined;
}

/** The result text the model reads: today's local date, then numbered results. */
export function formatResults(results: SearchResult[], now: Date): string {
    const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    if (results.length === 0) return `Today's date: ${date}\n\nNo results found`;
    const items = results.map(
        (r, i) => `[${i + 1}] Title: ${r.title}\n    Snippet: ${r.snippet}\n    URL: ${r.url}`,
    );
    return `Today's date: ${date}\n\n${items.join("\n\n")}`;
}
