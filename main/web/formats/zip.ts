import type {Readable} from "node:stream";
import yauzl from "yauzl";
import {ExtractError, FILE_LIMITS} from "./document.js";

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
export async function openZip(body: Uint8Array, what: string, limits = FILE_LIMITS): Promise<ZipParts> {
    const zip = await fromBuffer(Buffer.from(body.buffer, body.byteOffset, body.byteLength), what);
    const entries = await listEntries(zip, what, limits);
    let total = 0;
    for (const entry of entries) {
        if (entry.generalPurposeBitFlag & 1) throw new ExtractError(`encrypted ${what} (password protected)`);
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > 2 ** 20 && ratio > limits.maxRatio)
            throw bomb(what, entry.uncompressedSize, limits);
    }
    if (total > limits.maxUnpackedBytes) throw bomb(what, total, limits);
    const byName = new Map(entries.map((e) => [e.fileName, e]));
    const bytes = async (name: string) => {
        const entry = byName.get(name);
        if (!entry) throw new ExtractError(`damaged ${what}: ${name} is missing`);
        return await readEntry(zip, entry, what);
    };
    return {
        names: [...byName.keys()],
        has: (name) => byName.has(name),
        bytes,
        text: async (name) => (await bytes(name)).toString("utf8").replace(/^\uFEFF/, ""),
    };
}

function bomb(what: string, bytes: number, limits: typeof FILE_LIMITS): ExtractError {
    return new ExtractError(
        `refused as a zip bomb: this ${what} would unpack to ${Math.round(bytes / 2 ** 20)} MB (more than ${limits.maxUnpackedBytes / 2 ** 20} MB, or over ${limits.maxRatio} times its size)`,
    );
}

function fromBuffer(buffer: Buffer, what: string): Promise<yauzl.ZipFile> {
    return new Promise((resolve, reject) => {
        yauzl.fromBuffer(buffer, {lazyEntries: true, validateEntrySizes: true}, (error, zip) => {
            if (error || !zip) return reject(new ExtractError(`damaged ${what} (not a complete zip file)`));
            resolve(zip);
        });
    });
}

function listEntries(zip: yauzl.ZipFile, what: string, limits: typeof FILE_LIMITS): Promise<yauzl.Entry[]> {
    return new Promise((resolve, reject) => {
        const entries: yauzl.Entry[] = [];
        zip.on("entry", (entry: yauzl.Entry) => {
            entries.push(entry);
            if (entries.length > limits.maxZipEntries) {
                zip.close();
                return reject(
                    new ExtractError(`refused: this ${what} has over ${limits.maxZipEntries} parts`),
                );
            }
            zip.readEntry();
        });
        zip.once("end", () => resolve(entries));
        zip.once("error", (error: Error) => reject(new ExtractError(`damaged ${what}: ${error.message}`)));
        zip.readEntry();
    });
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, what: string): Promise<Buffer> {
    const stream = await new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(entry, (error, s) =>
            error || !s ? reject(new ExtractError(`damaged ${what}: ${error?.message}`)) : resolve(s),
        );
    });
    const chunks: Buffer[] = [];
    try {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (error) {
        // yauzl stops a part that unpacks to more than its directory said: a bomb that lies about its size.
        throw new ExtractError(
            `damaged ${what} or a zip bomb: ${entry.fileName}: ${(error as Error).message}`,
        );
    }
    return Buffer.concat(chunks);
}
