import {fail, ok} from "../../shared/result.js";
import type {ImportUploads} from "../import/uploads.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** Import from other apps, the file sent by the window in chunks. */
export function importHandlers(uploads: ImportUploads): HandlerSlice<"imports."> {
    const attempt = async <T>(work: () => T | Promise<T>, code: "VALIDATION" | "INTERNAL" = "VALIDATION") => {
        try {
            return ok(await work());
        } catch (error) {
            return fail(code, (error as Error).message);
        }
    };
    return {
        "imports.begin": (req) => attempt(() => ({uploadId: uploads.begin(req.name, req.size)})),
        "imports.chunk": (req) =>
            attempt(() => ({received: uploads.chunk(req.uploadId, req.offset, req.data)})),
        "imports.finish": (req) => attempt(() => uploads.finish(req.uploadId), "INTERNAL"),
    };
}
