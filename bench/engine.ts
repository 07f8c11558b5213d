// Generation speed: Cairn's engine beside node-llama-cpp's raw LlamaCompletion loop, same model, threads and
// sampling; on the test model and (`npm run bench:realistic` alone) on Llama 3.2 1B's exact Q4_K_M layout.
import fs from "node:fs";
import {pathToFileURL} from "node:url";
import {
    getLlama,
    LlamaChat,
    LlamaCompletion,
    LlamaLogLevel,
    resolveChatWrapper,
    type ChatHistoryItem,
    type ChatWrapper,
    type LlamaContextSequence,
    type LlamaModel,
} from "node-llama-cpp";
import {Engine} from "../main/llm/engine/engine.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {TEST_MODEL} from "../tests/helpers/paths.js";

export const RUNS = 5;
export const MAX_TOKENS = 256;
export const PROMPT = "Once upon a time";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Run = {model: string; runs: number; maxTokens: number};
const STORIES: Run = {model: TEST_MODEL, runs: RUNS, maxTokens: MAX_TOKENS};

export async function engineFigures(threads: number, run: Run = STORIES) {
    const engine = new Engine({threads, gpu: false});
    const loadStart = performance.now();
    const loaded = await engine.load(run.model);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const loadMs = performance.now() - loadStart;
    const ttft: number[] = [];
    const tps: number[] = [];
    for (let i = 0; i < run.runs; i++) {
        const res = await engine.generate({
            history: [],
            prompt: PROMPT,
            signal: new AbortController().signal,
            onText: () => {},
            maxTokens: run.maxTokens,
            sampling: {seed: i, temperature: 0.8},
        });
        if (!res.ok) throw new Error(res.error.message);
        ttft.push(res.value.stats.timeToFirstTokenMs ?? NaN);
        tps.push(res.value.stats.tokensPerSecond ?? NaN);
    }
    await engine.dispose();
    // The first turn evaluates the whole prompt; later ones reuse it from the context (KV cache).
    return {
        threads,
        loadMs,
        coldTimeToFirstTokenMs: ttft[0]!,
        warmTimeToFirstTokenMs: median(ttft.slice(1)),
        tokensPerSecond: median(tps),
    };
}

type Generate = (options: {
    maxTokens: number;
    seed: number;
    temperature: number;
    repeatPenalty: false;
    onToken: (tokens: unknown[]) => void;
}) => Promise<unknown>;

/** Tokens/s of one of node-llama-cpp's own loops: `start` makes it on a fresh sequence for each run. */
async function rawLoop(
    threads: number,
    run: Run,
    start: (model: LlamaModel, sequence: LlamaContextSequence) => {generate: Generate; dispose(): void},
) {
    const llama = await getLlama({gpu: false, logLevel: LlamaLogLevel.error});
    const model = await llama.loadModel({modelPath: run.model});
    const context = await model.createContext({contextSize: Math.min(4096, model.trainContextSize), threads});
    const tps: number[] = [];
    for (let i = 0; i < run.runs; i++) {
        const sequence = context.getSequence();
        const loop = start(model, sequence);
        const started = performance.now();
        let first = 0;
        let tokens = 0;
        await loop.generate({
            maxTokens: run.maxTokens,
            seed: i,
            temperature: 0.8,
            // As Cairn's engine without a repeat penalty set (node-llama-cpp's loops apply one by default).
            repeatPenalty: false,
            onToken: (t) => {
                first ||= performance.now();
                tokens += t.length;
            },
        });
        tps.push((tokens / (performance.now() - (first || started))) * 1000);
        loop.dispose();
        await sequence.dispose();
    }
    await context.dispose();
    await model.dispose();
    await llama.dispose();
    return {threads, tokensPerSecond: median(tps)};
}

/** node-llama-cpp's completion loop on the plain prompt. */
export function rawCompletion(threads: number, run: Run = STORIES) {
    return rawLoop(threads, run, (_model, contextSequence) => {
        const completion = new LlamaCompletion({contextSequence});
        return {
            generate: (options) => completion.generateCompletion(PROMPT, options),
            dispose: () => completion.dispose(),
        };
    });
}

/** node-llama-cpp's own chat loop (LlamaChat, the model's chat format resolved once): the reference for a chat answer. */
export function rawChat(threads: number, run: Run = STORIES) {
    let chatWrapper: ChatWrapper | null = null;
    return rawLoop(threads, run, (model, contextSequence) => {
        chatWrapper ??= resolveChatWrapper(model, {warningLogs: false});
        const chat = new LlamaChat({contextSequence, chatWrapper, autoDisposeSequence: false});
        const history: ChatHistoryItem[] = [
            {type: "user", text: PROMPT},
            {type: "model", response: []},
        ];
        return {
            generate: (options) => chat.generateResponse(history, options),
            dispose: () => chat.dispose({disposeSequence: false}),
        };
    });
}

/**
 * Speed on a model of a real size: random weights in Llama 3.2 1B's exact Q4_K_M layout (808 MB, Llama 3's
 * tokenizer), written once and cached. Cairn's engine beside node-llama-cpp's raw LlamaCompletion loop and its
 * LlamaChat loop, same sampling, at 1 and 2 threads.
 */
export async function realisticFigures() {
    const model = layoutModel(LLAMA_3_2_1B);
    const run: Run = {model, runs: 5, maxTokens: 64};
    const byThreads = [];
    for (const threads of [1, 2]) {
        const cairn = await engineFigures(threads, run);
        const raw = await rawCompletion(threads, run);
        const chat = await rawChat(threads, run);
        byThreads.push({
            threads,
            cairn,
            raw,
            rawChat: chat,
            cairnOverRaw: cairn.tokensPerSecond / raw.tokensPerSecond,
            cairnOverRawChat: cairn.tokensPerSecond / chat.tokensPerSecond,
        });
    }
    return {
        model: LLAMA_3_2_1B.name,
        sizeBytes: fs.statSync(model).size,
        runs: run.runs,
        maxTokens: run.maxTokens,
        byThreads,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    console.log(JSON.stringify(await realisticFigures(), null, 2));
}
