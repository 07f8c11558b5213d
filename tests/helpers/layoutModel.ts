import {createHash} from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {GgufType, readGgufMetadata, writeGgufFile, type GgufTensor, type GgufValue} from "./ggufFile.js";
import {llamaSourceFile, type Weights} from "./templateModel.js";

/**
 * A random-weight model with a real model's exact Q4_K_M layout, for speed figures of a realistic size: the
 * quantized blocks are random bytes with each block's scales set so that weights stay finite and about
 * zero-mean (as ../shared/gpu/make_model.py does), the tokenizer is Llama 3's real one, and the template
 * Llama 3.1's. Q4_K_M (llama.cpp's llama-quant.cpp): every 2-D weight Q4_K, except the output (here the tied
 * token embeddings) Q6_K, and attn_v / ffn_down Q6_K on the "more bits" layers. Cached under the OS temp folder.
 */
export type Shape = {
    name: string;
    layers: number;
    dim: number;
    ff: number;
    heads: number;
    kvHeads: number;
    tied: boolean;
};

/** Llama 3.2 1B Instruct: the real Q4_K_M file is 808 MB. */
export const LLAMA_3_2_1B: Shape = {
    name: "Llama-3.2-1B-Instruct-shaped random weights (Q4_K_M layout)",
    layers: 16,
    dim: 2048,
    ff: 8192,
    heads: 32,
    kvHeads: 8,
    tied: true,
};

/** Llama 3.1 8B Instruct: the real Q4_K_M file is 4.9 GB (for GPU figures). */
export const LLAMA_3_1_8B: Shape = {
    name: "Llama-3.1-8B-Instruct-shaped random weights (Q4_K_M layout)",
    layers: 32,
    dim: 4096,
    ff: 14336,
    heads: 32,
    kvHeads: 8,
    tied: false,
};

const Q4_K = {type: 12, bytes: 144};
const Q6_K = {type: 14, bytes: 210};
const BLOCK = 256;
const CACHE = path.join(os.tmpdir(), "cairn-fixtures");

export function layoutModel(shape: Shape, weights: Weights = "random"): string {
    const key = createHash("sha256")
        .update(JSON.stringify(weights === "random" ? {shape, v: 1} : {shape, weights, v: 1}))
        .digest("hex")
        .slice(0, 16);
    const file = path.join(CACHE, `layout-${key}.gguf`);
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(CACHE, {recursive: true});
    const vocab = readGgufMetadata(llamaSourceFile("models/ggml-vocab-llama-bpe.gguf"));
    const template = fs.readFileSync(
        llamaSourceFile("models/templates/meta-llama-Llama-3.1-8B-Instruct.jinja"),
        "utf8",
    );
    const tokens = vocab.get("tokenizer.ggml.tokens")!.value as unknown[];
    const partial = `${file}.${process.pid}.part`;
    writeGgufFile(partial, metadata(shape, vocab, template), tensors(shape, tokens.length, weights));
    fs.renameSync(partial, file);
    return file;
}

function metadata(shape: Shape, vocab: Map<string, GgufValue>, template: string): Map<string, GgufValue> {
    const u32 = (value: number): GgufValue => ({type: GgufType.u32, value});
    const f32 = (value: number): GgufValue => ({type: GgufType.f32, value});
    const text = (value: string): GgufValue => ({type: GgufType.string, value});
    const m = new Map<string, GgufValue>([
        ["general.architecture", text("llama")],
        ["general.name", text(shape.name)],
        ["general.file_type", u32(15)], // MOSTLY_Q4_K_M
        ["general.quantization_version", u32(2)],
        ["llama.context_length", u32(131072)],
        ["llama.embedding_length", u32(shape.dim)],
        ["llama.block_count", u32(shape.layers)],
        ["llama.feed_forward_length", u32(shape.ff)],
        ["llama.attention.head_count", u32(shape.heads)],
        ["llama.attention.head_count_kv", u32(shape.kvHeads)],
        ["llama.rope.freq_base", f32(500000)],
        ["llama.attention.layer_norm_rms_epsilon", f32(1e-5)],
        ["llama.rope.dimension_count", u32(shape.dim / shape.heads)],
    ]);
    for (const [k, v] of vocab)
        if (k.startsWith("tokenizer.") && k !== "tokenizer.chat_template") m.set(k, v);
    m.set("tokenizer.ggml.eos_token_id", u32(128009));
    m.set("tokenizer.chat_template", text(template));
    return m;
}

function tensors(shape: Shape, vocabSize: number, weights: Weights): GgufTensor[] {
    const {layers: n, dim, ff} = shape;
    const kv = (dim / shape.heads) * shape.kvHeads;
    const moreBits = (i: number) => i < n / 8 || i >= (7 * n) / 8 || (i - Math.floor(n / 8)) % 3 === 2;
    const norm = (name: string): GgufTensor => ({
        name,
        dims: [dim],
        type: 0,
        data: Buffer.from(new Float32Array(dim).fill(1).buffer),
    });
    const embeddings = quant("token_embd.weight", dim, vocabSize, Q6_K);
    const list: GgufTensor[] = [embeddings, norm("output_norm.weight")];
    // Echo: an output of its own is the embeddings again, as a tied one is.
    if (!shape.tied)
        list.push(
            weights === "echo"
                ? {...embeddings, name: "output.weight"}
                : quant("output.weight", dim, vocabSize, Q6_K),
        );
    const layer = (name: string, ne0: number, ne1: number, q: typeof Q4_K) =>
        weights === "echo" ? zeroed(quant(name, ne0, ne1, q)) : quant(name, ne0, ne1, q);
    for (let i = 0; i < n; i++) {
        const b = `blk.${i}.`;
        list.push(
            norm(`${b}attn_norm.weight`),
            layer(`${b}attn_q.weight`, dim, dim, Q4_K),
            layer(`${b}attn_k.weight`, dim, kv, Q4_K),
            layer(`${b}attn_v.weight`, dim, kv, moreBits(i) ? Q6_K : Q4_K),
            layer(`${b}attn_output.weight`, dim, dim, Q4_K),
            norm(`${b}ffn_norm.weight`),
            layer(`${b}ffn_gate.weight`, dim, ff, Q4_K),
            layer(`${b}ffn_up.weight`, dim, ff, Q4_K),
            layer(`${b}ffn_down.weight`, ff, dim, moreBits(i) ? Q6_K : Q4_K),
        );
    }
    return list;
}

/** ne0 x ne1 weights in random blocks whose scales keep them small: Q4_K d = 1e-4, dmin = 7.5e-4; Q6_K d = 2e-5. */
function quant(name: string, ne0: number, ne1: number, q: {type: number; bytes: number}): GgufTensor {
    const blocks = (ne0 / BLOCK) * ne1;
    const data = Buffer.alloc(blocks * q.bytes);
    fillRandom(data);
    const d = q === Q4_K ? half(1e-4) : half(2e-5);
    const dmin = half(7.5e-4);
    for (let at = 0; at < data.length; at += q.bytes) {
        if (q === Q4_K) {
            data.writeUInt16LE(d, at);
            data.writeUInt16LE(dmin, at + 2);
        } else data.writeUInt16LE(d, at + 208);
    }
    return {name, dims: [ne0, ne1], type: q.type, data};
}

/** The same blocks with every scale zero: each weight is 0, and reading and multiplying them costs the same. */
function zeroed(tensor: GgufTensor): GgufTensor {
    const bytes = tensor.type === Q4_K.type ? Q4_K.bytes : Q6_K.bytes;
    for (let at = 0; at < tensor.data.length; at += bytes) {
        if (tensor.type === Q4_K.type) tensor.data.writeUInt32LE(0, at);
        else tensor.data.writeUInt16LE(0, at + 208);
    }
    return tensor;
}

/** Seeded noise, fast enough for 800 MB (xorshift32 over 32-bit words). */
function fillRandom(buffer: Buffer): void {
    const words = new Uint32Array(buffer.buffer, buffer.byteOffset, Math.floor(buffer.length / 4));
    let x = 2463534242;
    for (let i = 0; i < words.length; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        words[i] = x >>> 0;
    }
}

/** A small positive number as IEEE half precision (subnormal below 2^-14). */
function half(value: number): number {
    if (value < 2 ** -14) return Math.round(value * 2 ** 24);
    const x = new Uint32Array(new Float32Array([value]).buffer)[0]!;
    return ((((x >>> 23) & 0xff) - 127 + 15) << 10) | ((x >>> 13) & 0x3ff);
}
