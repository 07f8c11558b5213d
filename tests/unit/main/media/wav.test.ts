import assert from "node:assert/strict";
import {test} from "node:test";
import {readWav} from "../../../../main/media/wav.js";
import {pcm16Wav} from "../../../../shared/wav.js";

/** A WAV file's bytes with its format fields set by hand (channels, rate, bits, format tag). */
function wav(data: Buffer, {channels = 1, rate = 16_000, bits = 16, tag = 1} = {}): Buffer {
    const header = Buffer.from(pcm16Wav(new Float32Array(0), rate));
    header.writeUInt32LE(36 + data.length, 4);
    header.writeUInt16LE(tag, 20);
    header.writeUInt16LE(channels, 22);
    header.writeUInt32LE((rate * channels * bits) / 8, 28);
    header.writeUInt16LE((channels * bits) / 8, 32);
    header.writeUInt16LE(bits, 34);
    header.writeUInt32LE(data.length, 40);
    return Buffer.concat([header, data]);
}

test("16 kHz mono 16-bit PCM (what the window sends) is read as it is", () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1]);
    const read = readWav(Buffer.from(pcm16Wav(samples, 16_000)), 10);
    assert.ok(read.ok);
    assert.deepEqual(
        [...read.value.samples].map((x) => Math.round(x * 100) / 100),
        [0, 0.5, -0.5, 1, -1],
    );
});

test("stereo 44.1 kHz is averaged to mono and resampled to 16 kHz", () => {
    const frames = 44_100;
    const data = Buffer.alloc(frames * 4);
    for (let i = 0; i < frames; i++) {
        data.writeInt16LE(16384, i * 4); // left: 0.5
        data.writeInt16LE(0, i * 4 + 2); // right: 0
    }
    const read = readWav(wav(data, {channels: 2, rate: 44_100}), 10);
    assert.ok(read.ok);
    assert.equal(read.value.samples.length, 16_000);
    assert.equal(read.value.seconds, 1);
    assert.ok(read.value.samples.every((x) => Math.abs(x - 0.25) < 1e-3));
});

test("24-bit, 32-bit float and WAVE_FORMAT_EXTENSIBLE files are read", () => {
    const int24 = Buffer.alloc(3 * 4);
    for (let i = 0; i < 4; i++) int24.writeIntLE(-4194304, i * 3, 3); // -0.5
    const a = readWav(wav(int24, {bits: 24}), 10);
    assert.ok(a.ok);
    assert.ok(a.value.samples.every((x) => Math.abs(x + 0.5) < 1e-6));
    const floats = Buffer.from(Float32Array.from([0.25, 0.25]).buffer);
    const b = readWav(wav(floats, {bits: 32, tag: 3}), 10);
    assert.ok(b.ok);
    assert.deepEqual([...b.value.samples], [0.25, 0.25]);
    // Extensible: the real format is named in a sub-format GUID after the fmt fields (cbSize 22).
    const extensible = wav(Buffer.alloc(0), {tag: 0xfffe});
    const fmt = Buffer.alloc(40);
    extensible.copy(fmt, 0, 20, 36);
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(1, 24); // KSDATAFORMAT_SUBTYPE_PCM
    const pcm = Buffer.from(new Int16Array([8192, 8192]).buffer);
    const file = Buffer.concat([
        Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1"),
        Buffer.from(new Uint32Array([40]).buffer),
        fmt,
        Buffer.from("data", "latin1"),
        Buffer.from(new Uint32Array([pcm.length]).buffer),
        pcm,
    ]);
    const c = readWav(file, 10);
    assert.ok(c.ok);
    assert.deepEqual([...c.value.samples], [0.25, 0.25]);
});

test("what is not a readable WAV is refused in words", () => {
    const refused = (bytes: Buffer) => {
        const read = readWav(bytes, 10);
        return read.ok ? null : read.words.key;
    };
    assert.equal(refused(Buffer.from("not a wav file at all, only some words to read")), "speechNotWav");
    assert.equal(refused(wav(Buffer.alloc(8), {bits: 12})), "speechNotWav");
    assert.equal(refused(wav(Buffer.alloc(8), {tag: 2})), "speechNotWav", "ADPCM is not read");
    assert.equal(refused(wav(Buffer.alloc(0))), "speechEmpty");
    assert.equal(refused(wav(Buffer.alloc(11 * 16_000 * 2))), "speechTooLong");
});
