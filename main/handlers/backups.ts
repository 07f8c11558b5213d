import {ok} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {attempt, refused} from "./attempt.js";
import type {ImportReport} from "../../shared/contract.js";
import {setPendingRestore} from "../store/backup.js";
import type {BackupScheduler} from "../store/backupSchedule.js";
import type {SettingsStore} from "../store/settings.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** Settings → Backups: the schedule, the folder's backups, a backup now, restore and merge. */
export function backupHandlers(
    backups: BackupScheduler,
    settings: SettingsStore,
    deps: {dataDir: string; merge: (file: string) => Promise<ImportReport>},
): HandlerSlice<"backups."> {
    // Only the backups Settings lists: a window does not name other files to read.
    const listed = (file: string) => backups.list().some((b) => b.file === file);
    const notListed = (file: string) =>
        failSaying("NOT_FOUND", "notABackup", {file, folder: backups.folder()});
    return {
        "backups.status": () => ok(backups.status()),
        "backups.create": () =>
            attempt(async () => {
                await backups.backUpNow();
                return backups.status();
            }, "INTERNAL"),
        "backups.setSchedule": (req) => {
            settings.set("backups", req.schedule);
            return ok(backups.status());
        },
        "backups.restore": (req) => {
            if (req.file !== null && !listed(req.file)) return notListed(req.file);
            try {
                setPendingRestore(deps.dataDir, req.file);
                return ok(backups.status());
            } catch (error) {
                return refused(error);
            }
        },
        "backups.merge": async (req) => {
            if (!listed(req.file)) return notListed(req.file);
            return attempt(() => deps.merge(req.file), "INTERNAL");
        },
    };
}
