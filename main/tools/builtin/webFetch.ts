import {ExtractionError, sharedExtractor} from "../../web/extractor.js";
import {DEFAULT_LIMITS, fetchPage, FetchError} from "../../web/fetchPage.js";
import {APP_VERSION} from "../../version.js";
import {defineTool} from "../defineTool.js";

// No fixed cut by default: the chat service cuts each result to the tokens the context has left.
const NO_LIMIT = Number.POSITIVE_INFINITY;

/**
 * web_fetch: one page's main text. Options (tools.yaml): max_chars, allow_hosts (hosts that may be
 * private or loopback anyway), timeoutMs for the transfer.
 */
export type Archive = (page: {url: string; title: string; text: string}) => {id: string};

export const createWebFetch = (archive: Archive) =>
    defineTool<{url?: string}>({
        name: "web_fetch",
        description: "Fetch a web page (http or https) and return its title and main text.",
        sideEffect: "network",
        params: {
            type: "object",
            additionalProperties: false,
            properties: {url: {type: "string", maxLength: 4096}},
        },
        async run({url}, ctx) {
            if (!url) return {text: "", error: "missing url argument"};
            const maxChars = numberOption(ctx.options.max_chars, NO_LIMIT);
            try {
                const page = await fetchPage(
                    url,
                    {
                        ...DEFAULT_LIMITS,
                        timeoutMs: numberOption(ctx.options.fetch_timeout_ms, DEFAULT_LIMITS.timeoutMs),
                        userAgent: `Cairn/${APP_VERSION}`,
                        allowHosts: stringList(ctx.options.allow_hosts),
                    },
                    ctx.signal,
                );
                // Parsing runs in a worker with memory and time limits; Stop and the tool's limit end it.
                const extracted = await sharedExtractor().run({type: "page", page}, ctx.signal);
                const archived = archive({url: page.url, title: extracted.title, text: extracted.text});
                const cut = extracted.text.length > maxChars;
                const body = cut
                    ? `${extracted.text.slice(0, maxChars)}\n[cut at ${maxChars} characters]`
                    : extracted.text;
                const note = extracted.note ? `Note: ${extracted.note}\n` : "";
                return {
                    text: `URL: ${page.url}\nTitle: ${extracted.title}\n${note}Extracted text:\n${body}`,
                    data: {
                        url: page.url,
                        title: extracted.title,
                        byline: extracted.byline,
                        chars: extracted.text.length,
                        method: extracted.method,
                    },
                    sources: [
                        {
                            kind: "url",
                            title: extracted.title || page.url,
                            url: page.url,
                            snippet: extracted.text.slice(0, 200),
                            location: {archiveId: archived.id},
                        },
                    ],
                };
            } catch (error) {
                if (error instanceof FetchError || error instanceof ExtractionError)
                    return {text: "", error: error.message};
                throw error;
            }
        },
    });

function numberOption(value: unknown, fallback: number): number {
    return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

function stringList(value: unknown): string[] {
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
