import {randomUUID} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type {ImportReport} from "../../shared/contract.js";
import {formatBytes} from "../../shared/format.js";
import {importFiles} from "./importer.js";
import type {ImportProgress} from "./run.js";

type Upload = {name: string; size: number; file: string; received: number; touchedAt: number};

/** An upload not added to for this long is given up (its bytes deleted) when the next one begins. */
const STALE_MS = 60 * 60 * 1000;
const MAX_UPLOADS = 4;

/**
 * Files sent by a window in chunks (a dropped export: the window has its bytes, not its path), kept under
 * <data>/imports until they are imported, then deleted.
 */
export class ImportUploads {
    private readonly uploads = new Map<string, Upload>();
    private readonly folder: string;

    constructor(
        dataDir: string,
        private readonly dbFile: string,
        private readonly onProgress: (
            progress: ImportProgress | {file: string; share: null; imported: number},
        ) => void,
    ) {
        this.folder = path.join(dataDir, "imports");
    }

    begin(name: string, size: number): string {
        this.dropStale();
        if (this.uploads.size >= MAX_UPLOADS)
            throw new Error("four imports are already being sent: wait for one to finish");
        fs.mkdirSync(this.folder, {recursive: true});
        const free = freeBytes(this.folder);
        // The export, then the library's growth by about as much again.
        if (free !== null && free < size * 2) {
            throw new Error(
                `not enough free disk space to import ${name}: it needs about ${formatBytes(size * 2)}, ${formatBytes(free)} is free`,
            );
        }
        const id = randomUUID();
        const file = path.join(this.folder, `upload-${id}`);
        fs.writeFileSync(file, "");
        this.uploads.set(id, {name: path.basename(name), size, file, received: 0, touchedAt: Date.now()});
        return id;
    }

    chunk(id: string, offset: number, base64: string): number {
        const upload = this.get(id);
        if (offset !== upload.received) {
            throw new Error(
                `chunk at byte ${offset}, but ${upload.received} bytes have arrived: send them in order`,
            );
        }
        const bytes = Buffer.from(base64, "base64");
        if (upload.received + bytes.length > upload.size) {
            throw new Error(`more bytes than the ${upload.size} announced for ${upload.name}`);
        }
        fs.appendFileSync(upload.file, bytes);
        upload.received += bytes.length;
        upload.touchedAt = Date.now();
        return upload.received;
    }

    async finish(id: string): Promise<ImportReport> {
        const upload = this.get(id);
        this.uploads.delete(id);
        try {
            if (upload.received !== upload.size) {
                throw new Error(
                    `${upload.name} arrived incomplete (${upload.received} of ${upload.size} bytes): send it again`,
                );
            }
            return await importFiles(this.dbFile, [upload.file], this.onProgress, [upload.name]);
        } finally {
            fs.rmSync(upload.file, {force: true});
            this.onProgress({file: upload.name, share: null, imported: 0});
        }
    }

    private get(id: string): Upload {
        const upload = this.uploads.get(id);
        if (!upload)
            throw new Error(
                "no such import under way (it finished, or was given up after an hour without data)",
            );
        return upload;
    }

    private dropStale(): void {
        for (const [id, upload] of this.uploads) {
            if (Date.now() - upload.touchedAt < STALE_MS) continue;
            fs.rmSync(upload.file, {force: true});
            this.uploads.delete(id);
        }
    }
}

function freeBytes(folder: string): number | null {
    try {
        const stats = fs.statfsSync(folder);
        return stats.bavail * stats.bsize;
    } catch {
        return null;
    }
}
