import type {Readable} from "node:stream";
import yauzl from "yauzl";
import type {FileFormat} from "../../../shared/coreWords.js";
import {refusedFile, FILE_LIMITS, type ExtractError} from "./document.js";
import {messageOf} from "../../../shared/format.js";

/** A zip-based file's parts, read on demand, within FILE_LIMITS. */
export type ZipParts = {
    names: string[];
    has(name: string): boolean;
    bytes(name: string): Promise<Buffer>;
    text(name: string): Promise<string>;
};

/**
 * Opens a zip-based file (DOCX, PPTX, XLSX, OpenDocument, EPUB) from memory. Its directory is checked first:
 * too many parts, parts that would unpack past the limit or expand too many times their size (a zip bomb),
 * and encrypted parts each get their reason. Parts that unpack to more than they declare are cut off.
 */
export async function openZip(body: Uint8Array, what: FileFormat, limits = FILE_LIMITS): Promise<ZipParts> {
    const zip = await fromBuffer(Buffer.from(body.buffer, body.byteOffset, body.byteLength), what);
    const entries = await listEntries(zip, what, limits);
    let total = 0;
    for (const entry of entries) {
        if (entry.generalPurposeBitFlag & 1) throw refusedFile("fileEncrypted", {fileFormat: what});
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > 2 ** 20 && ratio > limits.maxRatio)
            throw bomb(what, entry.uncompressedSize, limits);
    }
    if (total > limits.maxUnpackedBytes) throw bomb(what, total, limits);
    const byName = new Map(entries.map((e) => [e.fileName, e]));
    const bytes = async (name: string) => {
        const entry = byName.get(name);
        if (!entry) throw refusedFile("filePartMissing", {fileFormat: what, part: name});
        return await readEntry(zip, entry, what);
    };
    return {
        names: [...byName.keys()],
        has: (name) => byName.has(name),
        bytes,
        text: async (name) => (await bytes(name)).toString("utf8").replace(/^\uFEFF/, ""),
    };
}

function bomb(what: FileFormat, bytes: number, limits: typeof FILE_LIMITS): ExtractError {
    return refusedFile("fileZipBomb", {
        fileFormat: what,
        size: Math.round(bytes / 2 ** 20),
        limit: limits.maxUnpackedBytes / 2 ** 20,
        ratio: limits.maxRatio,
    });
}

function fromBuffer(buffer: Buffer, what: FileFormat): Promise<yauzl.ZipFile> {
    return new Promise((resolve, reject) => {
        yauzl.fromBuffer(buffer, {lazyEntries: true, validateEntrySizes: true}, (error, zip) => {
            if (error || !zip) return reject(refusedFile("fileNotZip", {fileFormat: what}));
            resolve(zip);
        });
    });
}

function listEntries(
    zip: yauzl.ZipFile,
    what: FileFormat,
    limits: typeof FILE_LIMITS,
): Promise<yauzl.Entry[]> {
    return new Promise((resolve, reject) => {
        const entries: yauzl.Entry[] = [];
        zip.on("entry", (entry: yauzl.Entry) => {
            entries.push(entry);
            if (entries.length > limits.maxZipEntries) {
                zip.close();
                return reject(
                    refusedFile("fileTooManyParts", {fileFormat: what, limit: limits.maxZipEntries}),
                );
            }
            zip.readEntry();
        });
        zip.once("end", () => resolve(entries));
        zip.once("error", (error: Error) => reject(damaged(what, error)));
        zip.readEntry();
    });
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, what: FileFormat): Promise<Buffer> {
    const stream = await new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(entry, (error, s) => (error || !s ? reject(damaged(what, error)) : resolve(s)));
    });
    const chunks: Buffer[] = [];
    try {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (error) {
        // yauzl stops a part that unpacks to more than its directory said: a bomb that lies about its size.
        throw refusedFile("fileDamagedOrBomb", {
            fileFormat: what,
            part: entry.fileName,
            detail: messageOf(error),
        });
    }
    return Buffer.concat(chunks);
}

/** A zip-based file the zip reader failed on, with the reader's own reason. */
export function damaged(what: FileFormat, error: Error | null | undefined): ExtractError {
    return refusedFile("fileDamaged", {fileFormat: what, detail: error?.message ?? "unknown"});
}
