import path from "node:path";
import {startWorker} from "../workers.js";
import type {UnzipResult, ZipLimits} from "./unzipWorker.js";

export type {UnzipResult, ZipLimits};

/**
 * Unpacks the zip `file` into `dest` in a worker (unzipWorker.ts) under `limits`; `what` names the archive in
 * the words of a refusal ("bundle", "skill"). Never throws: a refusal is {ok: false, message}.
 */
export function unzipInWorker(
    file: string,
    dest: string,
    limits: ZipLimits,
    what: string,
): Promise<UnzipResult> {
    const worker = startWorker(import.meta.url, "unzipWorker", {
        workerData: {file: path.resolve(file), dest, limits, what},
        resourceLimits: {maxOldGenerationSizeMb: 256},
    });
    return new Promise<UnzipResult>((resolve) => {
        worker.once("message", (result: UnzipResult) => resolve(result));
        worker.once("error", (error) =>
            resolve({ok: false, message: `it could not be unpacked: ${error.message}`}),
        );
        worker.once("exit", () => resolve({ok: false, message: "it could not be unpacked"}));
    });
}
