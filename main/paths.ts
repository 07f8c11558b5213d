import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {codeOf, messageOf} from "../shared/format.js";

/** The data directory: an explicit choice, else CAIRN_DATA_DIR, else the OS's per-user data folder. */
export function resolveDataDir(explicit?: string | null, env: NodeJS.ProcessEnv = process.env): string {
    if (explicit) return path.resolve(explicit);
    if (env.CAIRN_DATA_DIR) return path.resolve(env.CAIRN_DATA_DIR);
    return defaultDataDir(process.platform, env);
}

export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
    const home = os.homedir();
    if (platform === "win32") return path.join(env.APPDATA ?? path.join(home, "AppData", "Roaming"), "Cairn");
    if (platform === "darwin") return path.join(home, "Library", "Application Support", "Cairn");
    return path.join(env.XDG_DATA_HOME || path.join(home, ".local", "share"), "cairn");
}

/** Filesystems that hold the kernel's live state, not files: Cairn's data never goes there. */
const VIRTUAL_FILESYSTEMS = new Map<number, string>([
    [0x9fa0, "/proc"],
    [0x62656572, "/sys"],
    [0x64626720, "debugfs"],
    [0x27e0eb, "cgroup"],
    [0x63677270, "cgroup2"],
]);

/** The one hint every data directory problem ends with. */
const CHOOSE_ANOTHER = "choose a folder you can write to with --data DIR (or CAIRN_DATA_DIR)";

/**
 * Makes sure the data directory can hold Cairn's files before anything is written there: it exists or can be
 * made, is a folder, is writable, and is not on a virtual filesystem (mkdir loops forever on procfs). Throws
 * one sentence naming the folder and what to do.
 */
export function prepareDataDir(dir: string): void {
    const problem = dataDirProblem(dir);
    if (problem) throw new Error(`the data directory ${dir} ${problem}; ${CHOOSE_ANOTHER}`);
}

function dataDirProblem(dir: string): string | null {
    const existing = nearestExisting(dir);
    let stat: fs.Stats;
    try {
        stat = fs.statSync(existing);
    } catch (error) {
        return `cannot be read (${reason(error)})`;
    }
    if (!stat.isDirectory())
        return existing === dir
            ? "is a file, not a folder"
            : `cannot be made: ${existing} is a file, not a folder`;
    const virtual = VIRTUAL_FILESYSTEMS.get(fs.statfsSync(existing).type);
    if (virtual) return `is on ${virtual}, which holds the system's live state, not files`;
    try {
        fs.mkdirSync(dir, {recursive: true});
    } catch (error) {
        return `cannot be made (${reason(error)})`;
    }
    const probe = path.join(dir, `.cairn-write-test-${process.pid}`);
    try {
        fs.writeFileSync(probe, "");
        fs.rmSync(probe);
    } catch (error) {
        return `is not writable (${reason(error)})`;
    }
    return null;
}

/** The path itself, or the closest folder above it that exists (at worst the root): one step up each time. */
function nearestExisting(dir: string): string {
    let current = dir;
    while (!fs.existsSync(current)) {
        const up = path.dirname(current);
        if (up === current) break;
        current = up;
    }
    return current;
}

/** What the operating system said, in words: "permission denied", "read-only file system". */
export function reason(error: unknown): string {
    const code = codeOf(error);
    const words: Record<string, string> = {
        EACCES: "permission denied",
        EPERM: "operation not permitted",
        EROFS: "read-only file system",
        ENOSPC: "the disk is full",
        ENOTDIR: "a part of the path is a file, not a folder",
        ENAMETOOLONG: "the name is too long",
        ELOOP: "too many symbolic links",
    };
    if (code && words[code]) return words[code];
    return messageOf(error);
}

/**
 * Whether SQLite failed to write because the disk is full: its SQLITE_FULL, or a write the system refused
 * (SQLITE_IOERR, which a full disk or a quota gives in WAL mode). Only SQLite's own errors (their code):
 * Cairn's sentences that quote one are said already.
 */
export function isDiskFull(error: unknown): boolean {
    const code = error instanceof Error ? codeOf(error) : undefined;
    return code !== undefined && /^SQLITE_(FULL|IOERR)/.test(code);
}
