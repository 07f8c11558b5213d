import fs from "node:fs";
import path from "node:path";
import {codeOf} from "../../shared/format.js";

/**
 * Files Cairn writes whole (snapshots, backups, restores, uploads) are written under a temporary name that
 * says which process writes them, then renamed once complete: a kill leaves a `.part`, never a file that
 * looks good and is not. SQLite's own files beside one (`-journal`, `-wal`, `-shm`) share its name.
 */
export function partName(target: string): string {
    return `${target}.${process.pid}.part`;
}

/** Removes a temporary that was not completed, and the journal SQLite kept beside it. */
export function removePart(temp: string): void {
    for (const suffix of ["", "-journal"]) fs.rmSync(`${temp}${suffix}`, {force: true});
}

const PART = /\.(\d+)\.part(?:-journal|-wal|-shm)?$/;
/** What an older Cairn staged a restore under (one name for every process). */
const LEGACY = /^cairn\.sqlite\.restoring(?:-journal|-wal|-shm)?$/;

/**
 * Removes the temporaries in `dir` whose process is gone (killed while writing), and an older Cairn's staged
 * restore; a live process's are left to it. Returns the names removed.
 */
export function removeStaleParts(dir: string): string[] {
    let names: string[];
    try {
        names = fs.readdirSync(dir);
    } catch {
        return [];
    }
    const removed: string[] = [];
    for (const name of names) {
        const pid = PART.exec(name)?.[1];
        const stale = pid !== undefined ? !processAlive(Number(pid)) : LEGACY.test(name);
        if (!stale) continue;
        fs.rmSync(path.join(dir, name), {force: true});
        removed.push(name);
    }
    return removed;
}

/** Whether a process of this computer runs with that id (any answer but "no such process": it runs). */
export function processAlive(pid: number): boolean {
    if (pid === process.pid) return true;
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return codeOf(error) !== "ESRCH";
    }
}
