import {useEffect, useRef, useState} from "react";
import type {CairnApi, ImportFileReport, ImportReport} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";
import {uploadAndImport} from "./importUpload.js";
import {sayCore, useTranslation} from "../i18n/index.js";
import {messageOf} from "../../../shared/format.js";

type Props = {
    api: CairnApi;
    files: File[];
    /** When the import is over: the conversation to open (the last one imported), if any. */
    onDone: (open: string | null) => void;
    onClose: () => void;
};

type Stage = {file: string; step: "sending" | "importing" | "done"; share: number; imported: number};

/**
 * Imports exports of other apps (ChatGPT, Claude, Open WebUI, Jan, LM Studio) and Cairn's own files: each
 * file's progress while it is sent and read, then what came in, what was left out, and why.
 */
export function ImportDialog({api, files, onDone, onClose}: Props) {
    const {t} = useTranslation();
    const [stages, setStages] = useState<Stage[]>(() =>
        files.map((f) => ({file: f.name, step: "sending", share: 0, imported: 0})),
    );
    const [reports, setReports] = useState<ImportFileReport[]>([]);
    const [failure, setFailure] = useState<string | null>(null);
    const [finished, setFinished] = useState(false);
    const [stopping, setStopping] = useState(false);
    // The upload being sent or imported now, and whether the person stopped the import.
    const current = useRef<{uploadId: string | null; stopped: boolean}>({uploadId: null, stopped: false});
    const stop = () => {
        current.current.stopped = true;
        setStopping(true);
        const {uploadId} = current.current;
        if (uploadId) void api.invoke("imports.cancel", {uploadId});
    };
    useEffect(() => {
        const update = (index: number, change: Partial<Stage>) =>
            setStages((all) => all.map((s, i) => (i === index ? {...s, ...change} : s)));
        const off = api.onEvent((event) => {
            if (event.type !== "imports.progress" || event.share === null) return;
            const index = files.findIndex((f) => f.name === event.file);
            if (index >= 0) update(index, {step: "importing", share: event.share, imported: event.imported});
        });
        let cancelled = false;
        void (async () => {
            let last: string | null = null;
            for (const [index, file] of files.entries()) {
                if (cancelled || current.current.stopped) break;
                try {
                    const report: ImportReport = await uploadAndImport(
                        api,
                        file,
                        (share) => update(index, {share}),
                        (uploadId) => {
                            current.current.uploadId = uploadId;
                            // Stopped while the upload began: it is dropped at once.
                            if (current.current.stopped) void api.invoke("imports.cancel", {uploadId});
                        },
                    );
                    last = report.lastConversationId ?? last;
                    setReports((all) => [...all, ...report.files]);
                    update(index, {step: "done", share: 1});
                } catch (error) {
                    // A file stopped while it was sent has nothing to report.
                    if (!current.current.stopped)
                        setFailure(`${file.name} could not be imported: ${messageOf(error)}`);
                    update(index, {step: "done"});
                } finally {
                    current.current.uploadId = null;
                }
            }
            setFinished(true);
            onDone(last);
        })();
        return () => {
            cancelled = true;
            off();
        };
        // Runs once for the files it was opened with.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
        <Dialog label={t("importDialog.title")} onClose={onClose}>
            <h2>{t("importDialog.title")}</h2>
            {!finished && (
                <ul className="import-progress" aria-live="polite">
                    {stages.map((s) => (
                        <li key={s.file}>
                            <span>{s.file}</span>
                            <progress
                                aria-label={`${s.file}: ${s.step}`}
                                max={1}
                                value={s.step === "done" ? 1 : s.share}
                            />
                            <span className="muted">
                                {s.step === "sending"
                                    ? t("importDialog.sending", {percent: Math.round(s.share * 100)})
                                    : s.step === "importing"
                                      ? t("importDialog.reading", {
                                            percent: Math.round(s.share * 100),
                                            imported: s.imported,
                                        })
                                      : t("importDialog.done")}
                            </span>
                        </li>
                    ))}
                </ul>
            )}
            {failure && (
                <p role="alert" className="problem">
                    {failure}
                </p>
            )}
            {reports.map((r, index) => (
                <FileReport key={`${r.file}-${index}`} report={r} />
            ))}
            <div className="choices">
                {!finished && (
                    <button className="danger" onClick={stop} disabled={stopping}>
                        {t("importDialog.stop")}
                    </button>
                )}
                <button data-autofocus onClick={onClose}>
                    {t(finished ? "importDialog.close" : "importDialog.hide")}
                </button>
            </div>
        </Dialog>
    );
}

function FileReport({report}: {report: ImportFileReport}) {
    const {t} = useTranslation();
    const counts = [
        t("importDialog.imported", {count: report.imported, messages: report.messages}),
        report.already ? t("importDialog.already", {number: report.already}) : null,
        report.skipped.length ? t("importDialog.leftOut", {number: report.skipped.length}) : null,
    ].filter(Boolean);
    return (
        <section className="import-report" aria-label={t("importDialog.report", {file: report.file})}>
            <h3>
                {report.file}
                {report.app ? ` (${report.app})` : ""}
            </h3>
            <p>{t("importDialog.counts", {list: counts.join(t("importDialog.separator"))})}</p>
            {report.error && (
                <p role="alert" className="problem">
                    {sayCore(report.error, report.errorWords)}
                </p>
            )}
            {(report.skipped.length > 0 || report.notes.length > 0) && (
                <details>
                    <summary>{t("importDialog.changed")}</summary>
                    <ul>
                        {report.skipped.map((s, i) => (
                            <li key={`s${i}`}>
                                {t("importDialog.leftOutItem", {
                                    title: s.title,
                                    reason: sayCore(s.reason, s.words),
                                })}
                            </li>
                        ))}
                        {report.notes.map((n, i) => (
                            <li key={`n${i}`}>{n}</li>
                        ))}
                    </ul>
                </details>
            )}
        </section>
    );
}
