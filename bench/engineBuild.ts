// `npm run bench:engine-build`, and the first part of `npm run bench:llama-server`: what the background build of
// Cairn's engine costs on this machine (its time, the peak memory of its processes, and how much it slows an
// answer written meanwhile), measured by building it. Where the engine is already built, nothing is built
// unless CAIRN_BENCH_ENGINE_BUILD=1 (then a second copy under a key of its own, removed after).
import fs from "node:fs";
import {pathToFileURL} from "node:url";
import {Engine} from "../main/llm/engine/engine.js";
import {BuildPause} from "../main/llm/cpuBuild.js";
import {buildEngine, engineBuilt, engineFolder} from "../main/llm/engineBuild.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";

const GENERATED = 64;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The resident memory of every process under this one (the build's node, cmake, ninja, the compilers), in bytes. */
function descendantsRss(): number {
    const parents = new Map<number, number>();
    const rss = new Map<number, number>();
    for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
        try {
            const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
            const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
            parents.set(Number(entry), Number(fields[1]));
            rss.set(Number(entry), Number(fields[21]) * 4096);
        } catch {
            // ended meanwhile
        }
    }
    const under = (pid: number): boolean => {
        for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
            if (p === process.pid) return true;
        return false;
    };
    return [...rss].filter(([pid]) => under(pid)).reduce((sum, [, bytes]) => sum + bytes, 0);
}

/** An answer's generation tokens/s on the prebuilt binaries (what runs while the engine builds). */
async function answerSpeed(engine: Engine): Promise<number> {
    const res = await engine.generate({
        history: [],
        prompt: "Once upon a time",
        signal: new AbortController().signal,
        onText: () => {},
        maxTokens: GENERATED,
        sampling: {temperature: 0},
    });
    if (!res.ok) throw new Error(res.error.message);
    const s = res.value.stats;
    return ((s.completionTokens - 1) / (s.durationMs - s.timeToFirstTokenMs!)) * 1000;
}

export type EngineBuildFigures = {
    built: "before" | "now";
    seconds: number | null;
    peakMemoryBytes: number | null;
    /** Answers' tokens/s before and after the build, and during it (1B layout, 2 threads, 64 tokens). */
    answerTokensPerSecond: {alone: number; duringBuild: number; ratio: number} | null;
};

/** Builds the engine where it is not built (or a copy when asked), measuring what the build costs. */
export async function engineBuildFigures(): Promise<EngineBuildFigures> {
    const rebuild = engineBuilt();
    if (rebuild && process.env.CAIRN_BENCH_ENGINE_BUILD !== "1")
        return {built: "before", seconds: null, peakMemoryBytes: null, answerTokensPerSecond: null};
    const key = process.env.CAIRN_ENGINE_KEY;
    // Built already: a copy under a key of its own, removed after.
    if (rebuild) process.env.CAIRN_ENGINE_KEY = `bench-${Date.now()}`;
    try {
        return await measureBuild();
    } finally {
        if (rebuild) {
            fs.rmSync(engineFolder(), {recursive: true, force: true});
            process.env.CAIRN_ENGINE_KEY = key;
        }
    }
}

async function measureBuild(): Promise<EngineBuildFigures> {
    // As the app does (main/features/models.ts): the build is paused while the engine writes an answer.
    const pause = new BuildPause();
    const engine = new Engine({
        threads: 2,
        gpu: false,
        prebuilt: true,
        onStatus: (status) => pause.set(status.state === "generating"),
    });
    const loaded = await engine.load(layoutModel(LLAMA_3_2_1B));
    if (!loaded.ok) throw new Error(loaded.error.message);
    const alone: number[] = [];
    const during: number[] = [];
    for (let i = 0; i < 3; i++) alone.push(await answerSpeed(engine));
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, descendantsRss())), 500);
    const started = performance.now();
    let done = false;
    const building = buildEngine((line) => process.stderr.write(`${line}\n`), {
        lowPriority: true,
        pause,
    }).finally(() => (done = true));
    // Answers while it builds, with a pause between them (as a person reads one and writes the next), so that
    // the build goes on between them.
    while (!done) {
        during.push(await answerSpeed(engine));
        await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const built = await building;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    for (let i = 0; i < 3; i++) alone.push(await answerSpeed(engine));
    await engine.dispose();
    if (!built.ok) throw new Error(`the engine's build failed: ${built.log.slice(-500)}`);
    const aloneSpeed = median(alone);
    const duringSpeed = median(during);
    return {
        built: "now",
        seconds: Math.round(seconds),
        peakMemoryBytes: peak,
        answerTokensPerSecond: {alone: aloneSpeed, duringBuild: duringSpeed, ratio: duringSpeed / aloneSpeed},
    };
}

export function engineBuildRows(figures: EngineBuildFigures): Record<string, string> {
    if (figures.built === "before")
        return {"Cairn's engine build": "built before this run (CAIRN_BENCH_ENGINE_BUILD=1 builds it again)"};
    const a = figures.answerTokensPerSecond!;
    return {
        "Cairn's engine build: seconds, peak memory of its processes (MiB)": `${figures.seconds} s, ${((figures.peakMemoryBytes ?? 0) / 2 ** 20).toFixed(0)} MiB`,
        "an answer meanwhile (1B layout, 2 threads): tokens/s alone, during the build (ratio)": `${a.alone.toFixed(1)}, ${a.duringBuild.toFixed(1)} (${a.ratio.toFixed(2)})`,
    };
}

// Only as a command of its own: bundled into another bench (bench/gpu/prepare.sh), import.meta.url is the bundle's.
if (
    import.meta.url === pathToFileURL(process.argv[1]!).href &&
    /engineBuild\.[mc]?[jt]s$/.test(process.argv[1]!)
) {
    const figures = await engineBuildFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(engineBuildRows(figures));
}
