// An import run off the main thread (see importFiles): exports are untrusted and may be large, so they are
// parsed here, and written through this worker's own connection to the library.
import {parentPort, workerData} from "node:worker_threads";
import {openDatabase} from "../store/db.js";
import {runImport, type ImportProgress} from "./run.js";
import {messageOf} from "../../shared/format.js";

const {dbFile, files, names} = workerData as {dbFile: string; files: string[]; names: string[]};
const db = openDatabase(dbFile);
// The window's Stop: the import ends at the next conversation, what came before it kept.
let stopped = false;
parentPort!.on("message", (message: {stop?: true}) => {
    if (message.stop) stopped = true;
});
try {
    let shownAt = 0;
    const report = await runImport(
        db,
        files,
        (progress: ImportProgress) => {
            const now = Date.now();
            if (now - shownAt < 100 && progress.share < 1) return;
            shownAt = now;
            parentPort!.postMessage({progress});
        },
        names,
        (file) => parentPort!.postMessage({file}),
        () => stopped,
    );
    parentPort!.postMessage({report});
} catch (error) {
    parentPort!.postMessage({error: messageOf(error)});
} finally {
    db.close();
}
