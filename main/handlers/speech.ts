import fs from "node:fs";
import {ok} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {SpeechModels, Transcriber} from "../media/speech.js";
import type {SettingsStore} from "../store/settings.js";
import type {Uploads} from "../uploads.js";
import {failSaying} from "../words.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {attempt} from "./attempt.js";

type Deps = {
    speech: SpeechModels;
    transcriber: Transcriber;
    uploads: Uploads;
    settings: SettingsStore;
    bus: EventBus;
};

/** Dictation: the speech models, the one in use, and recordings turned into text. */
export function speechHandlers({speech, transcriber, uploads, settings, bus}: Deps): HandlerSlice<"speech."> {
    const find = (file: string) => speech.list().find((m) => m.file === file);
    return {
        "speech.models": () => ok({models: speech.list(), inUse: speech.inUse()?.file ?? null}),
        "speech.use": (req) => {
            if (!find(req.file)) return failSaying("NOT_FOUND", "speechModelNotFound", {file: req.file});
            settings.set("speechModelPath", req.file);
            bus.emit({type: "models.changed"});
            return ok({inUse: req.file});
        },
        "speech.remove": async (req) => {
            const model = find(req.file);
            if (!model) return failSaying("NOT_FOUND", "speechModelNotFound", {file: req.file});
            await transcriber.unload();
            if (model.ownsFile) fs.rmSync(model.file, {force: true});
            if (settings.get("speechModelPath") === model.file) settings.set("speechModelPath", null);
            bus.emit({type: "models.changed"});
            return ok({deletedFile: model.ownsFile});
        },
        "speech.begin": (req) => attempt(() => ({uploadId: uploads.begin("recording.wav", req.size)})),
        "speech.chunk": (req) =>
            attempt(() => ({received: uploads.chunk(req.uploadId, req.offset, req.data)})),
        "speech.finish": async (req) => {
            const received = await attempt(async () => {
                const upload = uploads.take(req.uploadId);
                return fs.promises.readFile(upload.file).finally(() => fs.rmSync(upload.file, {force: true}));
            });
            if (!received.ok) return received;
            const wav = received.value;
            try {
                return await transcriber.transcribe(wav, {
                    ...(req.language ? {language: req.language} : {}),
                    onProgress: (share) => bus.emit({type: "speech.progress", share}),
                });
            } finally {
                bus.emit({type: "speech.progress", share: null});
            }
        },
    };
}
