import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {Client} from "@modelcontextprotocol/sdk/client/index.js";
import {StdioClientTransport} from "@modelcontextprotocol/sdk/client/stdio.js";
import type {CallToolResult} from "@modelcontextprotocol/sdk/types.js";
import type {McpStatus, ToolInfo} from "../../shared/contract.js";
import {runCli} from "../helpers/cli.js";
import {FIXTURE, servers, writeMcpJson} from "../helpers/mcp.js";
import {CLI, ROOT, TEST_MODEL, scriptArgs, tempDir} from "../helpers/paths.js";
import {startOAuthServer} from "../fixtures/mcp/oauthServer.js";
import {openTestCore, unwrap} from "../helpers/core.js";

test("cairn mcp add/list/remove manage mcp.json; tools list shows MCP tools; chat --tool calls one", async () => {
    const data = tempDir();
    const added = await runCli([
        "mcp",
        "add",
        "fixture",
        "--data",
        data,
        "--",
        process.execPath,
        ...scriptArgs(FIXTURE),
    ]);
    assert.equal(added.code, 0, added.stderr);
    const file = JSON.parse(fs.readFileSync(path.join(data, "mcp.json"), "utf8"));
    assert.deepEqual(file.mcpServers.fixture, {
        command: process.execPath,
        args: scriptArgs(FIXTURE),
    });

    const listed = await runCli(["mcp", "list", "--json", "--data", data]);
    assert.equal(listed.code, 0, listed.stderr);
    const status = JSON.parse(listed.stdout) as McpStatus;
    assert.equal(status.servers[0]!.state, "ready");
    assert.ok(status.servers[0]!.tools.includes("fixture.add"));

    const tools = await runCli(["tools", "list", "--json", "--data", data]);
    const byName = new Map((JSON.parse(tools.stdout) as ToolInfo[]).map((t) => [t.name, t]));
    assert.equal(byName.get("fixture.add")!.source, "mcp:fixture");
    assert.equal(byName.get("fixture.wipe")!.sideEffect, "exec");
    assert.equal(byName.get("fixture.wipe")!.policy, "ask");
    assert.equal(byName.get("rag_search")!.source, "built-in");
    const text = await runCli(["tools", "list", "--data", data]);
    assert.match(text.stdout, /^fixture\.grow\tmcp:fixture\twrite\task\tenabled$/m);

    const chat = await runCli([
        "chat",
        "--data",
        data,
        "--model",
        TEST_MODEL,
        "--max-tokens",
        "4",
        "--tool",
        "fixture.add",
        "--args",
        '{"a": 2, "b": 3}',
        "--tool-choice",
        "none",
        "--json",
        "sum it",
    ]);
    assert.equal(chat.code, 0, chat.stderr);
    const call = (
        JSON.parse(chat.stdout) as {toolCalls: {tool: string; status: string; resultText: string}[]}
    ).toolCalls[0]!;
    assert.deepEqual([call.tool, call.status, call.resultText], ["fixture.add", "ok", "5"]);

    const bad = await runCli(["mcp", "add", "broken", "--data", data]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /usage: cairn mcp add NAME -- COMMAND/);
    const removed = await runCli(["mcp", "remove", "fixture", "--data", data]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(data, "mcp.json"), "utf8")).mcpServers, {});
    const gone = await runCli(["mcp", "remove", "fixture", "--data", data]);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /no MCP server named "fixture"/);
});

test("cairn mcp --file imports another assistant's mcpServers file, keeping what Cairn does not use", async () => {
    const data = tempDir();
    const theirs = path.join(tempDir(), "claude_desktop_config.json");
    fs.writeFileSync(
        theirs,
        JSON.stringify({
            mcpServers: {web: {url: "http://127.0.0.1:9/mcp", headers: {Authorization: "Bearer x"}}},
        }),
    );
    const added = await runCli(["mcp", "add", "--file", theirs, "--data", data]);
    assert.equal(added.code, 0, added.stderr);
    const listed = await runCli(["mcp", "list", "--data", data]);
    // Nothing listens on port 9: the server is listed with its error, and the headers are never printed.
    assert.match(listed.stdout, /^web\terror\thttp\thttp:\/\/127\.0\.0\.1:9\/mcp\n {2}\S/m);
    assert.doesNotMatch(listed.stdout, /Bearer/);
});

test("cairn mcp serves the user's documents to the SDK's own client: list_collections and rag_search, read-only", async () => {
    const data = tempDir();
    const notes = path.join(tempDir(), "lighthouse.md");
    fs.writeFileSync(
        notes,
        "# Lighthouse\n\nThe keeper logs every storm in the blue notebook kept by the lamp.\n",
    );
    const ingested = await runCli(["ingest", "--data", data, "--embedding-model", TEST_MODEL, notes]);
    assert.equal(ingested.code, 0, ingested.stderr);

    const client = await cairnMcp(data);
    try {
        const {tools} = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), ["list_collections", "rag_search"]);
        for (const tool of tools) assert.equal(tool.annotations?.readOnlyHint, true);
        const rag = tools.find((t) => t.name === "rag_search")!;
        assert.deepEqual(rag.inputSchema.required, ["query"]);

        const collections = (await client.callTool({
            name: "list_collections",
            arguments: {},
        })) as CallToolResult;
        assert.equal(collections.isError, undefined);
        assert.match((collections.content[0] as {text: string}).text, /Documents/);

        const found = (await client.callTool({
            name: "rag_search",
            arguments: {query: "blue notebook storm"},
        })) as CallToolResult;
        assert.equal(found.isError, undefined, JSON.stringify(found));
        assert.match((found.content[0] as {text: string}).text, /\[1\] .*\n.*blue notebook/);
        assert.ok((found.structuredContent as {hits: unknown[]}).hits.length >= 1);

        const invalid = (await client.callTool({
            name: "rag_search",
            arguments: {query: ""},
        })) as CallToolResult;
        assert.equal(invalid.isError, true);
        assert.match((invalid.content[0] as {text: string}).text, /invalid_arguments/);
        const writeTool = (await client.callTool({
            name: "write_file",
            arguments: {path: "x", content: "y"},
        })) as CallToolResult;
        assert.equal(writeTool.isError, true);
        assert.match((writeTool.content[0] as {text: string}).text, /unknown tool write_file/);
    } finally {
        await client.close();
    }
});

test("cairn mcp's calls go through the one tool runner: a policy that denies rag_search refuses it there too", async () => {
    const data = tempDir();
    fs.writeFileSync(path.join(data, "tools.yaml"), "tools:\n    rag_search:\n        policy: deny\n");
    const client = await cairnMcp(data);
    try {
        const denied = (await client.callTool({
            name: "rag_search",
            arguments: {query: "blue notebook"},
        })) as CallToolResult;
        assert.equal(denied.isError, true);
        assert.match(
            (denied.content[0] as {text: string}).text,
            /^denied: rag_search is disabled by its policy/,
        );
        const listed = (await client.callTool({name: "list_collections", arguments: {}})) as CallToolResult;
        assert.equal(listed.isError, undefined, "a tool the policy leaves alone still runs");
    } finally {
        await client.close();
    }
});

/** The SDK's own client, connected to `cairn mcp` over stdio on a data folder. */
async function cairnMcp(data: string): Promise<Client> {
    const client = new Client({name: "test-client", version: "1.0.0"});
    await client.connect(
        new StdioClientTransport({
            command: process.execPath,
            args: [CLI, "mcp", "--data", data],
            cwd: ROOT,
            stderr: "pipe",
        }),
    );
    return client;
}

test("cairn mcp login NAME signs in through $BROWSER and the loopback redirect; mcp add --client-id keeps given credentials", async () => {
    const fixture = await startOAuthServer();
    try {
        const data = tempDir();
        const added = await runCli(["mcp", "add", "secure", "--url", fixture.url, "--data", data]);
        assert.equal(added.code, 0, added.stderr);
        // The browser: a program that opens the page as a person who consents would, following its redirects.
        const bin = tempDir();
        const browser = path.join(bin, "browser.mjs");
        fs.writeFileSync(
            browser,
            `let next = process.argv[2];\nfor (let i = 0; next && i < 10; i++) {\n  const res = await fetch(next, {redirect: "manual"});\n  const to = res.headers.get("location");\n  next = to ? new URL(to, next).href : null;\n}\n`,
        );
        const login = await runCli(["mcp", "login", "secure", "--data", data], {
            BROWSER: `${process.execPath} ${browser} %s`,
        });
        assert.equal(login.code, 0, login.stderr);
        assert.match(login.stdout, /^Signed in to secure: \d+ tools\.\n$/);
        assert.match(login.stderr, /open this page to go on: http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
        assert.equal(fixture.counts.codes, 1, "one code exchanged for tokens");

        const given = await runCli(
            [
                "mcp",
                "add",
                "owned",
                "--url",
                fixture.url,
                "--client-id",
                "cairn-app",
                "--client-secret",
                "s3cret",
            ],
            {CAIRN_DATA_DIR: data},
        );
        assert.equal(given.code, 0, given.stderr);
        const file = JSON.parse(fs.readFileSync(path.join(data, "mcp.json"), "utf8")) as {
            mcpServers: Record<string, unknown>;
        };
        assert.deepEqual(file.mcpServers.owned, {
            url: fixture.url,
            oauth: {clientId: "cairn-app", clientSecret: "s3cret"},
        });
        const refused = await runCli(["mcp", "login", "nobody", "--data", data]);
        assert.match(refused.stderr, /no MCP server named "nobody"/);
    } finally {
        await fixture.stop();
    }
});

test("a server's form in a CLI run is asked on the terminal field by field (--elicit ask), and the answers reach it", async () => {
    const data = tempDir();
    writeMcpJson(data, {everything: servers.everything});
    // Room beside the tool's result for the test model (its own context would cut the result to nothing).
    const t = await openTestCore({dataDir: data, connectMcp: false});
    unwrap(await t.api.invoke("settings.set", {engine: {contextSize: 4096}}));
    await t.core.dispose();
    const child = spawn(
        process.execPath,
        [
            CLI,
            "chat",
            ...["--data", data, "--model", TEST_MODEL, "--max-tokens", "2", "--tool-choice", "none"],
            ...["--tool", "everything.trigger-elicitation-request", "--approve", "all", "--mode", "agent"],
            "--elicit",
            "ask",
            ...["--json", "fill it in"],
        ],
        {env: {...process.env, CAIRN_MODEL: ""}},
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += String(d)));
    child.stderr.on("data", (d: Buffer) => (stderr += String(d)));
    // The name, a wrong answer to a yes-or-no field and then a right one, then Enter for every other field.
    child.stdin.end(`Ada Lovelace\nmaybe\nyes\n${"\n".repeat(30)}`);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.equal(code, 0, stderr);
    assert.match(stderr, /everything asks: Please provide inputs for the following fields:/);
    assert.match(stderr, /String \(Your full, legal name\) \[string; required\]: /);
    assert.match(stderr, /answer yes or no/);
    const call = (JSON.parse(stdout) as {toolCalls: {status: string; resultText: string}[]}).toolCalls[0]!;
    assert.equal(call.status, "ok");
    assert.match(call.resultText, /Ada Lovelace/);
    assert.match(call.resultText, /It was a dark and stormy night\./, "an untouched field keeps its default");
});

test("cairn mcp registry searches the official registry's API and says how to add each server; offline, it says so", async () => {
    const asked: string[] = [];
    const registry = http.createServer((req, res) => {
        asked.push(req.url ?? "");
        const servers = [
            {
                server: {
                    name: "io.github.example/weather",
                    version: "1.2.0",
                    description: "Forecasts for a city.",
                    packages: [{registryType: "npm", identifier: "@example/weather-mcp", version: "1.2.0"}],
                },
                _meta: {},
            },
            {
                server: {
                    name: "com.example/maps",
                    version: "2.0.0",
                    description: "Maps.",
                    remotes: [{type: "streamable-http", url: "https://maps.example.com/mcp"}],
                },
            },
        ];
        res.writeHead(200, {"content-type": "application/json"}).end(
            JSON.stringify({servers, metadata: {count: 2}}),
        );
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    try {
        const base = `http://127.0.0.1:${(registry.address() as {port: number}).port}`;
        const found = await runCli(["mcp", "registry", "weather", "--data", tempDir()], {
            CAIRN_MCP_REGISTRY: base,
        });
        assert.equal(found.code, 0, found.stderr);
        assert.deepEqual(asked, ["/v0/servers?limit=20&search=weather"]);
        assert.equal(
            found.stdout,
            "io.github.example/weather 1.2.0\n  Forecasts for a city.\n  cairn mcp add weather -- npx -y @example/weather-mcp@1.2.0\n" +
                "com.example/maps 2.0.0\n  Maps.\n  cairn mcp add maps --url https://maps.example.com/mcp\n",
        );
    } finally {
        registry.close();
    }
    const offline = await runCli(["mcp", "registry", "--offline", "--data", tempDir()], {
        CAIRN_MCP_REGISTRY: "",
    });
    assert.equal(offline.code, 1);
    assert.match(
        offline.stderr,
        /the MCP registry cannot be searched\. Add a server by its command or address/,
    );
    const down = await runCli(["mcp", "registry", "--data", tempDir()], {
        CAIRN_MCP_REGISTRY: "http://127.0.0.1:9",
    });
    assert.match(
        down.stderr,
        /cannot reach the MCP registry at 127\.0\.0\.1:9: this computer may be offline/,
    );
});
