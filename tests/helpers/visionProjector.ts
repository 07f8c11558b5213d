import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {GgufType, writeGgufFile, type GgufTensor, type GgufValue} from "./ggufFile.js";
import {CACHE, randomWeights, seeded, vector} from "./templateModel.js";

/**
 * A tiny random-weight vision projector (mmproj) of LLaVA's kind ("mlp"): a 2-layer CLIP vision encoder on
 * 64-pixel images in 16-pixel patches (16 image tokens), then a 2-layer MLP into the text model's width. Its
 * tensors and keys are those llama.cpp's mtmd reads (tools/mtmd/clip.cpp, models/llava.cpp), so llama-server's
 * multimodal path runs it as it runs a real projector; its weights are noise.
 */
export const PROJECTOR_SHAPE = {image: 64, patch: 16, dim: 32, layers: 2, heads: 4, ff: 64, hidden: 48};
const GENERATOR_VERSION = 1;

/** The image tokens one image becomes: (image / patch)². */
export const IMAGE_TOKENS = (PROJECTOR_SHAPE.image / PROJECTOR_SHAPE.patch) ** 2;

/** The projector's path for a text model of width `textDim`, written on first use (cached). */
export function visionProjector(textDim: number): string {
    const key = createHash("sha256")
        .update(JSON.stringify({PROJECTOR_SHAPE, GENERATOR_VERSION, textDim}))
        .digest("hex")
        .slice(0, 16);
    const file = path.join(CACHE, `mmproj-tiny-${key}.gguf`);
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(CACHE, {recursive: true});
    const part = `${file}.${process.pid}.part`;
    writeGgufFile(part, metadata(textDim), tensors(textDim));
    fs.renameSync(part, file);
    return file;
}

function metadata(textDim: number): Map<string, GgufValue> {
    const {image, patch, dim, layers, heads, ff} = PROJECTOR_SHAPE;
    const u32 = (value: number): GgufValue => ({type: GgufType.u32, value});
    const f32s = (value: number[]): GgufValue => ({type: GgufType.array, itemType: GgufType.f32, value});
    return new Map<string, GgufValue>([
        ["general.architecture", {type: GgufType.string, value: "clip"}],
        ["general.name", {type: GgufType.string, value: "Tiny LLaVA projector (random)"}],
        ["general.file_type", u32(0)],
        ["clip.has_vision_encoder", {type: GgufType.bool, value: true}],
        ["clip.projector_type", {type: GgufType.string, value: "mlp"}],
        ["clip.use_gelu", {type: GgufType.bool, value: true}],
        ["clip.vision.image_size", u32(image)],
        ["clip.vision.patch_size", u32(patch)],
        ["clip.vision.embedding_length", u32(dim)],
        ["clip.vision.feed_forward_length", u32(ff)],
        ["clip.vision.block_count", u32(layers)],
        ["clip.vision.projection_dim", u32(textDim)],
        ["clip.vision.attention.head_count", u32(heads)],
        ["clip.vision.attention.layer_norm_epsilon", {type: GgufType.f32, value: 1e-5}],
        ["clip.vision.image_mean", f32s([0.48145466, 0.4578275, 0.40821073])],
        ["clip.vision.image_std", f32s([0.26862954, 0.26130258, 0.27577711])],
    ]);
}

function tensors(textDim: number): GgufTensor[] {
    const {image, patch, dim, layers, ff, hidden} = PROJECTOR_SHAPE;
    const weights = randomWeights(seeded(7));
    const patches = (image / patch) ** 2;
    const list = [
        weights("v.patch_embd.weight", [patch, patch, 3, dim]),
        weights("v.position_embd.weight", [dim, patches]),
        vector("v.pre_ln.weight", dim, 1),
        vector("v.pre_ln.bias", dim, 0),
    ];
    for (let i = 0; i < layers; i++) {
        const b = `v.blk.${i}.`;
        for (const part of ["attn_q", "attn_k", "attn_v", "attn_out"])
            list.push(weights(`${b}${part}.weight`, [dim, dim]), vector(`${b}${part}.bias`, dim, 0));
        list.push(
            vector(`${b}ln1.weight`, dim, 1),
            vector(`${b}ln1.bias`, dim, 0),
            vector(`${b}ln2.weight`, dim, 1),
            vector(`${b}ln2.bias`, dim, 0),
            weights(`${b}ffn_up.weight`, [dim, ff]),
            vector(`${b}ffn_up.bias`, ff, 0),
            weights(`${b}ffn_down.weight`, [ff, dim]),
            vector(`${b}ffn_down.bias`, dim, 0),
        );
    }
    list.push(
        weights("mm.0.weight", [dim, hidden]),
        vector("mm.0.bias", hidden, 0),
        weights("mm.2.weight", [hidden, textDim]),
        vector("mm.2.bias", textDim, 0),
    );
    return list;
}
