import {useState} from "react";
import type {IngestProgress} from "../../../shared/contract.js";
import {sayCore, useTranslation, type TFunction} from "../i18n/index.js";

type Props = {
    job: IngestProgress;
    onCancel: () => void;
    /** A job that could not run (no embedding model then): runs its waiting files again. */
    onRetry?: () => void;
};

/** An ingest job's progress: files done, passages, its pace, the file being read; its failures and Retry. */
export function IngestBar({job, onCancel, onRetry}: Props) {
    const {t, i18n} = useTranslation();
    // The rate is measured from the first progress this window saw of the job.
    const [first] = useState(() => ({at: Date.now(), done: job.filesDone}));
    const parts = [
        t("documentsPanel.filesDone", {done: job.filesDone, count: job.filesTotal}),
        t("documentsPanel.passages", {count: job.chunks}),
        ...(job.state === "running"
            ? paceOf(t, i18n.language, first, job)
            : [t(`documentsPanel.job.${job.state}`)]),
    ];
    if (job.currentFile) parts.push(job.currentFile);
    return (
        <div className="ingest" data-state={job.state} aria-label={t("documentsPanel.progress")}>
            <progress max={job.filesTotal || 1} value={job.filesDone} />
            <span className="ingest-text">
                {job.message ? sayCore(job.message, job.messageWords) : parts.join(" · ")}
            </span>
            {job.state === "running" && <button onClick={onCancel}>{t("documentsPanel.cancel")}</button>}
            {job.state === "failed" && onRetry && (
                <button onClick={onRetry}>{t("documentsPanel.retry")}</button>
            )}
            {job.errors.length > 0 && (
                <details>
                    <summary>{t("documentsPanel.failedFiles", {count: job.errors.length})}</summary>
                    <ul>
                        {job.errors.map((e) => (
                            <li key={e.path}>
                                {e.path}: {sayCore(e.error, e.words)}
                            </li>
                        ))}
                    </ul>
                </details>
            )}
        </div>
    );
}

/**
 * ["3.2 files/s", "about 2 min left"] in the window's language, once a file is done and a second has passed;
 * nothing before.
 */
export function paceOf(
    t: TFunction,
    language: string,
    first: {at: number; done: number},
    job: IngestProgress,
    now = Date.now(),
): string[] {
    const seconds = (now - first.at) / 1000;
    const done = job.filesDone - first.done;
    if (seconds < 1 || done <= 0) return [];
    const rate = done / seconds;
    const left = (job.filesTotal - job.filesDone) / rate;
    const time =
        left < 60
            ? t("documentsPanel.seconds", {n: Math.ceil(left)})
            : t("documentsPanel.minutes", {n: Math.round(left / 60)});
    const digits = rate < 10 ? 1 : 0;
    const shown = rate.toLocaleString(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
    });
    return [t("documentsPanel.rate", {rate: shown}), t("documentsPanel.left", {time})];
}
