// Where a generated token's time goes in node-llama-cpp (issue 40's cause table): llama.cpp's own decode
// (its performance counters), the wait for the decode beyond that (the hand-over to a libuv worker thread and
// back), the sampler's call, and the rest (node-llama-cpp's JavaScript between tokens). llama-server runs the
// same decode and sampler in one loop of its own, so the hand-overs and the JavaScript are what it does not pay.
// Cairn's engine decodes and samples in one native call (patch 005, issue 74): each round runs both ways, the
// two calls of the prebuilt binaries and the one call, on the same context.
import {spawn} from "node:child_process";
import {fileURLToPath} from "node:url";
import {getLlama, LlamaLogLevel, type LlamaContext} from "node-llama-cpp";
import {engineBuilt, engineCmakeOptions} from "../main/llm/engineBuild.js";
import {watchTokenCalls} from "../tests/helpers/nativeCalls.js";

const ROUNDS = 5;
const PROMPT = "Once upon a time";

/**
 * llama.cpp's log lines, where its timings are printed. node-llama-cpp sends llama.cpp's log to the logger of
 * the first Llama made in a process, and to the console once that one is disposed: the breakdown runs in a
 * process of its own (this file, in the bench's bundle too), named by this variable.
 */
const CHILD = "CAIRN_TOKEN_TIME";
const lines: string[] = [];
type Placement = {threads: number; gpu: boolean; generated: number};

/**
 * Milliseconds per generated token, medians of the rounds. With one call, `decodeHandOverMs` is the rest of that
 * call beyond llama.cpp's decode (the hand-over and the sampling), and `sampleMs` is 0.
 */
export type TokenTime = {
    totalMs: number;
    nativeDecodeMs: number;
    decodeHandOverMs: number;
    sampleMs: number;
    javascriptMs: number;
};

/** Both ways on one context: two native calls a token, and one where the binding has it (null where not). */
export type TokenTimes = {twoCalls: TokenTime; oneCall: TokenTime | null};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
export async function tokenTimeFigures(modelPath: string, at: Placement): Promise<TokenTimes> {
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
    return JSON.parse(last) as TokenTimes;
}

/** In the child: one Llama (Cairn's engine where it is built), its log kept, the rounds run both ways. */
async function measure(modelPath: string, at: Placement): Promise<TokenTimes> {
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
    const way = {oneCall: false};
    const watched = watchTokenCalls(context, way);
    const oneCallThere = watched.oneCallThere;
    const rounds = {twoCalls: [] as TokenTime[], oneCall: [] as TokenTime[]};
    try {
        for (let round = 0; round < ROUNDS; round++) {
            way.oneCall = false;
            rounds.twoCalls.push(await oneRound(context, watched, at.generated));
            if (!oneCallThere) continue;
            way.oneCall = true;
            rounds.oneCall.push(await oneRound(context, watched, at.generated));
        }
    } finally {
        await model.dispose();
        await llama.dispose();
    }
    return {twoCalls: medianOf(rounds.twoCalls), oneCall: oneCallThere ? medianOf(rounds.oneCall) : null};
}

function medianOf(rounds: TokenTime[]): TokenTime {
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
    watched: ReturnType<typeof watchTokenCalls>,
    generated: number,
): Promise<TokenTime> {
    const sequence = context.getSequence();
    try {
        let count = -1;
        let started = 0;
        for await (const _token of sequence.evaluate(context.model.tokenize(PROMPT), {temperature: 0})) {
            if (count < 0) {
                await nativeEvalMs(context);
                watched.reset();
                started = performance.now();
            }
            if (++count >= generated) break;
        }
        const totalMs = (performance.now() - started) / count;
        const nativeDecodeMs = (await nativeEvalMs(context)) / count;
        const decodeMs = (watched.ms.decodeBatch + watched.ms.decodeBatchAndSample) / count;
        const sampleMs = watched.ms.sampleToken / count;
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

/** A report line: each part in ms and as a share of the token, two calls, then one where there is one. */
export function tokenTimeLine(t: TokenTimes): string {
    const line = (p: TokenTime, oneCall: boolean) => {
        const part = (ms: number) => `${ms.toFixed(3)} ms (${((100 * ms) / p.totalMs).toFixed(0)}%)`;
        const calls = oneCall
            ? `the rest of the one call (hand-over and sampling) ${part(p.decodeHandOverMs)}`
            : `decode hand-over ${part(p.decodeHandOverMs)}, sampling call ${part(p.sampleMs)}`;
        return (
            `${p.totalMs.toFixed(3)} ms a token: llama.cpp decode ${part(p.nativeDecodeMs)}, ${calls}, ` +
            `JavaScript ${part(p.javascriptMs)}`
        );
    };
    const one = t.oneCall
        ? `; decoded and sampled in one call: ${line(t.oneCall, true)}`
        : "; no one-call binding";
    return `two calls: ${line(t.twoCalls, false)}${one}`;
}

const asked = process.env[CHILD];
if (asked) {
    const {modelPath, at} = JSON.parse(asked) as {modelPath: string; at: Placement};
    console.log(JSON.stringify(await measure(modelPath, at)));
    process.exit(0);
}
