import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {GgufType, readGgufMetadata, writeGgufFile, type GgufTensor} from "./ggufFile.js";
import {ROOT} from "./paths.js";
import {CACHE, FAMILIES, halfs, llamaSourceFile, modelMetadata, vector, type Shape} from "./templateModel.js";

/**
 * The deciding test model (tests/fixtures/decider): a small transformer trained to call Cairn's tools on its
 * own, over Qwen 3's real tokenizer and chat template. The repository keeps only its trained weights
 * (decider.bin, a few MB); the token table is the same formula train.py used, written out here, and the file
 * is assembled once and cached under the OS temp folder.
 */
export const DECIDER_WEIGHTS = path.join(ROOT, "tests/fixtures/decider/decider.bin");

/**
 * The system prompt the deciding test model was trained under (Cairn's default until 2026-11-27, when the
 * default began to ask for answers in the user's language): a fixture, it is given the prompt it knows.
 */
export const DECIDER_SYSTEM_PROMPT =
    "You are Cairn, a helpful assistant running on this computer. Answer clearly and briefly.";
const ASSEMBLER_VERSION = 4;

/** A prompt and the tokens PyTorch wrote greedily after it, while sure of them (train.py check). */
export type GreedyCheck = {kind: string; prompt: number[]; greedy: number[]};

type Header = {
    check?: GreedyCheck[];
    shape: {dim: number; layers: number; heads: number; ff: number; eps: number; rope_base: number};
    vocab: number;
    /** width: the dims hashed per row (a widened model's further dims are zero); all of them when absent. */
    table: {seed: number; scale: number; hash: "lowbias32"; width?: number};
    tensors: Array<{name: string; dtype: "float16" | "int32"; shape: number[]}>;
};

/** The path of the decider's GGUF, assembled on first use. */
export function deciderModel(): string {
    const weights = fs.readFileSync(DECIDER_WEIGHTS);
    const key = createHash("sha256")
        .update(weights)
        .update(String(ASSEMBLER_VERSION))
        .digest("hex")
        .slice(0, 16);
    const file = path.join(CACHE, `decider-${key}.gguf`);
    if (fs.existsSync(file)) return file;
    const {header, tensors} = readWeights(weights);
    // Written as qwen2 (llama's layers with attention biases, here zero), the architecture node-llama-cpp
    // expects of a Qwen template; train.py's llama-style rotary pairs are reordered for it (rotaryHalves).
    const family = {...FAMILIES.qwen3, arch: "qwen2" as const, name: "Cairn decider (test model)"};
    const shape: Shape = {...header.shape, kvHeads: header.shape.heads, context: 4096};
    const metadata = modelMetadata(
        family,
        readGgufMetadata(llamaSourceFile(`models/${family.vocab}`)),
        fs.readFileSync(llamaSourceFile(`models/templates/${family.template}`), "utf8"),
        shape,
    );
    metadata.set("qwen2.rope.freq_base", {type: GgufType.f32, value: header.shape.rope_base});
    metadata.set("qwen2.attention.layer_norm_rms_epsilon", {type: GgufType.f32, value: header.shape.eps});
    fs.mkdirSync(CACHE, {recursive: true});
    const partial = `${file}.${process.pid}.part`;
    writeGgufFile(partial, metadata, ggufTensors(header, tensors));
    fs.renameSync(partial, file);
    return file;
}

/** The greedy checks saved with decider.bin (none in a file train.py check has not seen). */
export function deciderChecks(): GreedyCheck[] {
    return readHeader(fs.readFileSync(DECIDER_WEIGHTS)).header.check ?? [];
}

/** decider.bin: a little-endian u32 header length, the JSON header, then each tensor's bytes in order. */
function readHeader(bytes: Buffer): {header: Header; end: number} {
    const length = bytes.readUInt32LE(0);
    return {header: JSON.parse(bytes.toString("utf8", 4, 4 + length)) as Header, end: 4 + length};
}

function readWeights(bytes: Buffer): {header: Header; tensors: Map<string, Float32Array | Int32Array>} {
    const {header, end} = readHeader(bytes);
    const tensors = new Map<string, Float32Array | Int32Array>();
    let at = end;
    for (const t of header.tensors) {
        const count = t.shape.reduce((a, b) => a * b, 1);
        if (t.dtype === "int32") {
            tensors.set(
                t.name,
                new Int32Array(bytes.buffer.slice(bytes.byteOffset + at, bytes.byteOffset + at + count * 4)),
            );
            at += count * 4;
        } else {
            const values = new Float32Array(count);
            for (let i = 0; i < count; i++) values[i] = halfToFloat(bytes.readUInt16LE(at + i * 2));
            tensors.set(t.name, values);
            at += count * 2;
        }
    }
    if (at !== bytes.length) throw new Error("decider.bin does not match its header");
    return {header, tensors};
}

function ggufTensors(header: Header, tensors: Map<string, Float32Array | Int32Array>): GgufTensor[] {
    const {dim, ff, layers, heads} = header.shape;
    const get = (name: string) => {
        const t = tensors.get(name);
        if (!t || t instanceof Int32Array) throw new Error(`decider.bin lacks ${name}`);
        return t;
    };
    const half = (name: string, values: Float32Array, rows: number, cols: number): GgufTensor => {
        let i = 0;
        return {name, dims: [cols, rows], type: 1, data: halfs(values.length, () => values[i++]!)};
    };
    const float = (name: string, values: Float32Array, dims = [values.length]): GgufTensor => ({
        name,
        dims,
        type: 0,
        data: Buffer.from(Float32Array.from(values).buffer),
    });
    // The layers' weights in float32 (their values are float16's): with float16 weights, llama.cpp rounds the
    // activations to float16 too before each product, and the copying circuit's large values then come out
    // otherwise than in PyTorch.
    const matrix = (name: string, values: Float32Array, rows: number, cols: number) =>
        float(name, values, [cols, rows]);
    // Checkpoints from before the biases were trained have none: zero, as they were trained.
    const bias = (name: string, layer: number, key: string, rotary: boolean): GgufTensor => {
        const values = tensors.get(`blk.${layer}.${key}`);
        if (!values || values instanceof Int32Array) return vector(name, dim, 0);
        return float(name, rotary ? rotaryHalves(values, heads, dim, 1) : values);
    };
    const list = [half("token_embd.weight", tokenTable(header, tensors), header.vocab, dim)];
    list.push(float("output_norm.weight", get("output_norm")));
    for (let i = 0; i < layers; i++) {
        const b = `blk.${i}.`;
        const w = (name: string) => get(`blk.${i}.${name}`);
        list.push(
            float(`${b}attn_norm.weight`, w("attn_norm")),
            matrix(`${b}attn_q.weight`, rotaryHalves(w("q"), heads, dim, dim), dim, dim),
            matrix(`${b}attn_k.weight`, rotaryHalves(w("k"), heads, dim, dim), dim, dim),
            matrix(`${b}attn_v.weight`, w("v"), dim, dim),
            bias(`${b}attn_q.bias`, i, "bq", true),
            bias(`${b}attn_k.bias`, i, "bk", true),
            bias(`${b}attn_v.bias`, i, "bv", false),
            matrix(`${b}attn_output.weight`, w("o"), dim, dim),
            float(`${b}ffn_norm.weight`, w("ffn_norm")),
            matrix(`${b}ffn_gate.weight`, w("gate"), ff, dim),
            matrix(`${b}ffn_up.weight`, w("up"), ff, dim),
            matrix(`${b}ffn_down.weight`, w("down"), dim, ff),
        );
    }
    return list;
}

/**
 * llama.cpp turns a llama model's rotary pairs as adjacent dimensions (2i, 2i+1) and a qwen2 model's as halves
 * (i, i + d/2), at the same frequencies: the rows of q and k are reordered within each head so that the second
 * computes what the first did (q·k is unchanged when both are reordered alike). A row is `width` values: the
 * model's width for a weight matrix, 1 for a bias.
 */
function rotaryHalves(weights: Float32Array, heads: number, dim: number, width: number): Float32Array {
    const headDim = dim / heads;
    const out = new Float32Array(weights.length);
    for (let h = 0; h < heads; h++) {
        for (let i = 0; i < headDim / 2; i++) {
            const from = (r: number) =>
                weights.subarray((h * headDim + r) * width, (h * headDim + r + 1) * width);
            out.set(from(2 * i), (h * headDim + i) * width);
            out.set(from(2 * i + 1), (h * headDim + i + headDim / 2) * width);
        }
    }
    return out;
}

/**
 * train.py's token table: lowbias32 of each index of a [vocab, width] table, in multiples of 2^-13, zero in the
 * dims beyond the width, plus the trained corrections.
 */
function tokenTable(header: Header, tensors: Map<string, Float32Array | Int32Array>): Float32Array {
    const {vocab} = header;
    const {dim} = header.shape;
    const {seed, scale, width = dim} = header.table;
    const table = new Float32Array(vocab * dim);
    for (let i = 0; i < vocab * width; i++) {
        let x = (i + seed) >>> 0;
        x = (x ^ (x >>> 16)) >>> 0;
        x = Math.imul(x, 0x7feb352d) >>> 0;
        x = (x ^ (x >>> 15)) >>> 0;
        x = Math.imul(x, 0x846ca68b) >>> 0;
        x = (x ^ (x >>> 16)) >>> 0;
        table[Math.floor(i / width) * dim + (i % width)] = (((x >>> 21) - 1024) / 1024) * scale;
    }
    const ids = tensors.get("token_delta_ids") as Int32Array;
    const delta = tensors.get("token_delta") as Float32Array;
    ids.forEach((id, row) => {
        for (let j = 0; j < dim; j++) table[id * dim + j] = table[id * dim + j]! + delta[row * dim + j]!;
    });
    return table;
}

function halfToFloat(bits: number): number {
    const sign = bits & 0x8000 ? -1 : 1;
    const exponent = (bits >>> 10) & 0x1f;
    const fraction = bits & 0x3ff;
    if (exponent === 0) return sign * fraction * 2 ** -24;
    if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
    return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}
