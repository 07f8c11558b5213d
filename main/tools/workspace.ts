import {createHash, randomBytes} from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type {Db} from "../store/db.js";
import {codeOf} from "../../shared/format.js";

/** Resolves a relative path inside the workspace, refusing anything (.., absolute, symlinks) that leaves it. */
export async function insideWorkspace(root: string, relative: string): Promise<string> {
    if (path.isAbsolute(relative)) throw new Error(`path must be relative to the workspace: ${relative}`);
    await fs.mkdir(root, {recursive: true});
    const realRoot = await fs.realpath(root);
    const target = path.resolve(realRoot, relative);
    if (!isWithin(realRoot, target)) throw new Error(`path leaves the workspace: ${relative}`);
    // The deepest existing ancestor, resolved through symlinks, must still be inside.
    let probe = target;
    for (;;) {
        try {
            const real = await fs.realpath(probe);
            if (!isWithin(realRoot, real)) throw new Error(`path leaves the workspace: ${relative}`);
            return real === probe ? target : path.join(real, path.relative(probe, target));
        } catch (error) {
            if (codeOf(error) !== "ENOENT") throw error;
            probe = path.dirname(probe);
        }
    }
}

export function isWithin(root: string, target: string): boolean {
    return target === root || target.startsWith(root + path.sep);
}

/** A file to write: inside the workspace, not the workspace itself, not a folder. */
export async function writableTarget(root: string, relative: string): Promise<string> {
    // insideWorkspace makes the folder when it is missing, so that it can be resolved here.
    const file = await insideWorkspace(root, relative);
    if (file === (await fs.realpath(root)))
        throw new Error(`path is the workspace folder itself: ${relative}; name a file`);
    if ((await fs.stat(file).catch(() => null))?.isDirectory())
        throw new Error(`path is a folder: ${relative}; name a file inside it`);
    return file;
}

/** The file's bytes, or null when it does not exist. */
export async function currentBytes(file: string): Promise<Buffer | null> {
    try {
        return await fs.readFile(file);
    } catch (error) {
        if (codeOf(error) === "ENOENT") return null;
        throw error;
    }
}

/**
 * Written whole or not at all: to a temporary name beside its target (so the rename stays inside the
 * workspace and on one file system), then renamed over it.
 */
export async function writeAtomic(
    file: string,
    content: string | Buffer,
    signal?: AbortSignal,
): Promise<void> {
    const dir = path.dirname(file);
    await fs.mkdir(dir, {recursive: true});
    const temp = path.join(dir, `.${path.basename(file)}.cairn-${randomBytes(6).toString("hex")}.tmp`);
    try {
        await fs.writeFile(temp, content, {signal, flag: "wx"});
        await fs.rename(temp, file);
    } catch (error) {
        await fs.rm(temp, {force: true});
        throw error;
    }
}

export function sha256(content: string | Buffer): string {
    return createHash("sha256").update(content).digest("hex");
}

type VersionRow = {
    tool_call_id: string;
    path: string;
    before: Buffer | null;
    after_sha256: string;
    undone_at: number | null;
};

/** What a file held before a tool wrote it, so that the write can be undone from the trace. */
export class FileVersions {
    constructor(private readonly db: Db) {}

    keep(toolCallId: string, file: string, before: Buffer | null, after: string | Buffer): void {
        this.db
            .prepare(
                `INSERT OR REPLACE INTO file_versions (tool_call_id, path, before, after_sha256, created_at)
                 VALUES (?, ?, ?, ?, ?)`,
            )
            .run(toolCallId, file, before, sha256(after), Date.now());
    }

    /**
     * Puts the file back as it was before the call (removes it if the call created it). Refused when the
     * file changed since, so that undo never loses later work.
     */
    async undo(toolCallId: string): Promise<{ok: true; path: string} | {ok: false; message: string}> {
        const row = this.db
            .prepare<unknown[], VersionRow>("SELECT * FROM file_versions WHERE tool_call_id = ?")
            .get(toolCallId);
        if (!row) return {ok: false, message: "this call wrote no file that can be undone"};
        if (row.undone_at) return {ok: false, message: `already undone: ${row.path}`};
        const now = await currentBytes(row.path);
        if (!now || sha256(now) !== row.after_sha256)
            return {
                ok: false,
                message: `${row.path} changed after this call wrote it; undo would lose those changes, so it was left as it is`,
            };
        if (row.before === null) await fs.rm(row.path, {force: true});
        else await writeAtomic(row.path, row.before);
        this.db
            .prepare("UPDATE file_versions SET undone_at = ? WHERE tool_call_id = ?")
            .run(Date.now(), toolCallId);
        return {ok: true, path: row.path};
    }
}
