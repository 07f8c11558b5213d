// Issue 37's speculative decoding figures: Cairn's engine on the 1B layout (Llama 3's tokenizer), 2 threads,
// greedy, each model with no predictor and with each way of guessing, all loaded at once and run in turns, as
// bench/llamaServer.ts does.
// - Random weights: input lookup (the default without a draft model), the model itself as its draft, and a
//   tiny random model of the same tokenizer as the draft (its guesses nearly always wrong: the floor, the cost).
// - Echo weights (layoutModel's "echo": the same layout and cost per token, the next token certain): itself as
//   its draft and a tiny echo model as the draft, every guess right: the ceiling, what guessing can give.
// CAIRN_BENCH_MODEL and CAIRN_BENCH_DRAFT_MODEL measure a real pair the same way.
import {pathToFileURL} from "node:url";
import {Engine} from "../main/llm/engine/engine.js";
import {DEFAULT_ENGINE_SETTINGS} from "../main/store/settings.js";
import {LLAMA_3_1_8B, LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {FAMILIES, templateModel} from "../tests/helpers/templateModel.js";

const ROUNDS = 5;
const GENERATED = 64;
/** CAIRN_BENCH_GPU=1 (a lent GPU machine, bench/gpu/speculativePipeline.sh): every layer on the GPU. */
const ON_GPU = process.env.CAIRN_BENCH_GPU === "1";
const THREADS = ON_GPU ? 4 : 2;
const GENERATED_ON_GPU = 256;
const PROMPT = "Once upon a time";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Setup = {
    name: string;
    model: string;
    draft: string | null;
    speculation: "none" | "auto";
    /** The setup whose tokens/s this one is measured against: the same model with no predictor. */
    baseline: number;
};

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

async function loaded(setup: Setup): Promise<Engine> {
    const engine = new Engine({
        threads: THREADS,
        gpu: ON_GPU ? "auto" : false,
        draftModel: () => setup.draft,
        settings: () => ({...DEFAULT_ENGINE_SETTINGS, speculativeDecoding: setup.speculation === "auto"}),
    });
    const res = await engine.load(setup.model);
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
        maxTokens: ON_GPU ? GENERATED_ON_GPU : GENERATED,
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
    const setups = ON_GPU
        ? gpuSetups()
        : draft
          ? realPair(model, draft)
          : layoutSetups(model, !process.env.CAIRN_BENCH_MODEL);
    return measure(setups, ON_GPU ? "8B layout, 1B layout as draft" : model);
}

async function measure(setups: Setup[], model: string) {
    const engines: Engine[] = [];
    try {
        for (const setup of setups) engines.push(await loaded(setup));
        const runs = setups.map(() => [] as Awaited<ReturnType<typeof generate>>[]);
        for (let round = 0; round < ROUNDS; round++)
            for (const [i, engine] of engines.entries()) runs[i]!.push(await generate(engine));
        const rows: Row[] = setups.map((setup, i) => ({
            setup: setup.name,
            firstTokensPerSecond: runs[i]![0]!.tokensPerSecond,
            tokensPerSecond: median(runs[i]!.map((r) => r.tokensPerSecond)),
            overNone: median(
                runs[i]!.map((r, round) => r.tokensPerSecond / runs[setup.baseline]![round]!.tokensPerSecond),
            ),
            draftedTokens: median(runs[i]!.map((r) => r.drafted)),
            acceptedTokens: median(runs[i]!.map((r) => r.accepted)),
        }));
        return {
            model,
            gpu: ON_GPU,
            threads: THREADS,
            generatedTokens: ON_GPU ? GENERATED_ON_GPU : GENERATED,
            rounds: ROUNDS,
            rows,
        };
    } finally {
        for (const engine of engines) await engine.dispose();
    }
}

function realPair(model: string, draft: string): Setup[] {
    return [
        {name: "no predictor", model, draft: null, speculation: "none", baseline: 0},
        {name: "input lookup", model, draft: null, speculation: "auto", baseline: 0},
        {name: "draft model", model, draft, speculation: "auto", baseline: 0},
    ];
}

/** The model with each way of guessing, then (`withEcho`) the echo 1B layout's ceiling rows. */
function layoutSetups(model: string, withEcho: boolean): Setup[] {
    const random: Setup[] = [
        {name: "no predictor", model, draft: null, speculation: "none", baseline: 0},
        {name: "input lookup", model, draft: null, speculation: "auto", baseline: 0},
        {name: "itself as draft", model, draft: model, speculation: "auto", baseline: 0},
        {
            name: "tiny random draft (floor)",
            model,
            draft: templateModel(FAMILIES["llama-3.2"]),
            speculation: "auto",
            baseline: 0,
        },
    ];
    if (!withEcho) return random;
    const echo = layoutModel(LLAMA_3_2_1B, "echo");
    return [
        ...random,
        {name: "echo weights, no predictor", model: echo, draft: null, speculation: "none", baseline: 4},
        {name: "echo weights, itself as draft", model: echo, draft: echo, speculation: "auto", baseline: 4},
        {
            name: "echo weights, tiny echo draft (ceiling)",
            model: echo,
            draft: templateModel(FAMILIES["llama-3.2"], "echo"),
            speculation: "auto",
            baseline: 4,
        },
    ];
}

/**
 * On a GPU: the 8B layout with the 1B layout as its draft (Llama 3.2 1B drafting for Llama 3.1 8B, the same
 * tokenizer), on random weights (the floor) and on echo weights (the ceiling).
 */
function gpuSetups(): Setup[] {
    const [model, draft] = [layoutModel(LLAMA_3_1_8B), layoutModel(LLAMA_3_2_1B)];
    const [echo, echoDraft] = [layoutModel(LLAMA_3_1_8B, "echo"), layoutModel(LLAMA_3_2_1B, "echo")];
    return [
        {name: "no predictor", model, draft: null, speculation: "none", baseline: 0},
        {name: "input lookup", model, draft: null, speculation: "auto", baseline: 0},
        {name: "1B random draft (floor)", model, draft, speculation: "auto", baseline: 0},
        {name: "echo weights, no predictor", model: echo, draft: null, speculation: "none", baseline: 3},
        {
            name: "echo weights, 1B echo draft (ceiling)",
            model: echo,
            draft: echoDraft,
            speculation: "auto",
            baseline: 3,
        },
    ];
}

export function speculativeRows(figures: Awaited<ReturnType<typeof speculativeFigures>>) {
    const rows: Record<string, string> = Object.fromEntries(
        figures.rows.map((r) => [
            `speculative decoding, ${r.setup}: generation tokens/s, median (× without a predictor), first answer; drafted, accepted tokens`,
            `${r.tokensPerSecond.toFixed(1)} (${r.overNone.toFixed(2)}×), ${r.firstTokensPerSecond.toFixed(1)}; ${r.draftedTokens}, ${r.acceptedTokens}`,
        ]),
    );
    const verdict = whenToTurnOff(figures.rows);
    if (verdict) rows["speculative decoding, when to turn a draft off"] = verdict;
    return rows;
}

/** What the floor and the ceiling say of a draft on this machine, in words (null without both rows). */
function whenToTurnOff(rows: Row[]): string | null {
    const floor = rows.find((r) => r.setup.includes("(floor)"));
    const ceiling = rows.find((r) => r.setup.includes("(ceiling)"));
    if (!floor || !ceiling) return null;
    const cost = Math.max(0, Math.round((1 - floor.overNone) * 100));
    return (
        `a draft always right made answers ${ceiling.overNone.toFixed(2)}× as fast, one never right ${cost}% slower ` +
        "(Cairn pauses a draft whose guesses fail or that makes answers slower than the model alone): turn a draft " +
        "off where its answers are no faster than without it"
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await speculativeFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(speculativeRows(figures));
}
