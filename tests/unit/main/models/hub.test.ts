import assert from "node:assert/strict";
import {test} from "node:test";
import {groupFiles, quantizationOf, retryAfterSeconds} from "../../../../main/models/hub.js";

const GB = 1024 ** 3;

test("a GGUF file's quantization is read from its name or folder", () => {
    const cases: Record<string, string> = {
        "Llama-3.2-1B-Instruct-Q4_K_M.gguf": "Q4_K_M",
        "qwen2.5-7b-instruct-q5_k_s.gguf": "Q5_K_S",
        "model.IQ4_XS.gguf": "IQ4_XS",
        "Q8_0/Big-Model-Q8_0-00001-of-00003.gguf": "Q8_0",
        "gemma-3-4b-it-BF16.gguf": "BF16",
        "phi-4-fp16.gguf": "F16",
        "gpt-oss-20b-MXFP4.gguf": "MXFP4",
        "IQ2_XXS/model-IQ2_XXS.gguf": "IQ2_XXS",
        "model.gguf": "unknown",
    };
    for (const [file, quant] of Object.entries(cases)) assert.equal(quantizationOf(file), quant, file);
});

const entry = (path: string, gb: number) => ({path, size: Math.round(gb * GB), type: "file" as const});
const LISTING = [
    entry("m-Q2_K.gguf", 3.2),
    entry("m-Q4_K_M.gguf", 4.9),
    entry("m-Q6_K.gguf", 6.6),
    entry("m-Q8_0.gguf", 8.5),
    entry("m-F16-00001-of-00002.gguf", 8),
    entry("m-F16-00002-of-00002.gguf", 8.1),
    entry("m-BF16-00001-of-00002.gguf", 8),
];

test("the pick: Q4_K_M on a CPU; the most quality up to Q8_0 that fits a GPU; nothing when nothing fits", () => {
    const cpu = groupFiles("o/m", LISTING, {freeRamBytes: 24 * GB, freeVramBytes: 0, gpu: false});
    assert.deepEqual(
        cpu.files.map((f) => f.quantization),
        ["Q2_K", "Q4_K_M", "Q6_K", "Q8_0", "F16"],
        "by size; the BF16 split with a part missing is left out",
    );
    assert.equal(cpu.files.find((f) => f.recommended)?.quantization, "Q4_K_M");
    assert.equal(
        cpu.files.find((f) => f.quantization === "F16")?.sizeBytes,
        Math.round(8 * GB) + Math.round(8.1 * GB),
    );

    const gpu = groupFiles("o/m", LISTING, {freeRamBytes: 24 * GB, freeVramBytes: 10 * GB, gpu: true});
    assert.equal(gpu.files.find((f) => f.recommended)?.quantization, "Q8_0");
    const smallGpu = groupFiles("o/m", LISTING, {freeRamBytes: 24 * GB, freeVramBytes: 6 * GB, gpu: true});
    assert.equal(
        smallGpu.files.find((f) => f.recommended)?.quantization,
        "Q4_K_M",
        "the largest all in VRAM",
    );

    const tiny = groupFiles("o/m", LISTING, {freeRamBytes: 2 * GB, freeVramBytes: 0, gpu: false});
    assert.equal(tiny.files.filter((f) => f.recommended).length, 0);
    assert.ok(tiny.files.every((f) => f.fit.verdict === "too-large" && f.contextTokens === 0));
    const roomy = cpu.files.find((f) => f.quantization === "Q2_K")!;
    assert.ok(roomy.contextTokens > cpu.files.find((f) => f.quantization === "Q8_0")!.contextTokens);
});

test("how long the hub asks to wait: its RateLimit header's t=, else Retry-After", () => {
    const answer = (headers: Record<string, string>) => new Response(null, {status: 429, headers});
    assert.equal(retryAfterSeconds(answer({ratelimit: '"api";r=0;t=55'})), 55);
    assert.equal(retryAfterSeconds(answer({"retry-after": "30"})), 30);
    assert.equal(retryAfterSeconds(answer({})), null);
    assert.equal(retryAfterSeconds(null), null);
});
