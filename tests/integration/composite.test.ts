import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {after, before, test} from "node:test";
import type {ApprovalRequest, ToolCallRecord} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";
import {testTools} from "../helpers/testTools.js";

const hits: string[] = [];
let server: http.Server;
let base = "";

before(async () => {
    server = http.createServer((req, res) => {
        hits.push(req.url!);
        const url = new URL(req.url!, "http://x");
        if (url.pathname === "/search") {
            res.writeHead(200, {"Content-Type": "application/json"});
            return res.end(
                JSON.stringify({
                    query: url.searchParams.get("q"),
                    results: [1, 2].map((n) => ({
                        title: `Cairn page ${n}`,
                        url: `${base}/page/${n}`,
                        content: `About cairns, part ${n}.`,
                    })),
                }),
            );
        }
        res.writeHead(200, {"Content-Type": "text/html"});
        res.end(
            `<html><head><title>Cairns ${url.pathname}</title></head><body><article><h1>Cairns</h1>` +
                `<p>A cairn is a pile of stones raised as a landmark on ${url.pathname}.</p></article></body></html>`,
        );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const COMPOSITES = `
    research:
        description: Search the web and read the first result.
        input:
            type: object
            properties: {query: {type: string, minLength: 1}}
            required: [query]
        steps:
            - id: search
              tool: web_search
              args: {query: "{{input.query}}", max_results: 2}
            - id: page
              tool: web_fetch
              args: {url: "{{steps.search.results[0].url}}"}
        result: "First result: {{steps.search.results[0].title}}\\n{{steps.page.text}}"
    stats_note:
        description: Save the machine's stats as a note.
        steps:
            - id: stats
              tool: system_stats
            - id: save
              tool: note_write
              args: {text: "{{steps.stats.text}}"}
    broken:
        description: Fails at its first step.
        steps:
            - {id: fail, tool: boom}
            - {id: never, tool: note_write, args: {text: never}}
    inspector:
        description: A sub-agent that looks at the machine.
        agent:
            instructions: You inspect this computer and report what you find.
            tools: [system_stats, big]
            toolChoice: required
            maxSteps: 1
    outer:
        description: Nests one composite tool in another.
        steps:
            - {id: inner, tool: inner}
    inner:
        description: The inner one.
        steps:
            - {id: stats, tool: system_stats}
`;

async function open(maxSteps = 6): Promise<TestCore> {
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        `defaults:\n    maxSteps: ${maxSteps}\ntools:\n    web_search:\n        options: {provider: searxng, base_url: "${base}"}\n` +
            `    web_fetch:\n        options: {allow_hosts: [127.0.0.1]}\n${COMPOSITES}`,
    );
    // Room in the context for Cairn's tools and the results (the tiny model's 2,048 holds not both).
    return openTestCore({
        dataDir,
        extraTools: testTools().tools,
        contextSize: 8192,
        generation: {maxTokens: 8, seed: 1},
    });
}

async function run(t: TestCore, name: string, args: Record<string, unknown>, mode: "ask" | "agent" = "ask") {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setWebAccess", {id, webAccess: true}));
    unwrap(await t.api.invoke("conversations.setMode", {id, mode}));
    const done = nextDone(t.api, id);
    unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "Go", preflight: [{name, args}]}));
    const message = await done;
    const parent = message.toolCalls.find((c) => c.tool === name && !c.parentId)!;
    const children = message.toolCalls.filter((c) => c.parentId === parent.id);
    return {message, parent, children};
}

test("research: web_search then web_fetch of the first result, traced as children, with their sources", async () => {
    const t = await open();
    try {
        hits.length = 0;
        const {message, parent, children} = await run(t, "research", {query: "cairns"});
        assert.equal(parent.status, "ok", parent.error ?? "");
        assert.equal(parent.decision, "policy_allow");
        assert.deepEqual(
            children.map((c) => [c.tool, c.status]),
            [
                ["web_search", "ok"],
                ["web_fetch", "ok"],
            ],
        );
        assert.deepEqual(children[1]!.args, {url: `${base}/page/1`});
        assert.deepEqual(
            hits.filter((h) => h.startsWith("/page")),
            ["/page/1"],
        );
        // The result template joins both steps (cut to the context's room, as any result the model sees).
        assert.match(parent.resultText ?? "", /^First result: Cairn page 1\n/);
        assert.match(children[1]!.resultText ?? "", /landmark on \/page\/1/);
        // The inner calls' sources are the composite's: cited in the answer like any tool's.
        const urls = message.citations.map((c) => c.url);
        assert.ok(urls.includes(`${base}/page/1`), JSON.stringify(urls));
        // The children are stored with their parent and come back with the conversation.
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: message.conversationId}));
        const again = stored.find((m) => m.id === message.id)!.toolCalls;
        assert.equal(again.filter((c) => c.parentId === parent.id).length, 2);
    } finally {
        await t.core.dispose();
    }
});

test("a template with no value fails its step in words; the inputs are validated against the tool's schema", async () => {
    const t = await open();
    try {
        const empty = await run(t, "research", {query: ""});
        assert.equal(empty.parent.status, "error");
        assert.match(empty.parent.error ?? "", /query/);
        assert.equal(empty.children.length, 0);
    } finally {
        await t.core.dispose();
    }
});

const WAIT_MS = 300;

test("each inner call is decided by its own policy: the write step asks, the composite itself does not", async () => {
    const t = await open();
    try {
        const ask = await run(t, "stats_note", {}, "ask");
        assert.equal(ask.parent.status, "denied");
        assert.match(ask.parent.error ?? "", /not available in ask mode/);

        const asked: ApprovalRequest[] = [];
        const off = t.api.onEvent((e) => {
            if (e.type !== "tool.approvalRequested") return;
            asked.push(e.request);
            // The person takes a moment to answer: the call's wait, kept apart from its run's time.
            setTimeout(
                () =>
                    void t.api.invoke("tools.decide", {
                        approvalId: e.request.approvalId,
                        decision: "allow_once",
                    }),
                WAIT_MS,
            );
        });
        const agent = await run(t, "stats_note", {}, "agent");
        off();
        assert.deepEqual(
            asked.map((r) => r.tool),
            ["note_write"],
        );
        assert.equal(agent.parent.status, "ok", agent.parent.error ?? "");
        const save = agent.children.find((c) => c.tool === "note_write")!;
        assert.equal(save.decision, "allow_once");
        assert.match(String((save.args as {text: string}).text), /^CPU: /);
        assert.ok(save.waitedMs! >= WAIT_MS, `waited ${save.waitedMs} ms`);
        assert.ok(save.finishedAt! - save.startedAt >= save.waitedMs!);
        const stored = unwrap(
            await t.api.invoke("messages.list", {conversationId: agent.message.conversationId}),
        );
        const kept = stored.flatMap((m) => m.toolCalls).find((c) => c.id === save.id)!;
        assert.equal(kept.waitedMs, save.waitedMs);
        // Calls nobody was asked about waited for nothing.
        assert.equal(agent.parent.waitedMs, undefined);
    } finally {
        await t.core.dispose();
    }
});

test("a failing step ends the composite with an error naming it; later steps do not run", async () => {
    const t = await open();
    try {
        const {parent, children} = await run(t, "broken", {}, "agent");
        assert.equal(parent.status, "error");
        assert.match(parent.error ?? "", /^step fail \(boom\): boom failed: the tool broke/);
        assert.deepEqual(
            children.map((c: ToolCallRecord) => c.tool),
            ["boom"],
        );
    } finally {
        await t.core.dispose();
    }
});

test("a sub-agent runs a model loop over its own tool subset; its calls are children of the step", async () => {
    const t = await open();
    try {
        const {parent, children} = await run(t, "inspector", {});
        assert.equal(parent.status, "ok", parent.error ?? "");
        assert.equal(children.length, 1);
        assert.ok(["system_stats", "big"].includes(children[0]!.tool), children[0]!.tool);
        assert.equal(children[0]!.status, "ok");
        assert.deepEqual((parent.resultData as {calls: number}).calls, 1);
    } finally {
        await t.core.dispose();
    }
});

test("composite tools nested deeper than the iteration limit stop with an error", async () => {
    const t = await open(1);
    try {
        const {parent, children} = await run(t, "outer", {});
        assert.equal(parent.status, "error");
        const inner = children[0]!;
        assert.equal(inner.tool, "inner");
        assert.equal(inner.status, "error");
        assert.match(inner.error ?? "", /nested deeper than 1 \(the iteration limit\)/);
        const deep = await run(t, "inner", {});
        assert.equal(deep.parent.status, "ok", "one level is within the limit");
    } finally {
        await t.core.dispose();
    }
});
