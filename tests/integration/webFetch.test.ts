import assert from "node:assert/strict";
import http from "node:http";
import type {AddressInfo} from "node:net";
import {after, before, test} from "node:test";
import zlib from "node:zlib";
import {createWebFetch} from "../../main/tools/builtin/webFetch.js";
import {sayIn} from "../../main/words.js";

const archived: Array<{url: string; title: string; text: string}> = [];
const webFetch = createWebFetch(async (page) => {
    archived.push(page);
    return {id: `page-${archived.length}`};
});

// A small site on 127.0.0.1: every request the tool makes lands here and nowhere else.
const hits: string[] = [];
let base = "";
let server: http.Server;

const ARTICLE = `<!doctype html><html><head><title>Cairns of Scotland</title>
<script>document.title = "script ran"</script></head><body>
<nav>Home | About | Contact</nav>
<article><h1>Cairns of Scotland</h1>
${Array.from({length: 8}, (_, i) => `<p>Paragraph ${i + 1}: cairns are human-made piles of stones, raised as landmarks and memorials since prehistory, found on hilltops and along paths across the Highlands.</p>`).join("\n")}
<img src="/tracker.png"></article><footer>Footer links</footer></body></html>`;

const BOMB = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
// "日本語のページ" ("a Japanese page") in Shift_JIS, declared only by a <meta>.
const SJIS_PAGE = Buffer.concat([
    Buffer.from(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>t</title></head><body><p>',
    ),
    Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x79, 0x81, 0x5b, 0x83, 0x57]),
    Buffer.from("</p></body></html>"),
]);

before(async () => {
    server = http.createServer((req, res) => {
        hits.push(req.url!);
        const url = new URL(req.url!, "http://x");
        const send = (
            status: number,
            type: string,
            body: string | Buffer,
            headers: http.OutgoingHttpHeaders = {},
        ) => {
            res.writeHead(status, {"Content-Type": type, ...headers});
            res.end(body);
        };
        switch (url.pathname) {
            case "/article":
                return send(200, "text/html; charset=utf-8", ARTICLE);
            case "/bare":
                return send(
                    200,
                    "text/html",
                    "<html><head><title>Bare</title><style>p{}</style></head><body><nav>menu</nav><div>Just a line.</div><script>x()</script></body></html>",
                );
            case "/plain":
                return send(200, "text/plain", "  plain words  ");
            case "/data.json":
                return send(200, "application/json", '{"a":1,"b":[2,3]}');
            case "/image.png":
                return send(200, "image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47]));
            case "/gzip":
                return send(200, "text/html; charset=utf-8", zlib.gzipSync(ARTICLE), {
                    "Content-Encoding": "gzip",
                });
            case "/brotli":
                return send(200, "text/html", zlib.brotliCompressSync(ARTICLE), {"Content-Encoding": "br"});
            case "/deflate":
                return send(200, "text/html", zlib.deflateSync(ARTICLE), {"Content-Encoding": "deflate"});
            case "/deflate-raw":
                return send(200, "text/html", zlib.deflateRawSync(ARTICLE), {"Content-Encoding": "deflate"});
            case "/bomb":
                // 20 KB on the wire, 20 MB once decompressed.
                return send(200, "text/html", BOMB, {"Content-Encoding": "gzip"});
            case "/zstd":
                return send(200, "text/html", "x", {"Content-Encoding": "zstd"});
            case "/corrupt-gzip":
                return send(200, "text/html", Buffer.from("not gzip at all"), {"Content-Encoding": "gzip"});
            case "/binary-as-html":
                return send(200, "text/html", Buffer.from([0x3c, 0x68, 0x00, 0x01, 0x02, 0xff]));
            case "/untyped-html":
                res.writeHead(200);
                return res.end(
                    "<html><head><title>Untyped</title></head><body><p>No type given.</p></body></html>",
                );
            case "/cp1252":
                return send(
                    200,
                    "text/plain; charset=windows-1252",
                    Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]),
                );
            case "/sjis-meta":
                return send(200, "text/html", SJIS_PAGE);
            case "/sjis-header":
                return send(200, "text/plain; charset=Shift_JIS", Buffer.from([0x93, 0xfa, 0x96, 0x7b]));
            case "/feed.xml":
                return send(
                    200,
                    "application/rss+xml",
                    "<rss><channel><title>Feed</title><item><title>First post</title></item></channel></rss>",
                );
            case "/missing":
                return send(404, "text/plain", "nope");
            case "/hang":
                return; // never answers
            case "/huge":
                res.writeHead(200, {"Content-Type": "text/plain"});
                for (let i = 0; i < 6; i++) res.write(Buffer.alloc(1024 * 1024, 97));
                return res.end();
            case "/loop":
                return send(302, "text/plain", "", {
                    Location: `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}`,
                });
            case "/to-localhost":
                return send(302, "text/plain", "", {
                    Location: `http://localhost:${(server.address() as AddressInfo).port}/article`,
                });
            case "/to-article":
                return send(301, "text/plain", "", {Location: "/article"});
            default:
                return send(404, "text/plain", "");
        }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const run = (url: string | undefined, options: Record<string, unknown> = {}) =>
    webFetch.run(url === undefined ? {} : {url}, {
        signal: new AbortController().signal,
        conversationId: "c",
        dataDir: "/tmp",
        options: {allow_hosts: ["127.0.0.1"], ...options},
    });

test("an article page gives its title and main text, and is a URL source", async () => {
    const out = await run(`${base}/article`);
    assert.equal(out.error, undefined);
    assert.match(
        out.text,
        new RegExp(`^URL: ${base}/article\\nTitle: Cairns of Scotland\\nExtracted text:\\n`),
    );
    assert.match(out.text, /Paragraph 1: cairns are human-made piles of stones/);
    assert.doesNotMatch(out.text, /Home \| About|Footer links/);
    assert.equal(out.sources?.[0]?.kind, "url");
    assert.equal(out.sources?.[0]?.url, `${base}/article`);
    const page = archived.at(-1)!;
    assert.equal(page.url, `${base}/article`);
    assert.equal(page.title, "Cairns of Scotland");
    assert.match(page.text, /Paragraph 8:/);
    assert.deepEqual(out.sources?.[0]?.location, {archiveId: `page-${archived.length}`});
});

test("extraction runs no page script and loads no resource", async () => {
    hits.length = 0;
    const out = await run(`${base}/article`);
    assert.doesNotMatch(out.text, /script ran/);
    assert.deepEqual(hits, ["/article"]);
});

test("long content is cut at max_chars, saying where to read on; offset reads on", async () => {
    const first = await run(`${base}/article`, {max_chars: 100});
    const cut = /\n\[cut at 100 characters; (\d+) more from offset 100\]$/.exec(first.text);
    assert.ok(cut, first.text);
    assert.ok(first.text.split("Extracted text:\n")[1]!.length < 160);
    const next = await webFetch.run(
        {url: `${base}/article`, offset: 100},
        {
            signal: new AbortController().signal,
            conversationId: "c",
            dataDir: "/tmp",
            options: {allow_hosts: ["127.0.0.1"], max_chars: 100},
        },
    );
    assert.match(next.text, /Extracted text:\n\[from character 100 of \d+\]\n/);
    const whole = archived.at(-1)!.text;
    assert.equal(next.text.split("]\n")[1]!.slice(0, 100), whole.slice(100, 200), "the next part follows on");
    const past = await webFetch.run(
        {url: `${base}/article`, offset: 1_000_000},
        {
            signal: new AbortController().signal,
            conversationId: "c",
            dataDir: "/tmp",
            options: {allow_hosts: ["127.0.0.1"]},
        },
    );
    assert.match(past.text, /offset 1000000 is past its end\]$/);
});

test("without an article, the body text is used without scripts, styles and navigation", async () => {
    const out = await run(`${base}/bare`);
    assert.match(out.text, /Title: Bare\nExtracted text:\nJust a line\.$/);
});

test("text, JSON and unsupported types", async () => {
    assert.match((await run(`${base}/plain`)).text, /Extracted text:\nplain words$/);
    assert.match(
        (await run(`${base}/data.json`)).text,
        /Extracted text:\n\{\n {2}"a": 1,\n {2}"b": \[\n {4}2,/,
    );
    assert.equal((await run(`${base}/image.png`)).error, "fetch failed: unsupported content type image/png");
});

test("gzip, brotli and deflate (wrapped or raw) bodies are decoded", async () => {
    for (const route of ["/gzip", "/brotli", "/deflate", "/deflate-raw"]) {
        const before = archived.length;
        const out = await run(`${base}${route}`);
        assert.equal(out.error, undefined, route);
        assert.match(out.text, /Title: Cairns of Scotland\n/, route);
        assert.match(out.text, /Paragraph 1: cairns are human-made piles of stones/, route);
        assert.equal(archived.length, before + 1);
    }
});

test("a compression bomb stops at the size limit; bad encodings and binary bodies are refused, nothing archived", async () => {
    const before = archived.length;
    const cases: Array<[string, string]> = [
        ["/bomb", "fetch failed: page larger than 5 MB once decompressed (gzip)"],
        ["/zstd", "fetch failed: unsupported content encoding zstd"],
        ["/image.png", "fetch failed: unsupported content type image/png"],
        ["/binary-as-html", "the content is binary, not text"],
    ];
    for (const [route, error] of cases) assert.equal((await run(`${base}${route}`)).error, error, route);
    assert.match((await run(`${base}/corrupt-gzip`)).error ?? "", /^fetch failed: corrupt gzip data/);
    assert.equal(archived.length, before, "no failed page is archived");
});

test("the charset comes from the header or the page's <meta>: windows-1252 and Shift_JIS", async () => {
    assert.match((await run(`${base}/cp1252`)).text, /Extracted text:\ncafé €5$/);
    assert.match((await run(`${base}/sjis-header`)).text, /Extracted text:\n日本$/);
    assert.match((await run(`${base}/sjis-meta`)).text, /Extracted text:\n日本語のページ$/);
});

test("a body without a Content-Type is sniffed; XML feeds are read as text", async () => {
    assert.match(
        (await run(`${base}/untyped-html`)).text,
        /Title: Untyped\nExtracted text:\nNo type given\.$/,
    );
    assert.match((await run(`${base}/feed.xml`)).text, /First post/);
});

test("errors the model can read", async () => {
    assert.equal((await run(undefined)).error, "missing url argument");
    assert.equal((await run("ftp://example.com/file")).error, "invalid url: ftp://example.com/file");
    assert.equal((await run("not a url")).error, "invalid url: not a url");
    assert.equal((await run(`${base}/missing`)).error, "fetch failed: 404");
    assert.equal(
        (await run(`${base}/hang`, {fetch_timeout_ms: 300})).error,
        "fetch failed: timeout after 0.3s",
    );
    assert.equal((await run(`${base}/huge`)).error, "fetch failed: page larger than 5 MB");
    assert.equal((await run(`${base}/loop`)).error, "fetch failed: more than 5 redirects");
    // The same failures in words, for the trace to say in the window's language.
    const said = async (url: string, options: Record<string, unknown> = {}) => {
        const {errorWords} = await run(url, options);
        return errorWords ? sayIn("es", errorWords) : "no words";
    };
    assert.equal(await said(`${base}/missing`), "Error al obtener la página: 404");
    assert.equal(
        await said(`${base}/hang`, {fetch_timeout_ms: 300}),
        "Error al obtener la página: tiempo agotado tras 0.3 s",
    );
    assert.equal(await said(`${base}/huge`), "Error al obtener la página: página de más de 5 MB");
});

test("redirects are followed, and each hop is checked: an allowed page cannot redirect to a forbidden address", async () => {
    assert.match((await run(`${base}/to-article`)).text, new RegExp(`^URL: ${base}/article\\n`));
    const out = await run(`${base}/to-localhost`);
    assert.match(out.error ?? "", /^blocked address: localhost is a loopback address/);
});

test("loopback is blocked unless allowed in settings", async () => {
    const out = await run(`${base}/article`, {allow_hosts: []});
    assert.match(out.error ?? "", /^blocked address: 127\.0\.0\.1 is a loopback address/);
});

test("the fetch path refuses every loopback spelling of the test server unless it is allowed", async () => {
    const port = new URL(base).port;
    hits.length = 0;
    for (const host of [
        "127.0.0.1",
        "2130706433",
        "0x7f000001",
        "0177.0.0.1",
        "127.1",
        "[::ffff:127.0.0.1]",
        "user:pw@127.0.0.1",
        "example.org@127.0.0.1",
        "127.0.0.1.",
        "localhost.",
    ]) {
        const out = await run(`http://${host}:${port}/article`, {allow_hosts: []});
        assert.match(out.error ?? "", /^blocked address: .*loopback/, host);
    }
    assert.deepEqual(hits, [], "no request reached the server");
});
