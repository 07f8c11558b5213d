import {useCallback, useEffect, useState} from "react";
import type {SpeechModel} from "../../../shared/contract.js";
import {fileNameOf, formatBytes} from "../../../shared/format.js";
import {useApi} from "../apiContext.js";
import {sayError, useTranslation} from "../i18n/index.js";
import {RemoveModel} from "./RemoveModel.js";
import type {Models} from "./useModels.js";

/** Dictation's speech models (whisper.cpp) installed: the one in use, choosing another, removing one. */
export function SpeechModels({models}: {models: Models}) {
    const {t} = useTranslation();
    const api = useApi();
    const [list, setList] = useState<{models: SpeechModel[]; inUse: string | null} | null>(null);
    const [removing, setRemoving] = useState<string | null>(null);
    const [error, setError] = useState<string | null>(null);
    const reload = useCallback(async () => {
        const res = await api?.invoke("speech.models", {});
        if (res?.ok) setList(res.value);
    }, [api]);
    // The models' overview changes with every models.changed (a download done, a model removed or chosen).
    useEffect(() => void reload(), [reload, models.state.overview]);
    const act = async (
        call: Promise<{ok: true} | {ok: false; error: Parameters<typeof sayError>[0]}> | undefined,
    ) => {
        const res = await call;
        setError(res && !res.ok ? sayError(res.error) : null);
        await reload();
    };
    return (
        <>
            <h2>{t("modelsPanel.speech")}</h2>
            {!list || list.models.length === 0 ? (
                <p className="muted">{t("modelsPanel.speechNone")}</p>
            ) : (
                <table className="installed speech-models">
                    <tbody>
                        {list.models.map((m) => {
                            const inUse = list.inUse === m.file;
                            return (
                                <tr key={m.file}>
                                    <td title={m.file}>
                                        <strong>{m.name}</strong>{" "}
                                        <span className="muted">{fileNameOf(m.file)}</span>
                                        <div className="muted">
                                            {formatBytes(m.sizeBytes)} ·{" "}
                                            {t(
                                                m.englishOnly
                                                    ? "modelsPanel.speechEnglish"
                                                    : "modelsPanel.speechAny",
                                            )}
                                        </div>
                                    </td>
                                    <td className="actions">
                                        <button
                                            aria-pressed={inUse}
                                            disabled={inUse}
                                            onClick={() =>
                                                void act(api?.invoke("speech.use", {file: m.file}))
                                            }
                                        >
                                            {t(inUse ? "modelsPanel.speechInUse" : "modelsPanel.speechUse")}
                                        </button>
                                        <RemoveModel
                                            name={m.name}
                                            ownsFile={m.ownsFile}
                                            asking={removing === m.file}
                                            onAsk={() => setRemoving(m.file)}
                                            onCancel={() => setRemoving(null)}
                                            onRemove={() => {
                                                setRemoving(null);
                                                void act(api?.invoke("speech.remove", {file: m.file}));
                                            }}
                                        />
                                    </td>
                                </tr>
                            );
                        })}
                    </tbody>
                </table>
            )}
            {error && (
                <p className="error" role="alert">
                    {error}
                </p>
            )}
        </>
    );
}
