// Cairn's page extraction on Zyte's article-extraction benchmark (../shared/extract-bench: 181 real pages
// with human-marked article text and the published outputs of other extractors), scored by the benchmark's
// own evaluate.py. The same code path as web_fetch: each page goes through the extraction worker.
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";
import zlib from "node:zlib";
import {Extractor} from "../main/web/extractor.js";
import {ROOT} from "../tests/helpers/paths.js";
import {runTrafilatura} from "./trafilatura.js";

const BENCH = path.resolve(ROOT, "..", "shared", "extract-bench");

type Row = {name: string; version: string; f1: number; precision: number; recall: number};

export async function extractBench() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-extract-bench-"));
    fs.cpSync(BENCH, dir, {recursive: true});
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, "output"), 0o755);
    const truth = JSON.parse(fs.readFileSync(path.join(dir, "ground-truth.json"), "utf8")) as Record<
        string,
        {url: string}
    >;
    let peakHeap = 0;
    const extractor = new Extractor({onHeap: (bytes) => (peakHeap = Math.max(peakHeap, bytes))});
    const output: Record<string, {articleBody: string}> = {};
    const times: number[] = [];
    const failed: Array<{id: string; error: string}> = [];
    try {
        for (const [id, {url}] of Object.entries(truth)) {
            const body = zlib.gunzipSync(fs.readFileSync(path.join(dir, "html", `${id}.html.gz`)));
            const started = performance.now();
            try {
                const page = await extractor.run({
                    type: "page",
                    page: {url, kind: "html", charset: null, body},
                });
                output[id] = {articleBody: page.text};
            } catch (error) {
                failed.push({id, error: (error as Error).message});
                output[id] = {articleBody: ""};
            }
            times.push(performance.now() - started);
        }
    } finally {
        await extractor.close();
    }
    fs.writeFileSync(
        path.join(dir, "output", "cairn.json"),
        JSON.stringify({version: "this checkout", output}),
    );
    // trafilatura run here on the same pages, beside its published output (an older version's).
    const trafilatura = runTrafilatura(
        Object.entries(truth).map(([id, {url}]) => ({
            id,
            url,
            path: path.join(dir, "html", `${id}.html.gz`),
        })),
    );
    if (!("skipped" in trafilatura)) {
        const texts = Object.fromEntries(
            Object.entries(trafilatura.texts).map(([id, text]) => [id, {articleBody: text}]),
        );
        fs.writeFileSync(
            path.join(dir, "output", "trafilatura_run_here.json"),
            JSON.stringify({version: trafilatura.version, output: texts}),
        );
    }
    const evaluated = spawnSync(
        "python3",
        ["evaluate.py", "--n-bootstrap", "200", "--output", "metrics.json"],
        {
            cwd: dir,
            encoding: "utf8",
        },
    );
    if (evaluated.status !== 0) throw new Error(`evaluate.py failed: ${evaluated.stderr}`);
    const metrics = JSON.parse(fs.readFileSync(path.join(dir, "metrics.json"), "utf8")) as Record<
        string,
        Row & {tp_fp_fns: Array<[number, number, number]>}
    >;
    const rows: Row[] = Object.entries(metrics)
        .map(([name, m]) => ({name, version: m.version, f1: m.f1, precision: m.precision, recall: m.recall}))
        .sort((a, b) => b.f1 - a.f1);
    // The pages Cairn does worst on, for the next round of work.
    const ids = Object.keys(truth);
    const worst = metrics
        .cairn!.tp_fp_fns.map(([tp, fp, fn], i) => ({
            id: ids[i]!,
            url: truth[ids[i]!]!.url,
            precision: tp + fp > 0 ? tp / (tp + fp) : 1,
            recall: tp + fn > 0 ? tp / (tp + fn) : 1,
        }))
        .sort((a, b) => Math.min(a.precision, a.recall) - Math.min(b.precision, b.recall))
        .slice(0, 10);
    fs.rmSync(dir, {recursive: true, force: true});
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return {
        pages: ids.length,
        failed,
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        peakWorkerHeapMb: peakHeap / 2 ** 20,
        rows,
        worst,
        ...("skipped" in trafilatura ? {trafilatura: trafilatura.skipped} : {}),
    };
}

export function extractRows(result: Awaited<ReturnType<typeof extractBench>>) {
    const f = (n: number) => n.toFixed(3);
    return {
        ...Object.fromEntries(
            result.rows.map((r) => [
                `extract-bench ${r.name} (${r.version}): F1 / precision / recall`,
                `${f(r.f1)} / ${f(r.precision)} / ${f(r.recall)}`,
            ]),
        ),
        ...(result.trafilatura ? {"extract-bench trafilatura (run here)": result.trafilatura} : {}),
        "extract-bench Cairn: pages failed, p50 / p95 ms per page, peak worker heap MB": `${result.failed.length} of ${result.pages}, ${result.p50Ms.toFixed(1)} / ${result.p95Ms.toFixed(1)}, ${result.peakWorkerHeapMb.toFixed(0)}`,
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const result = await extractBench();
    const outDir = path.join(ROOT, "bench", "reports");
    fs.mkdirSync(outDir, {recursive: true});
    const file = path.join(outDir, `extract-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2));
    console.table(extractRows(result));
    console.log(
        "worst pages:",
        result.worst.map((w) => `${w.precision.toFixed(2)}/${w.recall.toFixed(2)} ${w.url}`).join("\n  "),
    );
    console.log(`report: ${path.relative(ROOT, file)}`);
}
