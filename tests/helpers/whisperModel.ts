import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {CACHE, halfs, seeded} from "./templateModel.js";

/**
 * A tiny English-only whisper model in whisper.cpp's own ggml file format (the format of ggml-base.en.bin;
 * the loader is whisper_model_load in whisper.cpp): a 2-layer encoder and decoder, 64 wide, over the real 30 s
 * window (80 mel bins, 1500 audio positions), so that whisper.cpp computes the log-mel spectrogram of the audio
 * and runs the encoder and cross-attention as for a real model. Its weights are noise, except the decoder's
 * output: its final norm ignores the hidden state and the first column of the token embedding sets every
 * token's logit, so greedy decoding writes one token, HEARD, and then ends (end-of-text is suppressed as the
 * first token, as whisper.cpp does for every model). That makes "the audio reached the model and its text came
 * back" checkable without real weights; the text says nothing of the audio.
 */
export const WHISPER_SHAPE = {
    state: 64,
    heads: 2,
    audioLayers: 2,
    textLayers: 2,
    mels: 80,
    audioCtx: 1500,
    textCtx: 448,
};
export const HEARD = " (tiny whisper heard you)";
const GENERATOR_VERSION = 1;
const N_VOCAB = 51864; // English-only: end of text 50256, timestamps from 50363
const END_OF_TEXT = 50256;
const FIRST_TIMESTAMP = 50363;
const HEARD_TOKEN = 1000;

/** The model's path, written on first use (cached beside the other fixtures). */
export function whisperModel(): string {
    const key = createHash("sha256")
        .update(JSON.stringify({WHISPER_SHAPE, HEARD, GENERATOR_VERSION}))
        .digest("hex")
        .slice(0, 16);
    const file = path.join(CACHE, `ggml-whisper-tiny-${key}.bin`);
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(CACHE, {recursive: true});
    const part = `${file}.${process.pid}.part`;
    fs.writeFileSync(part, Buffer.concat([header(), melFilters(), vocabulary(), ...tensors()]));
    fs.renameSync(part, file);
    return file;
}

function int32s(...values: number[]): Buffer {
    return Buffer.from(new Int32Array(values).buffer);
}

function header(): Buffer {
    const {state, heads, audioLayers, textLayers, mels, audioCtx, textCtx} = WHISPER_SHAPE;
    const magic = Buffer.alloc(4);
    magic.writeUInt32LE(0x67676d6c);
    const ftype = 1; // 16-bit weights
    return Buffer.concat([
        magic,
        int32s(N_VOCAB, audioCtx, state, heads, audioLayers, textCtx, state, heads, textLayers, mels, ftype),
    ]);
}

/** Triangular filters over the 201 bins of a 400-point FFT (the shape of whisper's, not its exact values). */
function melFilters(): Buffer {
    const {mels} = WHISPER_SHAPE;
    const bins = 201;
    const data = new Float32Array(mels * bins);
    for (let m = 0; m < mels; m++) {
        const centre = ((m + 1) * bins) / (mels + 2);
        for (let b = 0; b < bins; b++)
            data[m * bins + b] = Math.max(0, 1 - Math.abs(b - centre) / 2.5) * 0.01;
    }
    return Buffer.concat([int32s(mels, bins), Buffer.from(data.buffer)]);
}

/** Printable ASCII as the first tokens (" " among them: whisper.cpp looks it up), placeholder words after. */
function vocabulary(): Buffer {
    const parts: Buffer[] = [int32s(END_OF_TEXT + 1)];
    for (let id = 0; id <= END_OF_TEXT; id++) {
        const word =
            id === END_OF_TEXT
                ? "<|endoftext|>"
                : id === HEARD_TOKEN
                  ? HEARD
                  : id < 95
                    ? String.fromCharCode(32 + id)
                    : ` w${id}`;
        const bytes = Buffer.from(word, "utf8");
        parts.push(Buffer.from(new Uint32Array([bytes.length]).buffer), bytes);
    }
    return Buffer.concat(parts);
}

type Kind = "f32" | "f16";

function tensor(name: string, ne: number[], kind: Kind, values: (i: number) => number): Buffer {
    const count = ne.reduce((a, b) => a * b, 1);
    const nameBytes = Buffer.from(name, "utf8");
    const head = int32s(ne.length, nameBytes.length, kind === "f32" ? 0 : 1, ...ne);
    let i = 0;
    const data =
        kind === "f32"
            ? Buffer.from(Float32Array.from({length: count}, (_, k) => values(k)).buffer)
            : halfs(count, () => values(i++));
    return Buffer.concat([head, nameBytes, data]);
}

function tensors(): Buffer[] {
    const {state, audioLayers, textLayers, mels, audioCtx, textCtx} = WHISPER_SHAPE;
    const random = seeded(11);
    const noise = (): number => (random() * 2 - 1) * 0.05;
    const zero = (): number => 0;
    const one = (): number => 1;
    const out: Buffer[] = [
        tensor("encoder.positional_embedding", [state, audioCtx], "f32", noise),
        tensor("encoder.conv1.weight", [3, mels, state], "f16", noise),
        tensor("encoder.conv1.bias", [1, state], "f32", zero),
        tensor("encoder.conv2.weight", [3, state, state], "f16", noise),
        tensor("encoder.conv2.bias", [1, state], "f32", zero),
        tensor("encoder.ln_post.weight", [state], "f32", one),
        tensor("encoder.ln_post.bias", [state], "f32", zero),
    ];
    for (let i = 0; i < audioLayers; i++) out.push(...block(`encoder.blocks.${i}`, "attn", noise));
    out.push(
        tensor("decoder.positional_embedding", [state, textCtx], "f32", noise),
        tensor("decoder.token_embedding.weight", [state, N_VOCAB], "f16", (i) => tokenEmbedding(i, noise)),
        // The final norm's output is its bias: e0, so a token's logit is the first value of its embedding.
        tensor("decoder.ln.weight", [state], "f32", zero),
        tensor("decoder.ln.bias", [state], "f32", (i) => (i === 0 ? 1 : 0)),
    );
    for (let i = 0; i < textLayers; i++) {
        out.push(
            ...block(`decoder.blocks.${i}`, "attn", noise),
            ...block(`decoder.blocks.${i}`, "cross_attn", noise),
        );
    }
    return out;
}

/** Logits: end of text 40, HEARD 30, timestamps -30, every other token 0 (its other values are noise). */
function tokenEmbedding(index: number, noise: () => number): number {
    const {state} = WHISPER_SHAPE;
    const value = noise();
    if (index % state !== 0) return value;
    const token = Math.floor(index / state);
    if (token === END_OF_TEXT) return 40;
    if (token === HEARD_TOKEN) return 30;
    return token >= FIRST_TIMESTAMP ? -30 : 0;
}

/** One attention (or cross-attention) sublayer, and the MLP with the self-attention's. */
function block(prefix: string, attn: "attn" | "cross_attn", noise: () => number): Buffer[] {
    const {state} = WHISPER_SHAPE;
    const zero = (): number => 0;
    const one = (): number => 1;
    const out = [
        tensor(`${prefix}.${attn}_ln.weight`, [state], "f32", one),
        tensor(`${prefix}.${attn}_ln.bias`, [state], "f32", zero),
        tensor(`${prefix}.${attn}.query.weight`, [state, state], "f16", noise),
        tensor(`${prefix}.${attn}.query.bias`, [state], "f32", zero),
        tensor(`${prefix}.${attn}.key.weight`, [state, state], "f16", noise),
        tensor(`${prefix}.${attn}.value.weight`, [state, state], "f16", noise),
        tensor(`${prefix}.${attn}.value.bias`, [state], "f32", zero),
        tensor(`${prefix}.${attn}.out.weight`, [state, state], "f16", noise),
        tensor(`${prefix}.${attn}.out.bias`, [state], "f32", zero),
    ];
    if (attn === "cross_attn") return out;
    return [
        ...out,
        tensor(`${prefix}.mlp_ln.weight`, [state], "f32", one),
        tensor(`${prefix}.mlp_ln.bias`, [state], "f32", zero),
        tensor(`${prefix}.mlp.0.weight`, [state, 4 * state], "f16", noise),
        tensor(`${prefix}.mlp.0.bias`, [4 * state], "f32", zero),
        tensor(`${prefix}.mlp.2.weight`, [4 * state, state], "f16", noise),
        tensor(`${prefix}.mlp.2.bias`, [state], "f32", zero),
    ];
}

/**
 * A voice-like sound (a 120 Hz buzz through two moving vowel formants, in syllables of a quarter second):
 * what a microphone gives for speech, for whisper.cpp's spectrogram and the window's recorder.
 */
export function voiceLike(seconds: number, rate = 16_000): Float32Array {
    const samples = new Float32Array(Math.round(seconds * rate));
    for (let i = 0; i < samples.length; i++) {
        const t = i / rate;
        const syllable = Math.max(0, Math.sin(Math.PI * 4 * t)) ** 2;
        const formant1 = 500 + 300 * Math.sin(2 * Math.PI * 1.3 * t);
        const formant2 = 1500 + 700 * Math.sin(2 * Math.PI * 0.7 * t);
        let buzz = 0;
        for (let h = 1; h <= 20; h++) {
            const f = 120 * h;
            const weight =
                Math.exp(-(((f - formant1) / 150) ** 2)) + 0.6 * Math.exp(-(((f - formant2) / 200) ** 2));
            buzz += weight * Math.sin(2 * Math.PI * f * t) * 0.15;
        }
        samples[i] = buzz * syllable;
    }
    return samples;
}
