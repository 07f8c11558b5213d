// The codes of every document read off the main thread (see VectorIndex.prepare): its own read-only
// connection, one read transaction, and the blocks sent back as transferred buffers.
import {parentPort, workerData} from "node:worker_threads";
import Database from "better-sqlite3";
import {readCodeBlocks} from "./codeBlocks.js";
import {messageOf} from "../../shared/format.js";

const {file} = workerData as {file: string};
const db = new Database(file, {readonly: true, fileMustExist: true});
try {
    const blocks = readCodeBlocks(db);
    parentPort!.postMessage({blocks}, [blocks.ids.buffer as ArrayBuffer, blocks.codes.buffer as ArrayBuffer]);
} catch (error) {
    parentPort!.postMessage({error: messageOf(error)});
} finally {
    db.close();
}
