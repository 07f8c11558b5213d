// The local API beside in-process generation, same model and settings, in one run (`npm run bench:api`
// alone): tokens/s and time to first token through HTTP + SSE vs the engine called directly, and a
// client that resends a growing 10-turn conversation: prompt tokens evaluated per turn vs new tokens.
import {spawn} from "node:child_process";
import readline from "node:readline";
import {fileURLToPath, pathToFileURL} from "node:url";
import OpenAI from "openai";
import {startApi} from "../main/api/server.js";
import {createCore} from "../main/core.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {TEST_MODEL, tempDir} from "../tests/helpers/paths.js";

const PROMPT = "Once upon a time";
const KEY = "bench-key";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * engineTokensPerSecond: the engine's own rate for that run (in the server, for API runs). API runs also carry
 * the server's Server-Timing: its time before the engine (read + queue) and to the first text.
 */
type Run = {
    firstTokenMs: number;
    tokensPerSecond: number;
    engineTokensPerSecond: number;
    serverBeforeEngineMs?: number;
    serverToFirstTextMs?: number;
};

/** What one comparison runs on: the test model by default, a realistic model for `realisticApiFigures`. */
type Setup = {model: string; threads: number; runs: number; maxTokens: number; resend: boolean};
const STORIES: Setup = {model: TEST_MODEL, threads: 1, runs: 15, maxTokens: 256, resend: true};

export async function apiFigures(setup: Setup = STORIES) {
    const {runs: RUNS, maxTokens: MAX_TOKENS} = setup;
    const core = createCore({dataDir: tempDir(), modelPath: setup.model, threads: setup.threads, gpu: false});
    await core.loadConfiguredModel();
    core.settings.set("generation", {temperature: 0, seed: 1, repeatPenalty: 1.1});
    const api = await startApi({core, key: () => KEY, port: 0});
    const openai = new OpenAI({baseURL: api.url, apiKey: KEY, maxRetries: 0});
    try {
        // The client runs in its own process, as a real one does, and stays warm between runs. The two
        // sides alternate run by run, so that neither gets a quieter machine.
        const client = startClient(api.url, MAX_TOKENS);
        await inProcessRun(core, MAX_TOKENS); // warms the context and the client
        await client.run();
        const inProcess: Run[] = [];
        const overApi: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
            inProcess.push(await inProcessRun(core, MAX_TOKENS));
            overApi.push(await client.run());
        }
        client.stop();
        const tps = {
            inProcess: median(inProcess.map((r) => r.tokensPerSecond)),
            api: median(overApi.map((r) => r.tokensPerSecond)),
        };
        const engine = {
            inProcess: median(inProcess.map((r) => r.engineTokensPerSecond)),
            api: median(overApi.map((r) => r.engineTokensPerSecond)),
        };
        const ttft = {
            inProcess: median(inProcess.map((r) => r.firstTokenMs)),
            api: median(overApi.map((r) => r.firstTokenMs)),
        };
        // Where the added time goes: the server before the engine, and the connection and client (the
        // client's wait for the first text beyond the server's own time to it).
        const split = {
            serverBeforeEngineMs: median(overApi.map((r) => r.serverBeforeEngineMs!)),
            connectionAndClientMs: median(overApi.map((r) => r.firstTokenMs - r.serverToFirstTextMs!)),
        };
        return {
            model: setup.model === TEST_MODEL ? "stories260K" : setup.model,
            threads: setup.threads,
            runs: RUNS,
            maxTokens: MAX_TOKENS,
            tokensPerSecond: {...tps, ratio: tps.api / tps.inProcess},
            // The engine's own rate on each side: what the model made, before HTTP and the client.
            engineTokensPerSecond: {...engine, ratio: engine.api / engine.inProcess},
            firstTokenMs: {...ttft, addedMs: ttft.api - ttft.inProcess, ...split},
            resend: setup.resend ? await resendConversation(openai) : null,
        };
    } finally {
        await api.close();
        await core.dispose();
    }
}

async function inProcessRun(core: ReturnType<typeof createCore>, maxTokens: number): Promise<Run> {
    const started = performance.now();
    const stamps: number[] = [];
    const generation = core.settings.values().generation;
    const res = await core.engine.step({
        history: [{type: "user", text: PROMPT}],
        signal: new AbortController().signal,
        maxTokens,
        sampling: generation,
        onText: () => stamps.push(performance.now()),
    });
    if (!res.ok) throw new Error(res.error.message);
    return {
        ...runOf(started, stamps, res.value.stats.completionTokens),
        engineTokensPerSecond: res.value.stats.tokensPerSecond ?? NaN,
    };
}

/** The API side: a client process that streams one completion per request and answers with its timings. */
function startClient(url: string, maxTokens: number) {
    const script = fileURLToPath(new URL("./apiClient.ts", import.meta.url));
    const args = ["--import", "tsx", script, url, KEY, String(maxTokens), PROMPT];
    const child = spawn(process.execPath, args, {stdio: ["pipe", "pipe", "inherit"]});
    const lines = readline.createInterface({input: child.stdout});
    return {
        run: () =>
            new Promise<Run>((resolve, reject) => {
                lines.once("line", (line) => resolve(JSON.parse(line) as Run));
                child.once("exit", (code) => reject(new Error(`the API bench client exited with ${code}`)));
                child.stdin.write("run\n");
            }),
        stop: () => child.stdin.end(),
    };
}

/** Both sides timed the same way: from the call to the first text, then tokens over the streaming time. */
function runOf(started: number, stamps: number[], tokens: number): Omit<Run, "engineTokensPerSecond"> {
    const first = stamps[0] ?? NaN;
    const last = stamps.at(-1) ?? NaN;
    return {firstTokenMs: first - started, tokensPerSecond: ((tokens - 1) / (last - first)) * 1000};
}

/** A client that keeps the history and resends it whole each turn, as OpenAI clients do. */
async function resendConversation(client: OpenAI) {
    const messages: OpenAI.ChatCompletionMessageParam[] = [
        {role: "system", content: "You tell short stories."},
    ];
    const turns: {prompt: number; cached: number; evaluated: number; newTokens: number}[] = [];
    let previous: {prompt: number; completion: number} | null = null;
    for (let turn = 1; turn <= 10; turn++) {
        messages.push({role: "user", content: `Part ${turn}: and then what happened to the little dog?`});
        const res = await client.chat.completions.create({model: "local", messages, max_tokens: 32});
        const usage = res.usage!;
        const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
        const evaluated = usage.prompt_tokens - cached;
        const newTokens = previous
            ? usage.prompt_tokens - previous.prompt - previous.completion
            : usage.prompt_tokens;
        turns.push({prompt: usage.prompt_tokens, cached, evaluated, newTokens});
        previous = {prompt: usage.prompt_tokens, completion: usage.completion_tokens};
        messages.push({role: "assistant", content: res.choices[0]!.message.content ?? ""});
    }
    const later = turns.slice(1);
    const evaluated = later.reduce((s, t) => s + t.evaluated, 0);
    const fresh = later.reduce((s, t) => s + t.newTokens, 0);
    return {turns, evaluatedOverNew: evaluated / fresh};
}

/**
 * The same comparison at a real model's pace: Llama 3.2 1B's exact Q4_K_M layout (random weights), where
 * a token takes ~35 ms here rather than stories260K's 0.6 ms, so per-event costs weigh what they would
 * for a user. No resend figure: random weights write random token sequences, which do not come back as the
 * same tokens when the client resends them as text, so each resend re-reads the last answer (a trained
 * model's answers do; the resend figure is stories260K's).
 */
export async function realisticApiFigures() {
    const model = layoutModel(LLAMA_3_2_1B);
    const figures = await apiFigures({model, threads: 1, runs: 9, maxTokens: 64, resend: false});
    return {...figures, model: LLAMA_3_2_1B.name};
}

export function apiRows(figures: Awaited<ReturnType<typeof apiFigures>>): Record<string, string> {
    const {tokensPerSecond: tps, firstTokenMs: ttft, resend} = figures;
    const on = figures.model === "stories260K" ? "" : ", 1B layout";
    return {
        [`API / in-process tokens/s${on} (target >= 0.98)`]: `${tps.api.toFixed(1)} / ${tps.inProcess.toFixed(1)} = ${tps.ratio.toFixed(3)}`,
        [`API / in-process engine's own tokens/s${on}`]: `${figures.engineTokensPerSecond.api.toFixed(1)} / ${figures.engineTokensPerSecond.inProcess.toFixed(1)} = ${figures.engineTokensPerSecond.ratio.toFixed(3)}`,
        [`API / in-process first token${on} (ms; added <= 5)`]: `${ttft.api.toFixed(1)} / ${ttft.inProcess.toFixed(1)}, +${ttft.addedMs.toFixed(1)}`,
        [`API first token${on}: server before the engine / connection and client (ms)`]: `${ttft.serverBeforeEngineMs.toFixed(2)} / ${ttft.connectionAndClientMs.toFixed(2)}`,
        ...(resend
            ? {
                  "API 10-turn resend: evaluated / new prompt tokens (target <= 1.05)":
                      resend.evaluatedOverNew.toFixed(3),
              }
            : {}),
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await apiFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(apiRows(figures));
    if (process.argv.includes("--realistic")) {
        const realistic = await realisticApiFigures();
        console.log(JSON.stringify(realistic, null, 2));
        console.table(apiRows(realistic));
    }
}
