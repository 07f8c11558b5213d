import fs from "node:fs/promises";
import path from "node:path";
import {ExtractionError, fileExtractor} from "../web/extractor.js";
import {ExtractError, refusedFile, type ExtractedDocument} from "../web/formats/document.js";
import {messageOf, codeOf} from "../../shared/format.js";

export {ExtractError, refusedFile, type ExtractedDocument, type Section} from "../web/formats/document.js";
export {kindOf} from "../web/formats/kinds.js";

export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Extracts one file in the extraction worker (web/formats/index.ts), off the core's event loop and under the
 * worker's memory and time limits; throws ExtractError with a reason a person can act on. The bytes are moved
 * to the worker, not copied: a Buffer of its own is emptied (read its length first).
 */
export async function extractFile(
    file: string,
    bytes: Buffer,
    signal?: AbortSignal,
): Promise<ExtractedDocument> {
    if (bytes.length === 0) throw refusedFile("fileEmpty");
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge(bytes.length);
    try {
        return await fileExtractor().run({type: "file", name: path.basename(file), body: bytes}, signal);
    } catch (error) {
        if (error instanceof ExtractionError) throw new ExtractError(error.words ?? error.message);
        throw error;
    }
}

/** A file's bytes and modification time, read for ingest; a missing or unreadable file gets its reason. */
export async function readForIngest(file: string): Promise<{bytes: Buffer; mtimeMs: number}> {
    try {
        const stat = await fs.stat(file);
        if (stat.size > MAX_FILE_BYTES) throw tooLarge(stat.size);
        return {bytes: await fs.readFile(file), mtimeMs: Math.trunc(stat.mtimeMs)};
    } catch (error) {
        if (error instanceof ExtractError) throw error;
        const code = codeOf(error);
        if (code === "ENOENT") throw refusedFile("fileGone");
        if (code === "EACCES" || code === "EPERM") throw refusedFile("fileDenied");
        throw new ExtractError(`unreadable: ${messageOf(error)}`);
    }
}

function tooLarge(bytes: number): ExtractError {
    return refusedFile("fileTooLarge", {size: Math.round(bytes / 2 ** 20), limit: MAX_FILE_BYTES / 2 ** 20});
}
