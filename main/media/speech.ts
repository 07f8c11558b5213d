import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type {SpeechModel, Transcript} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {ok, type Result} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import {readWav, SPEECH_RATE} from "./wav.js";
import {messageOf} from "../../shared/format.js";

/** A recording is transcribed up to this long (a dictated message, not a meeting). */
export const MOST_SPEECH_SECONDS = 300;

/** whisper.cpp's own model file (ggml-*.bin): "ggml" as a little-endian 32-bit number. */
const WHISPER_MAGIC = 0x67676d6c;
/** An English-only whisper vocabulary has 51864 tokens; the multilingual ones 51865 and more. */
const ENGLISH_ONLY_VOCAB = 51864;

/** The header of a whisper.cpp model file (the vocabulary size), or null when the file is not one. */
export function whisperHeader(file: string): {vocab: number} | null {
    let handle: number | undefined;
    try {
        handle = fs.openSync(file, "r");
        const header = Buffer.alloc(8);
        if (fs.readSync(handle, header, 0, 8, 0) < 8 || header.readUInt32LE(0) !== WHISPER_MAGIC) return null;
        return {vocab: header.readInt32LE(4)};
    } catch {
        return null;
    } finally {
        if (handle !== undefined) fs.closeSync(handle);
    }
}

export type SpeechModelsOptions = {
    /** <data>/models: downloaded speech models are found here by their header. */
    modelsDir: string;
    /** A model named for this run (--speech-model, CAIRN_SPEECH_MODEL), listed first. */
    extra: string | null;
    /** The file chosen in the window (a path), if any. */
    chosen: () => string | null;
};

/** The whisper.cpp models on this computer: those in the models folder and the one named for this run. */
export class SpeechModels {
    constructor(private readonly options: SpeechModelsOptions) {}

    list(): SpeechModel[] {
        const {modelsDir, extra} = this.options;
        const files = fs.existsSync(modelsDir)
            ? fs
                  .readdirSync(modelsDir)
                  .filter((name) => name.endsWith(".bin"))
                  .map((name) => path.join(modelsDir, name))
            : [];
        if (extra) files.unshift(path.resolve(extra));
        return [...new Set(files)].flatMap((file) => {
            const header = whisperHeader(file);
            if (!header) return [];
            const stat = fs.statSync(file);
            const owned = path.dirname(file) === path.resolve(modelsDir);
            return [{...describe(file, header.vocab, stat.size), ownsFile: owned, addedAt: stat.mtimeMs}];
        });
    }

    /** The model dictation uses: the one chosen, else the one named for this run, else the newest. */
    inUse(): SpeechModel | null {
        const models = this.list();
        const chosen = this.options.chosen();
        const named = this.options.extra ? path.resolve(this.options.extra) : null;
        return (
            models.find((m) => m.file === chosen) ??
            models.find((m) => m.file === named) ??
            [...models].sort((a, b) => b.addedAt - a.addedAt)[0] ??
            null
        );
    }
}

function describe(file: string, vocab: number, sizeBytes: number): Omit<SpeechModel, "ownsFile" | "addedAt"> {
    // ggml-base.en.bin, ggml-large-v3-turbo-q5_0.bin: the size and quantization are in the name.
    const stem = path
        .basename(file)
        .replace(/^ggml-/, "")
        .replace(/\.bin$/, "");
    return {file, name: `Whisper ${stem}`, sizeBytes, englishOnly: vocab === ENGLISH_ONLY_VOCAB};
}

/** The part of @fugood/whisper.node's API Cairn uses (the package ships no type declarations). */
type WhisperContext = {
    transcribeData(
        audio: ArrayBuffer,
        options: {
            language?: string;
            maxThreads?: number;
            temperatureInc?: number;
            onProgress?(p: number): void;
        },
    ): {stop(): Promise<void>; promise: Promise<{result: string; language?: string}>};
    release(): Promise<void>;
};
type WhisperModule = {
    initWhisper(options: {filePath: string; useGpu: boolean}): Promise<WhisperContext>;
    toggleNativeLog(enable: boolean): Promise<void>;
    addNativeLogListener(listener: (level: string, text: string) => void): {remove(): void};
};

/** Imports a package by a name the type checker does not follow: this one ships no type declarations. */
const runtimeImport = (name: string): Promise<unknown> => import(name);

let whisperModule: WhisperModule | undefined;
/** whisper.cpp's last error line (its log): the reason given when a model or a recording fails. */
let lastError = "";

/** whisper.cpp's binding, loaded with the first recording; its errors are kept in lastError. */
async function loadWhisper(): Promise<WhisperModule> {
    if (!whisperModule) {
        const module = ((await runtimeImport("@fugood/whisper.node")) as {default: WhisperModule}).default;
        module.addNativeLogListener((level, text) => {
            if (level === "error") lastError = text.trim();
        });
        whisperModule = module;
    }
    // Without a listener of its own the binding prints whisper.cpp's model report on stdout. The listener
    // holds the event loop open: it is turned off again when the model is unloaded.
    await whisperModule.toggleNativeLog(true);
    return whisperModule;
}

export type TranscriberOptions = {
    models: SpeechModels;
    gpu: boolean;
    /** Threads for the encoder and decoder; default: the cores, at most 8. */
    threads?: number;
};

/**
 * Speech to text on this computer with whisper.cpp (through @fugood/whisper.node: its prebuilt binaries run
 * the work on libuv's threads, never on the event loop). One recording at a time; the model stays loaded
 * until another is chosen or Cairn stops.
 */
export class Transcriber {
    private loaded: {file: string; context: WhisperContext} | null = null;
    private queue: Promise<unknown> = Promise.resolve();

    constructor(private readonly options: TranscriberOptions) {}

    /** A WAV recording's text. `language`: an ISO 639-1 code, or auto-detected (a multilingual model). */
    transcribe(
        wav: Buffer,
        options: {language?: string; onProgress?: (share: number) => void} = {},
    ): Promise<Result<Transcript>> {
        const run = this.queue.then(() => this.transcribeNow(wav, options));
        this.queue = run.catch(() => undefined);
        return run;
    }

    private async transcribeNow(
        wav: Buffer,
        {language, onProgress}: {language?: string; onProgress?: (share: number) => void},
    ): Promise<Result<Transcript>> {
        const model = this.options.models.inUse();
        if (!model) return failSaying("NOT_FOUND", "speechNoModel");
        const audio = readWav(wav, MOST_SPEECH_SECONDS);
        if (!audio.ok) return failWith("VALIDATION", audio.words);
        const started = performance.now();
        const context = await this.contextFor(model.file);
        if (!context.ok) return context;
        const job = context.value.transcribeData(audio.value.samples.slice().buffer, {
            language: model.englishOnly ? "en" : (language ?? "auto"),
            maxThreads: this.options.threads ?? Math.min(8, os.availableParallelism()),
            onProgress: (percent) => onProgress?.(Math.max(0, Math.min(1, percent / 100))),
        });
        lastError = "";
        let result: Awaited<typeof job.promise> | "timed out";
        try {
            result = await settled(job, limitMs(audio.value.seconds));
        } catch (error) {
            return failSaying("INTERNAL", "speechFailed", {reason: messageOf(error)});
        }
        if (result === "timed out") {
            // The binding leaves a failed job's promise pending: the context is given up with it.
            await this.unload();
            return failSaying("TIMEOUT", "speechFailed", {
                reason: lastError || "it did not finish in time",
            });
        }
        return ok({
            text: result.result.trim(),
            seconds: audio.value.seconds,
            milliseconds: Math.round(performance.now() - started),
            model: model.name,
            language: result.language ?? (model.englishOnly ? "en" : (language ?? "")),
        });
    }

    private async contextFor(file: string): Promise<Result<WhisperContext>> {
        if (this.loaded?.file === file) return ok(this.loaded.context);
        await this.unload();
        try {
            lastError = "";
            const whisper = await loadWhisper();
            const context = await whisper.initWhisper({filePath: file, useGpu: this.options.gpu});
            this.loaded = {file, context};
            return ok(context);
        } catch (error) {
            const reason = lastError || messageOf(error);
            await whisperModule?.toggleNativeLog(false);
            return failWith(
                "VALIDATION",
                wordsOf("speechModelUnusable", {file: path.basename(file), reason}),
            );
        }
    }

    async unload(): Promise<void> {
        const loaded = this.loaded;
        this.loaded = null;
        if (!loaded) return;
        await loaded.context.release().catch(() => undefined);
        await whisperModule?.toggleNativeLog(false);
    }
}

/**
 * The binding settles a job that succeeds; one that fails inside (its error path calls back with one
 * argument where the promise waits for two) never settles. Each job is given a time for its audio's length.
 */
function limitMs(seconds: number): number {
    return 60_000 + seconds * 10_000;
}

async function settled<T>(
    job: {stop(): Promise<void>; promise: Promise<T>},
    ms: number,
): Promise<T | "timed out"> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"timed out">((resolve) => {
        timer = setTimeout(() => resolve("timed out"), ms);
    });
    try {
        const result = await Promise.race([job.promise, late]);
        if (result === "timed out") await job.stop().catch(() => undefined);
        return result;
    } finally {
        clearTimeout(timer);
    }
}

/** The rate recordings are sent at (the window resamples to it). */
export {SPEECH_RATE};
