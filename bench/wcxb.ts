// Cairn's page extraction on WCXB, the Web Content eXtraction Benchmark (Foley, 2026: 2,008 real pages of
// seven page types, ground truth reviewed by people; github.com/Murrough-Foley/web-content-extraction-benchmark,
// CC-BY-4.0), scored by the benchmark's own evaluate.py (word F1 per page, averaged). Beside Cairn: Mozilla
// Readability and (where it can be imported, bench/trafilatura.ts) trafilatura run here on the same pages, and
// the benchmark's published figures. The set is not in this repository: give its folder in CAIRN_WCXB.
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";
import zlib from "node:zlib";
import {Readability} from "@mozilla/readability";
import {Defuddle} from "defuddle/node";
import {parseHTML} from "linkedom";
import {Extractor} from "../main/web/extractor.js";
import {ROOT} from "../tests/helpers/paths.js";
import {runTrafilatura, type Page} from "./trafilatura.js";

type Split = "dev" | "test";
/** The benchmark's published F1 (its README, v1.0): dev / test. */
const PUBLISHED = {trafilatura: {dev: 0.791, test: 0.833}, "readability (Python)": {dev: 0.675, test: 0.726}};

/** The benchmark's folder, or why it cannot be used. */
export function wcxbDir(): string | null {
    const dir = process.env.CAIRN_WCXB;
    return dir && fs.existsSync(path.join(dir, "evaluate.py")) ? dir : null;
}

type Scored = {
    f1: number;
    precision: number;
    recall: number;
    byType: Record<string, number>;
    /** On test: F1 over the test pages that are not also in the benchmark's dev/ folder (see testOnly). */
    testOnlyF1?: number;
};

export async function wcxbBench(dir: string, split: Split) {
    const truthDir = path.join(dir, split, "ground-truth");
    const ids = fs
        .readdirSync(truthDir)
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.slice(0, -5))
        .sort();
    const cairn: Record<string, string> = {};
    const readability: Record<string, string> = {};
    const defuddle: Record<string, string> = {};
    const extractor = new Extractor({});
    const times: number[] = [];
    const pages: Page[] = [];
    let failed = 0;
    try {
        for (const id of ids) {
            const {url} = JSON.parse(fs.readFileSync(path.join(truthDir, `${id}.json`), "utf8")) as {
                url: string;
            };
            const file = path.join(dir, split, "html", `${id}.html.gz`);
            pages.push({id, path: file, url});
            const body = zlib.gunzipSync(fs.readFileSync(file));
            // Read before the extraction: the page's bytes are handed over to the worker.
            readability[id] = mozillaReadability(body.toString("utf8"));
            defuddle[id] = await defuddleText(body.toString("utf8"), url);
            const started = performance.now();
            try {
                const page = await extractor.run({
                    type: "page",
                    page: {url, kind: "html", charset: null, body},
                });
                cairn[id] = page.text;
            } catch {
                failed++;
                cairn[id] = "";
            }
            times.push(performance.now() - started);
        }
    } finally {
        await extractor.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const trafilatura = runTrafilatura(pages);
    // Read once: the pages scored again on their own (none on dev).
    const subset = split === "test" ? testOnly(dir) : [];
    return {
        split,
        pages: ids.length,
        testOnlyPages: subset.length,
        failed,
        p50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0,
        cairn: evaluate(dir, split, cairn, subset),
        mozillaReadability: evaluate(dir, split, readability, subset),
        defuddle: evaluate(dir, split, defuddle, subset),
        trafilatura:
            "skipped" in trafilatura
                ? trafilatura
                : {
                      version: trafilatura.version,
                      p50Ms: trafilatura.p50Ms,
                      ...evaluate(dir, split, trafilatura.texts, subset),
                  },
        published: Object.fromEntries(Object.entries(PUBLISHED).map(([name, f1]) => [name, f1[split]])),
    };
}

/** Mozilla Readability's text of a page, as it runs here (none when it fails). */
export function mozillaReadability(html: string): string {
    try {
        const {document} = parseHTML(html);
        return new Readability(document).parse()?.textContent ?? "";
    } catch {
        return "";
    }
}

/** Defuddle's text of a page (the candidate issue 75 names beside Readability), on linkedom (none when it fails). */
async function defuddleText(html: string, url: string): Promise<string> {
    try {
        const {document} = parseHTML(html);
        const {content} = await Defuddle(document, url, {markdown: false});
        return parseHTML(`<html><body>${content}</body></html>`).document.body.textContent ?? "";
    } catch {
        return "";
    }
}

/**
 * The test pages that are not also in dev/. WCXB v1.0's dev/ folder holds 139 of its 511 test pages (its
 * metadata.json calls them test pages), so a rule chosen on dev/ has seen them: F1 over the other 372 is the
 * figure no tuning here has seen.
 */
export function testOnly(dir: string): string[] {
    const ids = (split: Split) =>
        fs
            .readdirSync(path.join(dir, split, "ground-truth"))
            .filter((f) => f.endsWith(".json"))
            .map((f) => f.slice(0, -5));
    const dev = new Set(ids("dev"));
    return ids("test")
        .filter((id) => !dev.has(id))
        .sort();
}

/** The benchmark's own word F1 (its evaluate.py's word_f1), averaged over some of the test pages. */
const SUBSET_F1 = `
import json, sys
import evaluate as E
results, ids = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
truth = E.load_ground_truth("test")
print(sum(E.word_f1(results.get(i, ""), truth[i]["main_content"])[2] for i in ids) / len(ids))
`;

function subsetF1(dir: string, folder: string, results: string, ids: string[]) {
    const idsFile = path.join(folder, "ids.json");
    fs.writeFileSync(idsFile, JSON.stringify(ids));
    return spawnSync("python3", ["-c", SUBSET_F1, results, idsFile], {cwd: dir, encoding: "utf8"});
}

/** The benchmark's evaluate.py on one system's texts: its overall and per-type figures. */
function evaluate(dir: string, split: Split, texts: Record<string, string>, subset: string[]): Scored {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-wcxb-"));
    const file = path.join(folder, "results.json");
    fs.writeFileSync(file, JSON.stringify(texts));
    const run = spawnSync("python3", ["evaluate.py", "--split", split, "--results", file, "--per-type"], {
        cwd: dir,
        encoding: "utf8",
    });
    const subsetRun = subset.length > 0 ? subsetF1(dir, folder, file, subset) : null;
    fs.rmSync(folder, {recursive: true, force: true});
    if (run.status !== 0) throw new Error(`evaluate.py failed: ${run.stderr}`);
    if (subsetRun && subsetRun.status !== 0) throw new Error(`the test-only F1 failed: ${subsetRun.stderr}`);
    const number = (label: string) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(run.stdout)?.[1]);
    const byType = Object.fromEntries(
        [...run.stdout.matchAll(/^\s+([a-z]+)\s+\d+\s+([\d.]+)\s+[\d.]+\s+[\d.]+$/gm)].map((m) => [
            m[1]!,
            Number(m[2]),
        ]),
    );
    return {
        f1: number("F1"),
        precision: number("Precision"),
        recall: number("Recall"),
        byType,
        ...(subsetRun ? {testOnlyF1: Number(subsetRun.stdout.trim())} : {}),
    };
}

export function wcxbRows(result: Awaited<ReturnType<typeof wcxbBench>>): Record<string, string> {
    const f = (n: number) => n.toFixed(3);
    const s = result.split;
    return {
        [`WCXB ${s} (${result.pages} pages) Cairn: F1 / precision / recall`]: `${f(result.cairn.f1)} / ${f(result.cairn.precision)} / ${f(result.cairn.recall)}`,
        [`WCXB ${s} Mozilla Readability (run here): F1`]: f(result.mozillaReadability.f1),
        [`WCXB ${s} Defuddle (run here): F1, and by page type`]: `${f(result.defuddle.f1)}: ${Object.entries(
            result.defuddle.byType,
        )
            .map(([type, f1]) => `${type} ${f(f1)}`)
            .join(", ")}`,
        ...("skipped" in result.trafilatura
            ? {[`WCXB ${s} trafilatura (run here)`]: result.trafilatura.skipped}
            : {
                  [`WCXB ${s} trafilatura ${result.trafilatura.version} (run here): F1 / precision / recall`]: `${f(result.trafilatura.f1)} / ${f(result.trafilatura.precision)} / ${f(result.trafilatura.recall)}`,
                  [`WCXB ${s} trafilatura by page type: F1`]: Object.entries(result.trafilatura.byType)
                      .map(([type, f1]) => `${type} ${f(f1)}`)
                      .join(", "),
                  [`WCXB ${s} trafilatura p50 ms per page`]: result.trafilatura.p50Ms.toFixed(1),
              }),
        ...Object.fromEntries(
            Object.entries(result.published).map(([name, f1]) => [
                `WCXB ${s} ${name} (published): F1`,
                f(f1),
            ]),
        ),
        ...(result.cairn.testOnlyF1 === undefined
            ? {}
            : {
                  [`WCXB test, the ${result.testOnlyPages} pages not also in dev/: F1, Cairn / Readability / Defuddle`]:
                      [result.cairn, result.mozillaReadability, result.defuddle]
                          .map((scored) => f(scored.testOnlyF1 ?? Number.NaN))
                          .join(" / "),
              }),
        [`WCXB ${s} Cairn by page type: F1`]: Object.entries(result.cairn.byType)
            .map(([type, f1]) => `${type} ${f(f1)}`)
            .join(", "),
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const dir = wcxbDir();
    if (!dir) {
        console.error(
            "WCXB is not here: clone github.com/Murrough-Foley/web-content-extraction-benchmark and set CAIRN_WCXB to its folder.",
        );
        process.exit(2);
    }
    const results = [];
    for (const split of ["dev", "test"] as const) {
        const result = await wcxbBench(dir, split);
        results.push(result);
        console.table(wcxbRows(result));
    }
    const outDir = path.join(ROOT, "bench", "reports");
    fs.mkdirSync(outDir, {recursive: true});
    const file = path.join(outDir, `wcxb-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(`report: ${path.relative(ROOT, file)}`);
}
