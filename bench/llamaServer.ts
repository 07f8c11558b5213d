// Issue 40's reference: llama.cpp's own llama-server (llama.cpp's Release build of the source node-llama-cpp
// ships) beside raw node-llama-cpp (LlamaCompletion) and Cairn's engine, on the same model and threads,
// greedy, in one run: generation and prompt-processing tokens/s and their ratios.
import {pathToFileURL} from "node:url";
import {getLlama, LlamaCompletion, LlamaLogLevel} from "node-llama-cpp";
import {Engine} from "../main/llm/engine.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {llamaServerBinary, startLlamaServer} from "../tests/helpers/llamaServer.js";
import {TEST_MODEL} from "../tests/helpers/paths.js";

const ROUNDS = 3;
const GENERATED = 64;
const PROMPT = "Once upon a time";
/** About 500 tokens of prose for prompt processing; each round starts with its own number (no reuse). */
const longPrompt = (round: number) =>
    `${round}. ` +
    "The river ran past the old mill, where the miller's children watched the boats go by. ".repeat(28);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Speeds = {generationTokensPerSecond: number; promptTokensPerSecond: number; promptTokens: number};

/**
 * Generation is counted as llama.cpp counts decodes: the tokens after the first (sampled from the prompt's
 * own logits) over the time after it.
 */
async function llamaServerSpeeds(model: string, threads: number): Promise<Speeds> {
    const server = await startLlamaServer(await llamaServerBinary("release"), model, ["-t", String(threads)]);
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
        return ((await res.json()) as {timings: Record<string, number>}).timings;
    };
    try {
        const gen: number[] = [];
        const pp: number[] = [];
        let promptTokens = 0;
        for (let round = 0; round < ROUNDS; round++) {
            const t = await ask(PROMPT, GENERATED);
            gen.push(((t.predicted_n! - 1) / t.predicted_ms!) * 1000);
            const p = await ask(longPrompt(round), 1);
            pp.push(p.prompt_per_second!);
            promptTokens = p.prompt_n!;
        }
        return {generationTokensPerSecond: median(gen), promptTokensPerSecond: median(pp), promptTokens};
    } finally {
        await server.stop();
    }
}

async function rawSpeeds(model: string, threads: number): Promise<Speeds> {
    const llama = await getLlama({gpu: false, logLevel: LlamaLogLevel.error});
    const loaded = await llama.loadModel({modelPath: model});
    const context = await loaded.createContext({contextSize: 4096, threads});
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
    try {
        const gen: number[] = [];
        const pp: number[] = [];
        const promptTokens = loaded.tokenize(longPrompt(0)).length + 1;
        for (let round = 0; round < ROUNDS; round++) {
            gen.push((await once(PROMPT, GENERATED)).gen);
            pp.push((promptTokens / (await once(longPrompt(round), 1)).ttft) * 1000);
        }
        return {generationTokensPerSecond: median(gen), promptTokensPerSecond: median(pp), promptTokens};
    } finally {
        await context.dispose();
        await loaded.dispose();
        await llama.dispose();
    }
}

async function cairnSpeeds(model: string, threads: number): Promise<Speeds> {
    const engine = new Engine({threads, gpu: false});
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
    try {
        const gen: number[] = [];
        const pp: number[] = [];
        let promptTokens = 0;
        for (let round = 0; round < ROUNDS; round++) {
            const g = await once(PROMPT, GENERATED);
            gen.push(((g.completionTokens - 1) / (g.durationMs - g.timeToFirstTokenMs!)) * 1000);
            const p = await once(longPrompt(round), 1);
            pp.push((p.promptTokens / p.timeToFirstTokenMs!) * 1000);
            promptTokens = p.promptTokens;
        }
        return {generationTokensPerSecond: median(gen), promptTokensPerSecond: median(pp), promptTokens};
    } finally {
        await engine.dispose();
    }
}

/** The three side by side at 1 and 2 threads, on the tiny model and on the 1B Q4_K_M layout. */
export async function llamaServerFigures() {
    const models = [
        {name: "stories260K", file: TEST_MODEL},
        {name: LLAMA_3_2_1B.name, file: layoutModel(LLAMA_3_2_1B)},
    ];
    const rows = [];
    for (const model of models) {
        for (const threads of [1, 2]) {
            const server = await llamaServerSpeeds(model.file, threads);
            const raw = await rawSpeeds(model.file, threads);
            const cairn = await cairnSpeeds(model.file, threads);
            rows.push({
                model: model.name,
                threads,
                llamaServer: server,
                rawNodeLlamaCpp: raw,
                cairn,
                cairnOverLlamaServer: {
                    generation: cairn.generationTokensPerSecond / server.generationTokensPerSecond,
                    prompt: cairn.promptTokensPerSecond / server.promptTokensPerSecond,
                },
                rawOverLlamaServer: {
                    generation: raw.generationTokensPerSecond / server.generationTokensPerSecond,
                    prompt: raw.promptTokensPerSecond / server.promptTokensPerSecond,
                },
            });
        }
    }
    return {rounds: ROUNDS, generatedTokens: GENERATED, rows};
}

export function llamaServerRows(figures: Awaited<ReturnType<typeof llamaServerFigures>>) {
    const f = (n: number) => n.toFixed(1);
    return Object.fromEntries(
        figures.rows.map((r) => [
            `${r.model.split(" ")[0]}, ${r.threads} thread(s): generation tokens/s llama-server / raw / Cairn (Cairn÷server); prompt tokens/s (Cairn÷server)`,
            `${f(r.llamaServer.generationTokensPerSecond)} / ${f(r.rawNodeLlamaCpp.generationTokensPerSecond)} / ${f(r.cairn.generationTokensPerSecond)} (${r.cairnOverLlamaServer.generation.toFixed(2)}); ${f(r.llamaServer.promptTokensPerSecond)} / ${f(r.rawNodeLlamaCpp.promptTokensPerSecond)} / ${f(r.cairn.promptTokensPerSecond)} (${r.cairnOverLlamaServer.prompt.toFixed(2)})`,
        ]),
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await llamaServerFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(llamaServerRows(figures));
}
