// Unpacks a zip (an MCP bundle, a skill) in a worker, so that a large or hostile archive never holds the core's
// event loop: every entry's name and declared size are checked before anything is decompressed or written.
import fs from "node:fs";
import path from "node:path";
import {parentPort, workerData} from "node:worker_threads";
import {unzipSync, type UnzipFileInfo} from "fflate";

export type UnzipRequest = {file: string; dest: string; limits: ZipLimits; what: string};
export type ZipLimits = {zipBytes: number; entryBytes: number; totalBytes: number; entries: number};
/** names: the files written, as the archive names them. */
export type UnzipResult = {ok: true; names: string[]} | {ok: false; message: string};

function unzip({file, dest, limits, what}: UnzipRequest): UnzipResult {
    const size = fs.statSync(file).size;
    if (size > limits.zipBytes)
        return {
            ok: false,
            message: `the ${what} is ${mb(size)}; Cairn installs ${what}s of up to ${mb(limits.zipBytes)}`,
        };
    let total = 0;
    let count = 0;
    const check = (entry: UnzipFileInfo): boolean => {
        const problem = nameProblem(entry.name, what);
        if (problem) throw new Error(`${JSON.stringify(entry.name)}: ${problem}`);
        if (entry.originalSize > limits.entryBytes)
            throw new Error(
                `${entry.name} is ${mb(entry.originalSize)} unpacked; a file may be ${mb(limits.entryBytes)} at most`,
            );
        total += entry.originalSize;
        if (total > limits.totalBytes)
            throw new Error(`the ${what} unpacks to more than ${mb(limits.totalBytes)}`);
        if (++count > limits.entries) throw new Error(`the ${what} has more than ${limits.entries} files`);
        return true;
    };
    let files: Record<string, Uint8Array>;
    try {
        files = unzipSync(fs.readFileSync(file), {filter: check});
    } catch (error) {
        return {ok: false, message: error instanceof Error ? error.message : String(error)};
    }
    const names: string[] = [];
    for (const [name, data] of Object.entries(files)) {
        if (name.endsWith("/")) continue;
        const target = path.join(dest, name);
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, data);
        names.push(name);
    }
    return {ok: true, names};
}

/** Why an entry's name may not be written under the destination folder; null when it may. */
function nameProblem(name: string, what: string): string | null {
    if (name.includes("\0") || name.includes("\\")) return "a file name with a backslash or a NUL";
    if (path.posix.isAbsolute(name) || /^[A-Za-z]:/.test(name)) return "an absolute path";
    if (name.split("/").includes("..")) return `a path that leaves the ${what}'s folder (..)`;
    return null;
}

function mb(bytes: number): string {
    return `${Math.round(bytes / 1_048_576)} MB`;
}

parentPort?.postMessage(unzip(workerData as UnzipRequest));
