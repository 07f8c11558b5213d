import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {pathToFileURL} from "node:url";
import {sayIn} from "../../main/words.js";
import type {ApprovalRequest, Attachment, CairnApi, Message, ToolInfo} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {FIXTURE, mcpStatusWhen, servers, startEverythingHttp, writeMcpJson} from "../helpers/mcp.js";
import {ROOT, TEST_MODEL, tempDir} from "../helpers/paths.js";

async function open(mcpServers: Record<string, unknown>): Promise<TestCore> {
    const dataDir = tempDir();
    writeMcpJson(dataDir, mcpServers);
    return openTestCore({dataDir, generation: {maxTokens: 8, seed: 1}});
}

async function ask(
    t: TestCore,
    req: {toolChoice?: string; preflight?: {name: string; args: Record<string, unknown>}[]},
    options: {mode?: "ask" | "agent"; webAccess?: boolean; only?: string[]} = {},
): Promise<Message> {
    const id = unwrap(await t.api.invoke("conversations.create", {})).id;
    if (options.mode) unwrap(await t.api.invoke("conversations.setMode", {id, mode: options.mode}));
    // The test model's context (2048 tokens) holds the definitions of a few tools, not of a whole server's.
    if (options.only) {
        const budget = unwrap(await t.api.invoke("tools.budget", {conversationId: id}));
        const off = budget.tools.map((x) => x.name).filter((name) => !options.only!.includes(name));
        unwrap(await t.api.invoke("conversations.setTools", {id, off}));
    }
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "Use the tool.",
            ...req,
            ...(options.webAccess ? {webAccess: true} : {}),
        }),
    );
    return done;
}

function onApproval(api: CairnApi, answer: (r: ApprovalRequest) => "allow_once" | "deny") {
    return api.onEvent((e) => {
        if (e.type === "tool.approvalRequested")
            void api.invoke("tools.decide", {approvalId: e.request.approvalId, decision: answer(e.request)});
    });
}

async function tools(t: TestCore): Promise<ToolInfo[]> {
    return unwrap(await t.api.invoke("tools.list", {}));
}

test("server-everything over stdio: its tools join the registry as <server>.<tool>, with their cost in tokens; a forced call runs through Cairn's loop", async () => {
    const t = await open({everything: servers.everything});
    try {
        // Lazy by default: nothing runs until a turn (or the tools menu) needs tools.
        assert.equal(unwrap(await t.api.invoke("mcp.list", {})).servers[0]!.state, "stopped");
        const id = unwrap(await t.api.invoke("conversations.create", {})).id;
        const budget = unwrap(await t.api.invoke("tools.budget", {conversationId: id}));
        assert.equal(unwrap(await t.api.invoke("mcp.list", {})).servers[0]!.state, "ready");
        const echo = budget.tools.find((x) => x.name === "everything.echo")!;
        assert.equal(echo.source, "mcp:everything");
        assert.equal(echo.on, true);
        assert.ok(echo.tokens! > 10, `echo's definition costs ${echo.tokens} tokens`);
        // Thirteen more tools do not fit a small model's context well: each question gets a selection.
        assert.equal(budget.contextSize, 2048);
        assert.equal(budget.budgetTokens, 512);
        assert.ok(budget.offeredTokens! > 2048 / 4);
        assert.match(
            budget.warning ?? "",
            /tools on here take [\d,]+ tokens, over the tools' budget of 512 \(of the context's 2,048\): each question is offered Cairn's own tools, the pinned ones and the most relevant/,
        );
        const everything = budget.tools.filter((x) => x.source === "mcp:everything");
        assert.ok(everything.length >= 10);

        // Switched off by source, the server's tools are not offered, and a forced choice of one is refused.
        const off = unwrap(await t.api.invoke("conversations.setTools", {id, off: ["mcp:everything"]}));
        assert.deepEqual(off.toolsOff, ["mcp:everything"]);
        const lighter = unwrap(await t.api.invoke("tools.budget", {conversationId: id}));
        assert.ok(lighter.offeredTokens! < budget.offeredTokens!);
        assert.equal(lighter.tools.find((x) => x.name === "everything.echo")!.on, false);
        const refused = await t.api.invoke("chat.send", {
            conversationId: id,
            text: "x",
            toolChoice: "everything.echo",
        });
        assert.equal(refused.ok, false);
        assert.match(refused.ok ? "" : refused.error.message, /switched off in this conversation/);

        const message = await ask(t, {toolChoice: "everything.echo"}, {only: ["everything.echo"]});
        assert.equal(message.status, "complete", message.error ?? "");
        const call = message.toolCalls[0]!;
        assert.equal(call.tool, "everything.echo");
        assert.equal(call.status, "ok", call.error ?? "");
        assert.match(call.resultText ?? "", /^Echo: /);

        const tools = unwrap(await t.api.invoke("tools.list", {}));
        assert.equal(tools.find((x) => x.name === "everything.echo")!.sideEffect, "none");
        assert.equal(
            tools.find((x) => x.name === "everything.toggle-simulated-logging")!.sideEffect,
            "write",
        );
        assert.equal(tools.find((x) => x.name === "everything.gzip-file-as-resource")!.openWorld, true);
    } finally {
        await t.core.dispose();
    }
});

test("every content type comes back readable: images kept with the answer and described, structured content, resource links", async () => {
    const t = await open({everything: servers.everything});
    try {
        const message = await ask(
            t,
            {
                preflight: [
                    {name: "everything.get-tiny-image", args: {}},
                    {name: "everything.get-structured-content", args: {location: "Chicago"}},
                    {name: "everything.get-resource-links", args: {count: 2}},
                    {name: "everything.get-sum", args: {a: 2, b: 3}},
                ],
                toolChoice: "none",
            },
            {only: []},
        );
        const [image, structured, links, sum] = message.toolCalls;
        assert.equal(image!.status, "ok", image!.error ?? "");
        // Kept like an attachment, shown with the answer; the model reads its size and type.
        const [kept] = (image!.resultData as {images: Attachment[]}).images;
        assert.equal(kept!.mime, "image/png");
        assert.ok(
            image!.resultText?.includes(
                `\n[image: ${kept!.width}x${kept!.height}, image/png; shown to the person]\n`,
            ),
            image!.resultText ?? "",
        );
        assert.deepEqual(message.attachments, [kept]);
        assert.equal((image!.resultData as {media?: unknown}).media, undefined, "not kept twice");
        assert.ok((structured!.resultData as {structured: unknown}).structured);
        assert.match(structured!.resultText ?? "", /temperature/i);
        assert.match(links!.resultText ?? "", /\[resource: .* demo:\/\//);
        assert.match(sum!.resultText ?? "", /5/);
    } finally {
        await t.core.dispose();
    }
});

test("arguments are checked against the server's own schema before anything is sent", async () => {
    const t = await open({fixture: servers.fixture});
    try {
        const message = await ask(t, {
            toolChoice: "none",
            preflight: [
                {name: "fixture.add", args: {a: "2", b: 3}},
                {name: "fixture.add", args: {a: -5000, b: 3}},
                {name: "fixture.add", args: {a: 2, b: 3}},
            ],
        });
        const [text, range, good] = message.toolCalls;
        assert.equal(text!.status, "error");
        assert.match(text!.error ?? "", /invalid_arguments: \/a must be integer/);
        assert.equal(range!.status, "error");
        assert.match(range!.error ?? "", /\/a must be >= -1000/);
        assert.equal(good!.status, "ok");
        assert.equal(good!.resultText, "5");
    } finally {
        await t.core.dispose();
    }
});

test("annotations decide approval: destructive and changing tools ask in agent mode and are refused in ask mode; open-world tools need web access", async () => {
    const t = await open({fixture: servers.fixture, everything: servers.everything});
    const asked: ApprovalRequest[] = [];
    const off = onApproval(t.api, (r) => {
        asked.push(r);
        return r.tool === "fixture.grow" ? "allow_once" : "deny";
    });
    try {
        const inAsk = await ask(
            t,
            {toolChoice: "none", preflight: [{name: "fixture.wipe", args: {}}]},
            {mode: "ask"},
        );
        assert.equal(inAsk.toolCalls[0]!.status, "denied");
        assert.match(inAsk.toolCalls[0]!.error ?? "", /not available in ask mode/);
        assert.equal(asked.length, 0);

        const agent = await ask(
            t,
            {
                toolChoice: "none",
                preflight: [
                    {name: "fixture.wipe", args: {}},
                    {name: "fixture.grow", args: {}},
                ],
            },
            {mode: "agent"},
        );
        assert.deepEqual(
            asked.map((r) => [r.tool, r.sideEffect]),
            [
                ["fixture.wipe", "exec"],
                ["fixture.grow", "write"],
            ],
        );
        assert.equal(agent.toolCalls[0]!.status, "denied");
        assert.equal(agent.toolCalls[1]!.status, "ok");

        const offline = await ask(
            t,
            {toolChoice: "none", preflight: [{name: "everything.gzip-file-as-resource", args: {}}]},
            {mode: "agent", only: []},
        );
        assert.equal(offline.toolCalls[0]!.status, "denied");
        assert.match(offline.toolCalls[0]!.error ?? "", /web access is off/);
    } finally {
        off();
        await t.core.dispose();
    }
});

test("a server's error result is a tool error; a call past its limit times out and the server still answers", async () => {
    const t = await open({fixture: {...servers.fixture, callTimeoutMs: 500}});
    try {
        const message = await ask(t, {
            toolChoice: "none",
            preflight: [
                {name: "fixture.fail", args: {}},
                {name: "fixture.slow", args: {ms: 3_000}},
                {name: "fixture.add", args: {a: 1, b: 1}},
            ],
        });
        const [failed, slow, after] = message.toolCalls;
        assert.equal(failed!.status, "error");
        assert.equal(failed!.error, "the fixture failed on purpose");
        assert.equal(slow!.status, "timeout");
        assert.equal(after!.status, "ok");
        assert.equal(after!.resultText, "2");
    } finally {
        await t.core.dispose();
    }
});

test("a server killed mid-call gives that call an error, the turn goes on, and the server is started again", async () => {
    const t = await open({fixture: servers.fixture});
    try {
        const message = await ask(t, {
            toolChoice: "none",
            preflight: [
                {name: "fixture.crash", args: {}},
                {name: "fixture.add", args: {a: 2, b: 2}},
            ],
        });
        assert.equal(message.status, "complete");
        const [crashed] = message.toolCalls;
        assert.equal(crashed!.status, "error");
        assert.match(crashed!.error ?? "", /fixture\.crash failed: .*closed/i);
        // Reconnected with backoff (1 s first): ready again, its stderr kept.
        const status = await mcpStatusWhen(t.api, (s) => s.servers[0]!.state === "ready");
        assert.ok(status.servers[0]!.tools.includes("fixture.add"));
        const again = await ask(t, {
            toolChoice: "none",
            preflight: [{name: "fixture.add", args: {a: 2, b: 2}}],
        });
        assert.equal(again.toolCalls[0]!.resultText, "4");
    } finally {
        await t.core.dispose();
    }
});

test("a tool list change is followed: a tool the server adds becomes callable", async () => {
    const t = await open({fixture: {...servers.fixture, startup: "launch"}});
    const off = onApproval(t.api, () => "allow_once");
    try {
        await mcpStatusWhen(t.api, (s) => s.servers[0]!.state === "ready");
        assert.equal(
            (await tools(t)).some((x) => x.name === "fixture.late"),
            false,
        );
        await ask(t, {toolChoice: "none", preflight: [{name: "fixture.grow", args: {}}]}, {mode: "agent"});
        await mcpStatusWhen(t.api, (s) => s.servers[0]!.tools.includes("fixture.late"));
        const late = await ask(t, {toolChoice: "none", preflight: [{name: "fixture.late", args: {}}]});
        assert.equal(late.toolCalls[0]!.resultText, "late done");
    } finally {
        off();
        await t.core.dispose();
    }
});

test("a call made while a server started at launch is still starting waits for it, instead of finding no such tool", async () => {
    const dataDir = tempDir();
    // The fixture server, answering its first message only after 2 s: long enough to be asked while starting.
    const slow = path.join(dataDir, "slow.mjs");
    fs.writeFileSync(
        slow,
        `setTimeout(() => import(${JSON.stringify(pathToFileURL(FIXTURE).href)}), 2000);\n`,
    );
    writeMcpJson(dataDir, {
        fixture: {command: process.execPath, args: ["--import", "tsx", slow], cwd: ROOT, startup: "launch"},
    });
    const t = await openTestCore({dataDir, generation: {maxTokens: 8, seed: 1}});
    try {
        const status = unwrap(await t.api.invoke("mcp.list", {}));
        assert.equal(status.servers[0]!.state, "starting");
        const answer = await ask(t, {
            toolChoice: "none",
            preflight: [{name: "fixture.add", args: {a: 2, b: 2}}],
        });
        assert.equal(answer.toolCalls[0]!.status, "ok", answer.toolCalls[0]!.resultText ?? undefined);
        assert.equal(answer.toolCalls[0]!.resultText, "4");
    } finally {
        await t.core.dispose();
    }
});

test("a server that never starts reports why with its stderr, and the other servers and built-in tools still work", async () => {
    const dataDir = tempDir();
    const script = path.join(dataDir, "broken.mjs");
    fs.writeFileSync(script, 'process.stderr.write("broken: missing API token\\n"); process.exit(2);\n');
    const silent = path.join(dataDir, "silent.mjs");
    fs.writeFileSync(
        silent,
        'process.stderr.write("waiting for a licence\\n"); setInterval(() => {}, 1000);\n',
    );
    const t = await open({
        broken: {command: process.execPath, args: [script], startTimeoutMs: 5_000},
        silent: {command: process.execPath, args: [silent], startTimeoutMs: 1_000},
        missing: {command: path.join(dataDir, "no-such-program")},
        fixture: servers.fixture,
    });
    try {
        const message = await ask(t, {
            toolChoice: "none",
            preflight: [
                {name: "fixture.add", args: {a: 1, b: 2}},
                {name: "system_stats", args: {}},
            ],
        });
        assert.deepEqual(
            message.toolCalls.map((c) => c.status),
            ["ok", "ok"],
        );
        const status = unwrap(await t.api.invoke("mcp.list", {}));
        const broken = status.servers.find((s) => s.name === "broken")!;
        assert.equal(broken.state, "error");
        assert.match(broken.error ?? "", /missing API token/);
        assert.deepEqual(broken.stderr, ["broken: missing API token"]);
        const missing = status.servers.find((s) => s.name === "missing")!;
        assert.equal(missing.state, "error");
        assert.match(missing.error ?? "", /not found|ENOENT/);
        // One that never answers: its limit and last output, in words the window says in its language.
        const slow = (
            await mcpStatusWhen(t.api, (s) => s.servers.some((x) => x.name === "silent" && x.error))
        ).servers.find((x) => x.name === "silent")!;
        assert.equal(slow.error, "did not start within 1 s; its last output: waiting for a licence");
        assert.equal(
            sayIn("de", slow.errorWords!),
            "Nicht innerhalb von 1 s gestartet; seine letzte Ausgabe: waiting for a licence",
        );
    } finally {
        await t.core.dispose();
    }
});

test("Streamable HTTP and the older SSE transport reach server-everything on 127.0.0.1", async () => {
    const http = await startEverythingHttp("streamableHttp");
    const sse = await startEverythingHttp("sse");
    const t = await open({web: {url: http.url}, old: {url: sse.url, type: "sse"}});
    try {
        const message = await ask(
            t,
            {
                toolChoice: "none",
                preflight: [
                    {name: "web.get-sum", args: {a: 20, b: 22}},
                    {name: "old.echo", args: {message: "over SSE"}},
                ],
            },
            {only: []},
        );
        assert.match(message.toolCalls[0]!.resultText ?? "", /\b42\b/);
        assert.equal(message.toolCalls[1]!.resultText, "Echo: over SSE");
        const status = unwrap(await t.api.invoke("mcp.list", {}));
        assert.deepEqual(
            status.servers.map((s) => [s.name, s.transport, s.state]),
            [
                ["web", "http", "ready"],
                ["old", "sse", "ready"],
            ],
        );
    } finally {
        await t.core.dispose();
        await http.stop();
        await sse.stop();
    }
});

test("an mcp.json written by another process (cairn mcp add, an editor) is followed while Cairn runs", async () => {
    const t = await open({});
    try {
        writeMcpJson(t.dataDir, {fixture: {...servers.fixture, startup: "launch"}});
        const status = await mcpStatusWhen(t.api, (s) => s.servers[0]?.state === "ready");
        assert.ok(status.servers[0]!.tools.includes("fixture.add"));
        writeMcpJson(t.dataDir, {});
        await mcpStatusWhen(t.api, (s) => s.servers.length === 0);
        assert.equal(
            (await tools(t)).some((x) => x.name === "fixture.add"),
            false,
        );
    } finally {
        await t.core.dispose();
    }
});

test("mcp.add takes another assistant's pasted mcpServers JSON; remove, disable and bad input are handled without losing the file", async () => {
    const t = await open({});
    try {
        const file = path.join(t.dataDir, "mcp.json");
        const pasted = JSON.stringify({mcpServers: {fixture: {...servers.fixture, autoApprove: []}}});
        const added = unwrap(await t.api.invoke("mcp.add", {json: pasted}));
        assert.deepEqual(
            added.servers.map((s) => s.name),
            ["fixture"],
        );
        // Fields other programs write are kept.
        assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")).mcpServers.fixture.autoApprove, []);

        const bad = await t.api.invoke("mcp.add", {json: '{"mcpServers": {"x": {"args": []}}}'});
        assert.equal(bad.ok, false);
        assert.match(bad.ok ? "" : bad.error.message, /give either "command".*or "url"/);
        const dots = await t.api.invoke("mcp.add", {json: '{"mcpServers": {"..": {"command": "x"}}}'});
        assert.match(
            dots.ok ? "" : dots.error.message,
            /must be 1-64 letters.*starting with a letter or digit/,
        );
        const notJson = await t.api.invoke("mcp.add", {json: "{mcpServers"});
        assert.equal(notJson.ok, false);
        assert.match(notJson.ok ? "" : notJson.error.message, /not JSON/);
        assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(file, "utf8")).mcpServers), ["fixture"]);

        await t.core.tools.prepare();
        assert.ok((await tools(t)).some((x) => x.name === "fixture.add"));
        const disabled = unwrap(await t.api.invoke("mcp.setEnabled", {name: "fixture", enabled: false}));
        assert.equal(disabled.servers[0]!.enabled, false);
        assert.equal(
            (await tools(t)).some((x) => x.name === "fixture.add"),
            false,
        );
        const removed = unwrap(await t.api.invoke("mcp.remove", {name: "fixture"}));
        assert.deepEqual(removed.servers, []);
        assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")).mcpServers, {});
    } finally {
        await t.core.dispose();
    }
});

test("a server's prompts become slash-command text and its resources attach to a conversation as searchable documents", async () => {
    const t = await open({everything: servers.everything});
    try {
        await t.core.tools.prepare();
        const status = unwrap(await t.api.invoke("mcp.list", {}));
        const argsPrompt = status.servers[0]!.prompts.find((p) => p.name === "args-prompt")!;
        assert.deepEqual(argsPrompt.arguments, [
            {name: "city", required: true},
            {name: "state", required: false},
        ]);
        const prompt = unwrap(
            await t.api.invoke("mcp.getPrompt", {
                server: "everything",
                name: "args-prompt",
                args: {city: "Oslo"},
            }),
        );
        assert.match(prompt.text, /Oslo/);
        const missing = await t.api.invoke("mcp.getPrompt", {
            server: "everything",
            name: "args-prompt",
            args: {},
        });
        assert.equal(missing.ok, false);
        assert.match(missing.ok ? "" : missing.error.message, /^\/everything\.args-prompt: /);
        const unknown = await t.api.invoke("mcp.getPrompt", {server: "nowhere", name: "x", args: {}});
        assert.match(unknown.ok ? "" : unknown.error.message, /no MCP server named "nowhere"/);

        const resource = status.servers[0]!.resources.find((r) => r.name === "architecture.md")!;
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const id = unwrap(await t.api.invoke("conversations.create", {})).id;
        const {jobId} = unwrap(
            await t.api.invoke("mcp.attachResource", {
                conversationId: id,
                server: "everything",
                uri: resource.uri,
            }),
        );
        const final = await t.core.docs.ingest.settled(jobId);
        assert.equal(final?.state, "done", JSON.stringify(final));
        const docs = unwrap(await t.api.invoke("docs.list", {conversationId: id}));
        assert.equal(docs.length, 1);
        assert.equal(docs[0]!.status, "indexed");
        // Titled by its own heading, as any attached markdown file is.
        assert.match(docs[0]!.title, /Architecture/);
        const hits = unwrap(
            await t.api.invoke("docs.search", {query: "architecture", limit: 3, conversationId: id}),
        );
        assert.ok(hits.length > 0);
    } finally {
        await t.core.dispose();
    }
});

test("server-filesystem on a temp folder: reads run, a destructive write asks and is denied, the folder is untouched", async () => {
    const folder = tempDir();
    fs.writeFileSync(path.join(folder, "note.txt"), "hello notes\n");
    const t = await open({files: servers.filesystem(folder)});
    const asked: ApprovalRequest[] = [];
    const off = onApproval(t.api, (r) => {
        asked.push(r);
        return "deny";
    });
    try {
        const message = await ask(
            t,
            {
                toolChoice: "none",
                preflight: [
                    {name: "files.read_text_file", args: {path: path.join(folder, "note.txt")}},
                    {name: "files.list_directory", args: {path: folder}},
                    {name: "files.write_file", args: {path: path.join(folder, "note.txt"), content: "gone"}},
                    {name: "files.read_text_file", args: {path: "/etc/hostname"}},
                ],
            },
            {mode: "agent", only: []},
        );
        const [read, listed, write, outside] = message.toolCalls;
        assert.equal(read!.status, "ok", read!.error ?? "");
        assert.equal(read!.resultText, "hello notes");
        assert.match(listed!.resultText ?? "", /\[FILE\] note\.txt/);
        assert.deepEqual(
            asked.map((r) => [r.tool, r.sideEffect]),
            [["files.write_file", "exec"]],
        );
        assert.equal(write!.status, "denied");
        assert.equal(fs.readFileSync(path.join(folder, "note.txt"), "utf8"), "hello notes\n");
        // The server's own refusal (outside its allowed folder) is a tool error the model can read.
        assert.equal(outside!.status, "error");
        assert.match(outside!.error ?? "", /denied|outside allowed/i);
    } finally {
        off();
        await t.core.dispose();
    }
});

test("a long call's progress notifications reach the trace as tool.progress events while it runs", async () => {
    const t = await open({everything: servers.everything});
    try {
        const message = await ask(
            t,
            {
                toolChoice: "none",
                preflight: [
                    {name: "everything.trigger-long-running-operation", args: {duration: 1, steps: 4}},
                ],
            },
            {only: []},
        );
        const call = message.toolCalls[0]!;
        assert.equal(call.status, "ok", call.error ?? "");
        const progress = t.events.filter(
            (e): e is Extract<typeof e, {type: "tool.progress"}> =>
                e.type === "tool.progress" && e.correlationId === call.id,
        );
        // One per step as the server sends them (the last may come after the result, and is then dropped).
        assert.ok(progress.length >= 3, `${progress.length} progress events`);
        assert.deepEqual(
            progress.map((p) => [p.progress, p.total]),
            [1, 2, 3, 4].slice(0, progress.length).map((n) => [n, 4]),
        );
        assert.ok(progress.every((p) => p.conversationId === message.conversationId));
    } finally {
        await t.core.dispose();
    }
});

test("a whole server is granted only for its read-only tools: later read-only calls run, a write still asks", async () => {
    const t = await open({fixture: servers.fixture});
    const asked: string[] = [];
    const off = t.api.onEvent((e) => {
        if (e.type !== "tool.approvalRequested") return;
        asked.push(`${e.request.tool} (${e.request.server})`);
        void t.api.invoke("tools.decide", {approvalId: e.request.approvalId, decision: "allow_server"});
    });
    try {
        await t.core.tools.prepare();
        for (const tool of ["fixture.add", "fixture.slow"])
            unwrap(await t.api.invoke("tools.setPolicy", {tool, policy: "ask"}));
        const first = await ask(
            t,
            {toolChoice: "none", preflight: [{name: "fixture.add", args: {a: 1, b: 2}}]},
            {only: []},
        );
        assert.equal(first.toolCalls[0]!.decision, "allow_server");
        assert.deepEqual(
            unwrap(await t.api.invoke("grants.list", {})).map((g) => [g.tool, g.conversationId]),
            [["mcp:fixture", null]],
        );
        const later = await ask(
            t,
            {
                toolChoice: "none",
                preflight: [
                    {name: "fixture.slow", args: {ms: 1}},
                    {name: "fixture.grow", args: {}},
                ],
            },
            {mode: "agent", only: []},
        );
        assert.deepEqual(
            later.toolCalls.map((c) => [c.tool, c.status, c.decision]),
            [
                ["fixture.slow", "ok", "allow_always"],
                ["fixture.grow", "ok", "allow_once"],
            ],
        );
        // Asked for the first read-only call and for the write, whose "whole server" answer counted once.
        assert.deepEqual(asked, ["fixture.add (fixture)", "fixture.grow (fixture)"]);
        assert.equal(unwrap(await t.api.invoke("grants.list", {})).length, 1);
    } finally {
        off();
        await t.core.dispose();
    }
});
