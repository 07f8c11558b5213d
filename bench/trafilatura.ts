// trafilatura run here on the same pages as Cairn (bench/run_trafilatura.py), when it can be imported: CAIRN_PYTHON
// names the interpreter (default python3) and CAIRN_TRAFILATURA adds the folders of its sources to its path
// (trafilatura, courlan, htmldate and jusText, joined by ":"), for a machine without PyPI. README, "Beyond
// articles", says how this machine runs it.
import {spawnSync} from "node:child_process";
import path from "node:path";
import {ROOT} from "../tests/helpers/paths.js";

export type Page = {id: string; path: string; url: string};
export type TrafilaturaRun = {version: string; texts: Record<string, string>; p50Ms: number};

/** trafilatura's text of each page, or why it did not run. */
export function runTrafilatura(pages: Page[]): TrafilaturaRun | {skipped: string} {
    const python = process.env.CAIRN_PYTHON ?? "python3";
    const extra = process.env.CAIRN_TRAFILATURA;
    const run = spawnSync(python, [path.join(ROOT, "bench", "run_trafilatura.py")], {
        input: JSON.stringify(pages),
        encoding: "utf8",
        maxBuffer: 1 << 30,
        env: {
            ...process.env,
            ...(extra ? {PYTHONPATH: [extra, process.env.PYTHONPATH].filter(Boolean).join(":")} : {}),
        },
    });
    if (run.status !== 0) {
        const why = run.error?.message ?? run.stderr.trim().split("\n").at(-1) ?? `exit ${run.status}`;
        return {skipped: `trafilatura did not run (${why}); set CAIRN_PYTHON and CAIRN_TRAFILATURA`};
    }
    const out = JSON.parse(run.stdout) as {version: string; texts: Record<string, string>; ms: number[]};
    const sorted = [...out.ms].sort((a, b) => a - b);
    return {version: out.version, texts: out.texts, p50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0};
}
