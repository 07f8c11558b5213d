import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {CairnApi} from "../../shared/contract.js";
import {pcm16Wav} from "../../shared/wav.js";
import {MOST_SPEECH_SECONDS} from "../../main/media/speech.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {runCli} from "../helpers/cli.js";
import {startModelServer} from "../helpers/modelServer.js";
import {tempDir} from "../helpers/paths.js";
import {HEARD, voiceLike, whisperModel} from "../helpers/whisperModel.js";

/** Sends a recording as the window does (begin, chunks, finish) and answers the core's result. */
async function dictate(api: CairnApi, wav: Uint8Array, language?: string) {
    const {uploadId} = unwrap(await api.invoke("speech.begin", {size: wav.length}));
    const chunk = 300 * 1024;
    for (let offset = 0; offset < wav.length; offset += chunk) {
        const data = Buffer.from(wav.subarray(offset, offset + chunk)).toString("base64");
        unwrap(await api.invoke("speech.chunk", {uploadId, offset, data}));
    }
    return api.invoke("speech.finish", {uploadId, ...(language ? {language} : {})});
}

test("a recording sent by the window is transcribed by whisper.cpp on this computer", async () => {
    const t = await openTestCore({modelPath: null, speechModel: whisperModel()});
    try {
        const listed = unwrap(await t.api.invoke("speech.models", {}));
        assert.equal(listed.models.length, 1);
        assert.equal(listed.inUse, whisperModel());
        assert.equal(listed.models[0]!.englishOnly, true);
        assert.equal(listed.models[0]!.ownsFile, false, "a model named for the run is not Cairn's to delete");
        // 3 s of a voice-like sound: whisper.cpp makes its spectrogram, runs the encoder, then decodes.
        const heard = unwrap(await dictate(t.api, pcm16Wav(voiceLike(3), 16_000)));
        assert.equal(heard.text, HEARD.trim());
        assert.ok(Math.abs(heard.seconds - 3) < 0.01, `${heard.seconds}`);
        assert.equal(heard.language, "en");
        assert.ok(heard.milliseconds > 0);
        console.log(
            `[speech] 3 s of audio transcribed in ${heard.milliseconds} ms (the model's load included)`,
        );
        // Progress was told while it ran, and its end.
        const progress = t.events.flatMap((e) => (e.type === "speech.progress" ? [e.share] : []));
        assert.equal(progress.at(-1), null);
        // Another rate and two channels (the CLI's files): resampled to 16 kHz mono, the same length.
        const stereo = stereoWav(voiceLike(2, 44_100), 44_100);
        const again = unwrap(await dictate(t.api, stereo));
        assert.equal(again.text, HEARD.trim());
        assert.ok(Math.abs(again.seconds - 2) < 0.01, `${again.seconds}`);
    } finally {
        await t.core.dispose();
    }
});

test("dictation refuses what it cannot hear, in words, and keeps nothing", async () => {
    const t = await openTestCore({modelPath: null, speechModel: whisperModel()});
    try {
        const notWav = await dictate(
            t.api,
            new TextEncoder().encode("this is not a recording at all: it is a line of text, sent as one"),
        );
        assert.ok(!notWav.ok);
        assert.equal(notWav.error.words?.key, "speechNotWav");
        const empty = await dictate(t.api, pcm16Wav(new Float32Array(0), 16_000));
        assert.ok(!empty.ok);
        assert.equal(empty.error.words?.key, "speechEmpty");
        // Longer than dictation takes (8-bit 8 kHz: small enough to send, too long to transcribe).
        const long = eightBitWav(MOST_SPEECH_SECONDS + 5, 8000);
        const tooLong = await dictate(t.api, long);
        assert.ok(!tooLong.ok);
        assert.equal(tooLong.error.words?.key, "speechTooLong");
        assert.match(tooLong.error.message, /305 s long: dictation takes up to 300 s/);
        // A recording that stopped arriving half way.
        const {uploadId} = unwrap(await t.api.invoke("speech.begin", {size: 1000}));
        const cut = await t.api.invoke("speech.finish", {uploadId});
        assert.ok(!cut.ok);
        assert.equal(cut.error.words?.key, "uploadIncomplete");
        // Nothing of them is left in the data folder.
        assert.deepEqual(fs.readdirSync(path.join(t.dataDir, "speech-incoming")), []);
    } finally {
        await t.core.dispose();
    }
});

test("without a speech model dictation says where to get one; a whisper file is not a chat model", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        assert.deepEqual(unwrap(await t.api.invoke("speech.models", {})), {models: [], inUse: null});
        const none = await dictate(t.api, pcm16Wav(voiceLike(1), 16_000));
        assert.ok(!none.ok);
        assert.equal(none.error.words?.key, "speechNoModel");
        const added = await t.core.models.add(whisperModel());
        assert.ok(!added.ok);
        assert.equal(added.error.words?.key, "speechModelNotChat");
        assert.deepEqual(t.core.models.installed(), []);
    } finally {
        await t.core.dispose();
    }
});

test("a speech model downloaded into the models folder is listed, used, chosen and removed with its file", async () => {
    const body = fs.readFileSync(whisperModel());
    // The catalog's form (hf:ggerganov/whisper.cpp/ggml-base.en.bin) from a hub on this machine, and an address.
    const server = await startModelServer({
        "ggerganov/whisper.cpp/resolve/main/ggml-tiny.en.bin": {body},
        "ggml-second.bin": {body},
    });
    const t = await openTestCore({modelPath: null, hubUrl: server.url("").replace(/\/$/, "")});
    try {
        for (const uri of ["hf:ggerganov/whisper.cpp/ggml-tiny.en.bin", server.url("ggml-second.bin")]) {
            const {downloadId} = unwrap(await t.api.invoke("models.download", {uri}));
            const final = await t.core.models.downloads.settled(downloadId);
            assert.ok(final);
            assert.equal(final.state, "done", final.error ?? "");
            assert.equal(final.modelId, null, "no chat model row for a speech model");
        }
        assert.deepEqual(t.core.models.installed(), []);
        const listed = unwrap(await t.api.invoke("speech.models", {}));
        const files = listed.models.map((m) => path.basename(m.file)).sort();
        assert.deepEqual(files, ["ggml-second.bin", "ggml-tiny.en.bin"]);
        assert.ok(listed.models.every((m) => m.ownsFile && m.name.startsWith("Whisper ")));
        const first = listed.models.find((m) => m.file.endsWith("ggml-tiny.en.bin"))!;
        unwrap(await t.api.invoke("speech.use", {file: first.file}));
        assert.equal(unwrap(await t.api.invoke("speech.models", {})).inUse, first.file);
        assert.equal(unwrap(await dictate(t.api, pcm16Wav(voiceLike(1), 16_000))).text, HEARD.trim());
        const unknown = await t.api.invoke("speech.use", {file: path.join(t.dataDir, "nope.bin")});
        assert.ok(!unknown.ok);
        assert.equal(unknown.error.words?.key, "speechModelNotFound");
        assert.deepEqual(unwrap(await t.api.invoke("speech.remove", {file: first.file})), {
            deletedFile: true,
        });
        assert.equal(fs.existsSync(first.file), false);
        const left = unwrap(await t.api.invoke("speech.models", {}));
        assert.deepEqual(
            left.models.map((m) => path.basename(m.file)),
            ["ggml-second.bin"],
        );
        assert.equal(path.basename(left.inUse ?? ""), "ggml-second.bin");
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("cairn transcribe prints a WAV file's text", async () => {
    const dir = tempDir();
    const wav = path.join(dir, "note.wav");
    fs.writeFileSync(wav, pcm16Wav(voiceLike(2), 16_000));
    const run = await runCli(["transcribe", "--data", dir, "--speech-model", whisperModel(), wav]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${HEARD.trim()}\n`);
    assert.match(run.stderr, /2\.0 s of audio in \d+\.\d s/);
    const none = await runCli(["transcribe", "--data", tempDir(), wav]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /no speech model: download one/);
    // A damaged model file (whisper.cpp's magic, then nothing): refused in words, and the command ends.
    const damaged = path.join(dir, "ggml-damaged.bin");
    fs.writeFileSync(damaged, Buffer.concat([Buffer.from([0x6c, 0x6d, 0x67, 0x67]), Buffer.alloc(100)]));
    const bad = await runCli(["transcribe", "--data", dir, "--speech-model", damaged, wav]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /ggml-damaged\.bin cannot be used for dictation \(.+\): download it again/);
});

function stereoWav(mono: Float32Array, rate: number): Uint8Array {
    const header = Buffer.from(pcm16Wav(new Float32Array(0), rate));
    const data = Buffer.alloc(mono.length * 4);
    mono.forEach((x, i) => {
        const v = Math.round(x * 32767);
        data.writeInt16LE(v, i * 4);
        data.writeInt16LE(v, i * 4 + 2);
    });
    header.writeUInt32LE(36 + data.length, 4);
    header.writeUInt16LE(2, 22);
    header.writeUInt32LE(rate * 4, 28);
    header.writeUInt16LE(4, 32);
    header.writeUInt32LE(data.length, 40);
    return Buffer.concat([header, data]);
}

function eightBitWav(seconds: number, rate: number): Uint8Array {
    const header = Buffer.from(pcm16Wav(new Float32Array(0), rate));
    const data = Buffer.alloc(seconds * rate, 128);
    header.writeUInt32LE(36 + data.length, 4);
    header.writeUInt32LE(rate, 28);
    header.writeUInt16LE(1, 32);
    header.writeUInt16LE(8, 34);
    header.writeUInt32LE(data.length, 40);
    return Buffer.concat([header, data]);
}
