// A model file's header (`npm run bench:header` alone, or in `npm run bench`): what node-llama-cpp's reader costs on
// a large vocabulary, its items read in parts (patch 006) beside one at a time (CAIRN_GGUF_ARRAYS=each, the
// package's own way), and what a model load costs with the header Cairn read passed in beside read again. Each
// figure is CPU time and the longest the event loop was held, the median of RUNS, on template models with
// Gemma 4's (262k tokens) and Qwen 3's (151k) real vocabularies.
import {monitorEventLoopDelay} from "node:perf_hooks";
import {pathToFileURL} from "node:url";
import {readGgufFileInfo} from "node-llama-cpp";
import {anyLlama} from "../main/llm/llama.js";
import {FAMILIES, templateModel} from "../tests/helpers/templateModel.js";

const RUNS = 5;

type Cost = {cpuMs: number; longestHoldMs: number};

/** CPU time and the event loop's longest hold while `work` runs. */
async function costOf(work: () => Promise<unknown>): Promise<Cost> {
    const holds = monitorEventLoopDelay({resolution: 1});
    holds.enable();
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    holds.disable();
    return {cpuMs: (used.user + used.system) / 1000, longestHoldMs: holds.max / 1e6};
}

/** The median of RUNS, for each figure. */
async function median(work: () => Promise<unknown>): Promise<Cost> {
    const costs: Cost[] = [];
    for (let i = 0; i < RUNS; i++) costs.push(await costOf(work));
    const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {cpuMs: mid(costs.map((c) => c.cpuMs)), longestHoldMs: mid(costs.map((c) => c.longestHoldMs))};
}

async function headerRead(file: string, arrays: "parts" | "each"): Promise<Cost> {
    const read = () => readGgufFileInfo(file, {sourceType: "filesystem"});
    await read();
    if (arrays === "each") process.env.CAIRN_GGUF_ARRAYS = "each";
    try {
        return await median(read);
    } finally {
        delete process.env.CAIRN_GGUF_ARRAYS;
    }
}

/** A vocab-only load (the weights are a tiny model's: what is measured is the header's part). */
async function modelLoad(file: string, header: "passed" | "read again"): Promise<Cost> {
    const {llama} = await anyLlama();
    const fileInfo = await readGgufFileInfo(file, {sourceType: "filesystem"});
    return median(async () => {
        const model = await llama.loadModel({
            modelPath: file,
            vocabOnly: true,
            ...(header === "passed" ? {fileInfo} : {}),
        });
        await model.dispose();
    });
}

async function figuresFor(file: string) {
    return {
        headerRead: {parts: await headerRead(file, "parts"), each: await headerRead(file, "each")},
        vocabularyLoad: {
            headerPassed: await modelLoad(file, "passed"),
            headerReadAgain: await modelLoad(file, "read again"),
        },
    };
}

export async function modelHeaderFigures() {
    return {
        gemma4Vocabulary262k: await figuresFor(templateModel(FAMILIES["gemma-4"])),
        qwen3Vocabulary151k: await figuresFor(templateModel(FAMILIES.qwen3)),
    };
}

export function modelHeaderRows(f: Awaited<ReturnType<typeof modelHeaderFigures>>): Record<string, string> {
    const cost = (c: Cost) =>
        `${c.cpuMs.toFixed(0)} ms CPU, event loop held ${c.longestHoldMs.toFixed(0)} ms`;
    const rows: Record<string, string> = {};
    for (const [name, figures] of [
        ["262k-token vocabulary (Gemma 4)", f.gemma4Vocabulary262k],
        ["151k-token vocabulary (Qwen 3)", f.qwen3Vocabulary151k],
    ] as const) {
        rows[`GGUF header read, ${name}: in parts / one item at a time`] =
            `${cost(figures.headerRead.parts)} / ${cost(figures.headerRead.each)}`;
        rows[`vocabulary load, ${name}: header passed / read again`] =
            `${cost(figures.vocabularyLoad.headerPassed)} / ${cost(figures.vocabularyLoad.headerReadAgain)}`;
    }
    return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await modelHeaderFigures();
    console.log(JSON.stringify({figures, rows: modelHeaderRows(figures)}, null, 2));
}
