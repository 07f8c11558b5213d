import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import {formatBytes} from "../../shared/format.js";
import {reason} from "../paths.js";
import {stamp} from "../../shared/format.js";
import type {Migration} from "./migrations.js";
import {partName, removePart} from "./temporaries.js";

type Db = Database.Database;

/** Where the copies made before upgrades go, beside the database; the newest few are kept. */
export const UPGRADE_SNAPSHOTS_DIR = "backups";
const SNAPSHOTS_KEPT = 2;
/** Room left over after the snapshot and the migration's own writes. */
const MARGIN_BYTES = 64 * 2 ** 20;

export type UpgradeOptions = {
    /** The database file (its folder holds the snapshots). */
    file: string;
    /** Free bytes where the database lives (statfs; a test may give its own). */
    freeBytes?: (dir: string) => number;
};

/** How long a process waits for another one's upgrade of the same library before it gives up. */
const UPGRADE_WAIT_MS = 10 * 60 * 1000;

/**
 * Runs the pending migrations so that an upgrade finishes or leaves the old database as it was: first the
 * free space is checked (a snapshot and the migration's writes need room), then the library is locked for
 * writing (a second process upgrading the same library waits here, then finds nothing left to do), then a
 * snapshot is written (`VACUUM INTO`, under a temporary name until it is whole), then every pending step runs
 * in the one transaction that ends with SQLite's integrity and foreign-key checks. Any failure rolls all of
 * it back: the file is what it was, at its old version.
 */
export function upgrade(db: Db, migrations: readonly Migration[], options: UpgradeOptions): void {
    const seen = schemaVersion(db);
    const to = Math.max(...migrations.map((m) => m.version));
    if (seen !== 0) checkRoom(options, seen, to);
    const rebuilds = migrations.some((m) => m.version > seen && m.rebuildsTables);
    // SQLite's way to rebuild a table others refer to: foreign keys off (outside the transaction), then
    // checked before the commit, so that no reference is broken and no cascade deletes anything.
    if (rebuilds) db.pragma("foreign_keys = OFF");
    let from = seen;
    try {
        lockForUpgrade(db);
        try {
            from = schemaVersion(db);
            const pending = migrations.filter((m) => m.version > from).sort((a, b) => a.version - b.version);
            if (pending.length > 0) {
                if (from !== 0) snapshot(options.file, from, to);
                runSteps(db, pending, from, to);
            }
            db.exec("COMMIT");
        } finally {
            if (db.inTransaction) db.exec("ROLLBACK");
        }
    } catch (error) {
        const full = /disk I\/O error|disk is full|SQLITE_(FULL|IOERR)/i.test(reason(error))
            ? "; the disk may be full: free some space and start Cairn again"
            : "";
        throw new Error(
            `${from === 0 ? "the new database could not be made" : `upgrading the database from schema ${from} to ${to} failed, and nothing was changed`}: ${reason(error)}${full}`,
        );
    } finally {
        if (rebuilds) db.pragma("foreign_keys = ON");
    }
}

/**
 * Takes the library's write lock (BEGIN IMMEDIATE) before anything is read for the upgrade: another process
 * in the middle of its own upgrade holds it, and this one waits for it rather than running the same steps
 * again on a schema that has moved under it.
 */
function lockForUpgrade(db: Db): void {
    const usual = numberPragma(db, "busy_timeout");
    db.pragma(`busy_timeout = ${UPGRADE_WAIT_MS}`);
    try {
        db.exec("BEGIN IMMEDIATE");
    } finally {
        db.pragma(`busy_timeout = ${usual}`);
    }
}

function runSteps(db: Db, pending: Migration[], from: number, to: number): void {
    for (const migration of pending) {
        try {
            db.exec(migration.sql);
        } catch (error) {
            throw new Error(`migration ${migration.version} (${migration.name}) failed: ${reason(error)}`);
        }
    }
    if (pending.some((m) => m.rebuildsTables) && listPragma(db, "foreign_key_check").length > 0)
        throw new Error(`the upgrade to schema ${to} broke a reference between tables`);
    if (from !== 0) checkIntegrity(db, to);
    db.pragma(`user_version = ${to}`);
}

/** Refuses, in words, when the disk cannot hold a snapshot and the migration's writes. */
function checkRoom(options: UpgradeOptions, from: number, to: number): void {
    const dir = path.dirname(options.file);
    const size = fileSize(options.file) + fileSize(`${options.file}-wal`);
    const needed = 2 * size + MARGIN_BYTES;
    const free = (options.freeBytes ?? freeBytesAt)(dir);
    if (free < needed)
        throw new Error(
            `upgrading the database from schema ${from} to ${to} needs ${formatBytes(needed)} free in ${dir} (a copy first, then the upgrade), and there are ${formatBytes(free)}; free some space and start Cairn again. Nothing was changed`,
        );
}

/**
 * A copy of the database as it is, made before anything changes, by a connection of its own (this one holds
 * the write lock, and SQLite makes no copy inside a transaction): written under a temporary name and renamed
 * once whole, so that a kill leaves no snapshot that looks good and is not. The oldest beyond a few go.
 */
function snapshot(file: string, from: number, to: number): void {
    const dir = path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR);
    fs.mkdirSync(dir, {recursive: true});
    const target = path.join(dir, `before-upgrade-${from}-to-${to}-${stamp()}.sqlite`);
    const temp = partName(target);
    const reader = new Database(file, {readonly: true, fileMustExist: true});
    try {
        sqliteVec.load(reader);
        reader.prepare("VACUUM INTO ?").run(temp);
        fs.renameSync(temp, target);
    } catch (error) {
        removePart(temp);
        throw new Error(
            `the copy made before upgrading the database from schema ${from} to ${to} could not be written to ${dir} (${reason(error)}); free some space and start Cairn again. Nothing was changed`,
        );
    } finally {
        reader.close();
    }
    const snapshots = fs
        .readdirSync(dir)
        .filter((name) => name.startsWith("before-upgrade-") && name.endsWith(".sqlite"))
        .sort();
    for (const old of snapshots.slice(0, -SNAPSHOTS_KEPT)) fs.rmSync(path.join(dir, old), {force: true});
}

function checkIntegrity(db: Db, to: number): void {
    const integrity = String(db.pragma("integrity_check", {simple: true}));
    if (integrity !== "ok")
        throw new Error(`after the upgrade to schema ${to} SQLite's integrity check says: ${integrity}`);
}

/** The schema version the library is at (SQLite's user_version). */
export function schemaVersion(db: Db): number {
    return numberPragma(db, "user_version");
}

function freeBytesAt(dir: string): number {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
}

function fileSize(file: string): number {
    try {
        return fs.statSync(file).size;
    } catch {
        return 0;
    }
}

/** A pragma whose value is a number (SQLite's own: user_version, busy_timeout). */
function numberPragma(db: Db, name: string): number {
    const value: unknown = db.pragma(name, {simple: true});
    if (typeof value !== "number") throw new Error(`SQLite's ${name} is not a number: ${String(value)}`);
    return value;
}

/** A pragma's rows (foreign_key_check: one per broken reference). */
function listPragma(db: Db, name: string): unknown[] {
    const rows: unknown = db.pragma(name);
    return Array.isArray(rows) ? rows : [];
}
