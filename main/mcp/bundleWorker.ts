// Unpacks an MCP bundle (.mcpb, a zip) in a worker, so that a large or hostile archive never holds the core's
// event loop: every entry's name and declared size are checked before anything is decompressed or written.
import fs from "node:fs";
import path from "node:path";
import {parentPort, workerData} from "node:worker_threads";
import {unzipSync, type UnzipFileInfo} from "fflate";

export type UnpackRequest = {file: string; dest: string; limits: BundleLimits};
export type BundleLimits = {bundleBytes: number; entryBytes: number; totalBytes: number; entries: number};
export type UnpackResult = {ok: true; manifest: string} | {ok: false; message: string};

function unpack({file, dest, limits}: UnpackRequest): UnpackResult {
    const size = fs.statSync(file).size;
    if (size > limits.bundleBytes)
        return {
            ok: false,
            message: `the bundle is ${mb(size)}; Cairn installs bundles of up to ${mb(limits.bundleBytes)}`,
        };
    let total = 0;
    let count = 0;
    const check = (entry: UnzipFileInfo): boolean => {
        const problem = nameProblem(entry.name);
        if (problem) throw new Error(`${JSON.stringify(entry.name)}: ${problem}`);
        if (entry.originalSize > limits.entryBytes)
            throw new Error(
                `${entry.name} is ${mb(entry.originalSize)} unpacked; a file may be ${mb(limits.entryBytes)} at most`,
            );
        total += entry.originalSize;
        if (total > limits.totalBytes)
            throw new Error(`the bundle unpacks to more than ${mb(limits.totalBytes)}`);
        if (++count > limits.entries) throw new Error(`the bundle has more than ${limits.entries} files`);
        return true;
    };
    let files: Record<string, Uint8Array>;
    try {
        files = unzipSync(fs.readFileSync(file), {filter: check});
    } catch (error) {
        return {ok: false, message: error instanceof Error ? error.message : String(error)};
    }
    const manifest = files["manifest.json"];
    if (!manifest) return {ok: false, message: "the bundle has no manifest.json at its top"};
    for (const [name, data] of Object.entries(files)) {
        if (name.endsWith("/")) continue;
        const target = path.join(dest, name);
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, data);
    }
    return {ok: true, manifest: Buffer.from(manifest).toString("utf8")};
}

/** Why an entry's name may not be written under the bundle's folder; null when it may. */
function nameProblem(name: string): string | null {
    if (name.includes("\0") || name.includes("\\")) return "a file name with a backslash or a NUL";
    if (path.posix.isAbsolute(name) || /^[A-Za-z]:/.test(name)) return "an absolute path";
    if (name.split("/").includes("..")) return "a path that leaves the bundle's folder (..)";
    return null;
}

function mb(bytes: number): string {
    return `${Math.round(bytes / 1_048_576)} MB`;
}

parentPort?.postMessage(unpack(workerData as UnpackRequest));
