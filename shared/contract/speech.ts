// Dictation: speech typed into the message box by a whisper.cpp model on this computer.
import {Type, type Static} from "@sinclair/typebox";
import {Count, Empty, FilePath, Id, Timestamp, UploadChunk, call, closed, nullable, req} from "./base.js";

/** The largest recording sent for dictation: five minutes of 16 kHz 16-bit mono WAV, with room for its header. */
export const MOST_SPEECH_BYTES = 300 * 16_000 * 2 + 1024;

/** A whisper.cpp model file (ggml-*.bin) on this computer. */
export const SpeechModel = Type.Object(
    {
        file: Type.String(),
        /** "Whisper base.en": from the file's name. */
        name: Type.String(),
        sizeBytes: Count,
        /** An English-only model (.en): it is told the language; a multilingual one detects it. */
        englishOnly: Type.Boolean(),
        /** In Cairn's models folder (downloaded): removing it deletes the file. */
        ownsFile: Type.Boolean(),
        addedAt: Timestamp,
    },
    closed,
);

export type SpeechModel = Static<typeof SpeechModel>;

/** A recording's text and what it took. */
export const Transcript = Type.Object(
    {
        text: Type.String(),
        /** The recording's length. */
        seconds: Type.Number({minimum: 0}),
        /** From the recording's arrival to its text (the model's load included, the first time). */
        milliseconds: Count,
        model: Type.String(),
        /** The language heard (detected by a multilingual model; "en" for an English-only one). */
        language: Type.String(),
    },
    closed,
);

export type Transcript = Static<typeof Transcript>;

/** The speech calls: each one's request and its result's value. */
export const speechCalls = {
    /** The speech models found and the one dictation uses (null: none installed). */
    "speech.models": call(
        Empty,
        Type.Object({models: Type.Array(SpeechModel), inUse: nullable(Type.String())}, closed),
    ),
    /** Chooses the model dictation uses (one of speech.models). */
    "speech.use": call(req({file: FilePath}), Type.Object({inUse: Type.String()}, closed)),
    /** Removes a speech model: its file is deleted when Cairn downloaded it, else it is only forgotten. */
    "speech.remove": call(req({file: FilePath}), Type.Object({deletedFile: Type.Boolean()}, closed)),
    /**
     * A recording sent in chunks (begin, chunk…, finish) as a WAV file; finish transcribes it with the model in
     * use (whisper.cpp on libuv's threads) and answers its text. `language`: a hint for a multilingual model.
     */
    "speech.begin": call(
        req({size: Type.Integer({minimum: 44, maximum: MOST_SPEECH_BYTES})}),
        Type.Object({uploadId: Type.String()}, closed),
    ),
    "speech.chunk": call(UploadChunk, Type.Object({received: Type.Integer()}, closed)),
    "speech.finish": call(
        req({uploadId: Id, language: Type.Optional(Type.String({pattern: "^[a-z]{2,3}$"}))}),
        Transcript,
    ),
};
