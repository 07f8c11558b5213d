import fs from "node:fs";
import {ok} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {SpeechModels, Transcriber} from "../media/speech.js";
import type {SettingsStore} from "../store/settings.js";
import type {Uploads} from "../uploads.js";
import {failSaying} from "../words.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

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
        "speech.begin": (req) => {
            try {
                return ok({uploadId: uploads.begin("recording.wav", req.size)});
            } catch (error) {
                return failSaying("VALIDATION", "speechNotSent", {reason: (error as Error).message});
            }
        },
        "speech.chunk": (req) => {
            try {
                return ok({received: uploads.chunk(req.uploadId, req.offset, req.data)});
            } catch (error) {
                return failSaying("VALIDATION", "speechNotSent", {reason: (error as Error).message});
            }
        },
        "speech.finish": async (req) => {
            let wav: Buffer;
            try {
                const upload = uploads.take(req.uploadId);
                wav = await fs.promises
                    .readFile(upload.file)
                    .finally(() => fs.rmSync(upload.file, {force: true}));
            } catch (error) {
                return failSaying("VALIDATION", "speechNotSent", {reason: (error as Error).message});
            }
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
