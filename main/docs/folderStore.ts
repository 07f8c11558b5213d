import type Database from "better-sqlite3";
import {StatementCache, type Db} from "../store/db.js";

/** What a collection's watched folders leave out: gitignore-style patterns, hidden files, files over a size. */
export type FolderRules = {ignore: string; includeHidden: boolean; maxFileBytes: number | null};
export type WatchedFolder = {collectionId: string; collection: string; path: string; addedAt: number};
/** A document of a watched folder as last read: a rescan compares its size and time with the file's. */
export type KnownFile = {id: string; path: string; size: number | null; mtimeMs: number | null};

/** The folders each collection follows, and its rules for them. */
export class FolderStore {
    private readonly statements: StatementCache;

    constructor(db: Db) {
        this.statements = new StatementCache(db);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    folders(): WatchedFolder[] {
        return this.sql<WatchedFolder>(
            `SELECT w.collection_id AS collectionId, c.name AS collection, w.path, w.added_at AS addedAt
             FROM watched_folders w JOIN collections c ON c.id = w.collection_id ORDER BY c.name, w.path`,
        ).all();
    }

    add(collectionId: string, folder: string): boolean {
        return (
            this.sql(
                "INSERT OR IGNORE INTO watched_folders (collection_id, path, added_at) VALUES (?, ?, ?)",
            ).run(collectionId, folder, Date.now()).changes > 0
        );
    }

    remove(collectionId: string, folder: string): boolean {
        return (
            this.sql("DELETE FROM watched_folders WHERE collection_id = ? AND path = ?").run(
                collectionId,
                folder,
            ).changes > 0
        );
    }

    rules(collectionId: string): FolderRules {
        const row = this.sql<{ignore: string; includeHidden: number; maxFileBytes: number | null}>(
            "SELECT ignore_rules AS ignore, include_hidden AS includeHidden, max_file_bytes AS maxFileBytes FROM collections WHERE id = ?",
        ).get(collectionId);
        return {
            ignore: row?.ignore ?? "",
            includeHidden: row?.includeHidden === 1,
            maxFileBytes: row?.maxFileBytes ?? null,
        };
    }

    setRules(collectionId: string, rules: FolderRules): void {
        this.sql(
            "UPDATE collections SET ignore_rules = ?, include_hidden = ?, max_file_bytes = ? WHERE id = ?",
        ).run(rules.ignore, rules.includeHidden ? 1 : 0, rules.maxFileBytes, collectionId);
    }

    /** The collection's documents inside a folder (the folder's own path, then a separator, then anything). */
    filesUnder(collectionId: string, folder: string, separator: string): KnownFile[] {
        const prefix = folder.endsWith(separator) ? folder : folder + separator;
        return this.sql<KnownFile>(
            `SELECT id, path, size_bytes AS size, mtime_ms AS mtimeMs FROM documents
             WHERE collection_id = ? AND substr(path, 1, length(?)) = ?`,
        ).all(collectionId, prefix, prefix);
    }
}
