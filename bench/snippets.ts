// Cairn's page extraction on trafilatura's own evaluation corpus (github.com/adbar/trafilatura, tests/: 990
// pages of news, magazines, blogs, government and company sites in many languages, each with text that must be
// in the result and text that must not), scored by the corpus's own rules (whitespace-normalised substring
// matches: precision, recall, F1). trafilatura was tuned on these pages and Cairn was not: read its
// figure as an upper mark. Beside Cairn: Mozilla Readability and trafilatura run here on the same pages.
// CAIRN_TRAFILATURA_EVAL names the corpus's folder (the repository's tests/).
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {Extractor} from "../main/web/extractor.js";
import {ROOT} from "../tests/helpers/paths.js";
import {runTrafilatura, type Page} from "./trafilatura.js";
import {mozillaReadability} from "./wcxb.js";

type Item = {file: string; with: string[]; without: string[]};
type Scores = {precision: number; recall: number; f1: number};

/** The corpus's folder, or null when it is not here. */
export function snippetsDir(): string | null {
    const dir = process.env.CAIRN_TRAFILATURA_EVAL;
    return dir && fs.existsSync(path.join(dir, "evaldata.json")) ? dir : null;
}

export async function snippetsBench(dir: string) {
    const items = JSON.parse(fs.readFileSync(path.join(dir, "evaldata.json"), "utf8")) as Record<
        string,
        Item
    >;
    const pages: Page[] = [];
    for (const [url, item] of Object.entries(items)) {
        const file = ["cache", "eval"]
            .map((sub) => path.join(dir, sub, item.file))
            .find((f) => fs.existsSync(f));
        if (file) pages.push({id: url, path: file, url});
    }
    const cairn: Record<string, string> = {};
    const readability: Record<string, string> = {};
    const extractor = new Extractor({});
    let failed = 0;
    try {
        for (const page of pages) {
            const body = fs.readFileSync(page.path);
            readability[page.id] = mozillaReadability(body.toString("utf8"));
            try {
                const read = await extractor.run({
                    type: "page",
                    page: {url: page.url, kind: "html", charset: null, body},
                });
                cairn[page.id] = read.text;
            } catch {
                failed++;
                cairn[page.id] = "";
            }
        }
    } finally {
        await extractor.close();
    }
    const trafilatura = runTrafilatura(pages);
    const systems: Record<string, Record<string, string>> = {cairn, mozillaReadability: readability};
    if (!("skipped" in trafilatura)) systems[`trafilatura ${trafilatura.version}`] = trafilatura.texts;
    return {
        pages: pages.length,
        missing: Object.keys(items).length - pages.length,
        failed,
        scores: score(items, systems),
        ...("skipped" in trafilatura ? {trafilatura: trafilatura.skipped} : {}),
    };
}

/**
 * The corpus's own counting (eval_common.py's count_item and ConfusionMatrix, which import trafilatura, so
 * they are written out here): a "with" text found is a true positive, a "without" text found a false one,
 * after collapsing whitespace; the counts are summed over the pages.
 */
function score(
    items: Record<string, Item>,
    systems: Record<string, Record<string, string>>,
): Record<string, Scores> {
    const norm = (text: string) => text.replace(/\s+/g, " ").trim();
    return Object.fromEntries(
        Object.entries(systems).map(([name, texts]) => {
            let tp = 0;
            let fp = 0;
            let fn = 0;
            for (const [url, text] of Object.entries(texts)) {
                const item = items[url]!;
                const found = norm(text);
                const kept = item.with.filter((w) => found.includes(norm(w))).length;
                tp += kept;
                fn += item.with.length - kept;
                fp += item.without.filter((w) => found.includes(norm(w))).length;
            }
            const precision = tp + fp ? tp / (tp + fp) : 0;
            const recall = tp + fn ? tp / (tp + fn) : 0;
            const f1 = 2 * tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : 0;
            return [name, {precision, recall, f1}];
        }),
    );
}

export function snippetsRows(result: Awaited<ReturnType<typeof snippetsBench>>): Record<string, string> {
    const f = (n: number) => n.toFixed(3);
    return {
        ...Object.fromEntries(
            Object.entries(result.scores).map(([name, s]) => [
                `trafilatura's corpus (${result.pages} pages) ${name}: F1 / precision / recall`,
                `${f(s.f1)} / ${f(s.precision)} / ${f(s.recall)}`,
            ]),
        ),
        ...(result.trafilatura ? {"trafilatura's corpus, trafilatura (run here)": result.trafilatura} : {}),
        "trafilatura's corpus: Cairn's pages failed": `${result.failed}`,
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const dir = snippetsDir();
    if (!dir) {
        console.error(
            "trafilatura's corpus is not here: clone github.com/adbar/trafilatura and set CAIRN_TRAFILATURA_EVAL to its tests folder.",
        );
        process.exit(2);
    }
    const result = await snippetsBench(dir);
    console.table(snippetsRows(result));
    const outDir = path.join(ROOT, "bench", "reports");
    fs.mkdirSync(outDir, {recursive: true});
    const file = path.join(outDir, `snippets-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(`report: ${path.relative(ROOT, file)}`);
}
