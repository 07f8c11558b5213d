import fs from "node:fs";
import path from "node:path";
import type {ImportReport} from "../../shared/contract.js";
import {Uploads} from "../uploads.js";
import {importFiles} from "./importer.js";
import type {ImportProgress} from "./run.js";

/**
 * Exports sent by a window in chunks (a dropped export: the window has its bytes, not its path), kept under
 * <data>/imports until they are imported, then deleted.
 */
export class ImportUploads {
    private readonly uploads: Uploads;
    /** The imports running from finished uploads, by upload id: their Stop. */
    private readonly running = new Map<string, AbortController>();

    constructor(
        dataDir: string,
        private readonly dbFile: string,
        private readonly onProgress: (
            progress: ImportProgress | {file: string; share: null; imported: number},
        ) => void,
    ) {
        this.uploads = new Uploads(path.join(dataDir, "imports"));
    }

    /** The export, then the library's growth by about as much again. */
    begin(name: string, size: number): string {
        return this.uploads.begin(name, size, size * 2);
    }

    chunk(id: string, offset: number, base64: string): number {
        return this.uploads.chunk(id, offset, base64);
    }

    async finish(id: string): Promise<ImportReport> {
        const upload = this.uploads.take(id);
        const stop = new AbortController();
        this.running.set(id, stop);
        try {
            return await importFiles(this.dbFile, [upload.file], this.onProgress, [upload.name], stop.signal);
        } finally {
            this.running.delete(id);
            fs.rmSync(upload.file, {force: true});
            this.onProgress({file: upload.name, share: null, imported: 0});
        }
    }

    /**
     * Stops an upload: one still being sent is dropped; one being imported ends at its next conversation
     * (its report says what is in). False when there is none under `id` (it has ended).
     */
    cancel(id: string): boolean {
        if (this.uploads.cancel(id)) return true;
        const running = this.running.get(id);
        running?.abort();
        return running !== undefined;
    }
}
