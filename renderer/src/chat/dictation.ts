import {useCallback, useEffect, useRef, useState} from "react";
import type {CairnApi, Transcript} from "../../../shared/contract.js";
import {pcm16Wav} from "../../../shared/wav.js";
import {useApi} from "../apiContext.js";
import {sayError, useTranslation, type TFunction} from "../i18n/index.js";
import {sendInChunks} from "../ui/upload.js";
import {messageOf} from "../../../shared/format.js";

/** whisper.cpp hears 16 kHz mono: the recording is resampled to it here, where the browser decodes it. */
const SPEECH_RATE = 16_000;
/** A recording stops by itself after this long (the core takes up to five minutes). */
const MOST_SECONDS = 300;

export type DictationState = "idle" | "starting" | "recording" | "transcribing";

/**
 * Dictation: the microphone records (MediaRecorder), the recording is decoded and resampled to 16 kHz mono in
 * the window (Web Audio), sent to the core as WAV, transcribed there by whisper.cpp, and its text handed to
 * `onText` (the message box puts it at the caret, to edit before sending). Nothing leaves this computer.
 */
export function useDictation(onText: (text: string) => void) {
    const api = useApi();
    const {t} = useTranslation();
    const [state, setState] = useState<DictationState>("idle");
    const [seconds, setSeconds] = useState(0);
    const [error, setError] = useState<string | null>(null);
    /** How much of the recording whisper.cpp has heard (speech.progress), while it transcribes. */
    const [heard, setHeard] = useState(0);
    const recording = useRef<{recorder: MediaRecorder; stream: MediaStream; keep: boolean} | null>(null);
    // Whether a speech model is chosen, asked before the microphone is pressed (null: not known yet).
    const [hasModel, setHasModel] = useState<boolean | null>(null);
    const recheck = useCallback(() => {
        void api?.invoke("speech.models", {}).then((res) => res.ok && setHasModel(res.value.inUse !== null));
    }, [api]);
    useEffect(() => {
        recheck();
        // A speech model downloaded, chosen or removed (in Models, or another window).
        return api?.onEvent((event) => {
            if (event.type === "models.changed") recheck();
        });
    }, [api, recheck]);
    const text = useRef(onText);
    text.current = onText;

    const finish = useCallback(
        async (blob: Blob) => {
            if (!api) return;
            setHeard(0);
            setState("transcribing");
            try {
                const heard = await transcribe(api, blob);
                if (heard.text) text.current(heard.text);
                else setError(t("composer.heardNothing"));
            } catch (problem) {
                setError(messageOf(problem));
            } finally {
                setState("idle");
            }
        },
        [api, t],
    );

    const start = useCallback(async () => {
        if (!api || recording.current) return;
        setError(null);
        setState("starting");
        const models = await api.invoke("speech.models", {});
        if (models.ok) setHasModel(models.value.inUse !== null);
        if (models.ok && !models.value.inUse) {
            setError(t("composer.noSpeechModel"));
            setState("idle");
            return;
        }
        let stream: MediaStream;
        try {
            stream = await navigator.mediaDevices.getUserMedia({
                audio: {channelCount: 1, echoCancellation: true},
            });
        } catch (problem) {
            setError(microphoneProblem(problem as DOMException, t));
            setState("idle");
            return;
        }
        const recorder = new MediaRecorder(stream);
        const chunks: Blob[] = [];
        const current = {recorder, stream, keep: true};
        recording.current = current;
        recorder.ondataavailable = (e) => chunks.push(e.data);
        recorder.onstop = () => {
            stream.getTracks().forEach((track) => track.stop());
            recording.current = null;
            if (current.keep) void finish(new Blob(chunks, {type: recorder.mimeType}));
            else setState("idle");
        };
        recorder.start(250);
        setSeconds(0);
        setState("recording");
    }, [api, finish, t]);

    /** Stops recording; keep: false throws the recording away (Escape). */
    const stop = useCallback((keep = true) => {
        const current = recording.current;
        if (!current || current.recorder.state === "inactive") return;
        current.keep = keep;
        current.recorder.stop();
    }, []);

    useEffect(() => {
        if (state !== "transcribing" || !api) return;
        return api.onEvent((event) => {
            if (event.type === "speech.progress" && event.share !== null) setHeard(event.share);
        });
    }, [api, state]);
    // The seconds recorded, shown on the button; a recording stops by itself at the limit.
    useEffect(() => {
        if (state !== "recording") return;
        const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
        return () => clearInterval(timer);
    }, [state]);
    useEffect(() => {
        if (seconds >= MOST_SECONDS) stop();
    }, [seconds, stop]);
    // Leaving the conversation (the composer goes) throws an unfinished recording away.
    useEffect(() => () => stop(false), [stop]);

    // Why dictation cannot run here, said before the microphone is pressed.
    const unavailable = hasModel === false ? t("composer.noSpeechModel") : null;
    return {state, seconds, heard, error, unavailable, recheck, start, stop, dismiss: () => setError(null)};
}

async function transcribe(api: CairnApi, blob: Blob): Promise<Transcript> {
    const wav = new Blob([await toWav(blob)], {type: "audio/wav"});
    const begun = await api.invoke("speech.begin", {size: wav.size});
    if (!begun.ok) throw new Error(sayError(begun.error));
    const {uploadId} = begun.value;
    await sendInChunks(
        wav,
        (offset, data) => api.invoke("speech.chunk", {uploadId, offset, data}),
        () => {},
    );
    const heard = await api.invoke("speech.finish", {uploadId});
    if (!heard.ok) throw new Error(sayError(heard.error));
    return heard.value;
}

/** The recording (WebM/Opus, or what the browser records) as 16 kHz mono 16-bit WAV. */
async function toWav(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
    const context = new AudioContext();
    try {
        const decoded = await context.decodeAudioData(await blob.arrayBuffer());
        const frames = Math.max(1, Math.ceil(decoded.duration * SPEECH_RATE));
        const offline = new OfflineAudioContext(1, frames, SPEECH_RATE);
        const source = offline.createBufferSource();
        source.buffer = decoded;
        source.connect(offline.destination);
        source.start();
        const rendered = await offline.startRendering();
        return pcm16Wav(rendered.getChannelData(0), SPEECH_RATE) as Uint8Array<ArrayBuffer>;
    } finally {
        void context.close();
    }
}

function microphoneProblem(problem: DOMException, t: TFunction): string {
    if (problem.name === "NotAllowedError" || problem.name === "SecurityError")
        return t("composer.micBlocked");
    if (problem.name === "NotFoundError" || problem.name === "OverconstrainedError")
        return t("composer.micMissing");
    return t("composer.micFailed", {reason: problem.message});
}
