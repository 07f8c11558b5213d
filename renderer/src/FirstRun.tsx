import {sayCore, useTranslation} from "./i18n/index.js";
import {useOfflineNote} from "./ui/offlineNote.js";
import {ModelFilePicker, RecommendedList} from "./models/ModelWidgets.js";
import type {Models} from "./models/useModels.js";
import type {EngineStatus} from "../../shared/contract.js";

/** Shown while no model is configured: pick a recommended model (downloaded, then loaded) or a file. */
type Props = {
    models: Models;
    /** The engine: why the last model could not be loaded (a mistyped path) is shown beside the file field. */
    engine: EngineStatus | null;
    onStarted: (downloadId: string) => void;
};

export function FirstRun({models, engine, onStarted}: Props) {
    const {t} = useTranslation();
    const problem =
        engine?.state === "error" && engine.message ? sayCore(engine.message, engine.words) : null;
    const offline = useOfflineNote();
    return (
        <section className="first-run" aria-label={t("firstRun.label")}>
            <h1>{t("firstRun.title")}</h1>
            <p>{t("firstRun.intro")}</p>
            {offline.note}
            <RecommendedList models={models} kind="chat" onStarted={onStarted} primary />
            <h2>{t("firstRun.haveFile")}</h2>
            <ModelFilePicker onLoad={(path) => void models.load(path)} />
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
        </section>
    );
}
