// Chat formats (`npm run bench:families` alone): for model families with real tokenizers and templates on tiny
// random weights, the time from asking to the first token, side by side: node-llama-cpp's LlamaChat as its
// docs use it (a new LlamaChat per answer, chat format "auto", resolved again each time), the same with the
// format resolved once, and Cairn (send to the first chat.token event). The weights are tiny, so the figures
// are the fixed costs around generation, not generation itself.
import {pathToFileURL} from "node:url";
import {
    getLlama,
    LlamaChat,
    resolveChatWrapper,
    type ChatWrapper,
    type LlamaContextSequence,
} from "node-llama-cpp";
import {createCore, createMemoryClient} from "../main/core.js";
import {FAMILIES, templateModel} from "../tests/helpers/templateModel.js";
import {tempDir} from "../tests/helpers/paths.js";

const RUNS = 5;
const NAMES = ["llama-3.1", "qwen3", "gemma-4"] as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function rawFirstToken(sequence: LlamaContextSequence, wrapper: ChatWrapper | "auto", i: number) {
    const started = performance.now();
    const chat = new LlamaChat({contextSequence: sequence, chatWrapper: wrapper, autoDisposeSequence: false});
    let first = 0;
    await chat.generateResponse(
        [
            {type: "user", text: `Question ${i}?`},
            {type: "model", response: []},
        ],
        {
            maxTokens: 2,
            onTextChunk: () => (first ||= performance.now()),
        },
    );
    chat.dispose({disposeSequence: false});
    return first - started;
}

async function cairnFirstToken(modelPath: string): Promise<number[]> {
    const core = createCore({dataDir: tempDir(), modelPath, threads: 1, gpu: false});
    await core.loadConfiguredModel();
    const api = createMemoryClient(core);
    const times: number[] = [];
    try {
        const conversation = await api.invoke("conversations.create", {});
        if (!conversation.ok) throw new Error(conversation.error.message);
        const id = conversation.value.id;
        await api.invoke("conversations.setGeneration", {id, generation: {maxTokens: 2}});
        for (let i = 0; i < RUNS; i++) {
            const started = performance.now();
            const done = new Promise<number>((resolve) => {
                let first = 0;
                const off = api.onEvent((e) => {
                    if (e.type === "chat.token") first ||= performance.now();
                    if (e.type === "chat.done") {
                        off();
                        resolve(first - started);
                    }
                });
            });
            await api.invoke("chat.send", {conversationId: id, text: `Question ${i}?`, toolChoice: "none"});
            times.push(await done);
        }
    } finally {
        await core.dispose();
    }
    return times;
}

export async function familyFigures() {
    const llama = await getLlama({gpu: false});
    const rows = [];
    for (const name of NAMES) {
        const modelPath = templateModel(FAMILIES[name]);
        const model = await llama.loadModel({modelPath});
        const context = await model.createContext({contextSize: 2048, threads: 1});
        const sequence = context.getSequence();
        const resolveStarted = performance.now();
        const wrapper = resolveChatWrapper(model, {warningLogs: false});
        const resolveMs = performance.now() - resolveStarted;
        const auto: number[] = [];
        const once: number[] = [];
        for (let i = 0; i < RUNS; i++) {
            auto.push(await rawFirstToken(sequence, "auto", i));
            once.push(await rawFirstToken(sequence, wrapper, i));
        }
        await context.dispose();
        await model.dispose();
        const cairn = await cairnFirstToken(modelPath);
        rows.push({
            family: name,
            chatFormat: wrapper.wrapperName,
            resolveFormatMs: resolveMs,
            firstTokenMs: {
                nodeLlamaCppAutoEachAnswer: median(auto),
                nodeLlamaCppResolvedOnce: median(once),
                cairn: median(cairn),
            },
        });
    }
    return {runs: RUNS, families: rows};
}

export function familyRows(figures: Awaited<ReturnType<typeof familyFigures>>): Record<string, string> {
    return Object.fromEntries(
        figures.families.map((f) => [
            `${f.family} (${f.chatFormat}): first token ms, node-llama-cpp auto / resolved once / Cairn`,
            [
                f.firstTokenMs.nodeLlamaCppAutoEachAnswer,
                f.firstTokenMs.nodeLlamaCppResolvedOnce,
                f.firstTokenMs.cairn,
            ]
                .map((ms) => ms.toFixed(0))
                .join(" / "),
        ]),
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await familyFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(familyRows(figures));
}
