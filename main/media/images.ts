import type sharp from "sharp";
import {ATTACHMENT_LIMITS, type AttachmentMime} from "../../shared/contract.js";
import {formatBytes, messageOf} from "../../shared/format.js";
import {refusal} from "../words.js";

/** An image as Cairn keeps it: upright, without metadata, at most storedSide on its long side, and its thumbnail. */
export type PreparedImage = {
    mime: AttachmentMime;
    width: number;
    height: number;
    data: Buffer;
    thumb: Buffer;
};

/** The formats read: what the prebuilt libvips decodes (HEIC's codec is not in it; AVIF is). */
const READABLE = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

let loaded: Promise<typeof sharp> | undefined;

/** sharp (libvips), loaded with the first image rather than at start-up (about 55 ms of CPU in every process). */
function loadSharp(): Promise<typeof sharp> {
    loaded ??= import("sharp").then(({default: sharp}) => {
        // libvips' own cache keeps decoded images around: each attachment is read once.
        sharp.cache(false);
        return sharp;
    });
    return loaded;
}

/**
 * Checks an image and makes the copy Cairn keeps. The work runs on libuv's threads (libvips), never on the
 * event loop; an image of more than maxPixels is refused before it is decoded. The copy is turned upright by
 * its EXIF orientation, loses every metadata block (GPS position, camera, ICC profile: colours are converted
 * to sRGB), is downscaled to storedSide and written as JPEG (photos), PNG (screenshots, transparency, GIF's
 * first frame) or WebP (WebP).
 */
export async function prepareImage(input: Buffer, name: string): Promise<PreparedImage> {
    if (input.length > ATTACHMENT_LIMITS.maxBytes)
        throw refusal("imageTooLarge", {
            name,
            size: formatBytes(input.length),
            most: formatBytes(ATTACHMENT_LIMITS.maxBytes),
        });
    const {format, hasAlpha} = await readableMetadata(input, name);
    const mime = keptMime(format, !hasAlpha);
    try {
        return await keptCopy(input, mime);
    } catch (error) {
        throw refusal("imageDamaged", {name, reason: messageOf(error).trim()});
    }
}

async function keptCopy(input: Buffer, mime: AttachmentMime): Promise<PreparedImage> {
    const sharp = await loadSharp();
    const {data, info} = await sharp(input, openOptions())
        .rotate()
        .resize({
            width: ATTACHMENT_LIMITS.storedSide,
            height: ATTACHMENT_LIMITS.storedSide,
            fit: "inside",
            withoutEnlargement: true,
        })
        .toFormat(mime === "image/jpeg" ? "jpeg" : mime === "image/png" ? "png" : "webp", {quality: 88})
        .toBuffer({resolveWithObject: true});
    const thumb = await sharp(data)
        .resize({
            width: ATTACHMENT_LIMITS.thumbSide,
            height: ATTACHMENT_LIMITS.thumbSide,
            fit: "inside",
            withoutEnlargement: true,
        })
        .webp({quality: 75})
        .toBuffer();
    return {mime, width: info.width, height: info.height, data, thumb};
}

function openOptions(): sharp.SharpOptions {
    // The first frame of an animation; a truncated or corrupt file is refused rather than half-decoded.
    return {limitInputPixels: ATTACHMENT_LIMITS.maxPixels, failOn: "error", pages: 1};
}

/** The image's format and whether it has transparency, read from its header; an error in words for anything else. */
async function readableMetadata(input: Buffer, name: string): Promise<{format: string; hasAlpha: boolean}> {
    const sharp = await loadSharp();
    let metadata: sharp.Metadata;
    try {
        // The header only: its size is checked below, in words, before anything is decoded.
        metadata = await sharp(input, {...openOptions(), limitInputPixels: false}).metadata();
    } catch (error) {
        throw refusal("imageUnreadable", {name, reason: messageOf(error).trim()});
    }
    const format = metadata.format ?? "unknown";
    if (format === "heif" && metadata.compression === "hevc") throw refusal("imageHeic", {name});
    if (!READABLE.has(format))
        throw format === "svg" ? refusal("imageSvg", {name}) : refusal("imageFormat", {name, format});
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > ATTACHMENT_LIMITS.maxPixels)
        throw refusal("imageTooManyPixels", {
            name,
            width: metadata.width ?? 0,
            height: metadata.height ?? 0,
            most: ATTACHMENT_LIMITS.maxPixels / 1e6,
        });
    return {format, hasAlpha: metadata.hasAlpha === true};
}

/** JPEG for photos, PNG for screenshots and anything with transparency, WebP stays WebP. */
function keptMime(format: string, opaque: boolean): AttachmentMime {
    if (format === "webp") return "image/webp";
    if (format === "png" || format === "gif" || !opaque) return "image/png";
    return "image/jpeg";
}
