// `npm run bench`: measures the figures the skeleton issue names and writes bench/reports/<timestamp>.json.
import {spawn} from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import WebSocket from "ws";
import {EventBus} from "../main/events.js";
import {Engine} from "../main/llm/engine/engine.js";
import {DEFAULT_ENGINE_SETTINGS} from "../main/store/settings.js";
import {fixedApprover} from "../main/tools/approvals.js";
import {BUILTIN_DEFAULTS} from "../main/tools/config.js";
import {defineTool} from "../main/tools/defineTool.js";
import {ToolRegistry} from "../main/tools/registry.js";
import {ToolRunner} from "../main/tools/runner.js";
import {ToolCallStore} from "../main/store/toolCalls.js";
import {webSearch} from "../main/tools/builtin/webSearch.js";
import http from "node:http";
import type {AddressInfo} from "node:net";
import {ConversationStore} from "../main/store/conversations.js";
import {openDatabase} from "../main/store/db.js";
import {CLI, ROOT, TEST_MODEL, tempDir} from "../tests/helpers/paths.js";
import {createCore} from "../main/core.js";
import {searchRows, searchScale} from "./search.js";
import {extractionFigures, hardeningRows, hostilePageFigures} from "./hardening.js";
import {extractBench, extractRows} from "./extract.js";
import {snippetsBench, snippetsDir, snippetsRows} from "./snippets.js";
import {wcxbBench, wcxbDir, wcxbRows} from "./wcxb.js";
import {apiFigures, apiRows, realisticApiFigures} from "./api.js";
import {mcpFigures, mcpRows} from "./mcp.js";
import {toolsAtScaleFigures, toolsAtScaleRows} from "./toolsAtScale.js";
import {backupFigures, backupRows} from "./backup.js";
import {imageFigures, imageRows} from "./images.js";
import {visionFigures, visionRows} from "./vision.js";
import {importFigures, importRows} from "./import.js";
import {ingestFigures as folderIngestFigures, ingestRows as folderIngestRows} from "./ingest.js";
import {memoryFigures as memoryRecallFigures, memoryRows} from "./memory.js";
import {sidebarFigures, sidebarRows, uiFigures, uiRows} from "./ui.js";
import {hubFigures, hubRows} from "./hub.js";
import {resumeFigures, resumeRows} from "./resume.js";
import {probeFigures, probeRows} from "./probe.js";
import {sandboxFigures, sandboxRows} from "./sandbox.js";
import {automationsFigures, automationsRows} from "./automations.js";
import {longWorkFigures, longWorkRows} from "./longWork.js";
import {researchFigures, researchRows} from "./research.js";
import {familyFigures, familyRows} from "./families.js";
import {modelHeaderFigures, modelHeaderRows} from "./modelHeader.js";
import {engineFigures, MAX_TOKENS, PROMPT, rawCompletion, realisticFigures, RUNS} from "./engine.js";
import {firstAnswerFigures} from "./firstAnswer.js";
import {llamaServerFigures, llamaServerRows} from "./llamaServer.js";
import {engineBuildRows} from "./engineBuild.js";
import {speculativeFigures, speculativeRows} from "./speculative.js";
import type {Message, TurnStats} from "../shared/contract.js";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function hostStartup(model: string | null): Promise<{listeningMs: number; readyMs: number}> {
    const args = [CLI, "serve", "--port", "0", "--data", tempDir(), "--threads", "1"];
    if (model) args.push("--model", model);
    const started = performance.now();
    const child = spawn(process.execPath, args, {
        stdio: ["ignore", "pipe", "inherit"],
        env: {...process.env, CAIRN_MODEL: ""},
    });
    const line = await new Promise<string>((resolve) =>
        readline.createInterface({input: child.stdout}).once("line", resolve),
    );
    const listeningMs = performance.now() - started;
    const url = new URL(line.replace("Cairn listening on ", ""));
    const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get("token")}`, {
        origin: url.origin,
    });
    await new Promise((resolve) => ws.once("open", resolve));
    const wanted = model ? "ready" : "no-model";
    let readyMs = 0;
    for (let id = 1; !readyMs; id++) {
        ws.send(JSON.stringify({id, name: "app.getStatus", req: {}}));
        const reply = await new Promise<{res: {value: {engine: {state: string}}}}>((resolve) => {
            const onMessage = (data: WebSocket.RawData) => {
                const frame = JSON.parse((data as Buffer).toString("utf8"));
                if (frame.id === id) {
                    ws.off("message", onMessage);
                    resolve(frame);
                }
            };
            ws.on("message", onMessage);
        });
        if (reply.res.value.engine.state === wanted) readyMs = performance.now() - started;
    }
    ws.close();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    return {listeningMs, readyMs};
}

function sqliteFigures() {
    const db = openDatabase(path.join(tempDir(), "bench.sqlite"));
    const store = new ConversationStore(db);
    const c = store.create("bench");
    const insertStart = performance.now();
    db.transaction(() => {
        for (let i = 0; i < 10_000; i++) {
            store.addMessage({
                conversationId: c.id,
                role: i % 2 ? "assistant" : "user",
                content: `message ${i} `.repeat(20),
                status: "complete",
            });
        }
    })();
    const insert10kMs = performance.now() - insertStart;
    const reads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const n = store.messages(c.id).length;
        if (n !== 10_000) throw new Error(`expected 10000 messages, got ${n}`);
        reads.push(performance.now() - t);
    }
    db.close();
    return {insert10kMessagesMs: insert10kMs, open10kMessageConversationMs: median(reads)};
}

/**
 * One tool call's overhead: bus events, validation, the approval lookup, persistence (two to three writes).
 * The tool does nothing and no model runs, so what is left is Cairn's own cost per call.
 */
async function toolCallOverhead(calls = 1000) {
    const db = openDatabase(path.join(tempDir(), "bench.sqlite"));
    const conversations = new ConversationStore(db);
    const store = new ToolCallStore(db);
    const c = conversations.create("bench");
    const m = conversations.addMessage({
        conversationId: c.id,
        role: "assistant",
        content: "",
        status: "streaming",
    });
    const noop = (name: string, sideEffect: "none" | "write") =>
        defineTool({
            name,
            description: name,
            sideEffect,
            params: {
                type: "object",
                properties: {text: {type: "string"}, n: {type: "integer"}},
                required: ["text"],
            },
            validate: {properties: {n: {default: 1}}},
            run: async () => ({text: "ok"}),
        });
    const registry = new ToolRegistry([noop("read_noop", "none"), noop("write_noop", "write")], {
        defaults: BUILTIN_DEFAULTS,
        tools: {},
    });
    const bus = new EventBus();
    bus.subscribe(() => {});
    const runner = new ToolRunner(registry, store, bus, tempDir());
    store.grant("write_noop", c.id);
    const measure = async (tool: string) => {
        const times: number[] = [];
        for (let i = 0; i < calls; i++) {
            const started = performance.now();
            const outcome = await runner.run(
                tool,
                {text: `call ${i}`},
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
            times.push(performance.now() - started);
            if (outcome.record.status !== "ok") throw new Error(`bench call failed: ${outcome.modelText}`);
        }
        times.sort((a, b) => a - b);
        const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
        return {calls, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: times.at(-1)!};
    };
    const result = {allowedByPolicy: await measure("read_noop"), allowedByGrant: await measure("write_noop")};
    db.close();
    return result;
}

/** web_search round trip against a loopback endpoint speaking SearXNG's JSON format. */
async function searchRoundTrip() {
    const server = http.createServer((_req, res) => {
        res.writeHead(200, {"Content-Type": "application/json"});
        res.end(
            JSON.stringify({
                results: Array.from({length: 10}, (_, i) => ({
                    title: `Result ${i}`,
                    url: `https://r.example/${i}`,
                    content: `Snippet ${i}`,
                })),
            }),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
        const t = performance.now();
        const out = await webSearch.run(
            {query: "cairns", max_results: 5},
            {
                signal: new AbortController().signal,
                conversationId: "b",
                dataDir: tempDir(),
                workspace: tempDir(),
                options: {base_url: base},
            },
        );
        if (out.error) throw new Error(out.error);
        times.push(performance.now() - t);
    }
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return {calls: times.length, medianMs: median(times)};
}

/** A model other than the test model can be measured: CAIRN_BENCH_MODEL=/path/model.gguf npm run bench. */
const BENCH_MODEL = process.env.CAIRN_BENCH_MODEL || TEST_MODEL;
const BENCH_EMBEDDING_MODEL = process.env.CAIRN_BENCH_EMBEDDING_MODEL || TEST_MODEL;

/** Turn 1 and turn 5 of one conversation through the whole app: first token, speed, and KV-cache reuse. */
async function conversationTurns() {
    const core = createCore({
        dataDir: tempDir(),
        modelPath: BENCH_MODEL,
        threads: 1,
        generation: {maxTokens: 64, seed: 1},
    });
    await core.loadConfiguredModel();
    const c = core.conversations.create();
    const turns: TurnStats[] = [];
    for (let i = 0; i < 5; i++) {
        const done = new Promise<Message>((resolve) => {
            const off = core.bus.subscribe((e) => {
                if (e.type === "chat.done" && e.conversationId === c.id) {
                    off();
                    resolve(e.message);
                }
            });
        });
        const sent = core.chat.send(c.id, `Part ${i + 1}: tell me what Tom did next.`, {toolChoice: "none"});
        if (!sent.ok) throw new Error(sent.error.message);
        turns.push((await done).stats!);
    }
    await core.dispose();
    const [t4, t5] = [turns[3]!, turns[4]!];
    // New tokens on turn 5: its whole prompt minus everything the context held after turn 4.
    const newTokens =
        t5.promptTokens + t5.reusedTokens - (t4.promptTokens + t4.reusedTokens + t4.completionTokens);
    const pick = (t: TurnStats) => ({
        timeToFirstTokenMs: t.timeToFirstTokenMs,
        tokensPerSecond: t.tokensPerSecond,
        promptTokensEvaluated: t.promptTokens,
        tokensReused: t.reusedTokens,
    });
    return {
        model: path.basename(BENCH_MODEL),
        turn1: pick(turns[0]!),
        turn5: pick(t5),
        turn5NewTokens: newTokens,
        turn5EvaluatedOverNew: t5.promptTokens / newTokens,
    };
}

/** Process memory around a load and an unload (a large context makes the test model's share visible). */
async function memoryFigures(contextSize: number | null) {
    const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);
    const engine = new Engine({
        threads: 1,
        settings: () => ({...DEFAULT_ENGINE_SETTINGS, threads: 1, contextSize}),
    });
    const before = rss();
    const loaded = await engine.load(BENCH_MODEL);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const afterLoad = rss();
    await engine.unload();
    return {
        contextSize: loaded.value.contextSize,
        rssBeforeLoadMiB: before,
        rssAfterLoadMiB: afterLoad,
        rssAfterUnloadMiB: rss(),
    };
}

/** Ingest rate through the whole pipeline against the raw embedding rate of the same model and texts. */
async function ingestFigures() {
    const dir = tempDir();
    const paragraph = (i: number) =>
        `Note ${i}. The inventory code is CODE-${i}; the supplier changed its delivery window to mornings. `.repeat(
            6,
        );
    for (let f = 0; f < 20; f++) {
        fs.writeFileSync(
            path.join(dir, `note${f}.md`),
            Array.from({length: 12}, (_, i) => paragraph(f * 100 + i)).join("\n\n"),
        );
    }
    const core = createCore({dataDir: tempDir(), threads: 1, gpu: false});
    core.settings.set("embeddingModelPath", BENCH_EMBEDDING_MODEL);
    await core.embedder.dimensions(); // load first: the load is not part of the rate
    const started = performance.now();
    const job = core.docs.ingest.start([dir], {
        collectionId: core.docs.store.createCollection("bench").id,
        conversationId: null,
    });
    if (!job.ok) throw new Error(job.error.message);
    const final = await core.docs.ingest.settled(job.value.jobId);
    const ingestSeconds = (performance.now() - started) / 1000;
    const texts = (core.db.prepare("SELECT text FROM chunks").all() as {text: string}[]).map((r) => r.text);
    const rawStarted = performance.now();
    const raw = await core.embedder.embed(texts);
    if (!raw.ok) throw new Error(raw.error.message);
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    await core.dispose();
    const chunks = final?.chunks ?? 0;
    return {
        model: path.basename(BENCH_EMBEDDING_MODEL),
        files: 20,
        chunks,
        ingestChunksPerSecond: chunks / ingestSeconds,
        rawEmbeddingChunksPerSecond: texts.length / rawSeconds,
        ratio: chunks / ingestSeconds / (texts.length / rawSeconds),
    };
}

const report = {
    date: new Date().toISOString(),
    machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
    },
    model: path.basename(TEST_MODEL),
    settings: {runs: RUNS, maxTokens: MAX_TOKENS, prompt: PROMPT},
    hostNoModel: await hostStartup(null),
    hostWithModel: await hostStartup(TEST_MODEL),
    engine: [await engineFigures(1), await engineFigures(2)],
    realistic1B: await realisticFigures(),
    llamaServer: await llamaServerFigures(),
    speculative1B: await speculativeFigures(),
    firstAnswer1B: await firstAnswerFigures(),
    rawLlamaCompletion: [await rawCompletion(1), await rawCompletion(2)],
    sqlite: sqliteFigures(),
    toolCall: await toolCallOverhead(),
    mcpToolCall: await mcpFigures(),
    toolsAtScale: await toolsAtScaleFigures(),
    backup: await backupFigures(),
    images: await imageFigures(),
    localVision: await visionFigures(),
    import: await importFigures(),
    memoryRecall: await memoryRecallFigures(),
    // Smaller than bench:ingest's default mixed folder (2,000 files): the watched folder keeps its 10,000.
    folderIngest: await folderIngestFigures({mixed: 200, kill: 100, watch: 10_000}),
    extraction: await extractionFigures(),
    hostilePages: await hostilePageFigures(),
    extractBench: await extractBench(),
    // WCXB is not in the repository (CAIRN_WCXB names its folder): without it, the report says so.
    wcxb: wcxbDir() ? await wcxbBench(wcxbDir()!, "test") : {skipped: "CAIRN_WCXB is not set"},
    // trafilatura's own corpus, likewise (CAIRN_TRAFILATURA_EVAL).
    snippets: snippetsDir()
        ? await snippetsBench(snippetsDir()!)
        : {skipped: "CAIRN_TRAFILATURA_EVAL is not set"},
    searchRoundTrip: await searchRoundTrip(),
    conversation: await conversationTurns(),
    api: await apiFigures(),
    apiRealistic1B: await realisticApiFigures(),
    ui: await uiFigures(),
    sidebar: await sidebarFigures(),
    hubSearch: await hubFigures(),
    downloadResume: await resumeFigures(),
    toolUseTest: await probeFigures(),
    runCode: await sandboxFigures(),
    automations: await automationsFigures(),
    longWork: await longWorkFigures(),
    research: await researchFigures(),
    chatFormats: await familyFigures(),
    modelHeader: await modelHeaderFigures(),
    memory: [await memoryFigures(null), await memoryFigures(262_144)],
    ingest: await ingestFigures(),
    search: [await searchScale(10_000), await searchScale(100_000), await searchScale(1_000_000)],
};
const overhead = report.engine.map((e, i) => ({
    threads: e.threads,
    cairnOverRaw: e.tokensPerSecond / report.rawLlamaCompletion[i]!.tokensPerSecond,
}));

const outDir = path.join(ROOT, "bench", "reports");
fs.mkdirSync(outDir, {recursive: true});
const file = path.join(outDir, `bench-${report.date.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(file, JSON.stringify({...report, overhead}, null, 2));

const f = (n: number) => n.toFixed(1);

function firstAnswerRows(r: Awaited<ReturnType<typeof firstAnswerFigures>>) {
    const t = (x: {timeToFirstTokenMs: number | null; promptTokens: number}) =>
        `${f(x.timeToFirstTokenMs ?? NaN)} ms, ${x.promptTokens} prompt tokens`;
    return {
        "1B first answer, no tools: first token": t(r.withoutTools),
        "1B first answer, tools, nothing saved: first token": t(r.withTools.cold),
        "1B first answer, tools, prefix read after a restart: first token": t(r.withTools.afterRestart),
        "1B first answer, tools, prefix in the context: first token": t(r.withTools.prefixInContext),
        "1B turn 5: first token": t(r.withTools.turn5),
        "1B prompt evaluation (tokens/s)": f(r.withTools.cold.promptTokensPerSecond ?? NaN),
        "1B memory limit: copy GiB/s, weights bytes/token, tokens/s at most": `${f(r.memory.copyBandwidthGiBs)}, ${r.memory.weightBytesPerToken}, ${f(r.memory.tokensPerSecondLimit)}`,
    };
}
console.table({
    "host ready, no model (ms)": f(report.hostNoModel.readyMs),
    "host listening, with model (ms)": f(report.hostWithModel.listeningMs),
    "host ready, model loaded (ms)": f(report.hostWithModel.readyMs),
    ...Object.fromEntries(
        report.engine.flatMap((e, i) => [
            [`model load, ${e.threads} thread(s) (ms)`, f(e.loadMs)],
            [`first token, cold, ${e.threads} thread(s) (ms)`, f(e.coldTimeToFirstTokenMs)],
            [`first token, prompt reused, ${e.threads} thread(s) (ms)`, f(e.warmTimeToFirstTokenMs)],
            [`tokens/s Cairn, ${e.threads} thread(s)`, f(e.tokensPerSecond)],
            [
                `tokens/s raw LlamaCompletion, ${e.threads} thread(s)`,
                f(report.rawLlamaCompletion[i]!.tokensPerSecond),
            ],
            [`Cairn / raw, ${e.threads} thread(s)`, overhead[i]!.cairnOverRaw.toFixed(2)],
        ]),
    ),
    ...Object.fromEntries(
        report.realistic1B.byThreads.map((r) => [
            `1B Q4_K_M layout, ${r.threads} thread(s): tokens/s Cairn / LlamaCompletion / LlamaChat; first token cold (ms)`,
            `${f(r.cairn.tokensPerSecond)} / ${f(r.raw.tokensPerSecond)} / ${f(r.rawChat.tokensPerSecond)}; ${f(r.cairn.coldTimeToFirstTokenMs)}`,
        ]),
    ),
    ...engineBuildRows(report.llamaServer.engineBuild),
    ...llamaServerRows(report.llamaServer),
    ...speculativeRows(report.speculative1B),
    ...firstAnswerRows(report.firstAnswer1B),
    "SQLite insert 10k messages (ms)": f(report.sqlite.insert10kMessagesMs),
    "SQLite open 10k-message conversation (ms)": f(report.sqlite.open10kMessageConversationMs),
    "tool call overhead p50 / p95, policy allow (ms)": `${report.toolCall.allowedByPolicy.p50Ms.toFixed(3)} / ${report.toolCall.allowedByPolicy.p95Ms.toFixed(3)}`,
    "tool call overhead p50 / p95, with grant lookup (ms)": `${report.toolCall.allowedByGrant.p50Ms.toFixed(3)} / ${report.toolCall.allowedByGrant.p95Ms.toFixed(3)}`,
    ...hardeningRows(report.extraction, report.hostilePages),
    ...extractRows(report.extractBench),
    ...("skipped" in report.wcxb ? {WCXB: `skipped: ${report.wcxb.skipped}`} : wcxbRows(report.wcxb)),
    ...("skipped" in report.snippets
        ? {"trafilatura's corpus": `skipped: ${String(report.snippets.skipped)}`}
        : snippetsRows(report.snippets)),
    "web_search round trip, loopback SearXNG (ms)": f(report.searchRoundTrip.medianMs),
    "turn 1: first token (ms) / tokens/s": `${f(report.conversation.turn1.timeToFirstTokenMs ?? NaN)} / ${f(report.conversation.turn1.tokensPerSecond ?? NaN)}`,
    "turn 5: first token (ms) / tokens/s": `${f(report.conversation.turn5.timeToFirstTokenMs ?? NaN)} / ${f(report.conversation.turn5.tokensPerSecond ?? NaN)}`,
    "turn 5: prompt tokens evaluated / new (target <= 1.05)": `${report.conversation.turn5.promptTokensEvaluated} / ${report.conversation.turn5NewTokens} = ${report.conversation.turn5EvaluatedOverNew.toFixed(3)}`,
    ...mcpRows(report.mcpToolCall),
    ...toolsAtScaleRows(report.toolsAtScale),
    ...backupRows(report.backup),
    ...imageRows(report.images),
    ...visionRows(report.localVision),
    ...importRows(report.import),
    ...memoryRows(report.memoryRecall),
    ...folderIngestRows(report.folderIngest),
    ...apiRows(report.api),
    ...apiRows(report.apiRealistic1B),
    ...uiRows(report.ui),
    ...sidebarRows(report.sidebar),
    ...hubRows(report.hubSearch),
    ...resumeRows(report.downloadResume),
    ...probeRows(report.toolUseTest),
    ...sandboxRows(report.runCode),
    ...automationsRows(report.automations),
    ...longWorkRows(report.longWork),
    ...researchRows(report.research),
    ...familyRows(report.chatFormats),
    ...modelHeaderRows(report.modelHeader),
    "ingest chunks/s / raw embedding chunks/s (target >= 0.9)": `${f(report.ingest.ingestChunksPerSecond)} / ${f(report.ingest.rawEmbeddingChunksPerSecond)} = ${report.ingest.ratio.toFixed(2)}`,
    ...searchRows(report.search),
    ...Object.fromEntries(
        report.memory.map((m) => [
            `RSS MiB before load / loaded / unloaded (context ${m.contextSize})`,
            `${m.rssBeforeLoadMiB} / ${m.rssAfterLoadMiB} / ${m.rssAfterUnloadMiB}`,
        ]),
    ),
});
console.log(`report: ${path.relative(ROOT, file)}`);
