import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {stamp, messageOf} from "../../shared/format.js";
import {wordsOf, type CoreWordKey} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {isDiskFull, reason} from "../paths.js";
import {refusal, said, WordsError} from "../words.js";
import {APP_VERSION} from "../version.js";
import {startWorker} from "../workers.js";
import {DB_FILE_NAME, openDatabase, schemaVersion, type Db} from "./db.js";
import {MIGRATIONS} from "./migrations.js";
import {partName, removePart} from "./temporaries.js";

/**
 * A backup is one file: a copy of the database made with SQLite's online backup (pages copied a few at a
 * time, so answers keep streaming), holding also a manifest and the configuration files beside the
 * database, without their secrets. It opens as an SQLite database of its own.
 */
export const BACKUP_EXTENSION = ".cairn-backup";
/** The configuration files kept in a backup, secrets taken out (see withoutSecrets). */
const CONFIG_FILES = ["mcp.json", "providers.json", "tools.yaml"];
/** Pages copied per step of the online backup: small steps give the event loop back often. */
const PAGES_PER_STEP = 256;

export type BackupInfo = {
    file: string;
    createdAt: number;
    appVersion: string;
    schema: number;
    conversations: number;
    bytes: number;
};

/**
 * Writes a backup of the library to `target`, in a worker with its own read-only connection: the copy's
 * steps and its final sync to disk (seconds for a large library) never hold the event loop.
 */
export async function createBackup(
    db: Db,
    dataDir: string,
    target: string,
    onProgress?: (share: number) => void,
): Promise<BackupInfo> {
    const worker = startWorker(import.meta.url, "backupWorker", {
        workerData: {source: db.name, dataDir, target},
    });
    await new Promise<void>((resolve, reject) => {
        worker.on("message", (m: {share?: number; done?: true; error?: string; words?: Words | null}) => {
            if (m.share !== undefined) onProgress?.(m.share);
            if (m.done) resolve();
            if (m.error) reject(m.words ? new WordsError(m.words) : new Error(m.error));
        });
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`the backup stopped (worker exit ${code})`)));
    }).finally(() => void worker.terminate());
    // SQLite's online backup copies pages as they are: the full integrity check is for restoring.
    const info = checkBackup(target, {integrity: false});
    if (!info.ok) throw new WordsError(info.words);
    return info.value;
}

/** The backup itself (in the worker): copied a few pages at a time, then the manifest and config files. */
export async function writeBackup(
    db: Db,
    dataDir: string,
    target: string,
    onProgress?: (share: number) => void,
): Promise<void> {
    fs.mkdirSync(path.dirname(target), {recursive: true});
    const temp = partName(target);
    try {
        await db.backup(temp, {
            progress: ({totalPages, remainingPages}) => {
                onProgress?.(totalPages ? (totalPages - remainingPages) / totalPages : 1);
                return PAGES_PER_STEP;
            },
        });
        const copy = new Database(temp);
        try {
            // One file: no write-ahead log beside it.
            copy.pragma("journal_mode = DELETE");
            copy.exec(`
                CREATE TABLE cairn_backup (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE cairn_backup_files (name TEXT PRIMARY KEY, content TEXT NOT NULL);`);
            const manifest = copy.prepare("INSERT INTO cairn_backup (key, value) VALUES (?, ?)");
            manifest.run("createdAt", String(Date.now()));
            manifest.run("appVersion", APP_VERSION);
            const addFile = copy.prepare("INSERT INTO cairn_backup_files (name, content) VALUES (?, ?)");
            for (const name of CONFIG_FILES) {
                const text = readIfPresent(path.join(dataDir, name));
                if (text !== null) addFile.run(name, withoutSecrets(name, text));
            }
        } finally {
            copy.close();
        }
        fs.renameSync(temp, target);
    } catch (error) {
        removePart(temp);
        const why = messageOf(error);
        throw refusal("backupNotWritten", {
            target,
            reason: isDiskFull(error)
                ? `${why}; the disk may be full: free some space and back up again`
                : why,
        });
    }
}

/** Reads a backup's manifest (after SQLite's integrity check, unless told not to); says what is wrong. */
export function checkBackup(
    file: string,
    options = {integrity: true},
): {ok: true; value: BackupInfo} | {ok: false; message: string; words: Words} {
    const bad = (key: CoreWordKey, values: Record<string, string | number> = {}) => ({
        ok: false as const,
        ...said(wordsOf(key, {file, ...values})),
    });
    let db: Database.Database;
    try {
        db = new Database(file, {readonly: true, fileMustExist: true});
    } catch (error) {
        return bad("backupUnreadable", {reason: messageOf(error)});
    }
    try {
        const integrity = options.integrity ? db.pragma("integrity_check", {simple: true}) : "ok";
        if (integrity !== "ok") return bad("backupDamaged", {detail: String(integrity)});
        const hasManifest = db
            .prepare("SELECT count(*) FROM sqlite_master WHERE name = 'cairn_backup'")
            .pluck()
            .get();
        if (!hasManifest) return bad("backupNoManifest");
        const manifest = new Map(
            db
                .prepare<unknown[], {key: string; value: string}>("SELECT key, value FROM cairn_backup")
                .all()
                .map((r) => [r.key, r.value]),
        );
        const schema = schemaVersion(db);
        const newest = Math.max(...MIGRATIONS.map((m) => m.version));
        if (schema > newest)
            return bad("backupNewer", {version: manifest.get("appVersion") ?? "unknown", schema, newest});
        return {
            ok: true,
            value: {
                file,
                createdAt: Number(manifest.get("createdAt") ?? 0),
                appVersion: manifest.get("appVersion") ?? "unknown",
                schema,
                conversations:
                    db.prepare<unknown[], number>("SELECT count(*) FROM conversations").pluck().get() ?? 0,
                bytes: fs.statSync(file).size,
            },
        };
    } catch (error) {
        return bad("backupUnreadable", {reason: messageOf(error)});
    } finally {
        db.close();
    }
}

/**
 * Replaces the library with a backup's, once the backup is checked; the library as it was is first
 * backed up beside it (`<data>/backups/before-restore-<time>.cairn-backup`). No Cairn process may have
 * the database open (the caller checks). The configuration files come back too, without their secrets,
 * except where the current file exists (it is kept: it holds the secrets the backup left out).
 */
export async function restoreBackup(db: Db, dataDir: string, file: string): Promise<{kept: string}> {
    const checked = checkBackup(file);
    if (!checked.ok) throw new WordsError(checked.words);
    const kept = path.join(dataDir, "backups", `before-restore-${stamp()}${BACKUP_EXTENSION}`);
    await createBackup(db, dataDir, kept);
    db.close();
    const target = path.join(dataDir, DB_FILE_NAME);
    // Staged under a temporary name: a kill leaves a `.part` that the next start removes.
    const staged = partName(target);
    try {
        stageRestore(file, staged, dataDir);
    } catch (error) {
        removePart(staged);
        throw error;
    }
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, {force: true});
    fs.renameSync(staged, target);
    return {kept};
}

/** The backup copied to `staged` as a library: its configuration files out, its manifest tables gone. */
function stageRestore(file: string, staged: string, dataDir: string): void {
    fs.copyFileSync(file, staged);
    const copy = new Database(staged);
    try {
        for (const {name, content} of copy
            .prepare<
                unknown[],
                {
                    name: string;
                    content: string;
                }
            >("SELECT name, content FROM cairn_backup_files")
            .all()) {
            const config = path.join(dataDir, name);
            if (!fs.existsSync(config)) fs.writeFileSync(config, content, {mode: 0o600});
        }
        copy.exec("DROP TABLE cairn_backup; DROP TABLE cairn_backup_files;");
        copy.pragma("journal_mode = DELETE");
    } finally {
        copy.close();
    }
}

/**
 * A configuration file as a backup keeps it: MCP servers' headers and environment values (they often
 * hold tokens) and any "key" field of providers emptied; the rest as it is.
 */
export function withoutSecrets(name: string, text: string): string {
    if (!name.endsWith(".json")) return text;
    try {
        return JSON.stringify(
            JSON.parse(text, (key: string, value: unknown) => {
                if ((key === "headers" || key === "env") && value && typeof value === "object")
                    return Object.fromEntries(Object.keys(value).map((k) => [k, ""]));
                if (/^(key|apiKey|api_key|token|secret)$/i.test(key) && typeof value === "string") return "";
                return value;
            }),
            null,
            2,
        );
    } catch {
        return "";
    }
}

function readIfPresent(file: string): string | null {
    try {
        return fs.readFileSync(file, "utf8");
    } catch {
        return null;
    }
}

const PENDING_RESTORE = "restore-pending.json";

/** The backup the window asked to restore at the next start, if any. */
export function pendingRestore(dataDir: string): string | null {
    try {
        const {file} = JSON.parse(fs.readFileSync(path.join(dataDir, PENDING_RESTORE), "utf8")) as {
            file?: unknown;
        };
        return typeof file === "string" ? file : null;
    } catch {
        return null;
    }
}

/**
 * Asks for a backup to be restored when Cairn next starts (the running app holds the library open): the
 * backup is checked now, so that a bad one is refused at once. null: the request is taken back.
 */
export function setPendingRestore(dataDir: string, file: string | null): void {
    const pending = path.join(dataDir, PENDING_RESTORE);
    if (file === null) return fs.rmSync(pending, {force: true});
    const checked = checkBackup(file);
    if (!checked.ok) throw new WordsError(checked.words);
    fs.writeFileSync(pending, JSON.stringify({file, askedAt: Date.now()}), {mode: 0o600});
}

/**
 * At start, before anything opens the library: the restore asked for from the window, done as
 * `cairn restore` does it (checked, the library kept in a backup of its own). Returns what to tell the
 * person (done, or why not: then the library is as it was); null when none was asked for.
 */
export async function finishPendingRestore(
    dataDir: string,
    othersRunning: (db: Db) => string[],
): Promise<Words | null> {
    const file = pendingRestore(dataDir);
    if (!file) return null;
    fs.rmSync(path.join(dataDir, PENDING_RESTORE), {force: true});
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        const others = othersRunning(db);
        if (others.length > 0) return wordsOf("restoreRunning", {file, others: others.join(", ")});
        const {kept} = await restoreBackup(db, dataDir, file);
        return wordsOf("restoreDone", {file, kept});
    } catch (error) {
        return wordsOf("restoreFailed", {file, reason: reason(error)});
    } finally {
        if (db.open) db.close();
    }
}
