// Issue 37's speculative decoding figures: Cairn's engine on the random-weight 1B layout (Llama 3's tokenizer),
// 2 threads, greedy, with no predictor, with input lookup (the default without a draft model), with itself as
// the draft (every guess right: the ceiling) and with a tiny random model of the same tokenizer as the draft
// (nearly every guess wrong: the floor). All are loaded at once and run in turns, as bench/llamaServer.ts does.
// CAIRN_BENCH_MODEL and CAIRN_BENCH_DRAFT_MODEL measure a real pair the same way.
import {pathToFileURL} from "node:url";
import {Engine} from "../main/llm/engine.js";
import {DEFAULT_ENGINE_SETTINGS} from "../main/store/settings.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {FAMILIES, templateModel} from "../tests/helpers/templateModel.js";

const ROUNDS = 5;
const GENERATED = 64;
const THREADS = 2;
const PROMPT = "Once upon a time";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Setup = {name: string; draft: string | null; speculation: "none" | "auto"};

type Row = {
    setup: string;
    /** The first answer (a draft that guesses badly pauses after it), and the median of the rounds. */
    firstTokensPerSecond: number;
    tokensPerSecond: number;
    /** Over the engine without a predictor, median of each round's ratio. */
    overNone: number;
    draftedTokens: number;
    acceptedTokens: number;
};

async function loaded(model: string, setup: Setup): Promise<Engine> {
    const engine = new Engine({
        threads: THREADS,
        gpu: false,
        draftModel: () => setup.draft,
        settings: () => ({...DEFAULT_ENGINE_SETTINGS, speculativeDecoding: setup.speculation === "auto"}),
    });
    const res = await engine.load(model);
    if (!res.ok) throw new Error(`${setup.name}: ${res.error.message}`);
    if (res.value.message) throw new Error(`${setup.name}: ${res.value.message}`);
    return engine;
}

async function generate(engine: Engine) {
    const res = await engine.generate({
        history: [],
        prompt: PROMPT,
        signal: new AbortController().signal,
        onText: () => {},
        maxTokens: GENERATED,
        sampling: {temperature: 0},
    });
    if (!res.ok) throw new Error(res.error.message);
    const s = res.value.stats;
    return {
        tokensPerSecond: ((s.completionTokens - 1) / (s.durationMs - s.timeToFirstTokenMs!)) * 1000,
        drafted: s.draftedTokens ?? 0,
        accepted: s.acceptedTokens ?? 0,
    };
}

export async function speculativeFigures() {
    const model = process.env.CAIRN_BENCH_MODEL || layoutModel(LLAMA_3_2_1B);
    const draft = process.env.CAIRN_BENCH_DRAFT_MODEL;
    // Random weights are never confident: without this the draft would stop at its first guess.
    if (!process.env.CAIRN_BENCH_MODEL) process.env.CAIRN_DRAFT_MIN_CONFIDENCE ??= "0";
    const setups: Setup[] = [
        {name: "no predictor", draft: null, speculation: "none"},
        {name: "input lookup", draft: null, speculation: "auto"},
        ...(draft
            ? [{name: "draft model", draft, speculation: "auto" as const}]
            : [
                  {name: "itself as draft (ceiling)", draft: model, speculation: "auto" as const},
                  {
                      name: "tiny random draft (floor)",
                      draft: templateModel(FAMILIES["llama-3.2"]),
                      speculation: "auto" as const,
                  },
              ]),
    ];
    const engines: Engine[] = [];
    try {
        for (const setup of setups) engines.push(await loaded(model, setup));
        const runs = setups.map(() => [] as Awaited<ReturnType<typeof generate>>[]);
        for (let round = 0; round < ROUNDS; round++)
            for (const [i, engine] of engines.entries()) runs[i]!.push(await generate(engine));
        const rows: Row[] = setups.map((setup, i) => ({
            setup: setup.name,
            firstTokensPerSecond: runs[i]![0]!.tokensPerSecond,
            tokensPerSecond: median(runs[i]!.map((r) => r.tokensPerSecond)),
            overNone: median(
                runs[i]!.map((r, round) => r.tokensPerSecond / runs[0]![round]!.tokensPerSecond),
            ),
            draftedTokens: median(runs[i]!.map((r) => r.drafted)),
            acceptedTokens: median(runs[i]!.map((r) => r.accepted)),
        }));
        return {model, threads: THREADS, generatedTokens: GENERATED, rounds: ROUNDS, rows};
    } finally {
        for (const engine of engines) await engine.dispose();
    }
}

export function speculativeRows(figures: Awaited<ReturnType<typeof speculativeFigures>>) {
    return Object.fromEntries(
        figures.rows.map((r) => [
            `speculative decoding, ${r.setup}: generation tokens/s, median (× without a predictor), first answer; drafted, accepted tokens`,
            `${r.tokensPerSecond.toFixed(1)} (${r.overNone.toFixed(2)}×), ${r.firstTokensPerSecond.toFixed(1)}; ${r.draftedTokens}, ${r.acceptedTokens}`,
        ]),
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await speculativeFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(speculativeRows(figures));
}
