import fs from "node:fs";
import path from "node:path";
import type {BackupSchedule, BackupsStatus} from "../../shared/contract.js";
import {stamp, messageOf} from "../../shared/format.js";
import {BACKUP_EXTENSION, createBackup, pendingRestore} from "./backup.js";
import type {Db} from "./db.js";
import {removeStaleParts} from "./temporaries.js";

export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = {every: "daily", keep: 7, folder: null};
const EVERY_MS = {daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000} as const;
/** The first look comes a while after start (a short command never backs up), then each hour. */
const FIRST_CHECK_MS = 10 * 60_000;
const CHECK_MS = 3600_000;
/** Automatic and "Back up now" backups are named so; others in the folder are never removed. */
const PREFIX = "cairn-";

/**
 * Backups on the schedule the person sets (daily by default, the newest 7 kept) in a folder they choose
 * (<data>/backups by default), and on demand. One at a time.
 */
export class BackupScheduler {
    private timer: NodeJS.Timeout | null = null;
    private running: Promise<string> | null = null;
    private lastError: string | null = null;

    constructor(
        private readonly db: Db,
        private readonly dataDir: string,
        private readonly schedule: () => BackupSchedule,
        private readonly onChange: (progress: number | null) => void = () => {},
    ) {}

    start(): void {
        // A backup killed while it was written left a `.part` in the chosen folder (the data folder's are
        // removed when the library opens).
        removeStaleParts(this.folder());
        const tick = (delay: number) => {
            this.timer = setTimeout(() => {
                void this.runIfDue().finally(() => tick(CHECK_MS));
            }, delay);
            this.timer.unref();
        };
        tick(FIRST_CHECK_MS);
    }

    stop(): void {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
    }

    folder(): string {
        return this.schedule().folder ?? path.join(this.dataDir, "backups");
    }

    /** A backup when the newest is older than the schedule's interval; returns its file, or null. */
    async runIfDue(now = Date.now()): Promise<string | null> {
        const {every} = this.schedule();
        if (every === "off") return null;
        const newest = this.list()[0];
        if (newest && now - newest.modifiedAt < EVERY_MS[every]) return null;
        try {
            return await this.backUpNow();
        } catch {
            return null;
        }
    }

    /** A backup now, in the folder, then the oldest beyond `keep` removed. */
    backUpNow(): Promise<string> {
        this.running ??= this.write().finally(() => {
            this.running = null;
            this.onChange(null);
        });
        return this.running;
    }

    status(): BackupsStatus {
        return {
            schedule: this.schedule(),
            folder: this.folder(),
            backups: this.list(),
            running: this.running !== null,
            lastError: this.lastError,
            restorePending: pendingRestore(this.dataDir),
        };
    }

    /** The folder's backups made by Cairn, newest first. */
    list(): BackupsStatus["backups"] {
        const folder = this.folder();
        let names: string[];
        try {
            names = fs.readdirSync(folder);
        } catch {
            return [];
        }
        return names
            .filter((n) => n.startsWith(PREFIX) && n.endsWith(BACKUP_EXTENSION))
            .map((n) => {
                const stat = fs.statSync(path.join(folder, n));
                return {file: path.join(folder, n), bytes: stat.size, modifiedAt: Math.floor(stat.mtimeMs)};
            })
            .sort((a, b) => b.modifiedAt - a.modifiedAt || b.file.localeCompare(a.file));
    }

    private async write(): Promise<string> {
        const target = path.join(this.folder(), `${PREFIX}${stamp()}${BACKUP_EXTENSION}`);
        try {
            const info = await createBackup(this.db, this.dataDir, target, (share) => this.onChange(share));
            this.lastError = null;
            for (const old of this.list().slice(this.schedule().keep)) fs.rmSync(old.file, {force: true});
            return info.file;
        } catch (error) {
            this.lastError = messageOf(error);
            throw error;
        }
    }
}
