import type {CoreWordKey} from "../../../shared/coreWords.js";
import {ReasonError} from "../../words.js";

/**
 * One run of text with where it came from: a PDF page (`page`), or a part of the file named by `heading` (a
 * slide, a sheet, an e-mail of a mailbox), or a whole file. A passage never spans two sections.
 */
export type Section = {text: string; page: number | null; heading?: string[]};
export type ExtractedDocument = {title: string; kind: string; sections: Section[]};

/**
 * Why a file cannot be read, in words a person can act on (shown as the file's error); `words`, where the
 * reason has them (shared/coreWords.ts), for the window to say in its language.
 */
export class ExtractError extends ReasonError {}

/** A file refused for a reason that has words (shared/coreWords.ts): their English, and the words. */
export function refusedFile(key: CoreWordKey, values: Record<string, string | number> = {}): ExtractError {
    return ExtractError.saying(key, values);
}

/** What one file may expand to in the extraction worker: beyond it, the file is refused with its reason. */
export const FILE_LIMITS = {
    /** The bytes a zip-based file (Office, OpenDocument, EPUB) may unpack to, all its parts together. */
    maxUnpackedBytes: 256 * 2 ** 20,
    /** How many times its size one part may expand by (past 1 MB): beyond, it is taken as a zip bomb. */
    maxRatio: 200,
    maxZipEntries: 20_000,
    /** Cells read from one spreadsheet, all sheets together. */
    maxCells: 200_000,
    /** Messages read from one mailbox. */
    maxMessages: 50_000,
};
