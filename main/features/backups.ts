import path from "node:path";
import type {EventBus} from "../events.js";
import {backupHandlers} from "../handlers/backups.js";
import {importHandlers} from "../handlers/imports.js";
import {importFiles} from "../import/importer.js";
import type {ImportProgress} from "../import/run.js";
import {ImportUploads} from "../import/uploads.js";
import {BackupScheduler, DEFAULT_BACKUP_SCHEDULE} from "../store/backupSchedule.js";
import type {Feature} from "./feature.js";
import type {Library} from "./library.js";

export type Backups = Feature<ReturnType<typeof backupHandlers> & ReturnType<typeof importHandlers>>;

/** Backups on a schedule and at will, restoring and merging them, and conversations imported from elsewhere. */
export function backupsFeature(dataDir: string, {db, settings}: Library, bus: EventBus): Backups {
    const backups = new BackupScheduler(
        db,
        dataDir,
        () => settings.get("backups") ?? DEFAULT_BACKUP_SCHEDULE,
        (share) => bus.emit({type: "backups.progress", share}),
    );
    const onImport = (progress: ImportProgress | {file: string; share: null; imported: number}) =>
        bus.emit({type: "imports.progress", ...progress});
    const uploads = new ImportUploads(dataDir, db.name, onImport);
    const merge = (file: string) =>
        importFiles(db.name, [file], onImport).finally(() =>
            onImport({file: path.basename(file), share: null, imported: 0}),
        );
    return {
        handlers: {...backupHandlers(backups, settings, {dataDir, merge}), ...importHandlers(uploads)},
        start: () => backups.start(),
        stop: () => backups.stop(),
    };
}
