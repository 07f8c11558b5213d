import assert from "node:assert/strict";
import http from "node:http";
import type {AddressInfo} from "node:net";
import {after, before, test} from "node:test";
import {formatResults, webSearch} from "../../main/tools/builtin/webSearch.js";
import {unwrapDuckLink} from "../../main/web/duckduckgo.js";

type Seen = {method: string; url: string; headers: http.IncomingHttpHeaders; body: string};
const seen: Seen[] = [];
let base = "";
let server: http.Server;
let mode: "ok" | "empty" | "error" | "hang" = "ok";

const PAGES = [
    {title: "Bitcoin price today", url: "https://example.org/btc", text: "BTC trades at $97,000."},
    {title: "Markets", url: "https://example.org/markets", text: "Crypto markets moved."},
    {title: "Third", url: "https://example.org/third", text: "More."},
];

before(async () => {
    server = http.createServer((req, res) => {
        let body = "";
        req.on("data", (d) => (body += d));
        req.on("end", () => {
            seen.push({method: req.method!, url: req.url!, headers: req.headers, body});
            if (mode === "hang") return;
            if (mode === "error") return void res.writeHead(500).end("boom");
            const pages = mode === "empty" ? [] : PAGES;
            const json = (value: unknown) => {
                res.writeHead(200, {"Content-Type": "application/json"});
                res.end(JSON.stringify(value));
            };
            const path = new URL(req.url!, "http://x").pathname;
            if (path === "/search" && req.method === "GET") {
                return json({
                    query: "q",
                    results: pages.map((p) => ({title: p.title, url: p.url, content: p.text, engine: "x"})),
                });
            }
            if (path === "/search" && req.method === "POST") {
                return json({
                    query: "q",
                    results: pages.map((p) => ({title: p.title, url: p.url, content: p.text, score: 0.9})),
                });
            }
            if (path === "/res/v1/web/search") {
                return json({
                    type: "search",
                    web: {results: pages.map((p) => ({title: p.title, url: p.url, description: p.text}))},
                });
            }
            if (path === "/html/") {
                res.writeHead(200, {"Content-Type": "text/html"});
                return res.end(
                    `<html><body>${pages
                        .map(
                            (p) => `<div class="result results_links web-result"><h2 class="result__title">
                <a class="result__a" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(p.url)}&amp;rut=abc">${p.title}</a></h2>
                <a class="result__snippet" href="#">${p.text}</a></div>`,
                        )
                        .join("")}</body></html>`,
                );
            }
            res.writeHead(404).end();
        });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(
    () =>
        new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
);

const search = (
    options: Record<string, unknown>,
    args: {query: string; max_results?: number} = {query: "bitcoin price"},
) =>
    webSearch.run(args, {
        signal: new AbortController().signal,
        conversationId: "c",
        dataDir: "/tmp",
        options: {base_url: base, ...options},
    });

function today() {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const EXPECTED_TWO = () => `Today's date: ${today()}

[1] Title: Bitcoin price today
    Snippet: BTC trades at $97,000.
    URL: https://example.org/btc

[2] Title: Markets
    Snippet: Crypto markets moved.
    URL: https://example.org/markets`;

test("every provider gives the same result text, in the exact format, with each result a URL source", async () => {
    mode = "ok";
    for (const provider of ["searxng", "brave", "tavily", "duckduckgo"]) {
        const out = await search({provider, api_key: "secret-key"}, {query: "bitcoin price", max_results: 2});
        assert.equal(out.error, undefined, provider);
        assert.equal(out.text, EXPECTED_TWO(), provider);
        assert.deepEqual(
            out.sources?.map((s) => [s.kind, s.url]),
            [
                ["url", "https://example.org/btc"],
                ["url", "https://example.org/markets"],
            ],
            provider,
        );
    }
});

test("each provider is asked in its own wire format, and keys travel only in headers", async () => {
    mode = "ok";
    seen.length = 0;
    await search({provider: "searxng"});
    await search({provider: "brave", api_key: "brave-key"});
    await search({provider: "tavily", api_key: "tavily-key"});
    await search({provider: "duckduckgo"});
    const [sx, br, tv, dd] = seen;
    assert.equal(sx!.url, "/search?q=bitcoin+price&format=json");
    assert.equal(br!.url, "/res/v1/web/search?q=bitcoin+price&count=5");
    assert.equal(br!.headers["x-subscription-token"], "brave-key");
    assert.equal(tv!.method, "POST");
    assert.equal(tv!.headers.authorization, "Bearer tavily-key");
    assert.deepEqual(JSON.parse(tv!.body), {query: "bitcoin price", max_results: 5});
    assert.equal(dd!.url, "/html/?q=bitcoin+price");
    assert.match(String(sx!.headers["user-agent"]), /^Cairn\//);
    for (const s of seen) assert.doesNotMatch(s.url, /key/);
});

test("a key can come from the environment; without one the error says how to set it", async () => {
    mode = "ok";
    const previous = process.env.BRAVE_API_KEY;
    process.env.BRAVE_API_KEY = "env-key";
    seen.length = 0;
    try {
        assert.equal((await search({provider: "brave"})).error, undefined);
        assert.equal(seen[0]!.headers["x-subscription-token"], "env-key");
        delete process.env.BRAVE_API_KEY;
        const out = await search({provider: "brave"});
        assert.equal(
            out.error,
            "search failed: no API key for brave: set BRAVE_API_KEY or the key in tools.yaml",
        );
        assert.doesNotMatch(JSON.stringify(out), /env-key/);
    } finally {
        if (previous === undefined) delete process.env.BRAVE_API_KEY;
        else process.env.BRAVE_API_KEY = previous;
    }
});

test("no results is not an error", async () => {
    mode = "empty";
    const out = await search({provider: "searxng"});
    assert.equal(out.error, undefined);
    assert.equal(out.text, `Today's date: ${today()}\n\nNo results found`);
});

test("provider failures and timeouts set the error", async () => {
    mode = "error";
    assert.equal((await search({provider: "searxng"})).error, "search failed: HTTP 500");
    mode = "hang";
    assert.equal(
        (await search({provider: "searxng", timeout_ms: 200})).error,
        "search failed: timeout after 0.2s",
    );
    mode = "ok";
    const closed = await closedPort();
    assert.equal(
        (await search({provider: "searxng", base_url: `http://127.0.0.1:${closed}`})).error,
        `search failed: cannot reach searxng at 127.0.0.1:${closed} (nothing is listening there); start it, or set web_search's provider or base_url in tools.yaml`,
    );
    assert.equal((await search({provider: "bing"})).error, "search failed: unknown provider bing");
});

test("formatting and DuckDuckGo's link unwrapping", () => {
    assert.equal(formatResults([], new Date(2026, 4, 31)), "Today's date: 2026-05-31\n\nNo results found");
    assert.equal(
        unwrapDuckLink("//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&rut=z"),
        "https://a.example/x?y=1",
    );
    assert.equal(unwrapDuckLink("https://b.example/"), "https://b.example/");
});

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
}
