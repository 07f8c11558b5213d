// Issue 69's figures (`npm run bench:probe` alone, or in `npm run bench`): how long the tool-use test takes
// through `cairn models probe` on the 2-core CPU, on a model of Llama 3.2 1B's exact Q4_K_M layout (random
// weights: it never stops early, the slow case) beside the limits (quick <= 2 min, whole <= 10 min),
// and the test model's quick look for comparison. Scores of random weights mean nothing; the time does.
import {spawn} from "node:child_process";
import {pathToFileURL} from "node:url";
import type {ToolUseScore} from "../shared/contract.js";
import {CLI, TEST_MODEL, tempDir} from "../tests/helpers/paths.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";

type Timed = {seconds: number; score: ToolUseScore};

/** One `cairn models probe` run, timed from start to exit (loading the model included). */
async function probe(model: string, quick: boolean, threads = 2): Promise<Timed> {
    const args = [
        CLI,
        "models",
        "probe",
        model,
        "--json",
        "--data",
        tempDir(),
        "--threads",
        String(threads),
        "--cpu",
    ];
    if (quick) args.push("--quick");
    const started = performance.now();
    const child = spawn(process.execPath, args, {stdio: ["ignore", "pipe", "inherit"]});
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`cairn models probe exited ${code}`);
    return {seconds: (performance.now() - started) / 1000, score: JSON.parse(out) as ToolUseScore};
}

export async function probeFigures() {
    const layout = layoutModel(LLAMA_3_2_1B);
    return {
        layoutQuick: await probe(layout, true),
        layoutFull: await probe(layout, false),
        // A model this small runs fastest on one thread (docs/benchmarks.md).
        storiesQuick: await probe(TEST_MODEL, true, 1),
    };
}

export function probeRows(f: Awaited<ReturnType<typeof probeFigures>>): Record<string, string> {
    const line = (t: Timed) =>
        `${t.seconds.toFixed(0)} s (${t.score.trials} trials in the best way after comparing ${t.score.strategies.length} on the quick 30; best ${t.score.best})`;
    return {
        "tool-use test, quick, 1B Q4_K_M layout, 2 threads (limit 120 s)": line(f.layoutQuick),
        "tool-use test, whole suite, 1B Q4_K_M layout, 2 threads (limit 600 s)": line(f.layoutFull),
        "tool-use test, quick, stories260K, 1 thread (for comparison)": `${line(f.storiesQuick)}; score ${Math.round(f.storiesQuick.score.suite.overall * 100)}%`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await probeFigures();
    console.log(JSON.stringify({figures, rows: probeRows(figures)}, null, 2));
}
