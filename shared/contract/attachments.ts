// Attachments: images sent with a message, stored once in the library by content hash.
import {Type, type Static} from "@sinclair/typebox";
import {Count, Id, UploadChunk, call, closed, oneOf, req} from "./base.js";
import {ATTACHMENT_LIMITS} from "../attachmentLimits.js";

export {ATTACHMENT_LIMITS};

/** The formats an attachment is kept in: what every provider reads. */
export const AttachmentMime = oneOf(["image/png", "image/jpeg", "image/webp"]);

export type AttachmentMime = Static<typeof AttachmentMime>;

/** An image kept with a message: its id is the SHA-256 of the file as it was sent. */
export const Attachment = Type.Object(
    {
        id: Type.String({pattern: "^[0-9a-f]{64}$"}),
        /** The file's name as it was attached ("pasted image.png" for a paste). */
        name: Type.String({maxLength: 255}),
        mime: AttachmentMime,
        /** The kept copy's size: upright (EXIF orientation applied), at most storedSide on its long side. */
        width: Count,
        height: Count,
        bytes: Count,
    },
    closed,
);

export type Attachment = Static<typeof Attachment>;

export const AttachmentId = Type.String({pattern: "^[0-9a-f]{64}$"});

/** The attachments calls: each one's request and its result's value. */
export const attachmentsCalls = {
    /**
     * An image for the next message, sent by the window in chunks (begin, chunk…, finish): finish checks it,
     * turns it upright, strips its metadata (GPS, camera), downscales it and keeps it (off the event loop).
     * Kept for an hour unless a message uses it; deleted with the last message that does.
     */
    "attachments.begin": call(
        req({
            name: Type.String({minLength: 1, maxLength: 255}),
            size: Type.Integer({minimum: 1, maximum: ATTACHMENT_LIMITS.maxBytes}),
        }),
        Type.Object({uploadId: Type.String()}, closed),
    ),
    "attachments.chunk": call(UploadChunk, Type.Object({received: Type.Integer()}, closed)),
    "attachments.finish": call(req({uploadId: Id}), Attachment),
    /** An attachment's image as base64: its thumbnail (WebP) or the kept copy. */
    "attachments.read": call(
        req({id: AttachmentId, size: oneOf(["thumb", "full"])}),
        Type.Object({mime: Type.String(), data: Type.String()}, closed),
    ),
};
