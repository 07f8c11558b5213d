// A conversation's scratch folder (<data>/scratch/<conversation>): copied into the sandbox before a run, and the
// files the run wrote copied back after it. The sandbox never sees the disk; this side follows no link and
// writes nothing outside the folder, whatever names the run gave.
import fs from "node:fs";
import path from "node:path";
import {cleanName} from "./output.js";
import {LIMITS, type SandboxFile} from "./protocol.js";

/** The scratch folder of a conversation (or of the API's calls, which have none). */
export function scratchFolder(dataDir: string, conversationId: string): string {
    const key = conversationId.replace(/[^A-Za-z0-9_-]/g, "_") || "no-conversation";
    return path.join(dataDir, "scratch", key);
}

/** The folder's regular files within the limits (links and what is over the limits are left out). */
export function readScratch(folder: string): SandboxFile[] {
    const files: SandboxFile[] = [];
    let bytes = 0;
    const walk = (dir: string, prefix: string) => {
        for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
            const name = cleanName(`${prefix}${entry.name}`);
            if (name === null || files.length >= LIMITS.fileCount) continue;
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full, `${name}/`);
            if (!entry.isFile()) continue;
            const size = fs.lstatSync(full).size;
            if (bytes + size > LIMITS.fileBytes) continue;
            files.push({name, data: fs.readFileSync(full)});
            bytes += size;
        }
    };
    if (fs.existsSync(folder)) walk(folder, "");
    return files;
}

/**
 * Writes the run's files into the folder. A name that is not a plain relative one, or whose way passes through
 * a link or a file, is refused and named in the result.
 */
export function writeScratch(folder: string, files: SandboxFile[]): {written: string[]; refused: string[]} {
    const written: string[] = [];
    const refused: string[] = [];
    fs.mkdirSync(folder, {recursive: true});
    for (const file of files) {
        const name = cleanName(file.name);
        if (name === null || !writeInside(folder, name.split("/"), file.data)) refused.push(file.name);
        else written.push(name);
    }
    return {written, refused};
}

/** Creates the parts' folders one by one, each checked to be a real folder, then the file (never through a link). */
function writeInside(folder: string, parts: string[], data: Uint8Array): boolean {
    let dir = folder;
    for (const part of parts.slice(0, -1)) {
        dir = path.join(dir, part);
        const stat = fs.lstatSync(dir, {throwIfNoEntry: false});
        if (stat === undefined) fs.mkdirSync(dir);
        else if (!stat.isDirectory()) return false;
    }
    const file = path.join(dir, parts.at(-1) ?? "");
    const stat = fs.lstatSync(file, {throwIfNoEntry: false});
    if (stat !== undefined && !stat.isFile()) return false;
    const handle = fs.openSync(
        file,
        fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW,
    );
    try {
        fs.writeFileSync(handle, data);
    } finally {
        fs.closeSync(handle);
    }
    return true;
}

/**
 * One file of the folder, read without following a link on its way (a name the program gave is not trusted):
 * null when the name is not a plain relative one or no such regular file is there now, "too big" over maxBytes.
 */
export function readScratchFile(folder: string, name: string, maxBytes: number): Buffer | null | "too big" {
    const clean = cleanName(name);
    if (clean === null) return null;
    const parts = clean.split("/");
    let dir = folder;
    for (const part of parts.slice(0, -1)) {
        dir = path.join(dir, part);
        if (!fs.lstatSync(dir, {throwIfNoEntry: false})?.isDirectory()) return null;
    }
    const file = path.join(dir, parts.at(-1) ?? "");
    const stat = fs.lstatSync(file, {throwIfNoEntry: false});
    if (!stat?.isFile()) return null;
    if (stat.size > maxBytes) return "too big";
    const handle = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
        return fs.readFileSync(handle);
    } finally {
        fs.closeSync(handle);
    }
}
