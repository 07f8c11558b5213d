import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {GgufType, readGgufMetadata, writeGgufFile, type GgufTensor, type GgufValue} from "./ggufFile.js";
import {ROOT} from "./paths.js";
import {llamaSourceRepo as sourceRepoIn} from "../../main/llm/llamaServer/build.js";

/**
 * Tiny random-weight GGUFs that carry a real model family's tokenizer and chat template: the prompt side
 * (tokenization, chat format, function-call syntax, thought segments) is real, the weights are noise. The
 * vocabularies and templates come from the llama.cpp source bundled with node-llama-cpp; each model is
 * written once and cached under the OS temp folder.
 */
export type Family = {
    /** A vocab-only GGUF in llama.cpp's models/ folder. */
    vocab: string;
    /** A chat template in models/templates/. */
    template: string;
    arch: "llama" | "qwen2" | "qwen3";
    name: string;
    /** The end-of-turn token the instruct model uses, when the vocab file has another. */
    eos?: number;
};

export const FAMILIES = {
    qwen3: {
        vocab: "ggml-vocab-qwen2.gguf",
        template: "Qwen-Qwen3-0.6B.jinja",
        arch: "qwen3",
        name: "Qwen3 template (random tiny)",
    },
    "qwen3.5": {
        vocab: "ggml-vocab-qwen35.gguf",
        template: "Qwen3.5-4B.jinja",
        arch: "qwen3",
        name: "Qwen3.5 template (random tiny)",
    },
    "llama-3.1": {
        vocab: "ggml-vocab-llama-bpe.gguf",
        template: "meta-llama-Llama-3.1-8B-Instruct.jinja",
        arch: "llama",
        name: "Llama 3.1 template (random tiny)",
        eos: 128009,
    },
    "llama-3.2": {
        vocab: "ggml-vocab-llama-bpe.gguf",
        template: "meta-llama-Llama-3.2-3B-Instruct.jinja",
        arch: "llama",
        name: "Llama 3.2 template (random tiny)",
        eos: 128009,
    },
    "hermes-3": {
        vocab: "ggml-vocab-llama-bpe.gguf",
        template: "NousResearch-Hermes-3-Llama-3.1-8B-tool_use.jinja",
        arch: "llama",
        // Hermes 3 adds ChatML's <|im_start|> and <|im_end|> to Llama 3.1's vocabulary; this one lacks them.
        name: "Hermes 3 tool_use template (random tiny)",
    },
    "functionary-3.2": {
        vocab: "ggml-vocab-llama-bpe.gguf",
        template: "meetkai-functionary-medium-v3.2.jinja",
        arch: "llama",
        name: "Functionary v3.2 template (random tiny)",
        eos: 128009,
    },
    "mistral-nemo": {
        // Mistral's own tekken vocabulary is not in llama.cpp's source; its SentencePiece one is the nearest.
        vocab: "ggml-vocab-llama-spm.gguf",
        template: "mistralai-Mistral-Nemo-Instruct-2407.jinja",
        arch: "llama",
        name: "Mistral Nemo template (random tiny)",
    },
    "gemma-4": {
        vocab: "ggml-vocab-gemma-4.gguf",
        template: "google-gemma-4-31B-it.jinja",
        arch: "llama",
        name: "Gemma 4 template (random tiny)",
    },
    "phi-3.5": {
        vocab: "ggml-vocab-phi-3.gguf",
        template: "microsoft-Phi-3.5-mini-instruct.jinja",
        arch: "llama",
        name: "Phi-3.5 mini template (random tiny)",
    },
    "deepseek-r1-qwen": {
        vocab: "ggml-vocab-qwen2.gguf",
        template: "deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja",
        arch: "qwen2",
        name: "DeepSeek R1 Distill Qwen template (random tiny)",
    },
} satisfies Record<string, Family>;

/**
 * "random": every weight random (text of no meaning, near-flat next-token probabilities). "echo": the token
 * embeddings random, every layer's weights zero (the same blocks, read and multiplied at the same cost), so the
 * tied output scores the last token far above all others and greedy decoding repeats it: its next token is
 * certain, as a real model's often nearly is, and any draft that also repeats it is always right.
 */
export type Weights = "random" | "echo";

/**
 * Bump when the files written change, so that cached ones are made again. Families whose real architecture
 * differs (Gemma, Phi) are written as llama: the prompt side does not depend on the weights' layout.
 */
const GENERATOR_VERSION = 1;
const SHAPE = {dim: 64, layers: 2, heads: 4, kvHeads: 2, ff: 128, context: 32768};
const BUNDLE = path.join(ROOT, "node_modules/node-llama-cpp/llama/gitRelease.bundle");
export const CACHE = path.join(os.tmpdir(), "cairn-fixtures");

/**
 * The path of the family's model, written on first use. "echo" weights (as layoutModel's): the embeddings
 * random, the layers zero and the output the embeddings again, so that greedy decoding repeats the last token.
 */
export function templateModel(family: Family, weights: Weights = "random"): string {
    const identity = {family, SHAPE, GENERATOR_VERSION, bundle: fs.statSync(BUNDLE).size};
    const key = createHash("sha256")
        .update(JSON.stringify(weights === "random" ? identity : {...identity, weights}))
        .digest("hex")
        .slice(0, 16);
    const file = path.join(CACHE, `${family.arch}-${key}.gguf`);
    if (fs.existsSync(file)) return file;
    const vocab = readGgufMetadata(llamaSourceFile(`models/${family.vocab}`));
    const template = fs.readFileSync(llamaSourceFile(`models/templates/${family.template}`), "utf8");
    const tokens = vocab.get("tokenizer.ggml.tokens");
    if (tokens?.itemType === undefined) throw new Error(`${family.vocab} has no tokens`);
    const metadata = modelMetadata(family, vocab, template);
    const partial = `${file}.${process.pid}.part`;
    writeGgufFile(partial, metadata, tensors(family, tokens.value.length, weights));
    fs.renameSync(partial, file);
    return file;
}

/** A bare git repository of llama.cpp's source (branch `source`), fetched once from node-llama-cpp's bundle. */
export function llamaSourceRepo(): string {
    return sourceRepoIn(CACHE);
}

/** A file of llama.cpp's source, out of the git bundle node-llama-cpp ships (read once, then cached). */
export function llamaSourceFile(relative: string): string {
    const out = path.join(CACHE, "llama-src", relative);
    if (fs.existsSync(out)) return out;
    const repo = llamaSourceRepo();
    const content = execFileSync("git", ["--git-dir", repo, "show", `source:${relative}`], {
        maxBuffer: 256 * 1024 * 1024,
    });
    fs.mkdirSync(path.dirname(out), {recursive: true});
    fs.writeFileSync(`${out}.${process.pid}.part`, content);
    fs.renameSync(`${out}.${process.pid}.part`, out);
    return out;
}

/** The shape of a llama-like model: width, layers, heads, feed-forward width, trained context. */
export type Shape = typeof SHAPE;

/** A model's metadata: its shape, the family's tokenizer (out of `vocab`) and chat template. */
export function modelMetadata(
    family: Family,
    vocab: Map<string, GgufValue>,
    template: string,
    shape: Shape = SHAPE,
): Map<string, GgufValue> {
    const {arch} = family;
    const u32 = (value: number): GgufValue => ({type: GgufType.u32, value});
    const f32 = (value: number): GgufValue => ({type: GgufType.f32, value});
    const text = (value: string): GgufValue => ({type: GgufType.string, value});
    const headDim = shape.dim / shape.heads;
    const metadata = new Map<string, GgufValue>([
        ["general.architecture", text(arch)],
        ["general.name", text(family.name)],
        ["general.file_type", u32(1)],
        [`${arch}.context_length`, u32(shape.context)],
        [`${arch}.embedding_length`, u32(shape.dim)],
        [`${arch}.block_count`, u32(shape.layers)],
        [`${arch}.feed_forward_length`, u32(shape.ff)],
        [`${arch}.attention.head_count`, u32(shape.heads)],
        [`${arch}.attention.head_count_kv`, u32(shape.kvHeads)],
        [`${arch}.attention.layer_norm_rms_epsilon`, f32(1e-6)],
        [`${arch}.rope.freq_base`, f32(arch === "llama" ? 5e5 : 1e6)],
    ]);
    if (arch === "qwen3") {
        metadata.set("qwen3.attention.key_length", u32(headDim));
        metadata.set("qwen3.attention.value_length", u32(headDim));
    }
    for (const [key, value] of vocab) {
        if (key.startsWith("tokenizer.") && key !== "tokenizer.chat_template") metadata.set(key, value);
    }
    if (family.eos !== undefined) metadata.set("tokenizer.ggml.eos_token_id", u32(family.eos));
    metadata.set("tokenizer.chat_template", text(template));
    return metadata;
}

/** The tensors of a llama-like model (qwen2 adds attention biases, qwen3 q/k norms), random but seeded. */
function tensors(family: Family, vocabSize: number, weights: Weights): GgufTensor[] {
    const {dim, layers, heads, kvHeads, ff} = SHAPE;
    const headDim = dim / heads;
    const random = seeded(1);
    const values = (name: string, rows: number, cols: number, zero: boolean): GgufTensor => ({
        name,
        dims: [cols, rows],
        type: 1,
        data: halfs(rows * cols, () => (zero ? 0 : (random() * 2 - 1) * 0.035)),
    });
    const matrix = (name: string, rows: number, cols: number) => values(name, rows, cols, weights === "echo");
    const embeddings = values("token_embd.weight", vocabSize, dim, false);
    const list = [
        embeddings,
        vector("output_norm.weight", dim, 1),
        weights === "echo"
            ? {...embeddings, name: "output.weight"}
            : values("output.weight", vocabSize, dim, false),
    ];
    for (let i = 0; i < layers; i++) {
        const b = `blk.${i}.`;
        list.push(
            vector(`${b}attn_norm.weight`, dim, 1),
            matrix(`${b}attn_q.weight`, heads * headDim, dim),
            matrix(`${b}attn_k.weight`, kvHeads * headDim, dim),
            matrix(`${b}attn_v.weight`, kvHeads * headDim, dim),
            matrix(`${b}attn_output.weight`, dim, heads * headDim),
        );
        if (family.arch === "qwen2") {
            list.push(
                vector(`${b}attn_q.bias`, heads * headDim, 0),
                vector(`${b}attn_k.bias`, kvHeads * headDim, 0),
                vector(`${b}attn_v.bias`, kvHeads * headDim, 0),
            );
        }
        if (family.arch === "qwen3") {
            list.push(
                vector(`${b}attn_q_norm.weight`, headDim, 1),
                vector(`${b}attn_k_norm.weight`, headDim, 1),
            );
        }
        list.push(
            vector(`${b}ffn_norm.weight`, dim, 1),
            matrix(`${b}ffn_gate.weight`, ff, dim),
            matrix(`${b}ffn_up.weight`, ff, dim),
            matrix(`${b}ffn_down.weight`, dim, ff),
        );
    }
    return list;
}

/** A float32 tensor of one value (norm weights and biases). */
export function vector(name: string, size: number, value: number): GgufTensor {
    return {name, dims: [size], type: 0, data: Buffer.from(new Float32Array(size).fill(value).buffer)};
}

/** `count` IEEE half-precision values (small, normal numbers or zero), rounded, as little-endian bytes. */
export function halfs(count: number, next: () => number): Buffer {
    const out = new Uint16Array(count);
    const f = new Float32Array(1);
    const bits = new Uint32Array(f.buffer);
    for (let i = 0; i < count; i++) {
        f[0] = next();
        const x = bits[0]!;
        const sign = (x >>> 16) & 0x8000;
        const exponent = ((x >>> 23) & 0xff) - 127 + 15;
        // Rounded to nearest: a carry out of the mantissa moves into the exponent.
        out[i] = exponent <= 0 ? sign : sign | (((exponent << 10) | ((x >>> 13) & 0x3ff)) + ((x >>> 12) & 1));
    }
    return Buffer.from(out.buffer);
}

/** Half-precision tensors of small random weights (±0.05) drawn from `random` (seeded: the same everywhere). */
export function randomWeights(random: () => number): (name: string, dims: number[]) => GgufTensor {
    return (name, dims) => ({
        name,
        dims,
        type: 1,
        data: halfs(
            dims.reduce((a, b) => a * b, 1),
            () => (random() * 2 - 1) * 0.05,
        ),
    });
}

/** mulberry32: the same weights on every machine. */
export function seeded(seed: number): () => number {
    let a = seed;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
