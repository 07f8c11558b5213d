import path from "node:path";
import type {ImportReport} from "../../shared/contract.js";
import {startWorker} from "../workers.js";
import type {ImportProgress} from "./run.js";

/** The worker's heap: a single conversation larger than this (a hostile export) ends the import, said so. */
const WORKER_HEAP_MB = 1024;

/**
 * Imports exports of other apps (and Cairn's own JSON files) into the library at `dbFile`, in a worker:
 * the event loop stays free while a 1 GB conversations.json is streamed and written.
 */
export function importFiles(
    dbFile: string,
    files: string[],
    onProgress: (progress: ImportProgress) => void,
    names: string[] = files.map((f) => path.basename(f)),
): Promise<ImportReport> {
    const worker = startWorker(import.meta.url, "importWorker", {
        workerData: {dbFile, files: files.map((f) => path.resolve(f)), names},
        resourceLimits: {maxOldGenerationSizeMb: WORKER_HEAP_MB},
    });
    return new Promise((resolve, reject) => {
        let settled = false;
        worker.on(
            "message",
            (message: {progress?: ImportProgress; report?: ImportReport; error?: string}) => {
                if (message.progress) onProgress(message.progress);
                if (message.report) {
                    settled = true;
                    resolve(message.report);
                }
                if (message.error) {
                    settled = true;
                    reject(new Error(message.error));
                }
            },
        );
        worker.on("error", (error: Error & {code?: string}) => {
            settled = true;
            reject(
                new Error(
                    error.code === "ERR_WORKER_OUT_OF_MEMORY"
                        ? `the import stopped: a conversation in ${names.join(", ")} is too large to read (over ${WORKER_HEAP_MB} MB); the conversations before it are in`
                        : `the import stopped: ${error.message}`,
                ),
            );
        });
        worker.on("exit", (code) => {
            if (!settled) reject(new Error(`the import stopped unexpectedly (exit code ${code})`));
        });
    });
}
