import {useCallback, useEffect, useRef, useState} from "react";
import type {BackupSchedule, BackupsStatus, CairnApi, CallRes} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {Trans, useTranslation} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

type Props = {api: CairnApi; onError: (message: string) => void};

const SHOWN = 5;

/** Settings' "Backups": how often and how many, where, a backup now with its progress, the newest ones. */
export function BackupSettings({api, onError}: Props) {
    const {t, i18n} = useTranslation();
    const [status, setStatus] = useState<BackupsStatus | null>(null);
    const [progress, setProgress] = useState<number | null>(null);
    const [folder, setFolder] = useState("");
    const [merged, setMerged] = useState<{imported: number; already: number; error: string | null} | null>(
        null,
    );
    // The schedule as last chosen here: two changes in a row (how often, then how many) must not undo
    // each other while the first answer is on its way.
    const chosen = useRef<BackupSchedule | null>(null);
    const saving = useRef(0);
    const apply = useCallback(
        (res: CallRes<"backups.status">) => {
            if (!res.ok) return onError(res.error.message);
            // While changes are on their way, what was chosen here is newer than this answer's schedule.
            if (saving.current > 0 && chosen.current) {
                setStatus({...res.value, schedule: chosen.current});
                return;
            }
            setStatus(res.value);
            chosen.current = res.value.schedule;
            setFolder(res.value.schedule.folder ?? "");
        },
        [onError],
    );
    useEffect(() => {
        void api.invoke("backups.status", {}).then(apply);
        return api.onEvent((e) => {
            if (e.type === "backups.progress") setProgress(e.share);
        });
    }, [api, apply]);
    const merge = async (file: string) => {
        setMerged(null);
        const res = await api.invoke("backups.merge", {file});
        if (!res.ok) return onError(res.error.message);
        const [report] = res.value.files;
        if (report) setMerged({imported: report.imported, already: report.already, error: report.error});
    };
    if (!status) return null;
    const save = (change: Partial<BackupSchedule>) => {
        const schedule = {...(chosen.current ?? status.schedule), ...change};
        chosen.current = schedule;
        setStatus({...status, schedule});
        saving.current++;
        void api.invoke("backups.setSchedule", {schedule}).then((res) => {
            saving.current--;
            apply(res);
        });
    };
    const running = status.running || progress !== null;
    return (
        <section aria-labelledby="backups-heading">
            <h2 id="backups-heading">{t("settings.section.backups")}</h2>
            <p className="hint">
                <Trans i18nKey="backups.intro" components={{b: <strong />}} />
            </p>
            <div className="backup-schedule">
                <label>
                    {t("backups.automatic")}{" "}
                    <Select
                        value={status.schedule.every}
                        onChange={(every) => save({every: every as BackupSchedule["every"]})}
                        choices={[
                            {value: "daily", label: t("backups.every.daily")},
                            {value: "weekly", label: t("backups.every.weekly")},
                            {value: "off", label: t("backups.every.off")},
                        ]}
                    />
                </label>
                <label>
                    {t("backups.keep")}{" "}
                    <input
                        type="number"
                        min={1}
                        max={365}
                        value={status.schedule.keep}
                        onChange={(e) => {
                            const keep = Number(e.target.value);
                            if (Number.isInteger(keep) && keep >= 1 && keep <= 365) save({keep});
                        }}
                    />
                </label>
            </div>
            <label className="backup-folder">
                {t("backups.folder")}
                <input
                    type="text"
                    value={folder}
                    placeholder={status.folder}
                    onChange={(e) => setFolder(e.target.value)}
                    onBlur={() => save({folder: folder.trim() || null})}
                />
            </label>
            <p>
                <button
                    disabled={running}
                    onClick={() =>
                        void api.invoke("backups.create", {}).then((res) => {
                            setProgress(null);
                            apply(res);
                        })
                    }
                >
                    {t("backups.now")}
                </button>{" "}
                <span role="status">
                    {running && t("backups.running", {percent: Math.round((progress ?? 0) * 100)})}
                </span>
            </p>
            {status.lastError && (
                <p className="problem" role="alert">
                    {status.lastError}
                </p>
            )}
            {status.restorePending && (
                <p role="status" className="restore-pending">
                    <Trans
                        i18nKey="backups.restorePending"
                        values={{file: status.restorePending}}
                        components={{code: <code />}}
                    />{" "}
                    <button onClick={() => void api.invoke("backups.restore", {file: null}).then(apply)}>
                        {t("backups.doNotRestore")}
                    </button>
                </p>
            )}
            {merged && (
                <p role="status">
                    {merged.error ?? t("backups.merged", {count: merged.imported, already: merged.already})}
                </p>
            )}
            {status.backups.length === 0 ? (
                <p>{t("backups.none")}</p>
            ) : (
                <ul className="backups" aria-label={t("backups.newest")}>
                    {status.backups.slice(0, SHOWN).map((b) => {
                        const when = new Date(b.modifiedAt).toLocaleString(i18n.language);
                        return (
                            <li key={b.file}>
                                {when} · {formatBytes(b.bytes)} · <code>{b.file}</code>{" "}
                                <span className="backup-actions">
                                    <button
                                        aria-label={t("backups.restoreOf", {when})}
                                        onClick={() =>
                                            void api.invoke("backups.restore", {file: b.file}).then(apply)
                                        }
                                    >
                                        {t("backups.restore")}
                                    </button>
                                    <button
                                        aria-label={t("backups.mergeOf", {when})}
                                        onClick={() => void merge(b.file)}
                                    >
                                        {t("backups.merge")}
                                    </button>
                                </span>
                            </li>
                        );
                    })}
                </ul>
            )}
        </section>
    );
}
