import assert from "node:assert/strict";
import http from "node:http";
import {pathToFileURL} from "node:url";
import {test} from "node:test";
import type {CairnApi, McpAsk} from "../../shared/contract.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {callApproved as call, runAllowed, servers, writeMcpJson} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";

// Cairn as an MCP client in full, against the official reference server: the forms a server asks the
// person to fill in (elicitation), the replies it asks the model to write (sampling), the workspace as its
// root. The person is played through the same calls the window makes (mcp.answer, tools.decide).

async function open(options: {mcpAsks?: "person" | "decline"} = {}): Promise<TestCore> {
    const dataDir = tempDir();
    writeMcpJson(dataDir, {everything: servers.everything});
    // A context with room for Cairn's tools and the server's beside the results (the tiny model's tokens are
    // short: its 2,048 would leave none).
    return openTestCore({
        dataDir,
        contextSize: 8192,
        generation: {maxTokens: 6, seed: 1, temperature: 0},
        ...options,
    });
}

/** Answers the next thing a server asks with `answer`, and resolves with what was asked. */
function answerNext(
    api: CairnApi,
    answer: (ask: McpAsk) => Parameters<CairnApi["invoke"]>[1],
): Promise<McpAsk> {
    return new Promise((resolve) => {
        const off = api.onEvent((e) => {
            if (e.type !== "mcp.asked") return;
            off();
            void api.invoke("mcp.answer", answer(e.ask) as never);
            resolve(e.ask);
        });
    });
}

test("a server's form (elicitation) is asked of the person; what they send goes back, and a decline too", async () => {
    const t = await open();
    try {
        const asked = answerNext(t.api, (ask) => ({
            askId: ask.askId,
            action: "accept",
            content: {name: "Ada Lovelace", check: true, integer: 7},
        }));
        const sent = await call(t, "everything.trigger-elicitation-request", {});
        const ask = await asked;
        assert.equal(ask.kind, "elicitation");
        assert.equal(ask.server, "everything");
        assert.match(ask.kind === "elicitation" ? ask.message : "", /Please provide inputs/);
        const schema = (ask.kind === "elicitation" ? ask.schema : {}) as {required?: string[]};
        assert.deepEqual(schema.required, ["name"]);
        const result = sent.toolCalls[0]!;
        assert.equal(result.status, "ok", result.error ?? "");
        assert.match(result.resultText ?? "", /User provided the requested information/);
        assert.match(result.resultText ?? "", /Ada Lovelace/);
        assert.deepEqual(unwrap(await t.api.invoke("mcp.listAsks", {})), []);

        const declined = answerNext(t.api, (ask) => ({askId: ask.askId, action: "decline"}));
        const no = await call(t, "everything.trigger-elicitation-request", {});
        await declined;
        assert.match(no.toolCalls[0]!.resultText ?? "", /User declined/);
        // An answer to nothing waiting says so.
        const stale = await t.api.invoke("mcp.answer", {
            askId: "00000000-0000-4000-8000-000000000000",
            action: "accept",
        });
        assert.equal(stale.ok, false);
    } finally {
        await t.core.dispose();
    }
});

test("a page a server wants opened (URL elicitation) is shown with its host; opening or declining goes back; a call refused until a page is opened says so", async () => {
    const t = await open();
    try {
        const url = "https://example.org/authorize?step=1";
        const asked = answerNext(t.api, (ask) => ({askId: ask.askId, action: "accept"}));
        const sent = await call(t, "everything.trigger-url-elicitation", {url, message: "Sign the form."});
        const ask = await asked;
        assert.deepEqual(
            {...ask, askId: ""},
            {
                askId: "",
                server: "everything",
                kind: "url",
                message: "Sign the form.",
                url,
                host: "example.org",
            },
        );
        assert.match(sent.toolCalls[0]!.resultText ?? "", /User completed the URL elicitation flow/);

        const declined = answerNext(t.api, (a) => ({askId: a.askId, action: "decline"}));
        const no = await call(t, "everything.trigger-url-elicitation", {url});
        await declined;
        assert.match(no.toolCalls[0]!.resultText ?? "", /User declined to open the URL/);

        // Not a web address: declined without troubling the person.
        let troubled = false;
        const off = t.api.onEvent((e) => {
            if (e.type === "mcp.asked") troubled = true;
        });
        const file = await call(t, "everything.trigger-url-elicitation", {url: "file:///etc/passwd"});
        off();
        assert.equal(troubled, false);
        assert.match(file.toolCalls[0]!.resultText ?? "", /User declined/);

        // The error path (-32042): the page is put to the person, and the call fails saying what to do.
        const prerequisite = answerNext(t.api, (a) => ({askId: a.askId, action: "accept"}));
        const refused = await call(t, "everything.trigger-url-elicitation", {url, errorPath: true});
        assert.equal((await prerequisite).kind, "url");
        assert.equal(refused.toolCalls[0]!.status, "error");
        assert.match(
            refused.toolCalls[0]!.error ?? "",
            /everything needed a page opened first \(https:\/\/modelcontextprotocol\.io\); it was opened: call the tool again/,
        );
    } finally {
        await t.core.dispose();
    }
});

test("a server's sampling request is shown to the person, then written by the local model under the chat's limits", async () => {
    const t = await open();
    try {
        const asked = answerNext(t.api, (ask) => ({askId: ask.askId, action: "accept"}));
        const sent = await call(t, "everything.trigger-sampling-request", {
            prompt: "Once upon a time",
            maxTokens: 500,
        });
        const ask = await asked;
        assert.equal(ask.kind, "sampling");
        if (ask.kind !== "sampling") return;
        assert.equal(ask.maxTokens, 6, "capped at the chat's Max tokens");
        assert.match(ask.messages[0]!.text, /Once upon a time/);
        const result = sent.toolCalls[0]!;
        assert.equal(result.status, "ok", result.error ?? "");
        const written = /LLM sampling result: \n([\s\S]*)$/.exec(result.resultText ?? "");
        assert.ok(written, result.resultText ?? "");
        const reply = JSON.parse(written[1]!) as {
            role: string;
            content: {type: string; text: string};
            model: string;
        };
        assert.equal(reply.role, "assistant");
        assert.equal(reply.content.type, "text");
        assert.ok(reply.content.text.length > 0, "the model wrote something");
        assert.match(reply.model, /stories260K/);

        const denied = answerNext(t.api, (a) => ({askId: a.askId, action: "decline"}));
        const no = await call(t, "everything.trigger-sampling-request", {prompt: "x", maxTokens: 5});
        await denied;
        assert.equal(no.toolCalls[0]!.status, "error");
        assert.match(no.toolCalls[0]!.error ?? "", /declined to let the model write/);
    } finally {
        await t.core.dispose();
    }
});

test("the workspace folder is the server's root; where nobody can answer (the CLI), forms and sampling are declined at once", async () => {
    const t = await open({mcpAsks: "decline"});
    try {
        const roots = await call(t, "everything.get-roots-list", {});
        const workspace = pathToFileURL(`${t.dataDir}/workspace`).href;
        assert.match(
            roots.toolCalls[0]!.resultText ?? "",
            new RegExp(`URI: ${workspace.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
        );
        let asked = false;
        const off = t.api.onEvent((e) => {
            if (e.type === "mcp.asked") asked = true;
        });
        const form = await call(t, "everything.trigger-elicitation-request", {});
        assert.match(form.toolCalls[0]!.resultText ?? "", /User declined/);
        const sample = await call(t, "everything.trigger-sampling-request", {prompt: "x", maxTokens: 5});
        assert.match(sample.toolCalls[0]!.error ?? "", /declined/);
        off();
        assert.equal(asked, false, "nothing was put to a person who is not there");
    } finally {
        await t.core.dispose();
    }
});

test("protocol versions: Cairn asks for the newest its SDK speaks (2025-11-25) and works with a server that answers 2024-11-05", async () => {
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
        // No stream for server messages: an old server speaks in answers only.
        if (req.method !== "POST") return void res.writeHead(405).end();
        let body = "";
        req.on("data", (chunk: Buffer) => (body += String(chunk)));
        req.on("end", () => {
            const message = JSON.parse(body) as {
                id?: number;
                method: string;
                params?: {protocolVersion?: string};
            };
            if (message.id === undefined) return void res.writeHead(202).end();
            const results: Record<string, unknown> = {
                initialize: {
                    protocolVersion: "2024-11-05",
                    capabilities: {tools: {}},
                    serverInfo: {name: "old", version: "1.0.0"},
                },
                "tools/list": {
                    tools: [{name: "echo", description: "Says hello.", inputSchema: {type: "object"}}],
                },
                "tools/call": {content: [{type: "text", text: "hello from 2024"}]},
            };
            if (message.method === "initialize") asked.push(message.params?.protocolVersion ?? "");
            res.writeHead(200, {"content-type": "application/json"}).end(
                JSON.stringify({jsonrpc: "2.0", id: message.id, result: results[message.method] ?? {}}),
            );
        });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const dataDir = tempDir();
    writeMcpJson(dataDir, {old: {url: `http://127.0.0.1:${(server.address() as {port: number}).port}/mcp`}});
    const t = await openTestCore({dataDir});
    try {
        await t.core.tools.prepare();
        assert.equal(t.core.mcp.status().servers.find((s) => s.name === "old")?.state, "ready");
        assert.deepEqual(asked, ["2025-11-25"]);
        const {record, modelText} = await runAllowed(t.core, "old.echo", {}, true);
        assert.equal(record.status, "ok", record.error ?? "");
        assert.match(modelText, /hello from 2024/);
    } finally {
        await t.core.dispose();
        server.close();
    }
});
