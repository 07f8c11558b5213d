// Issue 32's figures (`npm run bench:tools` alone, or in `npm run bench`): with 2,000 MCP tools connected,
// a plain question's first token beside the same question with no MCP server (a tiny model with a real
// tokenizer, and the 1B layout), the memory and time the tool list and its index cost, a server of hostile
// schemas, and tool search's quality on 50 questions for server-everything's tools among 2,000 others.
import {pathToFileURL} from "node:url";
import {createCore, type Core} from "../main/core.js";
import type {Message} from "../shared/contract.js";
import {FAMILIES, templateModel} from "../tests/helpers/templateModel.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {servers, writeMcpJson} from "../tests/helpers/mcp.js";
import {tempDir} from "../tests/helpers/paths.js";
import {TOOL_QUESTIONS} from "./toolQuestions.js";

const FILLERS = 2000;
const QUESTION = "What is the tallest mountain in the Alps, and how high is it?";
/** A new conversation's question after the first: only the shared prefix (system prompt, tools) is reused. */
const OTHER_QUESTION = "Which river flows through Vienna, Bratislava and Budapest?";

async function open(model: string, mcpServers: Record<string, unknown>): Promise<Core> {
    const dataDir = tempDir("cairn-bench-tools-");
    writeMcpJson(dataDir, mcpServers);
    const core = createCore({
        dataDir,
        modelPath: model,
        threads: 2,
        contextSize: 8192,
        gpu: false,
        generation: {maxTokens: 2, temperature: 0, seed: 1},
    });
    await core.loadConfiguredModel();
    if (!core.engine.isLoaded()) throw new Error(core.engine.status().message ?? "the model did not load");
    return core;
}

async function ask(core: Core, text: string): Promise<Message> {
    const conversation = core.conversations.create("bench");
    core.conversations.setWebAccess(conversation.id, true);
    const done = new Promise<Message>((resolve) => {
        const off = core.bus.subscribe((e) => {
            if (e.type === "chat.done" && e.conversationId === conversation.id) {
                off();
                resolve(e.message);
            }
        });
    });
    const sent = core.chat.send(conversation.id, text);
    if (!sent.ok) throw new Error(sent.error.message);
    const answer = await done;
    if (answer.status !== "complete")
        throw new Error(`the answer ended as ${answer.status}: ${answer.error}`);
    return answer;
}

/** Time to first token of a new conversation's question: cold, then another with the shared prefix kept. */
async function firstTokens(core: Core) {
    const cold = await ask(core, QUESTION);
    const warm = await ask(core, OTHER_QUESTION);
    return {
        coldMs: cold.stats!.timeToFirstTokenMs!,
        warmMs: warm.stats!.timeToFirstTokenMs!,
        promptTokens: warm.stats!.promptTokens,
        toolsOffered: warm.stats!.toolsOffered ?? "all tools offered",
    };
}

/** MCP tools listed, checked, indexed: the wall time of the first preparation and the memory it kept. */
async function connect(core: Core) {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await core.tools.prepare();
    const listedMs = performance.now() - started;
    return {
        tools: core.tools.enabled().length,
        listedMs,
        addedMemoryBytes: process.memoryUsage().rss - before,
    };
}

async function firstTokenFigures(name: string, model: string) {
    const plain = await open(model, {});
    const none = await firstTokens(plain);
    await plain.dispose();
    const many = await open(model, {fixture: {...servers.fixture, env: {FIXTURE_FILLERS: String(FILLERS)}}});
    const connected = await connect(many);
    const withMany = await firstTokens(many);
    await many.dispose();
    const hostile = await open(model, {fixture: {...servers.fixture, env: {FIXTURE_HOSTILE: "1"}}});
    const hostileListed = await connect(hostile);
    const withHostile = await firstTokens(hostile);
    await hostile.dispose();
    return {
        model: name,
        withoutMcp: none,
        with2000Tools: {...connected, ...withMany},
        hostileSchemas: {...hostileListed, ...withHostile},
        extraFirstTokenMs: withMany.warmMs - none.warmMs,
    };
}

/** For each question, whether its tool is among those a step would offer, with 2,000 others connected. */
export async function searchQuality() {
    const core = await open(templateModel(FAMILIES.qwen3), {
        everything: servers.everything,
        fixture: {...servers.fixture, env: {FIXTURE_FILLERS: String(FILLERS)}},
    });
    try {
        await core.tools.prepare();
        const offered = core.tools.offered("agent", {webAccess: true});
        const misses: string[] = [];
        let asked = 0;
        for (const {question, tool} of TOOL_QUESTIONS) {
            const name = `everything.${tool}`;
            if (!core.tools.resolve(name)) continue;
            asked++;
            const chosen = core.chooser.choose(offered, core.engine, {
                query: question,
                used: [],
                found: [],
            });
            if (!chosen.tools.some((t) => t.name === name)) misses.push(`${tool}: ${question}`);
        }
        return {
            questions: asked,
            of: TOOL_QUESTIONS.length,
            tools: offered.length,
            found: asked - misses.length,
            share: (asked - misses.length) / asked,
            misses,
        };
    } finally {
        await core.dispose();
    }
}

export async function toolsAtScaleFigures() {
    return {
        fillers: FILLERS,
        tiny: await firstTokenFigures(
            "tiny (Qwen3 tokenizer and template, random weights)",
            templateModel(FAMILIES.qwen3),
        ),
        layout1B: await firstTokenFigures(LLAMA_3_2_1B.name, layoutModel(LLAMA_3_2_1B)),
        quality: await searchQuality(),
    };
}

export function toolsAtScaleRows(f: Awaited<ReturnType<typeof toolsAtScaleFigures>>): Record<string, string> {
    const row = (r: Awaited<ReturnType<typeof firstTokenFigures>>) =>
        `${r.withoutMcp.warmMs.toFixed(0)} / ${r.with2000Tools.warmMs.toFixed(0)} ms (+${r.extraFirstTokenMs.toFixed(0)}); hostile server ${r.hostileSchemas.warmMs.toFixed(0)} ms`;
    const listing = (r: Awaited<ReturnType<typeof firstTokenFigures>>) =>
        `${r.with2000Tools.tools} tools listed and indexed in ${r.with2000Tools.listedMs.toFixed(0)} ms, +${(r.with2000Tools.addedMemoryBytes / 2 ** 20).toFixed(0)} MiB; hostile server listed in ${r.hostileSchemas.listedMs.toFixed(0)} ms`;
    return {
        "first token, no MCP / 2,000 MCP tools, tiny model": row(f.tiny),
        "first token, no MCP / 2,000 MCP tools, 1B layout": row(f.layout1B),
        "2,000 MCP tools: listing, index, memory": listing(f.tiny),
        "tool search: right tool offered": `${f.quality.found} of ${f.quality.questions} (${(f.quality.share * 100).toFixed(0)}%) among ${f.quality.tools} tools`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await toolsAtScaleFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(toolsAtScaleRows(figures));
}
