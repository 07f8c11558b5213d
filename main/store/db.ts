import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import fs from "node:fs";
import path from "node:path";
import {reason} from "../paths.js";
import {APP_VERSION} from "../version.js";
import {MIGRATIONS, type Migration} from "./migrations.js";
import {removeStaleParts} from "./temporaries.js";
import {schemaVersion, upgrade, UPGRADE_SNAPSHOTS_DIR, type UpgradeOptions} from "./upgrade.js";
import type {Words} from "../../shared/result.js";

export type Db = Database.Database;

export const DB_FILE_NAME = "cairn.sqlite";

/** Statements prepared once per SQL text: preparing is most of the cost of a small query. */
export class StatementCache {
    private readonly statements = new Map<string, Database.Statement>();

    constructor(private readonly db: Db) {}

    /** The statement for `text`, prepared once; `R` is the row its queries return. */
    get<R = unknown>(text: string): Database.Statement<unknown[], R> {
        let statement = this.statements.get(text);
        if (!statement) {
            statement = this.db.prepare(text);
            this.statements.set(text, statement);
        }
        // One cache holds statements of every row type: each caller names the row its SQL returns.
        return statement as Database.Statement<unknown[], R>;
    }

    /** After a table is dropped and made again, its old statements are invalid. */
    clear(): void {
        this.statements.clear();
    }
}

/** Opens (creating if needed) the one database file, with WAL, foreign keys, sqlite-vec and all migrations. */
export function openDatabase(
    file: string,
    migrations: readonly Migration[] = MIGRATIONS,
    options: {readOnlyIfNewer?: boolean} = {},
): Db {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    refuseReadOnly(file);
    // Whatever a killed write left half done beside the library: never mistaken for a good file.
    for (const dir of [path.dirname(file), path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR)])
        removeStaleParts(dir);
    const db = new Database(file);
    try {
        db.pragma("journal_mode = WAL");
        db.pragma("foreign_keys = ON");
        db.pragma("synchronous = NORMAL");
        db.pragma("busy_timeout = 5000");
        sqliteVec.load(db);
        migrate(db, migrations);
        return db;
    } catch (error) {
        db.close();
        if (error instanceof NewerDatabase && options.readOnlyIfNewer)
            return openReadOnly(file, error.message);
        throw error;
    }
}

/**
 * Runs `work` as one transaction that takes the library's write lock at its start (BEGIN IMMEDIATE), waiting
 * within the busy timeout while another process writes. Every transaction that writes is one: a transaction that
 * reads before it writes (SQLite's default) cannot wait for that lock, and fails at once with "database is
 * locked" when another process wrote meanwhile (two `cairn automations run-due` at once, each recovering at its
 * start). Inside another transaction it is a savepoint of that one.
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
    return db.transaction(work).immediate();
}

/** Why a library was opened read-only (it comes from a newer Cairn); none when it opened as usual. */
export function readOnlyReason(db: Db): string | null {
    return readOnlyReasons.get(db) ?? null;
}
const readOnlyReasons = new WeakMap<Db, string>();

/** A library from a newer Cairn, opened to read only: nothing in it can be changed, by mistake or not. */
function openReadOnly(file: string, reason: string): Db {
    const db = new Database(file, {readonly: true, fileMustExist: true});
    db.pragma("busy_timeout = 5000");
    sqliteVec.load(db);
    readOnlyReasons.set(db, reason);
    return db;
}

/** A database written by a newer Cairn than this one; never upgraded backwards. */
export class NewerDatabase extends Error {}

/** Who last upgraded the library (kept in settings as {version, schema}), for the newer-Cairn message. */
const WRITTEN_BY = "writtenBy";

function writtenBy(db: Db): string | null {
    try {
        const row = db
            .prepare<unknown[], {value: string}>("SELECT value FROM settings WHERE key = ?")
            .get(WRITTEN_BY);
        return row ? fromStoredJson<{version: string}>(row.value).version : null;
    } catch {
        return null;
    }
}

/** SQLite opens a file it cannot write read-only and fails at the first write, in its own words. */
function refuseReadOnly(file: string): void {
    if (!fs.existsSync(file)) return;
    try {
        fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
        throw new Error(
            `the database ${file} cannot be written (${reason(error)}); give your user write access to it, or choose another data directory with --data DIR`,
        );
    }
}

export {schemaVersion};

/**
 * Brings the database to the newest schema: all pending steps at once, after a free-space check and a
 * snapshot, or nothing (see upgrade.ts). A database from a newer Cairn is refused, never changed.
 */
export function migrate(db: Db, migrations: readonly Migration[], options?: Partial<UpgradeOptions>): void {
    const current = schemaVersion(db);
    const newest = Math.max(0, ...migrations.map((m) => m.version));
    if (current > newest) {
        const by = writtenBy(db);
        throw new NewerDatabase(
            `this library was written by a newer Cairn (${by ? `Cairn ${by}, ` : ""}schema ${current}; this Cairn, version ${APP_VERSION}, knows schemas up to ${newest}); update Cairn to change it. It was not changed`,
        );
    }
    if (current === newest) return;
    upgrade(db, migrations, {file: options?.file ?? db.name, ...options});
    db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)").run(
        WRITTEN_BY,
        JSON.stringify({version: APP_VERSION, schema: newest}),
    );
}

/** An error's words as kept beside it (an error_words column, JSON): only while there is an error. */
export function errorWordsColumn(
    error: string | null | undefined,
    words: Words | null | undefined,
): string | null {
    return error && words ? JSON.stringify(words) : null;
}

/** A row's error words, read back: `{errorWords}` while the row has an error, else nothing. */
export function errorWordsOf(error: string | null, column: string | null | undefined): {errorWords?: Words} {
    return error && column ? {errorWords: fromStoredJson<Words>(column)} : {};
}

/** A JSON column Cairn wrote itself, read back as the type it was written from. */
export function fromStoredJson<T>(text: string): T {
    return JSON.parse(text) as T;
}
