import {useCallback, useEffect, useRef, useState} from "react";
import type {BackupSchedule, BackupsStatus, CairnApi, CallRes} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {useTranslation} from "../i18n/index.js";

type Props = {api: CairnApi; onError(message: string): void};

const SHOWN = 5;

/** Settings' "Backups": how often and how many, where, a backup now with its progress, the newest ones. */
export function BackupSettings({api, onError}: Props) {
    const {t} = useTranslation();
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
                The whole library in one file: conversations, documents&apos; text, archived pages, settings,
                and the MCP, provider and tool files without their secrets. <strong>Restore</strong> puts a
                backup&apos;s library in place when Cairn next starts (the library as it is now is kept as a
                backup); <strong>Merge</strong> brings in the backup&apos;s conversations this library lacks,
                replacing nothing.
            </p>
            <div className="backup-schedule">
                <label>
                    Automatic backups{" "}
                    <select
                        value={status.schedule.every}
                        onChange={(e) => save({every: e.target.value as BackupSchedule["every"]})}
                    >
                        <option value="daily">Daily</option>
                        <option value="weekly">Weekly</option>
                        <option value="off">Off</option>
                    </select>
                </label>
                <label>
                    Keep{" "}
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
                Folder (empty for the default)
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
                    Back up now
                </button>{" "}
                <span role="status">{running && `Backing up… ${Math.round((progress ?? 0) * 100)}%`}</span>
            </p>
            {status.lastError && (
                <p className="problem" role="alert">
                    {status.lastError}
                </p>
            )}
            {status.restorePending && (
                <p role="status" className="restore-pending">
                    <code>{status.restorePending}</code> is restored when Cairn starts next: quit Cairn and
                    start it again.{" "}
                    <button onClick={() => void api.invoke("backups.restore", {file: null}).then(apply)}>
                        Do not restore
                    </button>
                </p>
            )}
            {merged && (
                <p role="status">
                    {merged.error ??
                        `Merged: ${merged.imported} ${merged.imported === 1 ? "conversation" : "conversations"} brought in, ${merged.already} already here.`}
                </p>
            )}
            {status.backups.length === 0 ? (
                <p>No backup yet.</p>
            ) : (
                <ul className="backups" aria-label="Newest backups">
                    {status.backups.slice(0, SHOWN).map((b) => {
                        const when = new Date(b.modifiedAt).toLocaleString();
                        return (
                            <li key={b.file}>
                                {when} · {formatBytes(b.bytes)} · <code>{b.file}</code>{" "}
                                <span className="backup-actions">
                                    <button
                                        aria-label={`Restore the backup of ${when}`}
                                        onClick={() =>
                                            void api.invoke("backups.restore", {file: b.file}).then(apply)
                                        }
                                    >
                                        Restore
                                    </button>
                                    <button
                                        aria-label={`Merge the backup of ${when}`}
                                        onClick={() => void merge(b.file)}
                                    >
                                        Merge
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
