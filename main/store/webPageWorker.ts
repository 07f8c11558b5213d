// The page archive's writer (see WebPageStore.save): a large page's text is hashed and written through this
// worker's own connection, so that the core's event loop never holds while megabytes go to disk.
import {parentPort, workerData} from "node:worker_threads";
import Database from "better-sqlite3";
import {archivePage, type PageToArchive} from "./webPages.js";
import {messageOf} from "../../shared/format.js";

const {file} = workerData as {file: string};
const db = new Database(file, {fileMustExist: true});
db.pragma("busy_timeout = 5000");
// It only appends: a small page cache (SQLite's default here is 16 MB) keeps its memory to the page at hand.
db.pragma("cache_size = -1024");

parentPort!.on("message", ({request, page}: {request: number; page: PageToArchive}) => {
    try {
        parentPort!.postMessage({request, kept: archivePage(db, page)});
    } catch (error) {
        parentPort!.postMessage({request, error: messageOf(error)});
    }
});
