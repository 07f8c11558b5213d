import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";

/** whisper.cpp hears 16 kHz mono; other rates are resampled to it. */
export const SPEECH_RATE = 16_000;

export type Samples = {samples: Float32Array; seconds: number};

/**
 * A WAV file's sound as 16 kHz mono floats: PCM of 8, 16, 24 or 32 bits or 32-bit float, any channel count
 * (averaged), any rate (resampled linearly). The window sends 16 kHz 16-bit mono; the CLI takes what it is given.
 * `mostSeconds`: longer recordings are refused before they are converted.
 */
export function readWav(
    bytes: Buffer,
    mostSeconds: number,
): {ok: true; value: Samples} | {ok: false; words: Words} {
    const format = readFormat(bytes);
    if (!format) return {ok: false, words: wordsOf("speechNotWav")};
    const {channels, rate, bits, float, data} = format;
    const frameBytes = (bits / 8) * channels;
    const frames = Math.floor(data.length / frameBytes);
    if (frames === 0) return {ok: false, words: wordsOf("speechEmpty")};
    const seconds = frames / rate;
    if (seconds > mostSeconds)
        return {
            ok: false,
            words: wordsOf("speechTooLong", {seconds: Math.round(seconds), most: mostSeconds}),
        };
    const read = sampleReader(data, bits, float);
    const mono = new Float32Array(frames);
    for (let frame = 0; frame < frames; frame++) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel++) sum += read(frame * channels + channel);
        mono[frame] = sum / channels;
    }
    return {ok: true, value: {samples: resample(mono, rate), seconds}};
}

type Format = {channels: number; rate: number; bits: number; float: boolean; data: Buffer};

/** The fmt and data chunks of a RIFF/WAVE file; null when it is not one Cairn reads. */
function readFormat(bytes: Buffer): Format | null {
    if (
        bytes.length < 12 ||
        bytes.toString("latin1", 0, 4) !== "RIFF" ||
        bytes.toString("latin1", 8, 12) !== "WAVE"
    )
        return null;
    let format: Omit<Format, "data"> | null = null;
    for (let at = 12; at + 8 <= bytes.length;) {
        const id = bytes.toString("latin1", at, at + 4);
        const size = bytes.readUInt32LE(at + 4);
        const body = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
        if (id === "fmt " && body.length >= 16) format = fmtChunk(body);
        // A recording cut short keeps the data it has (its size field may claim more).
        if (id === "data") return format ? {...format, data: body} : null;
        at += 8 + size + (size % 2);
    }
    return null;
}

function fmtChunk(body: Buffer): Omit<Format, "data"> | null {
    // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of its sub-format GUID.
    const tag =
        body.readUInt16LE(0) === 0xfffe && body.length >= 26 ? body.readUInt16LE(24) : body.readUInt16LE(0);
    const channels = body.readUInt16LE(2);
    const rate = body.readUInt32LE(4);
    const bits = body.readUInt16LE(14);
    const float = tag === 3;
    const readable = (tag === 1 && [8, 16, 24, 32].includes(bits)) || (float && bits === 32);
    if (!readable || channels < 1 || channels > 8 || rate < 4000 || rate > 384_000) return null;
    return {channels, rate, bits, float};
}

function sampleReader(data: Buffer, bits: number, float: boolean): (index: number) => number {
    if (float) return (i) => data.readFloatLE(i * 4);
    if (bits === 8) return (i) => (data[i]! - 128) / 128;
    if (bits === 16) return (i) => data.readInt16LE(i * 2) / 32768;
    if (bits === 24) return (i) => data.readIntLE(i * 3, 3) / 8388608;
    return (i) => data.readInt32LE(i * 4) / 2147483648;
}

/** Linear resampling to SPEECH_RATE (the window sends 16 kHz already: then the samples are kept as they are). */
function resample(samples: Float32Array, rate: number): Float32Array {
    if (rate === SPEECH_RATE) return samples;
    const length = Math.max(1, Math.round((samples.length * SPEECH_RATE) / rate));
    const out = new Float32Array(length);
    const step = rate / SPEECH_RATE;
    for (let i = 0; i < length; i++) {
        const at = i * step;
        const left = Math.min(samples.length - 1, Math.floor(at));
        const right = Math.min(samples.length - 1, left + 1);
        out[i] = samples[left]! + (samples[right]! - samples[left]!) * (at - left);
    }
    return out;
}
