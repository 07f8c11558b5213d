import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {ToolCallRecord} from "../../shared/contract.js";
import {startHost} from "../../main/server/host.js";
import {openTestCore, nextDone, unwrap, type TestCore} from "../helpers/core.js";
import {mcpStatusWhen, servers, writeMcpJson} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";

// MCP Apps, the core's side (tests/e2e/mcpApps.spec.ts shows them in Chromium): a tool that names a ui:// page
// keeps its server and page in the trace; the page is read from the server, checked, and served once under its
// own CSP; the app's calls reach its own server's tools only, through the one runner, into the same trace. The
// server is tests/fixtures/mcp/appServer.ts, built with the official SDK.

async function openWithApps(): Promise<TestCore> {
    const dataDir = tempDir();
    writeMcpJson(dataDir, {apps: {...servers.apps("http://127.0.0.1:9/"), startup: "launch"}});
    // The person allows every call here; tests/e2e/mcpApps.spec.ts answers the dialog itself.
    const t = await openTestCore({
        dataDir,
        approver: () => Promise.resolve({decision: "allow_once", by: "cli"}),
    });
    unwrap(await t.api.invoke("settings.set", {generation: {maxTokens: 4}}));
    await mcpStatusWhen(t.api, (s) => s.servers.some((x) => x.name === "apps" && x.state === "ready"));
    return t;
}

/** The call a preflight of `tool` made in a new agent-mode conversation. */
async function called(t: TestCore, tool: string): Promise<ToolCallRecord> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setMode", {id, mode: "agent"}));
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "show",
            toolChoice: "none",
            preflight: [{name: tool, args: {}}],
        }),
    );
    const call = (await done).toolCalls.find((c) => c.tool === tool);
    assert.ok(call, `${tool} was called`);
    assert.equal(call.status, "ok", call.error ?? "");
    return call;
}

test("a tool's app page is read from its server and served once, under its own CSP, to the address its frame is given", async () => {
    const t = await openWithApps();
    const renderer = tempDir();
    fs.writeFileSync(path.join(renderer, "index.html"), "<!doctype html><title>Cairn</title>");
    const host = await startHost({core: t.core, rendererDir: renderer, token: "apps-token"});
    const base = `http://127.0.0.1:${host.port}`;
    try {
        const call = await called(t, "apps.probe");
        assert.deepEqual(call.resultData, {
            structured: {ran: "probe"},
            app: {server: "apps", page: "ui://app/probe.html"},
        });
        const app = unwrap(await t.api.invoke("mcp.openApp", {toolCallId: call.id}));
        assert.match(app.frame, /^\/app-frame\/[0-9a-f]{48}$/);
        assert.deepEqual(
            {server: app.server, tool: app.tool, input: app.input, result: app.result},
            {
                server: "apps",
                tool: "probe",
                input: {},
                result: {content: [{type: "text", text: "probe ran"}], structuredContent: {ran: "probe"}},
            },
        );
        const unauthorized = await fetch(`${base}${app.frame}`);
        assert.equal(unauthorized.status, 401, "the window's token is needed, as for every page of the host");
        const page = await fetch(`${base}${app.frame}?token=apps-token`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /<h1>Probe<\/h1>/);
        const csp = page.headers.get("content-security-policy") ?? "";
        for (const rule of [
            "connect-src 'none'",
            "sandbox allow-scripts",
            "frame-ancestors 'self'",
            "default-src 'none'",
        ])
            assert.ok(csp.includes(rule), `${rule} in ${csp}`);
        assert.equal(page.headers.get("cache-control"), "no-store");
        const again = await fetch(`${base}${app.frame}?token=apps-token`);
        assert.equal(again.status, 404, "a page is served once");
        // The window's own page lets frames of its own origin in, and nothing else.
        assert.match(
            (await fetch(`${base}/?token=apps-token`)).headers.get("content-security-policy") ?? "",
            /frame-src 'self'/,
        );
    } finally {
        await host.close();
        await t.core.dispose();
    }
});

test("an app calls its own server's tools through the runner, into the same answer's trace; others, and pages of the wrong type or size, are refused in words", async () => {
    const t = await openWithApps();
    try {
        // `secret` is for the app only: never offered to the model, in any mode.
        const offered = t.core.tools.offered("agent", {webAccess: true}).map((tool) => tool.name);
        assert.ok(offered.includes("apps.probe") && !offered.includes("apps.secret"), offered.join(", "));

        const call = await called(t, "apps.probe");
        const result = unwrap(
            await t.api.invoke("mcp.callFromApp", {toolCallId: call.id, name: "secret", arguments: {}}),
        );
        assert.deepEqual(result, {
            content: [{type: "text", text: "secret ran"}],
            structuredContent: {ran: "secret"},
        });
        const trace = t.core.toolCalls.forMessage(call.messageId);
        const fromApp = trace.find((c) => c.tool === "apps.secret");
        assert.ok(fromApp, "the app's call is a step of the same answer");
        assert.equal(fromApp.origin, "client");
        assert.deepEqual(
            fromApp.resultData,
            {structured: {ran: "secret"}, askedByApp: "apps"},
            "shown by the app, not by a frame of its own",
        );

        const other = await t.api.invoke("mcp.callFromApp", {
            toolCallId: call.id,
            name: "nope",
            arguments: {},
        });
        assert.equal(
            other.ok ? "" : other.error.message,
            "apps's app asked for nope, which is not a tool apps offers now",
        );
        const notApp = await t.api.invoke("mcp.openApp", {toolCallId: fromApp.id});
        assert.equal(notApp.ok ? "" : notApp.error.message, "apps.secret's result is not shown by an app");
        const missing = await t.api.invoke("mcp.openApp", {toolCallId: "no-such-call"});
        assert.equal(missing.ok ? "" : missing.error.code, "NOT_FOUND");

        const plain = await t.api.invoke("mcp.openApp", {toolCallId: (await called(t, "apps.plain")).id});
        assert.equal(
            plain.ok ? "" : plain.error.message,
            "ui://app/plain.txt is not an app's page: its type is text/plain, not text/html;profile=mcp-app",
        );
        const huge = await t.api.invoke("mcp.openApp", {toolCallId: (await called(t, "apps.huge")).id});
        assert.equal(
            huge.ok ? "" : huge.error.message,
            "ui://app/huge.html is 6.0 MB: an app's page may be at most 5 MB",
        );
    } finally {
        await t.core.dispose();
    }
});
