import assert from "node:assert/strict";
import {test} from "node:test";
import {EXTRACTOR_DEFAULTS, Extractor} from "../../../../main/web/extractor.js";
import {articlePage, HOSTILE_PAGES} from "../../../helpers/hostilePages.js";
import {paced} from "../../../helpers/pace.js";

const page = (html: string) => ({
    type: "page" as const,
    page: {
        url: "https://site.example/a",
        kind: "html" as const,
        charset: null,
        body: new TextEncoder().encode(html),
    },
});

test("an article is read in the worker; the worker is reused and ended when idle", async () => {
    const extractor = new Extractor({idleMs: 50});
    try {
        const first = await extractor.run(page(articlePage(20_000)));
        assert.equal(first.method, "readability");
        assert.equal(first.title, "Cairns");
        // Block elements keep their line breaks (Readability's own textContent glues paragraphs).
        assert.match(first.text, /^Paragraph 1: cairns are .* old\.\n+Paragraph 2: /);
        assert.match(first.text, /\nSection 1\n+one\n+two\n+Paragraph 20/);
        assert.doesNotMatch(first.text, /Home \| About|Footer links/);
        const second = await extractor.run(page(articlePage(5_000)));
        assert.equal(second.method, "readability");
    } finally {
        await extractor.close();
    }
});

test("a page over the element or depth limit is read as plain text, without a stack overflow", async () => {
    const extractor = new Extractor();
    try {
        const nested = await extractor.run(page(HOSTILE_PAGES.nested!()));
        assert.equal(nested.method, "plain");
        assert.equal(nested.text, "Deep inside.");
        assert.match(nested.note ?? "", /nested 5002 deep/);
    } finally {
        await extractor.close();
    }
});

test("a deadline, a memory limit and a cancel each end the worker with a message; the next task works", async () => {
    const slow = new Extractor({timeoutMs: 1});
    const small = new Extractor({maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2});
    const normal = new Extractor();
    try {
        const big = page(articlePage(3_000_000));
        await assert.rejects(slow.run(big), /extraction stopped: the page took longer than 0.001 s to read/);
        await assert.rejects(small.run(big), /extraction stopped: the page needs more than 8 MB to read/);
        const stop = new AbortController();
        const running = normal.run(page(articlePage(3_000_000)), stop.signal);
        setTimeout(() => stop.abort(), 20);
        await assert.rejects(running, /extraction cancelled/);
        // Each failure ended its worker; the next task gets a fresh one (8 MB cannot even load the parser).
        await assert.rejects(slow.run(page("<p>x</p>")), /took longer/);
        await assert.rejects(small.run(page("<p>x</p>")), /needs more than 8 MB/);
        assert.equal((await normal.run(page("<title>Ok</title><p>Fine.</p>"))).text, "Fine.");
    } finally {
        await Promise.all([slow.close(), small.close(), normal.close()]);
    }
});

test("tasks beyond the worker count wait their turn; a waiting task can be cancelled", async () => {
    const extractor = new Extractor({maxWorkers: 1});
    try {
        const stop = new AbortController();
        const first = extractor.run(page(articlePage(500_000)));
        const cancelled = extractor.run(page("<p>never</p>"), stop.signal);
        const third = extractor.run(page("<title>T</title><p>Third.</p>"));
        stop.abort();
        await assert.rejects(cancelled, /extraction cancelled/);
        assert.equal((await first).method, "readability");
        assert.equal((await third).text, "Third.");
    } finally {
        await extractor.close();
    }
});

test("a 1 MB article is read whole, as markdown too, within the worker's time limit", async () => {
    // The product's limit at the machine's present pace: on a machine kept busy by other work (a clean-clone CI
    // run beside two benchmarks, 2026-12-04) the idle limit failed this test, not the extraction.
    const extractor = new Extractor({timeoutMs: paced(EXTRACTOR_DEFAULTS.timeoutMs)});
    try {
        const html = articlePage(1_000_000);
        const last = Math.max(...[...html.matchAll(/Paragraph (\d+):/g)].map((m) => Number(m[1])));
        const read = await extractor.run(page(html));
        assert.equal(read.method, "readability");
        assert.match(read.markdown, /^Paragraph 1: cairns/);
        assert.match(
            read.markdown,
            new RegExp(`Paragraph ${last}: cairns[^\\n]*old\\.$`),
            "to its last paragraph",
        );
        assert.match(
            read.markdown,
            /\n## Section 1\n+- one\n- two\n+Paragraph 20/,
            "headings and lists kept",
        );
    } finally {
        await extractor.close();
    }
});
