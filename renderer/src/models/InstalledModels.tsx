import {useState} from "react";
import type {EngineStatus} from "../../../shared/contract.js";
import {DownloadBar, ModelFilePicker} from "./ModelWidgets.js";
import {SpeechModels} from "./SpeechModels.js";
import {ToolUseSection} from "./ToolUse.js";
import {toolUseLabel} from "../ui/toolUseLabel.js";
import {fileNameOf, formatBytes} from "../../../shared/format.js";
import type {Models} from "./useModels.js";
import {RemoveModel} from "./RemoveModel.js";
import {Trans, useTranslation} from "../i18n/index.js";

type Props = {models: Models; engine: EngineStatus | null; onFind: () => void};

/**
 * Models' Installed tab: downloads under way and unfinished, each installed model with its facts and actions, a
 * model file to load from this computer, tool use, and dictation's speech models.
 */
export function InstalledModels({models, engine, onFind}: Props) {
    const overview = models.state.overview;
    const running = Object.values(models.state.downloads).filter((d) => d.state !== "done");
    const [removing, setRemoving] = useState<string | null>(null); // Removing asks first: its file goes too.
    const {t} = useTranslation();
    return (
        <>
            {running.map((d) => (
                <DownloadBar
                    key={d.id}
                    progress={d}
                    onCancel={() => void models.cancel(d.id)}
                    onRetry={() => void models.retry(d)}
                />
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
            <h2>{t("modelsPanel.installed")}</h2>
            {!overview || overview.installed.length === 0 ? (
                <p className="muted">
                    {t("modelsPanel.noModels")} <button onClick={onFind}>{t("modelsPanel.findOne")}</button>
                </p>
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
                                        <RemoveModel
                                            name={m.name}
                                            ownsFile={m.ownsFile}
                                            asking={removing === m.id}
                                            onAsk={() => setRemoving(m.id)}
                                            onCancel={() => setRemoving(null)}
                                            onRemove={() => {
                                                setRemoving(null);
                                                void models.remove(m.id);
                                            }}
                                        />
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
            <h2>{t("modelsPanel.loadFile")}</h2>
            <ModelFilePicker onLoad={(path) => void models.load(path)} />
            <SpeechModels models={models} />
        </>
    );
}
