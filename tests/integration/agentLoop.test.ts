import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import OpenAI from "openai";
import {startApi} from "../../main/api/server.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

// One agent loop (main/llm/stepLoop.ts) runs a chat turn, a local API completion and a composite tool's
// sub-agent: the step limit written once in tools.yaml (defaults.maxSteps) bounds all three alike. The tiny
// test model calls a tool only when forced, on the first step: with a limit of 0 no step may offer a tool, so
// nothing runs anywhere; with 1 the forced call runs everywhere.
const TOOLS_YAML = (maxSteps: number) => `defaults:
    maxSteps: ${maxSteps}
tools:
    inspector:
        description: A sub-agent that looks at the machine.
        agent:
            instructions: You inspect this computer and report what you find.
            tools: [system_stats]
            toolChoice: required
`;

async function open(maxSteps: number): Promise<TestCore> {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "tools.yaml"), TOOLS_YAML(maxSteps));
    return openTestCore({dataDir, contextSize: 4096, generation: {maxTokens: 4, seed: 1}});
}

/** Tool calls a chat turn made when its first step was forced to call system_stats. */
async function chatCalls(t: TestCore): Promise<string[]> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {conversationId: id, text: "How busy?", toolChoice: "system_stats"}),
    );
    return (await done).toolCalls.map((c) => c.tool);
}

/** Cairn tool steps of a local API completion forced to call system_stats. */
async function apiSteps(t: TestCore): Promise<string[]> {
    const api = await startApi({core: t.core, key: () => "k-loop-0123456789"});
    try {
        const client = new OpenAI({baseURL: api.url, apiKey: "k-loop-0123456789", maxRetries: 0});
        const res = (await client.chat.completions.create({
            model: "m",
            messages: [{role: "user", content: "How busy?"}],
            max_tokens: 4,
            tool_choice: "required",
            metadata: {tools: ["system_stats"]} as never,
        })) as {steps?: {tool: string}[]};
        return (res.steps ?? []).map((s) => s.tool);
    } finally {
        await api.close();
    }
}

/** The calls a composite tool's sub-agent made (its children in the trace), run as a preflight call. */
async function subAgentCalls(t: TestCore): Promise<string[]> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "Inspect",
            toolChoice: "none",
            preflight: [{name: "inspector", args: {}}],
        }),
    );
    const calls = (await done).toolCalls;
    const parent = calls.find((c) => c.tool === "inspector")!;
    assert.equal(parent.status, "ok", parent.error ?? "");
    return calls.filter((c) => c.parentId === parent.id).map((c) => c.tool);
}

for (const [maxSteps, expected] of [
    [0, []],
    [1, ["system_stats"]],
] as const) {
    test(`defaults.maxSteps ${maxSteps}: chat, the local API and a sub-agent each run ${expected.length} tool call(s)`, async () => {
        const t = await open(maxSteps);
        try {
            assert.deepEqual(await chatCalls(t), expected, "chat");
            assert.deepEqual(await apiSteps(t), expected, "local API");
            assert.deepEqual(await subAgentCalls(t), expected, "composite tool's sub-agent");
        } finally {
            await t.core.dispose();
        }
    });
}
