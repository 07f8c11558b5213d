// A backup written off the main thread (see createBackup): its own read-only connection to the library.
import {parentPort, workerData} from "node:worker_threads";
import Database from "better-sqlite3";
import {WordsError} from "../words.js";
import {writeBackup} from "./backup.js";
import {messageOf} from "../../shared/format.js";

const {source, dataDir, target} = workerData as {source: string; dataDir: string; target: string};
const db = new Database(source, {readonly: true, fileMustExist: true});
try {
    await writeBackup(db, dataDir, target, (share) => parentPort!.postMessage({share}));
    parentPort!.postMessage({done: true});
} catch (error) {
    const words = error instanceof WordsError ? error.words : null;
    parentPort!.postMessage({error: messageOf(error), words});
} finally {
    db.close();
}
