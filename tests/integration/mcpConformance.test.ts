import assert from "node:assert/strict";
import {spawn, spawnSync} from "node:child_process";
import path from "node:path";
import {after, test} from "node:test";
import {pathToFileURL} from "node:url";
import {CLI, ROOT, scriptArgs, tempDir} from "../helpers/paths.js";

// The MCP project's own conformance suite against Cairn: its server over streamable HTTP (`cairn mcp --port`),
// and its client (tests/conformance/mcpClient.ts, which does what the app does with a server). The suite and
// the Node 22 it needs come from the npm registry into .cache/conformance once (scripts/conformance.mjs).
type Suite = {suiteCommand: () => {node: string; entry: string}};
const {suiteCommand} = (await import(
    pathToFileURL(path.join(ROOT, "scripts", "conformance.mjs")).href
)) as Suite;
const {node, entry} = suiteCommand();

/** The client under test, as this file runs: compiled (npm test), or through tsx. */
const client = [
    process.execPath,
    ...scriptArgs(path.join(ROOT, "tests", "conformance", "mcpClient.ts")),
].join(" ");

function suite(args: string[]) {
    return spawnSync(node, [entry, ...args], {cwd: ROOT, encoding: "utf8", timeout: 120_000});
}

const servers: (() => void)[] = [];
after(() => servers.forEach((stop) => stop()));

/** `cairn mcp --port 0` on a new library: the address it prints, with its token. */
async function startServer(): Promise<string> {
    const child = spawn(process.execPath, [CLI, "mcp", "--port", "0", "--data", tempDir()], {
        stdio: ["ignore", "pipe", "inherit"],
    });
    servers.push(() => child.kill());
    let out = "";
    for await (const chunk of child.stdout) {
        out += String(chunk);
        const url = /Cairn MCP server at (http:\S+)\n/.exec(out)?.[1];
        if (url) return url;
    }
    throw new Error(`cairn mcp --port 0 printed no address: ${out}`);
}

test("Cairn's MCP server over HTTP passes the suite's scenarios for any server: initialize, ping, tools-list, DNS rebinding", async () => {
    const url = await startServer();
    for (const scenario of ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"]) {
        const run = suite(["server", "--url", url, "--scenario", scenario]);
        assert.equal(run.status, 0, `${scenario}:\n${run.stdout}\n${run.stderr}`);
        assert.match(run.stdout, /Passed: (\d+)\/\1, 0 failed/, scenario);
    }
    // Without the token, nothing is answered.
    const bare = url.replace(/\?token=.*/, "");
    const refused = await fetch(bare, {
        method: "POST",
        body: "{}",
        headers: {"content-type": "application/json"},
    });
    assert.equal(refused.status, 401);
});

test("Cairn's MCP client passes every auth scenario of the suite, signing in as the app does: step-up and CIMD included", () => {
    const baseline = path.join(ROOT, "tests", "conformance", "expected-failures.yaml");
    const run = suite(["client", "--command", client, "--suite", "auth", "--expected-failures", baseline]);
    // The suite fails on a failure outside the baseline, and on a baseline entry that now passes.
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout + run.stderr, /auth\/token-endpoint-auth-basic: \d+ passed, 0 failed/);
    assert.match(run.stdout + run.stderr, /auth\/pre-registration: \d+ passed, 0 failed/);
    assert.match(run.stdout + run.stderr, /auth\/scope-step-up: \d+ passed, 0 failed/);
    assert.match(run.stdout + run.stderr, /✓ auth\/basic-cimd: \d+ passed, 0 failed/);
});

test("Cairn's MCP client passes the suite's scenarios: initialize, tools_call, SEP-1034 form defaults, SSE retry, 2025-03-26 auth", () => {
    const scenarios = [
        "initialize",
        "tools_call",
        "elicitation-sep1034-client-defaults",
        "sse-retry",
        "auth/2025-03-26-oauth-metadata-backcompat",
        "auth/2025-03-26-oauth-endpoint-fallback",
    ];
    for (const scenario of scenarios) {
        const run = suite(["client", "--command", client, "--scenario", scenario]);
        assert.equal(run.status, 0, `${scenario}:\n${run.stdout}\n${run.stderr}`);
        assert.match(run.stdout + run.stderr, /OVERALL: PASSED/, scenario);
    }
});
