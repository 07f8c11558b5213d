import {useEffect, useState} from "react";
import type {BackendReport as Backends, DraftChoice, EngineStatus} from "../../../shared/contract.js";
import {DownloadBar, ModelFilePicker, RecommendedList} from "./ModelWidgets.js";
import {HubSearch} from "./HubSearch.js";
import {SpeechModels} from "./SpeechModels.js";
import {ToolUseSection} from "./ToolUse.js";
import {toolUseLabel} from "../ui/toolUseLabel.js";
import {fileNameOf, formatBytes} from "../../../shared/format.js";
import type {Models} from "./useModels.js";
import {Dialog} from "../ui/Dialog.js";
import {Confirm} from "../ui/Confirm.js";
import {sayCore, Trans, useTranslation, type TFunction} from "../i18n/index.js";
import {Select} from "../ui/Select.js";
import {useOfflineNote} from "../ui/offlineNote.js";

type Props = {models: Models; engine: EngineStatus | null; onClose: () => void};

/** Installed models, downloads, recommendations with fit badges, and what runs the loaded model. */
export function ModelsPanel({models, engine, onClose}: Props) {
    const overview = models.state.overview;
    const running = Object.values(models.state.downloads).filter((d) => d.state !== "done");
    const [removing, setRemoving] = useState<string | null>(null); // Removing asks first: its file goes too.
    const {t} = useTranslation();
    const offline = useOfflineNote().note;
    return (
        <Dialog label={t("modelsPanel.title")} onClose={onClose} className="models">
            {offline}
            <h2>{t("modelsPanel.running")}</h2>
            <BackendReport engine={engine} models={models} onUnload={() => void models.unload()} />
            <BackendList models={models} />
            <h2>{t("modelsPanel.installed")}</h2>
            {!overview || overview.installed.length === 0 ? (
                <p className="muted">{t("modelsPanel.noModels")}</p>
            ) : (
                <table className="installed">
                    <tbody>
                        {overview.installed.map((m) => {
                            const loaded = engine?.modelPath === m.file;
                            const embedding = overview.embeddingModelPath === m.file;
                            const projector = overview.vision.find((v) => v.file === m.file)?.projector;
                            return (
                                <tr key={m.id} data-model-id={m.id}>
                                    <td title={m.file}>
                                        <strong>{m.name}</strong>{" "}
                                        {projector && (
                                            <span
                                                className="badge"
                                                title={t("modelsPanel.visionHint", {
                                                    file: fileNameOf(projector),
                                                })}
                                            >
                                                {t("modelsPanel.vision")}
                                            </span>
                                        )}{" "}
                                        <span className="muted">{m.file.split(/[\\/]/).pop()}</span>
                                        <div className="muted">
                                            {[
                                                m.architecture,
                                                m.quantization,
                                                formatBytes(m.sizeBytes),
                                                m.contextLength &&
                                                    t("modelsPanel.contextLength", {size: m.contextLength}),
                                                m.chatWrapper &&
                                                    t("modelsPanel.chatFormat", {name: m.chatWrapper}),
                                                t("modelsPanel.tools", {kind: m.functionCalling}),
                                                toolUseLabel(models.state.toolUse[m.file], t),
                                            ]
                                                .filter(Boolean)
                                                .join(" · ")}
                                        </div>
                                    </td>
                                    <td className="actions">
                                        {loaded ? (
                                            <span className="badge">{t("modelsPanel.loaded")}</span>
                                        ) : (
                                            <button onClick={() => void models.load(m.file)}>
                                                {t("modelsPanel.load")}
                                            </button>
                                        )}
                                        <button
                                            aria-pressed={embedding}
                                            title={t("modelsPanel.forDocumentsHint")}
                                            onClick={() =>
                                                void models.useForDocuments(embedding ? null : m.file)
                                            }
                                        >
                                            {t(
                                                embedding
                                                    ? "modelsPanel.usedForDocuments"
                                                    : "modelsPanel.useForDocuments",
                                            )}
                                        </button>
                                        {removing === m.id ? (
                                            <Confirm
                                                label={t("modelsPanel.removeAsk", {name: m.name})}
                                                confirm={t("modelsPanel.removeYes")}
                                                onConfirm={() => {
                                                    setRemoving(null);
                                                    void models.remove(m.id);
                                                }}
                                                onCancel={() => setRemoving(null)}
                                            >
                                                {t(
                                                    m.ownsFile
                                                        ? "modelsPanel.removeFile"
                                                        : "modelsPanel.removeKeepFile",
                                                )}
                                            </Confirm>
                                        ) : (
                                            <button
                                                onClick={() => setRemoving(m.id)}
                                                aria-label={t("modelsPanel.removeName", {name: m.name})}
                                            >
                                                {t("modelsPanel.remove")}
                                            </button>
                                        )}
                                    </td>
                                </tr>
                            );
                        })}
                    </tbody>
                </table>
            )}
            {overview && overview.installed.length > 0 && (
                <ToolUseSection models={models} installed={overview.installed} />
            )}
            {running.map((d) => (
                <DownloadBar key={d.id} progress={d} onCancel={() => void models.cancel(d.id)} />
            ))}
            {overview?.partial.map((p) => (
                <p key={p.fileName} className="partial">
                    <Trans
                        i18nKey="modelsPanel.unfinished"
                        values={{file: p.fileName, size: formatBytes(p.downloadedBytes)}}
                        components={{
                            discard: (
                                <button onClick={() => void models.discard(p.fileName).then(models.reload)} />
                            ),
                        }}
                    />
                </p>
            ))}
            <h2>{t("modelsPanel.loadFile")}</h2>
            <ModelFilePicker onLoad={(path) => void models.load(path)} />
            <h2>{t("modelsPanel.recommendedChat")}</h2>
            <RecommendedList models={models} kind="chat" />
            <h2>{t("modelsPanel.recommendedEmbedding")}</h2>
            <RecommendedList models={models} kind="embedding" />
            <SpeechModels models={models} />
            <h2>{t("modelsPanel.searchHub")}</h2>
            <HubSearch models={models} />
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    {t("modelsPanel.close")}
                </button>
            </div>
        </Dialog>
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
        return <p className="muted">{engine?.message ?? t("modelsPanel.noneLoaded")}</p>;
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
                    {b.reason && <span className="muted">: {b.reason}.</span>}
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
