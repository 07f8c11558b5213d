// Figures of the hardening issue: extraction in the worker beside the same code on the main thread, and the
// core's responsiveness while it reads hostile pages. `npm run bench:hardening` prints them alone.
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {createCore} from "../main/core.js";
import type {Message} from "../shared/contract.js";
import {Extractor} from "../main/web/extractor.js";
import {readHtml} from "../main/web/html.js";
import {articlePage, HOSTILE_PAGES, servePages, watchResponsiveness} from "../tests/helpers/hostilePages.js";
import {TEST_MODEL, tempDir} from "../tests/helpers/paths.js";

const RUNS = 5;

function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
}

/** An article of 20 KB and of 1 MB: in the worker (as web_fetch runs it) and inline (the reference). */
export async function extractionFigures() {
    const extractor = new Extractor();
    const page = (html: string) => ({
        type: "page" as const,
        page: {url: "https://bench.example/a", kind: "html" as const, charset: null, body: Buffer.from(html)},
    });
    await extractor.run(page("<p>warm-up</p>"));
    const measure = async (html: string) => {
        const worker: number[] = [];
        const inline: number[] = [];
        let chars = 0;
        for (let i = 0; i < RUNS; i++) {
            let t = performance.now();
            chars = (await extractor.run(page(html))).text.length;
            worker.push(performance.now() - t);
            t = performance.now();
            readHtml(html, "https://bench.example/a");
            inline.push(performance.now() - t);
        }
        return {
            inputBytes: html.length,
            outputChars: chars,
            workerMedianMs: median(worker),
            inlineMedianMs: median(inline),
        };
    };
    try {
        return {
            article20KB: await measure(articlePage(20_000)),
            article1MB: await measure(articlePage(1_000_000)),
        };
    } finally {
        await extractor.close();
    }
}

/**
 * Each hostile page fetched through a real turn (preflight web_fetch, the tool's time limit) while
 * app.getStatus is called every 50 ms: latency p50/p99/max, the tool's time, RSS growth.
 */
export async function hostilePageFigures() {
    const site = await servePages(
        Object.fromEntries(Object.entries(HOSTILE_PAGES).map(([n, make]) => [n, make()])),
    );
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        "tools:\n    web_fetch:\n        options:\n            allow_hosts: [127.0.0.1]\n",
    );
    const core = createCore({
        dataDir,
        modelPath: TEST_MODEL,
        threads: 1,
        gpu: false,
        generation: {maxTokens: 4},
    });
    await core.loadConfiguredModel();
    const figures: Record<string, object> = {};
    try {
        for (const name of Object.keys(HOSTILE_PAGES)) {
            const c = core.conversations.create();
            core.conversations.setWebAccess(c.id, true);
            const done = new Promise<Message>((resolve) =>
                core.bus.subscribe(
                    (e) => e.type === "chat.done" && e.conversationId === c.id && resolve(e.message),
                ),
            );
            const watch = watchResponsiveness(() => core.dispatcher.call("app.getStatus", {}));
            core.chat.send(c.id, "What does it say?", {
                preflight: [{name: "web_fetch", args: {url: `${site.base}/${name}`}}],
            });
            const call = (await done).toolCalls[0]!;
            const responsiveness = await watch.stop();
            figures[name] = {
                bytes: HOSTILE_PAGES[name]!().length,
                status: call.status,
                toolMs: call.finishedAt! - call.startedAt,
                ...responsiveness,
            };
        }
    } finally {
        await core.dispose();
        await site.close();
    }
    return figures as Record<
        string,
        {
            bytes: number;
            status: string;
            toolMs: number;
            p50Ms: number;
            p99Ms: number;
            maxMs: number;
            rssGrowthMb: number;
        }
    >;
}

export function hardeningRows(
    extraction: Awaited<ReturnType<typeof extractionFigures>>,
    hostile: Awaited<ReturnType<typeof hostilePageFigures>>,
) {
    const f = (n: number) => n.toFixed(1);
    return {
        "extract 20 KB article, worker / inline (ms)": `${f(extraction.article20KB.workerMedianMs)} / ${f(extraction.article20KB.inlineMedianMs)}`,
        "extract 1 MB article, worker / inline (ms; target <= 500)": `${f(extraction.article1MB.workerMedianMs)} / ${f(extraction.article1MB.inlineMedianMs)}`,
        ...Object.fromEntries(
            Object.entries(hostile).map(([name, h]) => [
                `hostile ${name} page: app.getStatus p50 / p99 (ms; target p99 <= 50), tool ms, RSS +MB (<= 300)`,
                `${f(h.p50Ms)} / ${f(h.p99Ms)}, ${h.toolMs} ${h.status}, +${f(h.rssGrowthMb)}`,
            ]),
        ),
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const extraction = await extractionFigures();
    const hostile = await hostilePageFigures();
    console.log(JSON.stringify({extraction, hostile}, null, 2));
    console.table(hardeningRows(extraction, hostile));
}
