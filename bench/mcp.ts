// What an MCP tool call costs over a built-in one (`npm run bench:mcp` alone): the same tool, adding two
// integers, once as a built-in and once on an MCP server over stdio, both through Cairn's runner
// (validation, policy, trace in SQLite), side by side in one run; p50 / p95 of each and of the difference.
import path from "node:path";
import {pathToFileURL} from "node:url";
import {EventBus} from "../main/events.js";
import {mcpFile} from "../main/mcp/config.js";
import {McpManager} from "../main/mcp/manager.js";
import {ConversationStore} from "../main/store/conversations.js";
import {openDatabase} from "../main/store/db.js";
import {ToolCallStore} from "../main/store/toolCalls.js";
import {fixedApprover} from "../main/tools/approvals.js";
import {BUILTIN_DEFAULTS} from "../main/tools/config.js";
import {defineTool} from "../main/tools/defineTool.js";
import {ToolRegistry} from "../main/tools/registry.js";
import {ToolRunner} from "../main/tools/runner.js";
import {servers, writeMcpJson} from "../tests/helpers/mcp.js";
import {tempDir} from "../tests/helpers/paths.js";

const CALLS = 300;

const builtinAdd = defineTool({
    name: "add",
    description: "Adds two integers.",
    sideEffect: "none",
    params: {
        type: "object",
        properties: {a: {type: "integer"}, b: {type: "integer"}},
        required: ["a", "b"],
    },
    run: async ({a, b}) => ({text: String(a + b)}),
});

export async function mcpFigures() {
    const dataDir = tempDir();
    const db = openDatabase(path.join(dataDir, "bench.sqlite"));
    const conversations = new ConversationStore(db);
    const c = conversations.create("bench");
    const m = conversations.addMessage({
        conversationId: c.id,
        role: "assistant",
        content: "",
        status: "streaming",
    });
    const registry = new ToolRegistry([builtinAdd], {defaults: BUILTIN_DEFAULTS, tools: {}});
    writeMcpJson(dataDir, {fixture: servers.fixture});
    const mcp = new McpManager({file: mcpFile(dataDir), registry, onChange: () => {}});
    await mcp.load();
    await registry.prepare();
    const runner = new ToolRunner(registry, new ToolCallStore(db), new EventBus(), dataDir);
    const call = async (tool: string, i: number) => {
        const started = performance.now();
        const outcome = await runner.run(
            tool,
            {a: i, b: 1},
            {
                conversationId: c.id,
                messageId: m.id,
                step: 1,
                origin: "model",
                mode: "agent",
                webAccess: false,
                signal: new AbortController().signal,
                approver: fixedApprover(false),
                reason: () => "",
                seen: new Set(),
            },
        );
        if (outcome.record.resultText !== String(i + 1))
            throw new Error(`bench call failed: ${outcome.modelText}`);
        return performance.now() - started;
    };
    try {
        // Warm both paths, then alternate call by call so neither gets a quieter machine.
        for (let i = 0; i < 20; i++) {
            await call("add", i);
            await call("fixture.add", i);
        }
        const builtin: number[] = [];
        const overMcp: number[] = [];
        for (let i = 0; i < CALLS; i++) {
            builtin.push(await call("add", i));
            overMcp.push(await call("fixture.add", i));
        }
        const b = quantiles(builtin);
        const s = quantiles(overMcp);
        return {
            calls: CALLS,
            transport: "stdio",
            builtin: b,
            mcp: s,
            overheadMs: {p50: s.p50Ms - b.p50Ms, p95: s.p95Ms - b.p95Ms},
        };
    } finally {
        await mcp.dispose();
        db.close();
    }
}

function quantiles(times: number[]) {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return {p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1)!};
}

export function mcpRows(f: Awaited<ReturnType<typeof mcpFigures>>): Record<string, string> {
    const ms = (n: number) => n.toFixed(2);
    return {
        "tool call p50 / p95, built-in (ms)": `${ms(f.builtin.p50Ms)} / ${ms(f.builtin.p95Ms)}`,
        "tool call p50 / p95, MCP over stdio (ms)": `${ms(f.mcp.p50Ms)} / ${ms(f.mcp.p95Ms)}`,
        "MCP overhead over built-in p50 / p95 (ms)": `${ms(f.overheadMs.p50)} / ${ms(f.overheadMs.p95)}`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await mcpFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(mcpRows(figures));
}
