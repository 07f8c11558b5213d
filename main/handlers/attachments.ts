import fs from "node:fs";
import {ok} from "../../shared/result.js";
import {attempt} from "./attempt.js";
import {failSaying} from "../words.js";
import type {AttachmentStore} from "../store/attachments.js";
import type {Uploads} from "../uploads.js";
import type {HandlerSlice} from "../contract/dispatcher.js";

/** Images for messages, sent by the window in chunks, checked and kept; read back for the window to show. */
export function attachmentHandlers(
    attachments: AttachmentStore,
    uploads: Uploads,
): HandlerSlice<"attachments."> {
    return {
        "attachments.begin": (req) => attempt(() => ({uploadId: uploads.begin(req.name, req.size)})),
        "attachments.chunk": (req) =>
            attempt(() => ({received: uploads.chunk(req.uploadId, req.offset, req.data)})),
        "attachments.finish": (req) =>
            attempt(async () => {
                const upload = uploads.take(req.uploadId);
                try {
                    return await attachments.keep(
                        await fs.promises.readFile(upload.file),
                        upload.name,
                        upload.sha256,
                    );
                } finally {
                    fs.rmSync(upload.file, {force: true});
                }
            }),
        "attachments.read": (req) => {
            const image = attachments.read(req.id, req.size);
            if (!image) return failSaying("NOT_FOUND", "imageNotKept", {id: req.id});
            return ok({mime: image.mime, data: image.data.toString("base64")});
        },
    };
}
