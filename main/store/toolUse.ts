import fs from "node:fs";
import type {ToolUseScore} from "../../shared/contract.js";
import type {Db} from "./db.js";
import {fromStoredJson} from "./db.js";

type Row = {file: string; quick: 0 | 1; size_bytes: number; modified_ms: number; score: string};

/** A model file as it was tested: a score is kept only while the file has this size and time. */
export type FileIdentity = {sizeBytes: number; modifiedMs: number};

/** The file's size and time now; null when it cannot be read (moved, a drive not mounted). */
export function identityOf(file: string): FileIdentity | null {
    try {
        const stat = fs.statSync(file);
        return {sizeBytes: stat.size, modifiedMs: stat.mtimeMs};
    } catch {
        return null;
    }
}

/**
 * Each model's tool-use test (main/probe): the quick look and the whole suite, one of each per file. A file
 * that has changed since loses its scores; one that cannot be read now keeps them, unshown.
 */
export class ToolUseStore {
    constructor(private readonly db: Db) {}

    save(score: ToolUseScore, identity: FileIdentity): void {
        this.db
            .prepare(
                `INSERT INTO tool_use_scores (file, quick, size_bytes, modified_ms, score, tested_at)
                 VALUES (?, ?, ?, ?, ?, ?)
                 ON CONFLICT(file, quick) DO UPDATE SET size_bytes = excluded.size_bytes,
                    modified_ms = excluded.modified_ms, score = excluded.score, tested_at = excluded.tested_at`,
            )
            .run(
                score.file,
                score.quick ? 1 : 0,
                identity.sizeBytes,
                identity.modifiedMs,
                JSON.stringify(score),
                score.testedAt,
            );
    }

    /**
     * The score that speaks for each file unchanged since its test (its whole-suite test, else its quick look),
     * the newest test first.
     */
    list(): ToolUseScore[] {
        const files = this.db
            .prepare<unknown[], {file: string}>(
                "SELECT file FROM tool_use_scores GROUP BY file ORDER BY MAX(tested_at) DESC",
            )
            .all();
        return files.flatMap(({file}) => this.forFile(file) ?? []);
    }

    /** The score that speaks for a file: its whole-suite test, else its quick look; null when none holds. */
    forFile(file: string): ToolUseScore | null {
        const rows = this.db
            .prepare<unknown[], Row>(
                "SELECT file, quick, size_bytes, modified_ms, score FROM tool_use_scores WHERE file = ? ORDER BY quick",
            )
            .all(file);
        const row = rows.find((r) => this.current(r));
        return row ? fromStoredJson<ToolUseScore>(row.score) : null;
    }

    /** Whether the row's file is as it was tested; a file changed since loses the row. */
    private current(row: Row): boolean {
        const now = identityOf(row.file);
        if (!now) return false;
        if (now.sizeBytes === row.size_bytes && now.modifiedMs === row.modified_ms) return true;
        if (!this.db.readonly) this.db.prepare("DELETE FROM tool_use_scores WHERE file = ?").run(row.file);
        return false;
    }
}
