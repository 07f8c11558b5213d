import {outboundFetch, UNRECORDED, type Outbound} from "../net/network.js";
import {cleanResult, type SearchResult} from "./duckduckgo.js";
import {sharedExtractor} from "./extractor.js";

export type {SearchResult} from "./duckduckgo.js";

export type SearchProvider = {
    name: string;
    search(query: string, max: number, signal: AbortSignal): Promise<SearchResult[]>;
};

export type ProviderConfig = {
    provider: "searxng" | "brave" | "tavily" | "duckduckgo";
    baseUrl?: string;
    apiKey?: string;
    userAgent: string;
    /** Offline mode and the egress log; none: nothing refused or recorded. */
    outbound?: Outbound;
};

/** How a provider sends its request: through the way off this computer. */
type Send = (url: string, init: RequestInit) => Promise<Response>;

/** One search as each provider's function takes it. */
type Ask = {send: Send; base: string; query: string; max: number; signal: AbortSignal};

export const DEFAULT_BASE_URLS: Record<ProviderConfig["provider"], string> = {
    searxng: "http://localhost:8080",
    brave: "https://api.search.brave.com",
    tavily: "https://api.tavily.com",
    duckduckgo: "https://html.duckduckgo.com",
};

/** A provider failure, with text for the model; never contains an API key. */
export class SearchError extends Error {}

export function createProvider(config: ProviderConfig): SearchProvider {
    const base = (config.baseUrl || DEFAULT_BASE_URLS[config.provider]).replace(/\/+$/, "");
    const send: Send = (url, init) => outboundFetch(config.outbound ?? UNRECORDED, url, init);
    switch (config.provider) {
        case "searxng":
            return {
                name: "searxng",
                search: (query, max, signal) => searxng({send, base, query, max, signal}, config.userAgent),
            };
        case "brave":
            return {
                name: "brave",
                search: (query, max, signal) =>
                    brave({send, base, query, max, signal}, requireKey(config, "BRAVE_API_KEY")),
            };
        case "tavily":
            return {
                name: "tavily",
                search: (query, max, signal) =>
                    tavily({send, base, query, max, signal}, requireKey(config, "TAVILY_API_KEY")),
            };
        case "duckduckgo":
            return {
                name: "duckduckgo",
                search: (query, max, signal) =>
                    duckduckgo({send, base, query, max, signal}, config.userAgent),
            };
    }
}

function requireKey(config: ProviderConfig, variable: string): string {
    if (!config.apiKey)
        throw new SearchError(`no API key for ${config.provider}: set ${variable} or the key in tools.yaml`);
    return config.apiKey;
}

async function getJson(send: Send, url: string, init: RequestInit): Promise<unknown> {
    const response = await send(url, init);
    if (!response.ok) throw new SearchError(`HTTP ${response.status}`);
    try {
        return await response.json();
    } catch {
        throw new SearchError("the provider did not answer with JSON");
    }
}

async function searxng({send, base, query, max, signal}: Ask, userAgent: string) {
    const url = `${base}/search?${new URLSearchParams({q: query, format: "json"}).toString()}`;
    const body = (await getJson(send, url, {
        signal,
        headers: {Accept: "application/json", "User-Agent": userAgent},
    })) as {
        results?: Array<{title?: string; url?: string; content?: string}>;
    };
    return (body.results ?? []).slice(0, max).map((r) => cleanResult(r.title, r.content, r.url));
}

async function brave({send, base, query, max, signal}: Ask, key: string) {
    const url = `${base}/res/v1/web/search?${new URLSearchParams({q: query, count: String(max)}).toString()}`;
    const body = (await getJson(send, url, {
        signal,
        headers: {Accept: "application/json", "X-Subscription-Token": key},
    })) as {
        web?: {results?: Array<{title?: string; url?: string; description?: string}>};
    };
    return (body.web?.results ?? []).slice(0, max).map((r) => cleanResult(r.title, r.description, r.url));
}

async function tavily({send, base, query, max, signal}: Ask, key: string) {
    const body = (await getJson(send, `${base}/search`, {
        method: "POST",
        signal,
        headers: {"Content-Type": "application/json", Authorization: `Bearer ${key}`},
        body: JSON.stringify({query, max_results: max}),
    })) as {results?: Array<{title?: string; url?: string; content?: string}>};
    // Tavily's results carry page content already, so the model often needs no fetch.
    return (body.results ?? []).slice(0, max).map((r) => cleanResult(r.title, r.content, r.url));
}

async function duckduckgo({send, base, query, max, signal}: Ask, userAgent: string) {
    const response = await send(`${base}/html/?${new URLSearchParams({q: query}).toString()}`, {
        signal,
        headers: {"User-Agent": userAgent},
    });
    if (!response.ok) throw new SearchError(`HTTP ${response.status}`);
    return sharedExtractor().run({type: "duckduckgo", html: await response.text(), max}, signal);
}
