import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {GgufType, readGgufMetadata, writeGgufFile, type GgufTensor, type GgufValue} from "./ggufFile.js";
import {CACHE, llamaSourceFile, randomWeights, seeded, vector} from "./templateModel.js";

/**
 * Tiny random-weight embedding models of the recommended embedding families, carrying their real
 * tokenizers from llama.cpp's vocab files: BGE (BERT, WordPiece, CLS pooling) and Nomic Embed v2 (nomic-bert
 * with mixture-of-experts layers, XLM-R's SentencePiece, mean pooling). Written once, cached like the
 * chat template fixtures.
 */
export const EMBEDDING_FAMILIES = {
    bge: {vocab: "ggml-vocab-bert-bge.gguf", arch: "bert", pooling: 2, name: "BGE (random tiny)"},
    nomic: {
        vocab: "ggml-vocab-nomic-bert-moe.gguf",
        arch: "nomic-bert-moe",
        pooling: 1,
        name: "Nomic Embed v2 MoE (random tiny)",
    },
} as const;
export type EmbeddingFamily = (typeof EMBEDDING_FAMILIES)[keyof typeof EMBEDDING_FAMILIES];

const GENERATOR_VERSION = 3;
const SHAPE = {dim: 64, layers: 2, heads: 4, ff: 128, context: 512, experts: 4, expertsUsed: 2};

export function embeddingModel(family: EmbeddingFamily): string {
    const key = createHash("sha256")
        .update(JSON.stringify({family, SHAPE, GENERATOR_VERSION}))
        .digest("hex")
        .slice(0, 16);
    const file = path.join(CACHE, `${family.arch}-${key}.gguf`);
    if (fs.existsSync(file)) return file;
    const vocab = readGgufMetadata(llamaSourceFile(`models/${family.vocab}`));
    const tokens = vocab.get("tokenizer.ggml.tokens");
    if (tokens?.itemType === undefined) throw new Error(`${family.vocab} has no tokens`);
    fs.mkdirSync(CACHE, {recursive: true});
    const partial = `${file}.${process.pid}.part`;
    const types = vocab.get("tokenizer.ggml.token_type_count")?.value;
    writeGgufFile(partial, metadata(family, vocab), tensors(family, tokens.value.length, Number(types ?? 2)));
    fs.renameSync(partial, file);
    return file;
}

function metadata(family: EmbeddingFamily, vocab: Map<string, GgufValue>): Map<string, GgufValue> {
    const {arch} = family;
    const u32 = (value: number): GgufValue => ({type: GgufType.u32, value});
    const out = new Map<string, GgufValue>();
    // The vocab file's own keys (tokenizer, norm epsilon, causal, rope, experts), then the tiny shape.
    for (const [key, value] of vocab) if (!key.startsWith("general.")) out.set(key, value);
    out.set("general.architecture", {type: GgufType.string, value: arch});
    out.set("general.name", {type: GgufType.string, value: family.name});
    out.set("general.file_type", u32(1));
    out.set(`${arch}.context_length`, u32(SHAPE.context));
    out.set(`${arch}.embedding_length`, u32(SHAPE.dim));
    out.set(`${arch}.block_count`, u32(SHAPE.layers));
    out.set(`${arch}.feed_forward_length`, u32(SHAPE.ff));
    out.set(`${arch}.attention.head_count`, u32(SHAPE.heads));
    out.set(`${arch}.pooling_type`, u32(family.pooling));
    if (arch === "nomic-bert-moe") {
        out.set(`${arch}.expert_count`, u32(SHAPE.experts));
        out.set(`${arch}.expert_used_count`, u32(SHAPE.expertsUsed));
    }
    return out;
}

/** BERT's tensors (nomic-bert-moe: no position table, every second layer's feed-forward made of experts). */
function tensors(family: EmbeddingFamily, vocabSize: number, tokenTypes: number): GgufTensor[] {
    const {dim, layers, ff, context, experts} = SHAPE;
    const random = seeded(2);
    const weights = randomWeights(random);
    const list = [
        weights("token_embd.weight", [dim, vocabSize]),
        // Added to the input as it is: llama.cpp adds it in f32 only.
        {
            name: "token_types.weight",
            dims: [dim, tokenTypes],
            type: 0,
            data: Buffer.from(
                Float32Array.from({length: dim * tokenTypes}, () => (random() * 2 - 1) * 0.05).buffer,
            ),
        },
        ...(family.arch === "bert" ? [weights("position_embd.weight", [dim, context])] : []),
        vector("token_embd_norm.weight", dim, 1),
        vector("token_embd_norm.bias", dim, 0),
    ];
    for (let i = 0; i < layers; i++) {
        const b = `blk.${i}.`;
        for (const part of ["attn_q", "attn_k", "attn_v", "attn_output"])
            list.push(weights(`${b}${part}.weight`, [dim, dim]), vector(`${b}${part}.bias`, dim, 0));
        list.push(vector(`${b}attn_output_norm.weight`, dim, 1), vector(`${b}attn_output_norm.bias`, dim, 0));
        if (family.arch === "nomic-bert-moe" && i % 2 === 1) {
            list.push(
                weights(`${b}ffn_up_exps.weight`, [dim, ff, experts]),
                weights(`${b}ffn_down_exps.weight`, [ff, dim, experts]),
                weights(`${b}ffn_gate_inp.weight`, [dim, experts]),
            );
        } else {
            list.push(
                weights(`${b}ffn_up.weight`, [dim, ff]),
                vector(`${b}ffn_up.bias`, ff, 0),
                weights(`${b}ffn_down.weight`, [ff, dim]),
                vector(`${b}ffn_down.bias`, dim, 0),
            );
        }
        list.push(
            vector(`${b}layer_output_norm.weight`, dim, 1),
            vector(`${b}layer_output_norm.bias`, dim, 0),
        );
    }
    return list;
}
