// Bundles (.mcpb) from the window (a drop, a file picker): the window has the file's bytes, not its path. The
// file is sent in chunks, read (its manifest and the settings it asks for, shown as a form), then installed with
// the values the person gave; until then it is held, so that a value the install refuses can be put right.
import fs from "node:fs";
import path from "node:path";
import {Uploads} from "../uploads.js";
import {
    BUNDLE_LIMITS,
    installBundle,
    readBundle,
    type BundleInfo,
    type Installed,
    type SettingValues,
} from "./bundle.js";

/** Bundles read and not yet installed or given up; the oldest is dropped beyond this many. */
const MOST_HELD = 4;

type Held = {file: string; name: string};

export class BundleUploads {
    private readonly uploads: Uploads;
    private readonly held = new Map<string, Held>();

    constructor(private readonly dataDir: string) {
        // A file of a process that was killed is a part file there: removed when the next one starts.
        this.uploads = new Uploads(path.join(dataDir, "mcp-incoming"), 2);
    }

    /** A bundle of `size` bytes to be sent; refused over the size a bundle may have. */
    begin(name: string, size: number): string {
        if (size > BUNDLE_LIMITS.zipBytes)
            throw new Error(`${name} is over ${BUNDLE_LIMITS.zipBytes / 1_048_576} MB: too big for a bundle`);
        return this.uploads.begin(name, size);
    }

    chunk(id: string, offset: number, data: string): number {
        return this.uploads.chunk(id, offset, data);
    }

    /** The sent bundle read (kept under the same id until installed or given up); words when it is no bundle. */
    async open(id: string): Promise<(BundleInfo & {bundleId: string}) | string> {
        const upload = this.uploads.take(id);
        const info = await readBundle(upload.file, this.dataDir, {shownAs: upload.name});
        if (typeof info === "string") {
            fs.rmSync(upload.file, {force: true});
            return info;
        }
        this.hold(id, {file: upload.file, name: upload.name});
        return {bundleId: id, ...info};
    }

    /**
     * Installs a held bundle with the values given and hands its entry to `add` (mcp.json); the file is let go
     * once added. Words when the values or the entry are refused: it is kept, to be tried again.
     */
    async install(
        id: string,
        values: SettingValues,
        add: (installed: Installed) => Promise<{ok: true} | {ok: false; message: string}>,
    ): Promise<string | null> {
        const held = this.held.get(id);
        if (!held) return "that bundle is no longer waiting to be installed: drop it again";
        const installed = await installBundle(held.file, this.dataDir, values, {
            shownAs: held.name,
            ask: (key) => `"${key}"`,
        });
        if (typeof installed === "string") return installed;
        const added = await add(installed);
        if (!added.ok) return added.message;
        this.cancel(id);
        return null;
    }

    /** Lets a held bundle go (its file deleted); false when none is held under `id`. */
    cancel(id: string): boolean {
        const held = this.held.get(id);
        if (!held) return this.uploads.cancel(id);
        this.held.delete(id);
        fs.rmSync(held.file, {force: true});
        return true;
    }

    private hold(id: string, held: Held): void {
        this.held.set(id, held);
        const oldest = this.held.keys().next().value;
        if (this.held.size > MOST_HELD && oldest !== undefined) this.cancel(oldest);
    }
}
