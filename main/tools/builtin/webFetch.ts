import type {Extracted} from "../../web/extract.js";
import {ExtractionError, sharedExtractor} from "../../web/extractor.js";
import {DEFAULT_LIMITS, fetchPage, FetchError} from "../../web/fetchPage.js";
import {APP_VERSION} from "../../version.js";
import {defineTool} from "../defineTool.js";

/**
 * web_fetch: one page's main content as markdown. Options (tools.yaml): max_chars (a fixed cut; by default
 * the chat service cuts each result to the tokens the context has left), allow_hosts (hosts that may be
 * private or loopback anyway), fetch_timeout_ms for the transfer.
 */
export type Archive = (page: {url: string; title: string; text: string}) => Promise<{id: string}>;

export const createWebFetch = (archive: Archive) =>
    defineTool({
        name: "web_fetch",
        description:
            "Fetch a web page (http or https) and return its title and main content as markdown. A long page is cut; pass offset (a character position in the content) to read on.",
        sideEffect: "network",
        params: {
            type: "object",
            additionalProperties: false,
            properties: {
                url: {type: "string", maxLength: 4096},
                // The grammar makes every listed property required, so only offset (0 is natural) is
                // offered; a fixed cut (max_chars) is a tools.yaml option, not the model's choice.
                offset: {type: "integer"},
            },
        },
        async run({url, offset = 0}, ctx) {
            if (!url) return {text: "", error: "missing url argument"};
            if (offset < 0) return {text: "", error: "offset must be 0 or more"};
            try {
                const page = await fetchPage(
                    url,
                    {
                        ...DEFAULT_LIMITS,
                        timeoutMs: numberOption(ctx.options.fetch_timeout_ms, DEFAULT_LIMITS.timeoutMs),
                        userAgent: `Cairn/${APP_VERSION}`,
                        allowHosts: stringList(ctx.options.allow_hosts),
                        ...(ctx.network
                            ? {outbound: ctx.network.for("web fetch", "web_fetch", ctx.conversationId)}
                            : {}),
                    },
                    ctx.signal,
                );
                // Parsing runs in a worker with memory and time limits; Stop and the tool's limit end it.
                const extracted = await sharedExtractor().run({type: "page", page}, ctx.signal);
                const address = extracted.canonicalUrl ?? page.url;
                // The archive keeps the whole content, whatever part the model reads now.
                const archived = await archive({
                    url: page.url,
                    title: extracted.title,
                    text: extracted.markdown,
                });
                const limit = numberOption(ctx.options.max_chars, Number.POSITIVE_INFINITY);
                return {
                    text: `${header(address, extracted)}Extracted text:\n${part(extracted.markdown, offset, limit)}`,
                    data: {
                        url: page.url,
                        canonicalUrl: extracted.canonicalUrl ?? null,
                        title: extracted.title,
                        byline: extracted.byline,
                        published: extracted.published ?? null,
                        chars: extracted.markdown.length,
                        method: extracted.method,
                    },
                    sources: [
                        {
                            kind: "url",
                            title: extracted.title || page.url,
                            url: address,
                            snippet: extracted.text.slice(0, 200),
                            location: {archiveId: archived.id},
                        },
                    ],
                };
            } catch (error) {
                if (error instanceof FetchError || error instanceof ExtractionError)
                    return {
                        text: "",
                        error: error.message,
                        ...(error.words ? {errorWords: error.words} : {}),
                    };
                throw error;
            }
        },
    });

function header(address: string, page: Extracted): string {
    return [
        `URL: ${address}`,
        `Title: ${page.title}`,
        page.byline ? `By: ${page.byline}` : null,
        page.published ? `Published: ${page.published}` : null,
        page.note ? `Note: ${page.note}` : null,
        "",
    ]
        .filter((line) => line !== null)
        .join("\n");
}

/** Characters [offset, offset + limit) of the content, saying what was left out before and after. */
function part(content: string, offset: number, limit: number): string {
    if (offset >= content.length && content.length > 0)
        return `[the content has ${content.length} characters; offset ${offset} is past its end]`;
    const end = Math.min(content.length, offset + limit);
    const before = offset > 0 ? `[from character ${offset} of ${content.length}]\n` : "";
    const after =
        end < content.length
            ? `\n[cut at ${end - offset} characters; ${content.length - end} more from offset ${end}]`
            : "";
    return `${before}${content.slice(offset, end)}${after}`;
}

function numberOption(value: unknown, fallback: number): number {
    return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

function stringList(value: unknown): string[] {
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
