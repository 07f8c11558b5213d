import {useState} from "react";
import type {DownloadProgress, FitEstimate, Recommendation} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import type {Models} from "./useModels.js";

export const FIT_LABEL: Record<FitEstimate["verdict"], string> = {
    vram: "Fits in VRAM",
    ram: "Fits in RAM",
    "too-large": "Too large",
};

export function FitBadge({fit}: {fit: FitEstimate}) {
    const basis = fit.basis === "size" ? " (estimated from the file size)" : "";
    return (
        <span className={`fit fit-${fit.verdict}`} title={fit.summary + basis} data-fit={fit.verdict}>
            {FIT_LABEL[fit.verdict]}
        </span>
    );
}

export function DownloadBar({progress, onCancel}: {progress: DownloadProgress; onCancel(): void}) {
    const total = progress.totalBytes ?? 0;
    const active =
        progress.state === "starting" || progress.state === "downloading" || progress.state === "verifying";
    const eta = progress.etaSeconds === null ? "" : ` · ${Math.ceil(progress.etaSeconds)} s left`;
    return (
        <div
            className="download"
            data-state={progress.state}
            aria-label={`Download ${progress.fileName ?? progress.uri}`}
        >
            <progress max={total || 1} value={total ? progress.downloadedBytes : 0} />
            <span className="download-text">
                {progress.state === "downloading"
                    ? `${formatBytes(progress.downloadedBytes)} of ${total ? formatBytes(total) : "?"} · ${formatBytes(progress.bytesPerSecond)}/s${eta}`
                    : progress.state}
                {progress.error && `: ${progress.error}`}
            </span>
            {active && <button onClick={onCancel}>Cancel</button>}
        </div>
    );
}

/** Recommended models with their fit on this computer and a Download button each. */
type ListProps = {models: Models; kind: Recommendation["kind"]; onStarted?(downloadId: string): void};

export function RecommendedList({models, kind, onStarted}: ListProps) {
    const [started, setStarted] = useState<Record<string, string>>({});
    const list = (models.state.recommended ?? []).filter((r) => r.kind === kind);
    if (!models.state.recommended) return <p className="muted">Checking which models fit this computer…</p>;
    return (
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
                            />
                        ) : (
                            <button
                                disabled={r.fit.verdict === "too-large"}
                                title={r.fit.summary}
                                onClick={() =>
                                    void models.download(r.uri).then((res) => {
                                        if (!res) return;
                                        setStarted((s) => ({...s, [r.id]: res.downloadId}));
                                        onStarted?.(res.downloadId);
                                    })
                                }
                            >
                                Download
                            </button>
                        )}
                    </li>
                );
            })}
        </ul>
    );
}

/** A GGUF file already on this computer: its path, then Load. */
export function ModelFilePicker({onLoad}: {onLoad(path: string): void}) {
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
                aria-label="GGUF model file path"
                placeholder="/path/to/model.gguf"
                value={path}
                onChange={(e) => setPath(e.target.value)}
            />
            <button type="submit" disabled={!path.trim()}>
                Load file
            </button>
        </form>
    );
}
