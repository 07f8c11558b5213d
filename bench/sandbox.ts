// Issue 71's figures for run_code (`npm run bench:sandbox` alone, or in `npm run bench`): a JavaScript run cold
// (a new sandbox process and QuickJS) and warm, Python's first run (a new process and Pyodide) and warm, the
// core's event-loop delay while a program loops in the sandbox beside the same measure with nothing running,
// and how much the core's memory grows over 100 runs in a row.
import {monitorEventLoopDelay} from "node:perf_hooks";
import {pathToFileURL} from "node:url";
import {Sandbox} from "../main/sandbox/sandbox.js";
import type {Language} from "../main/sandbox/protocol.js";

const WARM_RUNS = 20;

async function timed(sandbox: Sandbox, key: string, language: Language, code: string): Promise<number> {
    const started = performance.now();
    const result = await sandbox.run({key, language, code, files: [], timeoutMs: 30_000});
    if (result.error !== undefined) throw new Error(`the bench's program failed: ${result.error}`);
    return performance.now() - started;
}

function median(values: number[]): number {
    return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** Cold: the first run in a new process; warm: the median of the runs after it. */
async function coldAndWarm(language: Language, code: string): Promise<{coldMs: number; warmMs: number}> {
    const sandbox = new Sandbox();
    try {
        const coldMs = await timed(sandbox, "bench", language, code);
        const warm: number[] = [];
        for (let i = 0; i < WARM_RUNS; i++) warm.push(await timed(sandbox, "bench", language, code));
        return {coldMs, warmMs: median(warm)};
    } finally {
        sandbox.close();
    }
}

/** The core's event-loop delay (p99, ms) over `ms`, while `during` runs (or nothing). */
async function loopDelay(ms: number, during?: Promise<unknown>): Promise<number> {
    const histogram = monitorEventLoopDelay({resolution: 5});
    histogram.enable();
    await Promise.all([new Promise((resolve) => setTimeout(resolve, ms)), during]);
    histogram.disable();
    return histogram.percentile(99) / 1e6;
}

async function responsiveness(): Promise<{idleP99Ms: number; loopingP99Ms: number}> {
    const sandbox = new Sandbox();
    try {
        await timed(sandbox, "loop", "javascript", "1");
        const idleP99Ms = await loopDelay(3_000);
        const looping = sandbox.run({
            key: "loop",
            language: "javascript",
            code: "while (true) {}",
            files: [],
            timeoutMs: 3_000,
        });
        const loopingP99Ms = await loopDelay(3_000, looping);
        return {idleP99Ms, loopingP99Ms};
    } finally {
        sandbox.close();
    }
}

/** The core's resident memory before and after 100 runs in a row (50 JavaScript, 50 Python). */
async function memoryGrowth(): Promise<{beforeMb: number; afterMb: number; growthMb: number}> {
    const sandbox = new Sandbox();
    try {
        await timed(sandbox, "memory", "python", "1");
        const rss = () => process.memoryUsage().rss / 1024 / 1024;
        const beforeMb = rss();
        for (let i = 0; i < 50; i++) {
            await timed(
                sandbox,
                "memory",
                "javascript",
                `const a = Array.from({length: 10000}, (_, j) => j * ${i}); a.length`,
            );
            await timed(sandbox, "memory", "python", `a = list(range(10000 * ${(i % 5) + 1}))\nlen(a)`);
        }
        const afterMb = rss();
        return {beforeMb, afterMb, growthMb: afterMb - beforeMb};
    } finally {
        sandbox.close();
    }
}

export async function sandboxFigures() {
    return {
        javascript: await coldAndWarm("javascript", "[1, 2, 3].map((x) => x * 2).join()"),
        python: await coldAndWarm("python", "sum(x * x for x in range(1000))"),
        responsiveness: await responsiveness(),
        memory: await memoryGrowth(),
    };
}

export function sandboxRows(f: Awaited<ReturnType<typeof sandboxFigures>>): Record<string, string> {
    const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
    return {
        "run_code JavaScript, cold: new sandbox process + QuickJS (limit 300 ms)": ms(f.javascript.coldMs),
        "run_code JavaScript, warm, median of 20 (limit 50 ms)": ms(f.javascript.warmMs),
        "run_code Python, first use: new sandbox process + Pyodide (limit 3 s)": ms(f.python.coldMs),
        "run_code Python, warm, median of 20 (limit 100 ms)": ms(f.python.warmMs),
        "core event-loop delay p99 while a program loops in the sandbox (limit 50 ms; idle beside it)": `${ms(f.responsiveness.loopingP99Ms)} (idle ${ms(f.responsiveness.idleP99Ms)})`,
        "core memory growth over 100 runs in a row (limit 50 MB)": `${f.memory.growthMb.toFixed(1)} MB (${f.memory.beforeMb.toFixed(0)} → ${f.memory.afterMb.toFixed(0)} MB)`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
    const figures = await sandboxFigures();
    console.log(JSON.stringify({figures, rows: sandboxRows(figures)}, null, 2));
}
