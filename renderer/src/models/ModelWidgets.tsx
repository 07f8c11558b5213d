import {useState} from "react";
import type {DownloadProgress, Recommendation} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {sayCore, useTranslation} from "../i18n/index.js";
import type {Models} from "./useModels.js";
import {FitBadge, fitSummary} from "../ui/FitBadge.js";
import {useOfflineNote} from "../ui/offlineNote.js";

type BarProps = {
    progress: DownloadProgress;
    onCancel: () => void;
    /** A failed download's Retry. */
    onRetry?: () => void;
};

/** A download's progress, speed and time left; Cancel while it runs, its error and Retry once it failed. */
export function DownloadBar({progress, onCancel, onRetry}: BarProps) {
    const {t} = useTranslation();
    const total = progress.totalBytes ?? 0;
    const active =
        progress.state === "starting" || progress.state === "downloading" || progress.state === "verifying";
    const eta =
        progress.etaSeconds === null ? "" : t("modelWidgets.eta", {seconds: Math.ceil(progress.etaSeconds)});
    return (
        <div
            className="download"
            data-state={progress.state}
            aria-label={t("modelWidgets.downloadOf", {name: progress.fileName ?? progress.uri})}
        >
            <progress max={total || 1} value={total ? progress.downloadedBytes : 0} />
            <span className="download-text">
                {progress.state === "downloading"
                    ? t("modelWidgets.progress", {
                          done: formatBytes(progress.downloadedBytes),
                          total: total ? formatBytes(total) : "?",
                          speed: formatBytes(progress.bytesPerSecond),
                      }) + eta
                    : t(`modelWidgets.state.${progress.state}`)}
                {progress.error && `: ${sayCore(progress.error, progress.errorWords)}`}
            </span>
            {active && <button onClick={onCancel}>{t("modelWidgets.cancel")}</button>}
            {progress.state === "failed" && onRetry && (
                <button onClick={onRetry}>{t("modelWidgets.retry")}</button>
            )}
        </div>
    );
}

/** Recommended models with their fit on this computer and a Download button each. */
type ListProps = {
    models: Models;
    kind: Recommendation["kind"];
    onStarted?: (downloadId: string) => void;
    /** The first model that fits is the screen's main action (the first run). */
    primary?: boolean;
};

export function RecommendedList({models, kind, onStarted, primary}: ListProps) {
    const {t} = useTranslation();
    const [started, setStarted] = useState<Record<string, string>>({});
    const offline = useOfflineNote();
    const list = (models.state.recommended ?? []).filter((r) => r.kind === kind);
    const main = primary ? list.find((r) => r.fit.verdict !== "too-large")?.id : undefined;
    // A download started (or started again): its progress shows in its item.
    const begun = (id: string, res: {downloadId: string} | null) => {
        if (!res) return;
        setStarted((s) => ({...s, [id]: res.downloadId}));
        onStarted?.(res.downloadId);
    };
    if (!models.state.recommended) return <p className="muted">{t("modelWidgets.checking")}</p>;
    return (
        <>
            <ul className="recommended">
                {list.map((r) => {
                    const downloadId = started[r.id];
                    const progress = downloadId ? models.state.downloads[downloadId] : undefined;
                    return (
                        <li key={r.id} data-model={r.id}>
                            <div className="rec-head">
                                <strong>{r.name}</strong> <FitBadge fit={r.fit} />{" "}
                                <span className="muted">
                                    {r.parameters} · {r.quantization} · {formatBytes(r.sizeBytes)}
                                </span>
                            </div>
                            <div className="muted">{r.notes}</div>
                            {progress ? (
                                <DownloadBar
                                    progress={progress}
                                    onCancel={() => void models.cancel(progress.id)}
                                    onRetry={() =>
                                        void models.retry(progress).then((res) => begun(r.id, res))
                                    }
                                />
                            ) : (
                                <button
                                    className={r.id === main ? "primary" : undefined}
                                    disabled={r.fit.verdict === "too-large"}
                                    title={fitSummary(r.fit, t)}
                                    {...offline.off}
                                    onClick={() =>
                                        void models.download(r.uri).then((res) => begun(r.id, res))
                                    }
                                >
                                    {t("modelWidgets.download")}
                                </button>
                            )}
                        </li>
                    );
                })}
            </ul>
        </>
    );
}

/** An example of a model file's path (a path, not words: the same in every language). */
const PATH_EXAMPLE = "/path/to/model.gguf";

/** A GGUF file already on this computer: its path, then Load. */
export function ModelFilePicker({onLoad}: {onLoad: (path: string) => void}) {
    const {t} = useTranslation();
    const [path, setPath] = useState("");
    return (
        <form
            className="file-picker"
            onSubmit={(e) => {
                e.preventDefault();
                if (path.trim()) onLoad(path.trim());
            }}
        >
            <input
                aria-label={t("modelWidgets.filePath")}
                placeholder={PATH_EXAMPLE}
                value={path}
                onChange={(e) => setPath(e.target.value)}
            />
            <button type="submit" disabled={!path.trim()}>
                {t("modelWidgets.loadFile")}
            </button>
        </form>
    );
}
