import {fail, ok} from "../../shared/result.js";
import type {BackupScheduler} from "../store/backupSchedule.js";
import type {SettingsStore} from "../store/settings.js";
import type {HandlerSlice} from "./slice.js";

/** Settings → Backups: the schedule, the folder's backups, a backup now. */
export function backupHandlers(backups: BackupScheduler, settings: SettingsStore): HandlerSlice<"backups."> {
    return {
        "backups.status": () => ok(backups.status()),
        "backups.create": async () => {
            try {
                await backups.backUpNow();
                return ok(backups.status());
            } catch (error) {
                return fail("INTERNAL", (error as Error).message);
            }
        },
        "backups.setSchedule": (req) => {
            settings.set("backups", req.schedule);
            return ok(backups.status());
        },
    };
}
