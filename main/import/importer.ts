import path from "node:path";
import Database from "better-sqlite3";
import type {ImportFileReport, ImportReport} from "../../shared/contract.js";
import type {Words} from "../../shared/result.js";
import {wordsOf} from "../../shared/coreWords.js";
import {inEnglish} from "../words.js";
import {startWorker} from "../workers.js";
import {committedSince, emptyReport, lastConversationRow, type ImportProgress} from "./run.js";

/** The worker's heap: a single conversation larger than this (a hostile export) ends the import, said so. */
const WORKER_HEAP_MB = 1024;

/**
 * Imports exports of other apps (and Cairn's own JSON files) into the library at `dbFile`, in a worker:
 * the event loop stays free while a 1 GB conversations.json is streamed and written. A worker that dies (its
 * heap spent) still gives a report: what each file brought in, read back from the library.
 */
export async function importFiles(
    dbFile: string,
    files: string[],
    onProgress: (progress: ImportProgress) => void,
    names: string[] = files.map((f) => path.basename(f)),
    signal?: AbortSignal,
): Promise<ImportReport> {
    const since = withLibrary(dbFile, lastConversationRow);
    const worker = startWorker(import.meta.url, "importWorker", {
        workerData: {dbFile, files: files.map((f) => path.resolve(f)), names},
        resourceLimits: {maxOldGenerationSizeMb: WORKER_HEAP_MB},
    });
    // Stop: the worker ends at its next conversation and reports, as at the end of an export.
    const stop = () => worker.postMessage({stop: true});
    if (signal?.aborted) stop();
    signal?.addEventListener("abort", stop, {once: true});
    const done: ImportFileReport[] = [];
    // The worker's report, or why it stopped (in words, given how many conversations came in before).
    const stopped = await new Promise<ImportReport | ((count: number) => Words)>((resolve) => {
        worker.on(
            "message",
            (message: {
                progress?: ImportProgress;
                file?: ImportFileReport;
                report?: ImportReport;
                error?: string;
            }) => {
                if (message.progress) onProgress(message.progress);
                if (message.file) done.push(message.file);
                if (message.report) resolve(message.report);
                const {error} = message;
                if (error)
                    resolve(() => wordsOf("importFailed", {name: names[done.length] ?? "", reason: error}));
            },
        );
        worker.on("error", (error: Error & {code?: string}) => {
            const name = names[done.length] ?? "";
            resolve((count) =>
                error.code === "ERR_WORKER_OUT_OF_MEMORY"
                    ? wordsOf("importItemTooLarge", {name, size: `${WORKER_HEAP_MB} MB`, count})
                    : wordsOf("importFailed", {name, reason: error.message}),
            );
        });
        worker.on("exit", (code) =>
            resolve(() =>
                wordsOf("importFailed", {
                    name: names[done.length] ?? "",
                    reason: `the import stopped (exit code ${code})`,
                }),
            ),
        );
    });
    signal?.removeEventListener("abort", stop);
    await worker.terminate();
    if (typeof stopped !== "function") return stopped;
    return stoppedReport(dbFile, since, names, done, stopped);
}

/** The report of an import whose worker stopped: the files it finished, the one it stopped in, the rest. */
function stoppedReport(
    dbFile: string,
    since: number,
    names: string[],
    done: ImportFileReport[],
    whyFor: (count: number) => Words,
): ImportReport {
    const committed = withLibrary(dbFile, (db) => committedSince(db, since));
    const count = committed.imported - imported(done);
    const why = whyFor(count);
    const stoppedIn: ImportFileReport = {
        ...emptyReport(names[done.length] ?? ""),
        imported: count,
        messages: committed.messages - done.reduce((sum, f) => sum + f.messages, 0),
        error: inEnglish(why),
        errorWords: why,
    };
    const notStarted = names.slice(done.length + 1).map((name) => {
        const words = wordsOf("importFailed", {name, reason: "the import stopped before this file"});
        return {...emptyReport(name), error: inEnglish(words), errorWords: words};
    });
    return {files: [...done, stoppedIn, ...notStarted], lastConversationId: committed.last};
}

function imported(files: ImportFileReport[]): number {
    return files.reduce((sum, f) => sum + f.imported, 0);
}

function withLibrary<T>(dbFile: string, read: (db: Database.Database) => T): T {
    const db = new Database(dbFile, {readonly: true, fileMustExist: true});
    try {
        return read(db);
    } finally {
        db.close();
    }
}
