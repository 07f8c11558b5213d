import {parseDocument} from "./dom.js";

export type SearchResult = {title: string; snippet: string; url: string};

/** The results on DuckDuckGo's HTML page (runs in the extraction worker: the page is untrusted). */
export function duckDuckGoResults(html: string, max: number): SearchResult[] {
    const document = parseDocument(html);
    const results: SearchResult[] = [];
    for (const item of document.querySelectorAll(".result")) {
        const link = item.querySelector("a.result__a");
        const href = link?.getAttribute("href");
        if (!link || !href) continue;
        results.push(
            cleanResult(
                link.textContent ?? "",
                item.querySelector(".result__snippet")?.textContent ?? "",
                unwrapDuckLink(href),
            ),
        );
        if (results.length >= max) break;
    }
    return results;
}

/** DuckDuckGo's HTML results link through //duckduckgo.com/l/?uddg=<target>. */
export function unwrapDuckLink(href: string): string {
    try {
        const url = new URL(href, "https://duckduckgo.com");
        return url.pathname === "/l/" && url.searchParams.get("uddg")
            ? url.searchParams.get("uddg")!
            : url.href;
    } catch {
        return href;
    }
}

export function cleanResult(
    title: string | undefined,
    snippet: string | undefined,
    url: string | undefined,
): SearchResult {
    const squash = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
    return {title: squash(title) || squash(url), snippet: squash(snippet), url: squash(url)};
}
