import assert from "node:assert/strict";
import diagnostics from "node:diagnostics_channel";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo, Socket} from "node:net";
import path from "node:path";
import {after, before, test} from "node:test";
import {
    forConversation,
    forNoConversation,
    isLoopback,
    Network,
    outboundFetch,
    type EgressRecord,
} from "../../main/net/network.js";
import type {CairnApi, McpStatus} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {callApproved, mcpStatusWhen, startEverythingHttp, writeMcpJson} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";

// Addresses of the documentation ranges (RFC 5737): never routed, and no name to look up. Offline mode must
// refuse them before any socket or DNS query; were it to fail, nothing would answer there either.
const PROVIDER = "http://192.0.2.10:8080/v1";
const SEARCH = "https://198.51.100.7";
const PAGE = "http://203.0.113.9/article";
const MODEL = "https://203.0.113.20/models/tiny.gguf";
const MCP = "https://198.51.100.30/mcp";

/** Every remote address a socket was opened to while `run` ran (net's and fetch's connections). */
async function socketsDuring(run: () => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    const onSocket = ({socket}: {socket: Socket}) => {
        socket.once("connect", () => seen.push(socket.remoteAddress ?? "?"));
        // A connection refused or cut before it connects still tried an address.
        socket.once("lookup", (_error: unknown, address: string) => seen.push(address));
    };
    const onUndici = (message: unknown) => {
        const {connectParams} = message as {connectParams: {hostname: string}};
        seen.push(connectParams.hostname);
    };
    diagnostics.subscribe("net.client.socket", onSocket as never);
    diagnostics.subscribe("undici:client:beforeConnect", onUndici);
    try {
        await run();
    } finally {
        diagnostics.unsubscribe("net.client.socket", onSocket as never);
        diagnostics.unsubscribe("undici:client:beforeConnect", onUndici);
    }
    return seen;
}

let site: http.Server;
let siteUrl = "";
before(async () => {
    site = http.createServer((req, res) => {
        if (req.url?.startsWith("/search")) {
            res.writeHead(200, {"Content-Type": "application/json"});
            res.end(
                JSON.stringify({
                    results: [{title: "Tide tables", url: "https://example.org/t", content: "x"}],
                }),
            );
            return;
        }
        res.writeHead(200, {"Content-Type": "text/html"});
        res.end("<html><head><title>Harbour</title></head><body><h1>Harbour</h1><p>Boats.</p></body></html>");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => site.close(() => resolve())));

test("loopback is this computer: localhost, 127.0.0.0/8 and ::1; other addresses and names are not", () => {
    for (const host of [
        "localhost",
        "LOCALHOST.",
        "app.localhost",
        "127.0.0.1",
        "127.9.8.7",
        "::1",
        "::ffff:127.0.0.1",
    ])
        assert.equal(isLoopback(host), true, host);
    for (const host of [
        "192.0.2.10",
        "10.0.0.5",
        "::2",
        "fe80::1",
        "localhost.example.com",
        "example.org",
        "0.0.0.0",
    ])
        assert.equal(isLoopback(host), false, host);
});

test("outboundFetch records what crossed (sizes, status) once the body is read, and refuses nothing on loopback in Offline mode", async () => {
    const records: EgressRecord[] = [];
    let offline = false;
    const network = new Network({offline: () => offline, record: (r) => records.push(r)});
    const outbound = network.for("web search", "searxng", "c1");
    const res = await outboundFetch(outbound, `${siteUrl}/search?q=tides`, {method: "POST", body: "q=tides"});
    assert.equal(records.length, 0, "recorded only once the answer has been read");
    const text = await res.text();
    assert.equal(records.length, 1);
    assert.deepEqual(
        {...records[0]!, at: 0},
        {
            at: 0,
            purpose: "web search",
            detail: "searxng",
            host: new URL(siteUrl).host,
            bytesSent: 7,
            bytesReceived: Buffer.byteLength(text),
            status: 200,
            conversationId: "c1",
        },
    );
    offline = true;
    await (await outboundFetch(outbound, `${siteUrl}/search`)).text();
    assert.equal(records.length, 2, "loopback stays open in Offline mode");
    await assert.rejects(outboundFetch(outbound, `${SEARCH}/search`), {
        name: "Error",
        message:
            /^Offline mode is on: the web search \(searxng\) was not sent to 198\.51\.100\.7\. Turn Offline mode off in Settings → Network/,
    });
    assert.equal(records.length, 2, "a refused request is not in the log: nothing was sent");
});

test("a request sent for a conversation's tool call through a shared way out is that conversation's: logged under it, within its limit", async () => {
    const records: EgressRecord[] = [];
    const network = new Network({offline: () => false, record: (r) => records.push(r)});
    network.limitWith((conversationId, purpose, host) =>
        conversationId === "run" ? {key: "automationNetwork", values: {purpose, host, budget: "none"}} : null,
    );
    // One way out for an MCP server, shared by every call to it (it names no conversation).
    const shared = network.for("MCP server", "remote");
    await forConversation("chat", async () => (await outboundFetch(shared, `${siteUrl}/a`)).text());
    await assert.rejects(
        forConversation("run", () => outboundFetch(shared, `${siteUrl}/b`)),
        /this run may not send a MCP server request to 127\.0\.0\.1:\d+: its network budget is none/,
    );
    // What outlives the call that began it (the server's connection) is nobody's, and not limited.
    await forConversation("run", () =>
        forNoConversation(async () => (await outboundFetch(shared, `${siteUrl}/c`)).text()),
    );
    await (await outboundFetch(shared, `${siteUrl}/d`)).text();
    assert.deepEqual(
        records.map((r) => r.conversationId),
        ["chat", null, null],
    );
});

test("an MCP server's tool call is logged under the conversation that made it; its connection under none", async () => {
    const mcp = await startEverythingHttp("streamableHttp");
    const dataDir = tempDir();
    writeMcpJson(dataDir, {everything: {url: mcp.url}});
    const t = await openTestCore({dataDir, generation: {maxTokens: 4}});
    try {
        const message = await callApproved(t, "everything.echo", {message: "hi"});
        assert.equal(message.toolCalls[0]?.status, "ok", message.toolCalls[0]?.error ?? "");
        const log = unwrap(await t.api.invoke("network.egress", {})).filter(
            (e) => e.purpose === "MCP server",
        );
        const own = log.filter((e) => e.conversationId === message.conversationId);
        assert.ok(own.length >= 1, `the call is the conversation's: ${JSON.stringify(log)}`);
        assert.ok(
            log.some((e) => e.conversationId === null),
            "starting the server (initialize) is nobody's",
        );
    } finally {
        await t.core.dispose();
        await mcp.stop();
    }
});

async function offlineCore(): Promise<TestCore> {
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        `tools:\n    web_search:\n        options:\n            provider: brave\n            base_url: ${SEARCH}\n            api_key: k\n`,
    );
    writeMcpJson(dataDir, {remote: {url: MCP, startup: "launch"}});
    return openTestCore({dataDir, offline: true, generation: {maxTokens: 4}});
}

async function toolError(api: CairnApi, tool: string, args: Record<string, unknown>): Promise<string> {
    const c = unwrap(await api.invoke("conversations.create", {}));
    unwrap(await api.invoke("conversations.setWebAccess", {id: c.id, webAccess: true}));
    const done = nextDone(api, c.id);
    unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "x", preflight: [{name: tool, args}]}));
    const call = (await done).toolCalls[0]!;
    assert.equal(call.status, "error", `${tool}: ${call.status}`);
    return call.error ?? "";
}

test("Offline mode (--offline): providers, web search, page fetch, downloads, hub searches and MCP servers are refused in words, and no socket leaves loopback", async () => {
    let t: TestCore | null = null;
    const sockets = await socketsDuring(async () => {
        t = await offlineCore();
        const {api} = t;
        const settings = unwrap(await api.invoke("settings.get", {}));
        assert.deepEqual(
            [settings.offline, settings.offlineRun],
            [false, true],
            "on for this run, the switch untouched",
        );
        unwrap(
            await api.invoke("providers.add", {name: "box", type: "openai-compatible", baseUrl: PROVIDER}),
        );
        const listed = await api.invoke("providers.models", {name: "box"});
        assert.equal(listed.ok, false);
        assert.match(
            !listed.ok ? listed.error.message : "",
            /^Offline mode is on: the request to provider box was not sent to 192\.0\.2\.10:8080\./,
        );
        // Each refusal carries its words, which the window says in its language.
        assert.deepEqual(!listed.ok && listed.error.words, {
            key: "offlineProvider",
            values: {detail: "box", host: "192.0.2.10:8080"},
        });

        assert.match(
            await toolError(api, "web_search", {query: "tides"}),
            /^Offline mode is on: the web search \(brave\) was not sent to 198\.51\.100\.7\./,
        );
        assert.match(
            await toolError(api, "web_fetch", {url: PAGE}),
            /^Offline mode is on: the page request was not sent to 203\.0\.113\.9\./,
        );

        const failed = new Promise<string>((resolve) => {
            const off = api.onEvent((e) => {
                if (e.type === "models.download" && e.progress.state === "failed") {
                    off();
                    assert.equal(e.progress.errorWords?.key, "offlineDownload");
                    resolve(e.progress.error ?? "");
                }
            });
        });
        unwrap(await api.invoke("models.download", {uri: MODEL}));
        assert.match(
            await failed,
            /^Offline mode is on: the download of https:\/\/203\.0\.113\.20\/models\/tiny\.gguf was not sent/,
        );

        const searched = await api.invoke("models.searchHub", {query: "qwen"});
        assert.match(
            !searched.ok ? searched.error.message : "",
            /^Offline mode is on: the Hugging Face request \(search "qwen"\) was not sent to huggingface\.co\./,
        );
        assert.equal(!searched.ok && searched.error.words?.key, "offlineModelSearch");

        const status = await mcpStatusWhen(api, (s: McpStatus) => s.servers[0]?.state === "error");
        assert.match(
            status.servers[0]!.error ?? "",
            /Offline mode is on: the request to MCP server remote was not sent to 198\.51\.100\.30\./,
        );
        assert.deepEqual(unwrap(await api.invoke("network.egress", {})), [], "nothing was sent");
    });
    await (t as TestCore | null)?.core.dispose();
    const away = sockets.filter((address) => !isLoopback(address));
    assert.deepEqual(away, [], `sockets opened off this computer: ${away.join(", ")}`);
});

test("the Settings switch turns Offline mode on for the next request, and off again", async () => {
    const t = await openTestCore({generation: {maxTokens: 4}});
    try {
        unwrap(
            await t.api.invoke("providers.add", {name: "box", type: "openai-compatible", baseUrl: PROVIDER}),
        );
        const before = unwrap(await t.api.invoke("settings.get", {}));
        assert.deepEqual([before.offline, before.offlineRun], [false, undefined]);
        // Every window is told (network.offline), and a window opened later reads it in the app's status.
        const told: boolean[] = [];
        t.api.onEvent((e) => e.type === "network.offline" && told.push(e.on));
        assert.equal(unwrap(await t.api.invoke("app.getStatus", {})).offline, false);
        assert.equal(unwrap(await t.api.invoke("settings.set", {offline: true})).offline, true);
        assert.equal(unwrap(await t.api.invoke("app.getStatus", {})).offline, true);
        const refused = await t.api.invoke("providers.models", {name: "box"});
        assert.match(!refused.ok ? refused.error.message : "", /^Offline mode is on/);
        assert.equal(unwrap(await t.api.invoke("settings.set", {offline: false})).offline, false);
        assert.equal(unwrap(await t.api.invoke("settings.get", {})).offline, false);
        assert.deepEqual(told, [true, false]);
    } finally {
        await t.core.dispose();
    }
});

test("online, every feature's requests are in the egress log with what they were for: web search, page fetch, MCP server", async () => {
    const mcp = await startEverythingHttp("streamableHttp");
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        `tools:\n    web_search:\n        options:\n            base_url: ${siteUrl}\n    web_fetch:\n        options:\n            allow_hosts: [127.0.0.1]\n`,
    );
    writeMcpJson(dataDir, {everything: {url: mcp.url, startup: "launch"}});
    const t = await openTestCore({dataDir, generation: {maxTokens: 4}});
    try {
        await mcpStatusWhen(t.api, (s) => s.servers[0]?.state === "ready");
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setWebAccess", {id: c.id, webAccess: true}));
        const done = nextDone(t.api, c.id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: c.id,
                text: "x",
                preflight: [
                    {name: "web_search", args: {query: "tides"}},
                    {name: "web_fetch", args: {url: `${siteUrl}/harbour`}},
                ],
            }),
        );
        assert.deepEqual(
            (await done).toolCalls.map((call) => [call.tool, call.status]),
            [
                ["web_search", "ok"],
                ["web_fetch", "ok"],
            ],
        );
        const log = unwrap(await t.api.invoke("network.egress", {}));
        const search = log.find((e) => e.purpose === "web search");
        assert.deepEqual(search && {...search, at: 0, bytesReceived: search.bytesReceived > 0}, {
            at: 0,
            purpose: "web search",
            detail: "searxng",
            host: new URL(siteUrl).host,
            bytesSent: 0,
            bytesReceived: true,
            status: 200,
            conversationId: c.id,
        });
        const page = log.find((e) => e.purpose === "web fetch");
        assert.equal(page?.status, 200);
        assert.ok(page.bytesReceived > 50, "the page's bytes");
        assert.equal(page?.conversationId, c.id);
        const server = log.filter((e) => e.purpose === "MCP server");
        assert.ok(server.length >= 2, "initialize and the tool list, at least");
        assert.ok(
            server.every(
                (e) => e.detail === "everything" && e.host === new URL(mcp.url).host && e.bytesSent > 0,
            ),
        );
    } finally {
        await t.core.dispose();
        await mcp.stop();
    }
});
