import {useEffect, useState} from "react";
import type {BackendReport as Backends, DraftChoice, EngineStatus} from "../../../shared/contract.js";
import {fileNameOf, formatBytes} from "../../../shared/format.js";
import type {Models} from "./useModels.js";
import {sayCore, Trans, useTranslation, type TFunction} from "../i18n/index.js";
import {Select} from "../ui/Select.js";
import {EngineBuildNote} from "./EngineBuildNote.js";

/** Models' Engine tab: what runs the loaded model (and its draft), and the backends this computer can use. */
export function EngineTab({models, engine}: {models: Models; engine: EngineStatus | null}) {
    const {t} = useTranslation();
    return (
        <>
            <h2>{t("modelsPanel.running")}</h2>
            <BackendReport engine={engine} models={models} onUnload={() => void models.unload()} />
            <h2>{t("modelsPanel.backends")}</h2>
            <BackendList models={models} />
            <EngineBuildNote build={models.state.engineBuild} />
        </>
    );
}

function BackendReport({
    engine,
    models,
    onUnload,
}: {
    engine: EngineStatus | null;
    models: Models;
    onUnload: () => void;
}) {
    const {t} = useTranslation();
    if (!engine || engine.state === "no-model" || !engine.modelPath) {
        // The core's reason (a load that failed) in the window's language; else only that none is loaded: its
        // own advice (open Models) says nothing here, inside Models.
        const failed = engine?.state === "error" ? engine.message : null;
        return (
            <p className="muted">{failed ? sayCore(failed, engine?.words) : t("modelsPanel.noneLoaded")}</p>
        );
    }
    const gpu = engine.gpu;
    return (
        <div className="backend-report" aria-label={t("modelsPanel.backendReport")}>
            <p>
                <Trans
                    i18nKey="modelsPanel.runsOn"
                    values={{
                        model: engine.modelName,
                        backend: `${(engine.backend ?? "?").toUpperCase()}${gpu ? ` (${gpu.devices.join(", ") || "GPU"})` : ""}`,
                    }}
                    components={{model: <strong />, backend: <strong data-backend={engine.backend} />}}
                />{" "}
                · {engineFacts(engine, t)}
            </p>
            {gpu && (
                <p>
                    {t("modelsPanel.gpuLayers", {layers: gpu.gpuLayers, total: gpu.totalLayers})} ·{" "}
                    {t("modelsPanel.vram", {
                        used: formatBytes(gpu.vramUsedBytes),
                        total: formatBytes(gpu.vramTotalBytes),
                    })}
                </p>
            )}
            {engine.message && <p className="note">{sayCore(engine.message, engine.words)}</p>}
            <DraftPicker models={models} engine={engine} />
            <button onClick={onUnload}>{t("modelsPanel.unload")}</button>
        </div>
    );
}

/** Threads, context size, where the weights are read from and flash attention: one line, " · " between. */
function engineFacts(engine: EngineStatus, t: TFunction): string {
    return [
        t("modelsPanel.threads", {count: engine.threads}),
        t("modelsPanel.contextSize", {size: engine.contextSize ?? "?"}),
        engine.weights && t(`modelsPanel.weights.${engine.weights}`),
        engine.flashAttention &&
            t("modelsPanel.flashAttention", {
                mode: t(`settingsPanel.flashAttentionMode.${engine.flashAttention}`),
            }),
    ]
        .filter(Boolean)
        .join(" · ");
}

/**
 * The loaded model's draft model for speculative decoding: none (input lookup) or an installed model of its
 * vocabulary, smallest first. Choosing one loads the model again with it.
 */
function DraftPicker({models, engine}: {models: Models; engine: EngineStatus}) {
    const {t} = useTranslation();
    const modelPath = engine.modelPath!;
    const [choice, setChoice] = useState<DraftChoice | null>(null);
    useEffect(() => {
        void models.drafts(modelPath).then(setChoice);
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [modelPath]);
    const state = t(`modelsPanel.speculation.${engine.speculation ?? "off"}`);
    return (
        <div className="draft-picker">
            <p>
                {t("modelsPanel.speculative", {state})}
                {engine.draftModel && ` (${engine.draftModel.split(/[\\/]/).pop()})`}
            </p>
            {choice && (
                <label>
                    {t("modelsPanel.draftModel")}{" "}
                    <Select
                        value={choice.draftPath ?? ""}
                        onChange={(file) => void models.setDraft(modelPath, file || null).then(setChoice)}
                        choices={[
                            {value: "", label: t("modelsPanel.draftNone")},
                            ...choice.candidates.map((c, i) => ({
                                value: c.file,
                                label: t(
                                    i === 0 ? "modelsPanel.draftSuggested" : "modelsPanel.draftCandidate",
                                    {
                                        name: c.name,
                                        size: formatBytes(c.sizeBytes),
                                    },
                                ),
                            })),
                            // A draft chosen elsewhere that is not among the suggestions.
                            ...(choice.draftPath &&
                            !choice.candidates.some((c) => c.file === choice.draftPath)
                                ? [{value: choice.draftPath, label: fileNameOf(choice.draftPath)}]
                                : []),
                        ]}
                    />
                </label>
            )}
            {choice && (choice.candidates.length > 0 || choice.draftPath) && (
                <p className="muted">{t("modelsPanel.draftNotFaster")}</p>
            )}
            {choice && choice.candidates.length === 0 && <p className="muted">{t("modelsPanel.noDraft")}</p>}
        </div>
    );
}

const BACKEND_NAMES = {cpu: "CPU", cuda: "CUDA", vulkan: "Vulkan", metal: "Metal"} as const;

/** The llama.cpp backends this computer can use, the one in use, and how to build a missing one. */
function BackendList({models}: {models: Models}) {
    const {t} = useTranslation();
    const [report, setReport] = useState<Backends | null>(null);
    useEffect(() => {
        void models.backends().then(setReport);
        // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening of the screen
    }, []);
    if (!report) return null;
    return (
        <ul className="backends" aria-label={t("modelsPanel.backends")}>
            {report.backends.map((b) => (
                <li key={b.backend} data-state={b.state}>
                    <strong>{BACKEND_NAMES[b.backend]}</strong> {t(`modelsPanel.backendState.${b.state}`)}
                    {b.reason && <span className="muted">: {sayCore(b.reason, b.reasonWords)}.</span>}
                    {b.buildCommand && (
                        <>
                            {" "}
                            {t("modelsPanel.buildFromSource")} <code>{b.buildCommand}</code>
                        </>
                    )}
                </li>
            ))}
        </ul>
    );
}
