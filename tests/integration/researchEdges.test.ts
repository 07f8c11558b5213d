import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {after, before, test} from "node:test";
import type {Message} from "../../shared/contract.js";
import {ingestInto, nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// Research runs at their edges, on the real core and a loopback search engine (SearXNG's JSON) with its pages:
// the web read and cited, a search that finds nothing, every fetch failing, a 10 MB page, a budget of one
// step, offline with nothing in the library, and a question in another language.

const PAGES: Record<string, string> = {
    "/keepers":
        "<title>Keepers</title><p>Lighthouse keepers lit the lamp at dusk and wound the clockwork every four hours.</p>",
    "/lens":
        "<title>Lens</title><p>The Fresnel lens let a lighthouse beam reach forty kilometres out to sea.</p>",
};

let site = "";
const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/search") {
        const q = url.searchParams.get("q") ?? "";
        const results = q.includes("nothing")
            ? []
            : q.includes("broken")
              ? [`${site}/gone`, "http://127.0.0.1:9/closed"].map((u, i) => ({
                    title: `Broken ${i}`,
                    url: u,
                    content: "x",
                }))
              : q.includes("huge")
                ? [{title: "Huge", url: `${site}/huge`, content: "a long page"}]
                : Object.keys(PAGES).map((p) => ({
                      title: p.slice(1),
                      url: `${site}${p}`,
                      content: "lighthouse",
                  }));
        res.writeHead(200, {"Content-Type": "application/json"});
        return res.end(JSON.stringify({query: q, results}));
    }
    if (url.pathname === "/huge") {
        res.writeHead(200, {"Content-Type": "text/html"});
        res.write("<title>Huge</title><p>The huge lighthouse archive lists every keeper since 1850.</p>");
        const filler = `<p>${"filler words about nothing in particular ".repeat(250)}</p>`;
        for (let i = 0; i < 1000; i++) res.write(filler);
        return res.end();
    }
    const page = PAGES[url.pathname];
    if (!page) return res.writeHead(404).end("gone");
    res.writeHead(200, {"Content-Type": "text/html"});
    res.end(`<html><body>${page}</body></html>`);
});

let t: TestCore;

before(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        `tools:\n    web_search:\n        options: {provider: searxng, base_url: "${site}"}\n` +
            `    web_fetch:\n        options: {allow_hosts: [127.0.0.1]}\n`,
    );
    t = await openTestCore({dataDir, contextSize: 4096});
    unwrap(await t.api.invoke("settings.set", {generation: {maxTokens: 16}, embeddingModelPath: TEST_MODEL}));
});

after(async () => {
    await t.core.dispose();
    server.close();
});

/** A research run of these questions, as the person would run it after editing the plan; its report. */
async function research(
    questions: string[],
    options: {offline?: boolean; steps?: number} = {},
): Promise<Message> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const planned = nextDone(t.api, id);
    const {messageId} = unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: questions[0]!,
            research: {offline: options.offline ?? false},
        }),
    );
    await planned;
    const done = nextDone(t.api, id);
    const budget = options.steps ? {steps: options.steps} : {};
    unwrap(await t.api.invoke("research.run", {messageId, questions, budget}));
    return done;
}

test("offline with an empty library: no web tool runs and the report says nothing was read", async () => {
    const report = await research(["What did lighthouse keepers do?"], {offline: true});
    assert.equal(report.research?.state, "done");
    assert.ok(!report.toolCalls.some((c) => c.tool.startsWith("web_")));
    assert.match(report.content, /Nothing bearing on this question was read within the budget\./);
});

test("web research fetches the pages found and cites them by address", async () => {
    const report = await research(["What did lighthouse keepers do?"], {steps: 10});
    assert.equal(report.research?.state, "done");
    assert.match(report.content, /Lighthouse keepers lit the lamp at dusk[^"]*" \[\d\]/);
    assert.match(report.content, /Fresnel lens let a lighthouse beam[^"]*" \[\d\]/);
    assert.doesNotMatch(
        report.content,
        /URL:|Title:/,
        "the page's text, not the header the model reads it under",
    );
    const urls = report.citations.map((c) => c.url);
    assert.ok(urls.includes(`${site}/keepers`) && urls.includes(`${site}/lens`), urls.join(", "));
    assert.deepEqual(
        [...new Set(report.toolCalls.map((c) => c.tool))].sort(),
        ["web_fetch", "web_search"],
        "searched, then fetched",
    );
});

test("a search that finds nothing, and every fetch failing: the run ends, saying nothing was read", async () => {
    const empty = await research(["nothing here"]);
    assert.equal(empty.research?.state, "done");
    assert.match(
        empty.content,
        /## nothing here\n\nNothing bearing on this question was read within the budget\./,
    );
    const broken = await research(["broken pages"]);
    assert.equal(broken.research?.state, "done");
    const fetches = broken.toolCalls.filter((c) => c.tool === "web_fetch");
    assert.equal(fetches.length, 2);
    assert.ok(
        fetches.every((c) => c.status === "error"),
        "both fetches failed, each in the trace",
    );
    assert.match(broken.content, /Nothing bearing on this question was read within the budget\./);
    assert.equal(broken.citations.length, 0, "nothing cited");
});

test("a 10 MB page is refused in words by the fetch's limit, and the run goes on to its report", async () => {
    const report = await research(["huge lighthouse archive", "What did lighthouse keepers do?"]);
    assert.equal(report.research?.state, "done");
    const fetch = report.toolCalls.find(
        (c) => c.tool === "web_fetch" && c.args && JSON.stringify(c.args).includes("/huge"),
    );
    assert.equal(fetch?.status, "error");
    assert.match(fetch.error ?? "", /page larger than 5 MB/);
    assert.match(report.content, /## huge lighthouse archive\n\nNothing bearing on this question was read/);
    assert.match(
        report.content,
        /Lighthouse keepers lit the lamp at dusk[^"]*" \[\d\]/,
        "the next question was read",
    );
});

test("a budget of one step: nothing is searched, and the report says so", async () => {
    const report = await research(["What did lighthouse keepers do?"], {steps: 1});
    assert.equal(report.research?.state, "done");
    assert.ok(report.research.used.steps <= 1);
    assert.equal(report.toolCalls.length, 0);
    assert.match(report.content, /Nothing bearing on this question was read within the budget\./);
});

test("a question in another language reads and quotes sources in that language", async () => {
    const dir = tempDir();
    const file = path.join(dir, "marees.md");
    fs.writeFileSync(
        file,
        "# Marées\n\nLes marées de Saint-Malo atteignent treize mètres, parmi les plus fortes d'Europe.",
    );
    assert.equal((await ingestInto(t, [file], "Côte")).state, "done");
    const report = await research(["Quelle est la hauteur des marées à Saint-Malo ?"], {offline: true});
    assert.equal(report.research?.state, "done");
    assert.match(report.content, /Les marées de Saint-Malo atteignent treize mètres[^"]*" \[1\]/);
});
