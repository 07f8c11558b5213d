// Local vision (issue 36): a question with an image on the 1B-layout model (Llama 3.2 1B's shape, random
// weights, Q4_K_M layout) with a tiny random LLaVA-kind projector, answered by llama-server through Cairn's
// LocalVisionEngine. Time to first token with and without the image (the difference is the image's cost: its
// encoding and its 16 tokens), and Cairn's generation tokens/s beside the same llama-server called directly
// with the same request (goal: at least 0.97). The projector's encoder is tiny, so its encoding time is not a
// real vision model's (a SigLIP encoder takes far longer): the figures measure Cairn's path, not the encoder.
import {pathToFileURL} from "node:url";
import sharp from "sharp";
import {Engine} from "../main/llm/engine/engine.js";
import {buildLlamaServer} from "../main/llm/llamaServer/build.js";
import {LocalVision, LocalVisionEngine} from "../main/llm/localVision.js";
import type {StepRequest} from "../main/llm/stepTypes.js";
import {LLAMA_3_2_1B, layoutModel} from "../tests/helpers/layoutModel.js";
import {tempDir} from "../tests/helpers/paths.js";
import {CACHE} from "../tests/helpers/templateModel.js";
import {visionProjector} from "../tests/helpers/visionProjector.js";

const ROUNDS = 3;
const GENERATED = 64;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Arrival times of a stream's pieces: the first, and tokens/s after it (pieces are tokens here). */
function speedOf(times: number[], started: number) {
    const first = times[0]! - started;
    const after = times.length > 1 ? (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000) : NaN;
    return {firstMs: first, tokensPerSecond: after, tokens: times.length};
}

export async function visionFigures() {
    const binary =
        process.env.CAIRN_LLAMA_SERVER ??
        (await buildLlamaServer("app", {home: CACHE, progress: (l) => process.stderr.write(`# ${l}\n`)}));
    const model = layoutModel(LLAMA_3_2_1B);
    const projector = visionProjector(LLAMA_3_2_1B.dim);
    const engine = new Engine({threads: 2, gpu: false});
    const vision = new LocalVision({enginesDir: tempDir(), engine, installed: () => [], binary});
    const files = {binary, modelPath: model, projector};
    const png = await sharp({create: {width: 640, height: 480, channels: 3, background: "#c03030"}})
        .png()
        .toBuffer();
    const image = {mime: "image/png", data: png.toString("base64"), width: 640, height: 480};
    const question = (round: number, withImage: boolean): StepRequest["history"] => [
        {type: "user", text: `${round}. What is in this picture?`, ...(withImage ? {images: [image]} : {})},
    ];
    try {
        const cairn = async (round: number, withImage: boolean) => {
            const step = new LocalVisionEngine(vision, engine, files);
            const times: number[] = [];
            const started = performance.now();
            const res = await step.step({
                history: question(round, withImage),
                signal: new AbortController().signal,
                onText: () => times.push(performance.now()),
                maxTokens: GENERATED,
                sampling: {temperature: 0},
            });
            if (!res.ok) throw new Error(res.error.message);
            return speedOf(times, started);
        };
        const direct = async (round: number) => {
            const running = await vision.serverFor(files, new AbortController().signal);
            if (!running.ok) throw new Error(running.error.message);
            const times: number[] = [];
            const started = performance.now();
            const res = await fetch(`${running.value.url}/chat/completions`, {
                method: "POST",
                headers: {"Content-Type": "application/json", Authorization: `Bearer ${running.value.key}`},
                body: JSON.stringify({
                    model: "any",
                    stream: true,
                    max_tokens: GENERATED,
                    temperature: 0,
                    messages: [
                        {
                            role: "user",
                            content: [
                                {type: "text", text: `${round}. What is in this picture?`},
                                {type: "image_url", image_url: {url: `data:image/png;base64,${image.data}`}},
                            ],
                        },
                    ],
                }),
            });
            if (!res.ok || !res.body) throw new Error(`llama-server answered ${res.status}`);
            let buffered = "";
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            for (let read = await reader.read(); !read.done; read = await reader.read()) {
                buffered += read.value;
                const lines = buffered.split("\n");
                buffered = lines.pop()!;
                for (const line of lines)
                    if (/^data: \{.*"content":"/.test(line)) times.push(performance.now());
            }
            return speedOf(times, started);
        };
        await cairn(0, true); // the server started and warmed up
        const text: number[] = [];
        const withImage: number[] = [];
        const cairnSpeed: number[] = [];
        const directSpeed: number[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
            text.push((await cairn(round * 10, false)).firstMs);
            const seen = await cairn(round * 10 + 1, true);
            withImage.push(seen.firstMs);
            cairnSpeed.push(seen.tokensPerSecond);
            directSpeed.push((await direct(round * 10 + 1)).tokensPerSecond);
        }
        return {
            model: LLAMA_3_2_1B.name,
            projector: "tiny random LLaVA-kind (64 px, 16 image tokens)",
            threads: engine.status().threads,
            firstTokenMsText: median(text),
            firstTokenMsWithImage: median(withImage),
            imageCostMs: median(withImage) - median(text),
            cairnTokensPerSecond: median(cairnSpeed),
            llamaServerTokensPerSecond: median(directSpeed),
            ratio: median(cairnSpeed) / median(directSpeed),
            goalRatio: 0.97,
        };
    } finally {
        await vision.stop();
        await engine.dispose();
    }
}

export function visionRows(f: Awaited<ReturnType<typeof visionFigures>>): Record<string, string> {
    return {
        "local vision: first token, text / with an image (1B layout)": `${f.firstTokenMsText.toFixed(0)} / ${f.firstTokenMsWithImage.toFixed(0)} ms (image ${f.imageCostMs.toFixed(0)} ms)`,
        "local vision: Cairn / llama-server direct, tokens/s (goal ≥ 0.97)": `${f.cairnTokensPerSecond.toFixed(1)} / ${f.llamaServerTokensPerSecond.toFixed(1)} = ${f.ratio.toFixed(2)}`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await visionFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(visionRows(figures));
}
