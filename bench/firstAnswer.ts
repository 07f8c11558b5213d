// A first answer's time to first token on Llama 3.2 1B's exact Q4_K_M layout, through Cairn's whole core:
// without tools, with the built-in tools (cold; the shared prefix already in the context; read from disk after
// a restart), and turn 5 of one conversation; the prompt's evaluation speed; and the machine's memory-bandwidth
// limit for generation (bytes of weights read per token against a measured copy bandwidth).
// `npm run bench:first` alone, or in `npm run bench`.
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";
import {createCore, type Core} from "../main/core.js";
import type {Message} from "../shared/contract.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {tempDir} from "../tests/helpers/paths.js";

const GENERATION = {maxTokens: 4, temperature: 0, seed: 1};
const QUESTION = "What is the tallest mountain in the Alps, and how high is it?";
/** A new conversation's question: only the shared prefix can be reused for it. */
const OTHER_QUESTION = "Which river flows through Vienna, Bratislava and Budapest?";

async function open(dataDir: string, model: string, threads: number): Promise<Core> {
    const core = createCore({dataDir, modelPath: model, threads, gpu: false, generation: GENERATION});
    await core.loadConfiguredModel();
    if (!core.engine.isLoaded()) throw new Error(core.engine.status().message ?? "the model did not load");
    return core;
}

async function ask(core: Core, conversationId: string, text: string): Promise<Message> {
    const done = new Promise<Message>((resolve) => {
        const off = core.bus.subscribe((e) => {
            if (e.type === "chat.done" && e.conversationId === conversationId) {
                off();
                resolve(e.message);
            }
        });
    });
    const sent = core.chat.send(conversationId, text);
    if (!sent.ok) throw new Error(sent.error.message);
    const answer = await done;
    if (answer.status !== "complete")
        throw new Error(`the answer ended as ${answer.status}: ${answer.error}`);
    return answer;
}

function figures(answer: Message) {
    const s = answer.stats!;
    return {
        timeToFirstTokenMs: s.timeToFirstTokenMs,
        promptTokens: s.promptTokens,
        reusedTokens: s.reusedTokens,
        promptTokensPerSecond: s.timeToFirstTokenMs ? (s.promptTokens / s.timeToFirstTokenMs) * 1000 : null,
    };
}

/** Copies of a 256 MiB buffer: the memory bandwidth one thread reaches here (read + write, counted once). */
function copyBandwidthGiBs(): number {
    const size = 256 * 2 ** 20;
    const from = Buffer.alloc(size, 1);
    const to = Buffer.alloc(size);
    const seconds: number[] = [];
    for (let i = 0; i < 5; i++) {
        const started = performance.now();
        from.copy(to);
        seconds.push((performance.now() - started) / 1000);
    }
    return size / 2 ** 30 / Math.min(...seconds);
}

export async function firstAnswerFigures(threads = 2) {
    const model = layoutModel(LLAMA_3_2_1B);
    const dataDir = tempDir("cairn-bench-first-");
    let core = await open(dataDir, model, threads);
    const plain = core.conversations.create("no tools");
    core.conversations.setToolsOff(
        plain.id,
        core.tools.list().map((t) => t.name),
    );
    const noTools = figures(await ask(core, plain.id, QUESTION));
    const first = core.conversations.create("tools");
    const cold = figures(await ask(core, first.id, QUESTION));
    for (let turn = 2; turn <= 4; turn++) await ask(core, first.id, `${QUESTION} (turn ${turn})`);
    const turn5 = figures(await ask(core, first.id, `${QUESTION} (turn 5)`));
    const second = core.conversations.create("tools, prefix in the context");
    const inContext = figures(await ask(core, second.id, OTHER_QUESTION));
    await core.dispose();
    core = await open(dataDir, model, threads);
    const third = core.conversations.create("tools, after a restart");
    const afterRestart = figures(await ask(core, third.id, OTHER_QUESTION));
    await core.dispose();
    const cacheBytes = fs
        .readdirSync(path.join(dataDir, "prompt-cache"))
        .reduce((sum, f) => sum + fs.statSync(path.join(dataDir, "prompt-cache", f)).size, 0);
    fs.rmSync(dataDir, {recursive: true, force: true});
    const modelBytes = fs.statSync(model).size;
    const bandwidth = copyBandwidthGiBs();
    return {
        model: LLAMA_3_2_1B.name,
        threads,
        withoutTools: noTools,
        withTools: {cold, prefixInContext: inContext, afterRestart, turn5},
        savedPrefixBytes: cacheBytes,
        memory: {
            weightBytesPerToken: modelBytes,
            copyBandwidthGiBs: bandwidth,
            tokensPerSecondLimit: (bandwidth * 2 ** 30) / modelBytes,
        },
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    console.log(JSON.stringify(await firstAnswerFigures(), null, 2));
}
