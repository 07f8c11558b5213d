// Where a generated token's time goes in node-llama-cpp (issue 40's cause table): llama.cpp's own decode
// (its performance counters), the wait for the decode beyond that (the hand-over to a libuv worker thread and
// back), the sampler's call, and the rest (node-llama-cpp's JavaScript between tokens). llama-server runs the
// same decode and sampler in one loop of its own, so the hand-overs and the JavaScript are what it does not pay.
import {spawn} from "node:child_process";
import {fileURLToPath} from "node:url";
import {getLlama, LlamaLogLevel, type LlamaContext} from "node-llama-cpp";
import {engineBuilt, engineCmakeOptions} from "../main/llm/engineBuild.js";

const ROUNDS = 3;
const PROMPT = "Once upon a time";

/**
 * llama.cpp's log lines, where its timings are printed. node-llama-cpp sends llama.cpp's log to the logger of
 * the first Llama made in a process, and to the console once that one is disposed: the breakdown runs in a
 * process of its own (this file, in the bench's bundle too), named by this variable.
 */
const CHILD = "CAIRN_TOKEN_TIME";
const lines: string[] = [];
type Placement = {threads: number; gpu: boolean; generated: number};

/** Milliseconds per generated token, medians of the rounds. */
export type TokenTime = {
    totalMs: number;
    nativeDecodeMs: number;
    decodeHandOverMs: number;
    sampleMs: number;
    javascriptMs: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Times node-llama-cpp's two native calls of a token (decodeBatch, sampleToken) from JavaScript. They are
 * internal (`LlamaContext._ctx`): a node-llama-cpp that renames them fails here with this message, not silently.
 */
function timeNativeCalls(context: LlamaContext) {
    const holder = context as unknown as {_ctx: Record<string, unknown>};
    const native = holder._ctx;
    for (const name of ["decodeBatch", "sampleToken"])
        if (typeof native[name] !== "function") throw new Error(`node-llama-cpp has no ${name} to time`);
    const spent = {decodeBatch: 0, sampleToken: 0};
    holder._ctx = new Proxy(native, {
        get(target, prop) {
            const value = target[prop as string];
            if (typeof value !== "function") return value;
            if (prop !== "decodeBatch" && prop !== "sampleToken") return value.bind(target);
            return async (...args: unknown[]) => {
                const started = performance.now();
                try {
                    return await value.apply(target, args);
                } finally {
                    spent[prop] += performance.now() - started;
                }
            };
        },
    });
    return spent;
}

/** llama.cpp's own decode time since its counters were last reset, from the timings it prints. */
async function nativeEvalMs(context: LlamaContext): Promise<number> {
    lines.length = 0;
    await context.printTimings();
    const line = lines.find((l) => /^\s*eval time/.test(l.replace(/^.*?: /, "")));
    const ms = Number(/eval time =\s*([\d.]+) ms/.exec(line ?? "")?.[1]);
    if (!Number.isFinite(ms)) throw new Error(`llama.cpp printed no eval time (got: ${lines.join(" | ")})`);
    return ms;
}

/** The breakdown for one model, on the CPU at `threads` or with every layer on the GPU, in a child process. */
export async function tokenTimeFigures(modelPath: string, at: Placement): Promise<TokenTime> {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
        env: {...process.env, [CHILD]: JSON.stringify({modelPath, at})},
        stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    const last = out.trim().split("\n").pop() ?? "";
    if (code !== 0 || !last.startsWith("{"))
        throw new Error(`the token breakdown failed (exit ${code}): ${err.slice(-2000)}`);
    return JSON.parse(last) as TokenTime;
}

/** In the child: one Llama (Cairn's engine where it is built), its log kept, the rounds run. */
async function measure(modelPath: string, at: Placement): Promise<TokenTime> {
    const llama = await getLlama({
        ...(engineBuilt() ? {cmakeOptions: engineCmakeOptions()} : {}),
        gpu: at.gpu ? "auto" : false,
        logLevel: LlamaLogLevel.info,
        logger: (_level, message) => lines.push(message),
    });
    const model = await llama.loadModel({modelPath, gpuLayers: at.gpu ? "max" : 0});
    const context = await model.createContext({
        contextSize: 2048,
        threads: at.threads,
        performanceTracking: true,
    });
    const spent = timeNativeCalls(context);
    const rounds: TokenTime[] = [];
    try {
        for (let round = 0; round < ROUNDS; round++)
            rounds.push(await oneRound(context, spent, at.generated));
    } finally {
        await model.dispose();
        await llama.dispose();
    }
    const pick = (k: keyof TokenTime) => median(rounds.map((r) => r[k]));
    return {
        totalMs: pick("totalMs"),
        nativeDecodeMs: pick("nativeDecodeMs"),
        decodeHandOverMs: pick("decodeHandOverMs"),
        sampleMs: pick("sampleMs"),
        javascriptMs: pick("javascriptMs"),
    };
}

/** One greedy generation of `generated` tokens, timed from the first generated token (the prompt left out). */
async function oneRound(
    context: LlamaContext,
    spent: {decodeBatch: number; sampleToken: number},
    generated: number,
): Promise<TokenTime> {
    const sequence = context.getSequence();
    try {
        let count = -1;
        let started = 0;
        for await (const _token of sequence.evaluate(context.model.tokenize(PROMPT), {temperature: 0})) {
            if (count < 0) {
                await nativeEvalMs(context);
                spent.decodeBatch = spent.sampleToken = 0;
                started = performance.now();
            }
            if (++count >= generated) break;
        }
        const totalMs = (performance.now() - started) / count;
        const nativeDecodeMs = (await nativeEvalMs(context)) / count;
        const decodeMs = spent.decodeBatch / count;
        const sampleMs = spent.sampleToken / count;
        return {
            totalMs,
            nativeDecodeMs,
            decodeHandOverMs: decodeMs - nativeDecodeMs,
            sampleMs,
            javascriptMs: totalMs - decodeMs - sampleMs,
        };
    } finally {
        await sequence.dispose();
    }
}

/** A report line: each part in ms and as a share of the token. */
export function tokenTimeLine(t: TokenTime): string {
    const part = (ms: number) => `${ms.toFixed(3)} ms (${((100 * ms) / t.totalMs).toFixed(0)}%)`;
    return (
        `${t.totalMs.toFixed(3)} ms a token: llama.cpp decode ${part(t.nativeDecodeMs)}, ` +
        `decode hand-over ${part(t.decodeHandOverMs)}, sampling call ${part(t.sampleMs)}, ` +
        `JavaScript ${part(t.javascriptMs)}`
    );
}

const asked = process.env[CHILD];
if (asked) {
    const {modelPath, at} = JSON.parse(asked) as {modelPath: string; at: Placement};
    console.log(JSON.stringify(await measure(modelPath, at)));
    process.exit(0);
}
