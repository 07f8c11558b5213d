// Issue 40's reference: llama.cpp's own llama-server (llama.cpp's Release build of the source node-llama-cpp
// ships; as users run it, and with --no-mmap) beside raw node-llama-cpp (LlamaCompletion) and Cairn's engine,
// on the same model and threads, greedy, in one run: generation and prompt-processing tokens/s and ratios.
import path from "node:path";
import {pathToFileURL} from "node:url";
import {getLlama, LlamaCompletion, LlamaLogLevel} from "node-llama-cpp";
import {cpuBuildLine, cpuBuildOf} from "../main/llm/cpuBuild.js";
import {Engine} from "../main/llm/engine/engine.js";
import {engineBuilt, engineCmakeOptions} from "../main/llm/engineBuild.js";
import {engineBuildFigures, engineBuildRows} from "./engineBuild.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {llamaServerBinary, startLlamaServer} from "../tests/helpers/llamaServer.js";
import {TEST_MODEL} from "../tests/helpers/paths.js";
import {tokenTimeFigures, tokenTimeLine} from "./tokenTime.js";

/** Rounds of each engine, alternating (the issue asks a median of at least 7). */
const ROUNDS = 7;
const GENERATED = 64;
/** On a GPU a token takes ~5 ms: longer answers keep the timer's share small (as llama-bench's tg128). */
const GENERATED_ON_GPU = 128;
const PROMPT = "Once upon a time";
/** About 500 tokens of prose for prompt processing; each round starts with its own number (no reuse). */
const longPrompt = (round: number) =>
    `${round}. ` +
    "The river ran past the old mill, where the miller's children watched the boats go by. ".repeat(28);

/** The median, or NaN for an engine that failed before its first round. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** One engine, loaded: a generation's tokens/s (64 tokens, greedy) and a long prompt's tokens/s. */
type Runner = {
    generate(): Promise<number>;
    prompt(round: number): Promise<{tokensPerSecond: number; tokens: number}>;
    stop(): Promise<void>;
};

/** Where the engines run: the CPU at a number of threads, or every layer on the GPU (CUDA builds). */
type Placement = {threads: number; gpu: boolean; generated: number};

type Speeds = {generationTokensPerSecond: number; promptTokensPerSecond: number; promptTokens: number};

/**
 * llama-server as its users run it (the file mapped), or with --no-mmap (weights read in, as Cairn does where
 * memory allows). Generation is timed as the others are, where the tokens arrive: the tokens after the first
 * (sampled from the prompt's own logits) over the time after it, from the streamed answer.
 */
async function llamaServerRunner(model: string, at: Placement, readIn: boolean): Promise<Runner> {
    const extra = ["-t", String(at.threads), "-ngl", at.gpu ? "999" : "0", ...(readIn ? ["--no-mmap"] : [])];
    const binary = process.env.CAIRN_LLAMA_SERVER ?? (await llamaServerBinary("release"));
    const server = await startLlamaServer(binary, model, extra);
    const base = server.url.replace(/\/v1$/, "");
    const ask = async (prompt: string, n: number) => {
        const res = await fetch(`${base}/completion`, {
            method: "POST",
            body: JSON.stringify({
                prompt,
                n_predict: n,
                temperature: 0,
                cache_prompt: false,
                ignore_eos: true,
            }),
        });
        const body = await res.text();
        const timings = res.ok ? (JSON.parse(body) as {timings?: Record<string, number>}).timings : undefined;
        if (!timings)
            throw new Error(`llama-server answered ${res.status} without timings: ${body.slice(0, 500)}`);
        return timings;
    };
    return {
        generate: () => streamedSpeed(base, at.generated),
        prompt: async (round) => {
            const t = await ask(longPrompt(round), 1);
            return {tokensPerSecond: t.prompt_per_second!, tokens: t.prompt_n!};
        },
        stop: () => server.stop(),
    };
}

/** Fewest tokens a generation that llama-server cut short may be timed on. */
const FEWEST_TIMED = 32;

/**
 * Tokens/s of a streamed greedy generation, timed at each arriving token. llama-server checks the text it
 * generates against the chat format's parser and ends the answer with an error at text that is not UTF-8,
 * which random weights produce (after about 100 tokens on the 8B layout): what came before is timed.
 */
async function streamedSpeed(base: string, n: number): Promise<number> {
    const res = await fetch(`${base}/completion`, {
        method: "POST",
        body: JSON.stringify({
            prompt: PROMPT,
            n_predict: n,
            temperature: 0,
            cache_prompt: false,
            ignore_eos: true,
            stream: true,
        }),
    });
    if (!res.ok || !res.body)
        throw new Error(`llama-server answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    let tokens = 0;
    let first = 0;
    let last = 0;
    let error = "";
    let pending = "";
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk = read.value;
        const now = performance.now();
        pending += chunk;
        const lines = pending.split("\n");
        pending = lines.pop()!;
        for (const line of lines) {
            if (!line.startsWith("data: ")) continue;
            const event = JSON.parse(line.slice(6)) as {tokens?: number[]; error?: {message: string}};
            if (event.error) error = event.error.message;
            const count = event.tokens?.length ?? 0;
            if (count === 0) continue;
            first ||= now;
            last = now;
            tokens += count;
        }
    }
    if (error && tokens < FEWEST_TIMED) throw new Error(`llama-server ended the answer: ${error}`);
    return ((tokens - 1) / (last - first)) * 1000;
}

/** node-llama-cpp as it comes (LlamaCompletion, its default options: the file mapped). */
async function rawRunner(model: string, at: Placement): Promise<Runner> {
    const llama = await getLlama({gpu: at.gpu ? "auto" : false, logLevel: LlamaLogLevel.error});
    const loaded = await llama.loadModel({modelPath: model, gpuLayers: at.gpu ? "max" : 0});
    const context = await loaded.createContext({contextSize: 4096, threads: at.threads});
    const once = async (prompt: string, maxTokens: number) => {
        const sequence = context.getSequence();
        const completion = new LlamaCompletion({contextSequence: sequence});
        const started = performance.now();
        let first = 0;
        let tokens = 0;
        await completion.generateCompletion(prompt, {
            maxTokens,
            temperature: 0,
            repeatPenalty: false,
            onToken: (t) => {
                first ||= performance.now();
                tokens += t.length;
            },
        });
        const ended = performance.now();
        completion.dispose();
        await sequence.dispose();
        return {ttft: first - started, gen: ((tokens - 1) / (ended - first)) * 1000};
    };
    const promptTokens = loaded.tokenize(longPrompt(0)).length + 1;
    return {
        generate: async () => (await once(PROMPT, at.generated)).gen,
        prompt: async (round) => ({
            tokensPerSecond: (promptTokens / (await once(longPrompt(round), 1)).ttft) * 1000,
            tokens: promptTokens,
        }),
        stop: async () => {
            await context.dispose();
            await loaded.dispose();
            await llama.dispose();
        },
    };
}

/** Cairn; `prebuilt`: on node-llama-cpp's prebuilt binaries, as a fresh install runs before its engine is built. */
async function cairnRunner(
    model: string,
    at: Placement,
    prebuilt = false,
): Promise<Runner & {weights: string | null}> {
    const engine = new Engine({threads: at.threads, gpu: at.gpu ? "auto" : false, prebuilt});
    const loaded = await engine.load(model);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const once = async (prompt: string, maxTokens: number) => {
        const res = await engine.generate({
            history: [],
            prompt,
            signal: new AbortController().signal,
            onText: () => {},
            maxTokens,
            sampling: {temperature: 0},
        });
        if (!res.ok) throw new Error(res.error.message);
        return res.value.stats;
    };
    return {
        weights: loaded.value.weights ?? null,
        generate: async () => {
            const g = await once(PROMPT, at.generated);
            return ((g.completionTokens - 1) / (g.durationMs - g.timeToFirstTokenMs!)) * 1000;
        },
        prompt: async (round) => {
            const p = await once(longPrompt(round), 1);
            return {tokensPerSecond: (p.promptTokens / p.timeToFirstTokenMs!) * 1000, tokens: p.promptTokens};
        },
        stop: () => engine.dispose(),
    };
}

const ENGINES = ["llamaServer", "llamaServerNoMmap", "rawNodeLlamaCpp", "cairnPrebuilt", "cairn"] as const;
type EngineName = (typeof ENGINES)[number];

/**
 * All four loaded at once and run in turns, round by round (the order turned each round), so that the
 * machine's drift (±15% between minutes on a shared 2-core VM) falls on each alike; ratios are the median of
 * each round's ratio.
 */
export async function sideBySide(model: string, at: Placement) {
    /** An engine that fails is left out of the later rounds, with its error in the report. */
    const failed: Partial<Record<EngineName, string>> = {};
    const attempt = async <T>(name: EngineName, work: () => Promise<T>): Promise<T | undefined> => {
        try {
            return await work();
        } catch (error) {
            failed[name] = error instanceof Error ? error.message : String(error);
            return undefined;
        }
    };
    const starts: Record<EngineName, () => Promise<Runner>> = {
        cairn: () => cairnRunner(model, at),
        cairnPrebuilt: () => cairnRunner(model, at, true),
        llamaServer: () => llamaServerRunner(model, at, false),
        llamaServerNoMmap: () => llamaServerRunner(model, at, true),
        rawNodeLlamaCpp: () => rawRunner(model, at),
    };
    const runners: Partial<Record<EngineName, Runner>> = {};
    for (const name of ENGINES) runners[name] = await attempt(name, starts[name]);
    const cairn = runners.cairn as (Runner & {weights: string | null}) | undefined;
    const gen = Object.fromEntries(ENGINES.map((e) => [e, [] as number[]])) as Record<EngineName, number[]>;
    const pp = Object.fromEntries(ENGINES.map((e) => [e, [] as number[]])) as Record<EngineName, number[]>;
    const promptTokens = {} as Record<EngineName, number>;
    try {
        for (let round = 0; round < ROUNDS; round++) {
            for (let i = 0; i < ENGINES.length; i++) {
                const name = ENGINES[(i + round) % ENGINES.length]!;
                const runner = runners[name];
                if (!runner || failed[name]) continue;
                await attempt(name, async () => {
                    const g = await runner.generate();
                    const p = await runner.prompt(round);
                    gen[name].push(g);
                    pp[name].push(p.tokensPerSecond);
                    promptTokens[name] = p.tokens;
                });
            }
        }
    } finally {
        for (const runner of Object.values(runners)) await runner?.stop();
    }
    if (failed.cairn) throw new Error(`Cairn's engine failed: ${failed.cairn}`);
    const speeds = (e: EngineName): Speeds => ({
        generationTokensPerSecond: median(gen[e]),
        promptTokensPerSecond: median(pp[e]),
        promptTokens: promptTokens[e],
    });
    const ratio = (a: EngineName, b: EngineName) => ({
        generation: failed[b] ? NaN : median(gen[a].map((x, i) => x / gen[b][i]!)),
        prompt: failed[b] ? NaN : median(pp[a].map((x, i) => x / pp[b][i]!)),
    });
    return {
        llamaServer: speeds("llamaServer"),
        llamaServerNoMmap: speeds("llamaServerNoMmap"),
        rawNodeLlamaCpp: speeds("rawNodeLlamaCpp"),
        cairn: speeds("cairn"),
        cairnPrebuilt: speeds("cairnPrebuilt"),
        cairnWeights: cairn?.weights ?? null,
        failed,
        cairnOverLlamaServer: ratio("cairn", "llamaServer"),
        cairnPrebuiltOverLlamaServer: ratio("cairnPrebuilt", "llamaServer"),
        cairnOverLlamaServerNoMmap: ratio("cairn", "llamaServerNoMmap"),
        rawOverLlamaServer: ratio("rawNodeLlamaCpp", "llamaServer"),
    };
}

/** Which llama.cpp CPU code Cairn runs here (its engine, else node-llama-cpp's prebuilt variant), for the report. */
async function cpuBuildHere(): Promise<string> {
    const engine = engineBuilt() ? {cmakeOptions: engineCmakeOptions()} : {};
    const llama = await getLlama({gpu: false, logLevel: LlamaLogLevel.error, ...engine});
    try {
        return cpuBuildLine(cpuBuildOf(llama));
    } finally {
        await llama.dispose();
    }
}

/** The engines side by side at 1 and 2 threads, on the tiny model and on the 1B Q4_K_M layout. */
export async function llamaServerFigures() {
    // The state a fresh install reaches by itself: its engine built (here, now, if it is not yet).
    const engineBuild = await engineBuildFigures();
    const models = [
        {name: "stories260K", file: TEST_MODEL},
        {name: LLAMA_3_2_1B.name, file: layoutModel(LLAMA_3_2_1B)},
    ];
    const rows = [];
    for (const model of models) {
        for (const threads of [1, 2]) {
            const at = {threads, gpu: false, generated: GENERATED};
            const tokenTime = await tokenTimeFigures(model.file, at);
            rows.push({model: model.name, threads, ...(await sideBySide(model.file, at)), tokenTime});
        }
    }
    return {rounds: ROUNDS, generatedTokens: GENERATED, cpuBuild: await cpuBuildHere(), engineBuild, rows};
}

export function llamaServerRows(figures: Pick<Awaited<ReturnType<typeof llamaServerFigures>>, "rows">) {
    /** A figure, or "failed" where its engine failed (the report's `failed` says why). */
    const f = (n: number) => (Number.isNaN(n) ? "failed" : n.toFixed(1));
    const r2 = (n: number) => (Number.isNaN(n) ? "failed" : n.toFixed(2));
    const breakdowns = figures.rows.map((r) => [
        `${r.model.split(" ")[0]}, ${r.threads} thread(s): raw node-llama-cpp's generated token`,
        tokenTimeLine(r.tokenTime),
    ]);
    return Object.fromEntries([
        ...breakdowns,
        ...figures.rows.map((r) => [
            `${r.model.split(" ")[0]}, ${r.threads} thread(s): generation tokens/s llama-server / llama-server --no-mmap / raw / Cairn (Cairn÷server, Cairn÷no-mmap server); prompt tokens/s (Cairn÷server)`,
            `${f(r.llamaServer.generationTokensPerSecond)} / ${f(r.llamaServerNoMmap.generationTokensPerSecond)} / ${f(r.rawNodeLlamaCpp.generationTokensPerSecond)} / ${f(r.cairn.generationTokensPerSecond)} (${r2(r.cairnOverLlamaServer.generation)}, ${r2(r.cairnOverLlamaServerNoMmap.generation)}); ${f(r.llamaServer.promptTokensPerSecond)} / ${f(r.llamaServerNoMmap.promptTokensPerSecond)} / ${f(r.rawNodeLlamaCpp.promptTokensPerSecond)} / ${f(r.cairn.promptTokensPerSecond)} (${r2(r.cairnOverLlamaServer.prompt)})`,
        ]),
        ...figures.rows.map((r) => [
            `${r.model.split(" ")[0]}, ${r.threads} thread(s): Cairn÷llama-server, generation and prompt: on its engine (a fresh install once built) / on the prebuilt binaries (before)`,
            `${r2(r.cairnOverLlamaServer.generation)}, ${r2(r.cairnOverLlamaServer.prompt)} / ${r2(r.cairnPrebuiltOverLlamaServer.generation)}, ${r2(r.cairnPrebuiltOverLlamaServer.prompt)}`,
        ]),
    ]);
}

/**
 * The same engines with every layer on the GPU, on a model named by CAIRN_BENCH_GPU_MODEL and llama-server
 * built with CUDA (CAIRN_LLAMA_SERVER): run on a lent GPU machine by bench/gpu/pipeline.sh, never in CI.
 */
export async function gpuFigures(model: string) {
    const llama = await getLlama({gpu: "auto", logLevel: LlamaLogLevel.error});
    const build = {
        backend: llama.gpu,
        devices: await llama.getGpuDeviceNames(),
        release: llama.llamaCppRelease,
    };
    await llama.dispose();
    if (build.backend === false) throw new Error("no GPU build of node-llama-cpp was found");
    const at = {threads: 4, gpu: true, generated: GENERATED_ON_GPU};
    const tokenTime = await tokenTimeFigures(model, at);
    const row = {
        model: path.basename(model),
        threads: at.threads,
        ...(await sideBySide(model, at)),
        tokenTime,
    };
    return {rounds: ROUNDS, generatedTokens: GENERATED_ON_GPU, build, rows: [row]};
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const gpuModel = process.env.CAIRN_BENCH_GPU_MODEL;
    const figures = gpuModel ? await gpuFigures(gpuModel) : await llamaServerFigures();
    console.log(JSON.stringify(figures, null, 2));
    if ("engineBuild" in figures) console.table(engineBuildRows(figures.engineBuild));
    console.table(llamaServerRows(figures));
}
