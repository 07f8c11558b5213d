import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import {formatBytes} from "../../shared/format.js";
import {reason} from "../paths.js";
import {stamp} from "../../shared/format.js";
import type {Migration} from "./migrations.js";

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

/**
 * Runs the pending migrations so that an upgrade finishes or leaves the old database as it was: first the
 * free space is checked (a snapshot and the migration's writes need room), then a snapshot is written
 * (`VACUUM INTO`), then every pending step runs in one transaction that ends with SQLite's integrity and
 * foreign-key checks. Any failure rolls all of it back: the file is what it was, at its old version.
 */
export function upgrade(db: Db, pending: Migration[], from: number, options: UpgradeOptions): void {
    const to = pending.at(-1)!.version;
    const fresh = from === 0;
    if (!fresh) {
        checkRoom(options, from, to);
        snapshot(db, options.file, from, to);
    }
    const rebuilds = pending.some((m) => m.rebuildsTables);
    // SQLite's way to rebuild a table others refer to: foreign keys off (outside the transaction), then
    // checked before the commit, so that no reference is broken and no cascade deletes anything.
    if (rebuilds) db.pragma("foreign_keys = OFF");
    try {
        db.transaction(() => {
            for (const migration of pending) {
                try {
                    db.exec(migration.sql);
                } catch (error) {
                    throw new Error(
                        `migration ${migration.version} (${migration.name}) failed: ${reason(error)}`,
                    );
                }
            }
            if (rebuilds && (db.pragma("foreign_key_check") as unknown[]).length > 0)
                throw new Error(`the upgrade to schema ${to} broke a reference between tables`);
            if (!fresh) checkIntegrity(db, to);
            db.pragma(`user_version = ${to}`);
        })();
    } catch (error) {
        const full = /disk I\/O error|disk is full|SQLITE_(FULL|IOERR)/i.test(reason(error))
            ? "; the disk may be full: free some space and start Cairn again"
            : "";
        throw new Error(
            `${fresh ? "the new database could not be made" : `upgrading the database from schema ${from} to ${to} failed, and nothing was changed`}: ${reason(error)}${full}`,
        );
    } finally {
        if (rebuilds) db.pragma("foreign_keys = ON");
    }
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

/** A copy of the database as it is, made before anything changes; the oldest beyond a few are removed. */
function snapshot(db: Db, file: string, from: number, to: number): void {
    const dir = path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR);
    fs.mkdirSync(dir, {recursive: true});
    const target = path.join(dir, `before-upgrade-${from}-to-${to}-${stamp()}.sqlite`);
    try {
        db.prepare("VACUUM INTO ?").run(target);
    } catch (error) {
        fs.rmSync(target, {force: true});
        throw new Error(
            `the copy made before upgrading the database from schema ${from} to ${to} could not be written to ${dir} (${reason(error)}); free some space and start Cairn again. Nothing was changed`,
        );
    }
    const snapshots = fs
        .readdirSync(dir)
        .filter((name) => name.startsWith("before-upgrade-") && name.endsWith(".sqlite"))
        .sort();
    for (const old of snapshots.slice(0, -SNAPSHOTS_KEPT)) fs.rmSync(path.join(dir, old), {force: true});
}

function checkIntegrity(db: Db, to: number): void {
    const integrity = db.pragma("integrity_check", {simple: true}) as string;
    if (integrity !== "ok")
        throw new Error(`after the upgrade to schema ${to} SQLite's integrity check says: ${integrity}`);
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
