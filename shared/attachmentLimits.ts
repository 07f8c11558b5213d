// What an image attached to a message may be: the contract checks it, the window says it before sending.

/** What an attachment may be, and the sizes Cairn keeps and shows. */
export const ATTACHMENT_LIMITS = {
    /** The largest file taken (a 24-megapixel JPEG is about 12 MB). */
    maxBytes: 40 * 1024 * 1024,
    /** The most pixels decoded (a 100-megapixel image); more is refused before it is decoded. */
    maxPixels: 100_000_000,
    /** Images one message carries. */
    perMessage: 8,
    /** The long side of the copy kept and sent to models (the largest any provider reads). */
    storedSide: 2048,
    /** The long side of the thumbnail shown in the conversation. */
    thumbSide: 320,
} as const;
