import type {ImportUploads} from "../import/uploads.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {attempt} from "./attempt.js";

/** Import from other apps, the file sent by the window in chunks. */
export function importHandlers(uploads: ImportUploads): HandlerSlice<"imports."> {
    return {
        "imports.begin": (req) => attempt(() => ({uploadId: uploads.begin(req.name, req.size)})),
        "imports.chunk": (req) =>
            attempt(() => ({received: uploads.chunk(req.uploadId, req.offset, req.data)})),
        "imports.finish": (req) => attempt(() => uploads.finish(req.uploadId), "INTERNAL"),
        "imports.cancel": (req) => attempt(() => ({cancelled: uploads.cancel(req.uploadId)})),
    };
}
