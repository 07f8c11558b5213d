import {createHash, randomUUID, type Hash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {formatBytes} from "../shared/format.js";
import {partName, removeStaleParts} from "./store/temporaries.js";
import {refusal} from "./words.js";

/**
 * A file the window has sent whole: its name as sent, where its bytes are (the caller deletes it), and their
 * SHA-256 in hex (computed as they arrived).
 */
export type Upload = {name: string; size: number; file: string; sha256: string};

type Receiving = Omit<Upload, "sha256"> & {received: number; room: number; touchedAt: number; hash: Hash};

/** An upload not added to for this long is given up (its bytes deleted) when the next one begins. */
const STALE_MS = 60 * 60 * 1000;

/**
 * Files sent by a window in chunks (a drop, a paste, a file picker: the window has the bytes, not a path),
 * kept in a folder of the data directory until they are taken. What each is for (an import, an attachment)
 * is the caller's. Its refusals carry their words (WordsError).
 */
export class Uploads {
    private readonly uploads = new Map<string, Receiving>();

    constructor(
        private readonly folder: string,
        private readonly most = 4,
    ) {
        // Uploads of a process that was killed: nobody will take them.
        removeStaleParts(folder);
    }

    /** A new upload of `size` bytes; `room`: the free disk space it needs (default: its size). */
    begin(name: string, size: number, room = size): string {
        this.dropStale();
        if (this.uploads.size >= this.most) throw refusal("uploadBusy", {most: this.most});
        fs.mkdirSync(this.folder, {recursive: true});
        // The room the uploads under way still need is theirs: four at once cannot each count the same space.
        const disk = freeBytes(this.folder);
        const free = disk === null ? null : Math.max(0, disk - this.promised());
        if (free !== null && free < room) {
            throw refusal("uploadNoRoom", {name, size: formatBytes(room), free: formatBytes(free)});
        }
        const id = randomUUID();
        const file = partName(path.join(this.folder, `upload-${id}`));
        fs.writeFileSync(file, "");
        this.uploads.set(id, {
            name: path.basename(name),
            size,
            file,
            received: 0,
            room,
            touchedAt: Date.now(),
            hash: createHash("sha256"),
        });
        return id;
    }

    chunk(id: string, offset: number, base64: string): number {
        const upload = this.get(id);
        if (offset !== upload.received) {
            throw refusal("uploadOutOfOrder", {offset, received: upload.received});
        }
        const bytes = Buffer.from(base64, "base64");
        if (upload.received + bytes.length > upload.size) {
            throw refusal("uploadTooLong", {size: upload.size, name: upload.name});
        }
        fs.appendFileSync(upload.file, bytes);
        upload.hash.update(bytes);
        upload.received += bytes.length;
        upload.touchedAt = Date.now();
        return upload.received;
    }

    /** The whole upload, no longer tracked: its file is the caller's to read and delete. */
    take(id: string): Upload {
        const upload = this.get(id);
        this.uploads.delete(id);
        if (upload.received !== upload.size) {
            fs.rmSync(upload.file, {force: true});
            throw refusal("uploadIncomplete", {
                name: upload.name,
                received: upload.received,
                size: upload.size,
            });
        }
        return {name: upload.name, size: upload.size, file: upload.file, sha256: upload.hash.digest("hex")};
    }

    /** What the uploads under way will still write (and the growth they asked room for). */
    private promised(): number {
        let bytes = 0;
        for (const upload of this.uploads.values()) bytes += upload.room - upload.received;
        return bytes;
    }

    /** Gives up an upload still being sent (its bytes deleted); false when there is none under `id`. */
    cancel(id: string): boolean {
        return this.drop(id);
    }

    private get(id: string): Receiving {
        const upload = this.uploads.get(id);
        if (!upload) throw refusal("uploadUnknown");
        return upload;
    }

    /** Forgets an upload and deletes its bytes; false when there is none under `id`. */
    private drop(id: string): boolean {
        const upload = this.uploads.get(id);
        if (!upload) return false;
        this.uploads.delete(id);
        fs.rmSync(upload.file, {force: true});
        return true;
    }

    private dropStale(): void {
        for (const [id, upload] of this.uploads) {
            if (Date.now() - upload.touchedAt >= STALE_MS) this.drop(id);
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
