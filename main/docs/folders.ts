import fs from "node:fs/promises";
import path from "node:path";
import {watch, type FSWatcher} from "chokidar";
import ignore, {type Ignore} from "ignore";
import {ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {kindOf, MAX_FILE_BYTES} from "./extract.js";
import type {FolderRules, FolderStore, WatchedFolder} from "./folderStore.js";
import type {IngestQueue} from "./ingest.js";
import type {DocumentStore} from "./store.js";

/** Folders never read, whatever the rules say (as when a folder is added by hand). */
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".hg", ".svn", "__pycache__", ".venv"]);
/** Events closer together than this are indexed as one job. */
const BATCH_MS = 100;

export type FolderDeps = {store: DocumentStore; folders: FolderStore; ingest: IngestQueue};

type Followed = {
    collectionId: string;
    folder: string;
    watcher: FSWatcher;
    changed: Set<string>;
    removed: Set<string>;
    timer: NodeJS.Timeout | null;
};

/** A collection's rules, ready to test a path relative to its folder. */
class Rules {
    private readonly patterns: Ignore;

    constructor(readonly rules: FolderRules) {
        this.patterns = ignore().add(rules.ignore);
    }

    /** Whether a folder (dir) or file, relative to the watched folder, is left out. */
    skips(relative: string, dir: boolean): boolean {
        if (!relative) return false;
        const parts = relative.split(path.sep);
        if (parts.some((p) => SKIPPED_DIRS.has(p))) return true;
        if (!this.rules.includeHidden && parts.some((p) => p.startsWith("."))) return true;
        if (!dir && !kindOf(relative)) return true;
        return this.patterns.ignores(parts.join("/") + (dir ? "/" : ""));
    }

    tooLarge(size: number): boolean {
        return size > Math.min(this.rules.maxFileBytes ?? MAX_FILE_BYTES, MAX_FILE_BYTES);
    }
}

/**
 * Watched folders: a collection follows folders. At start, and when a folder is added, a rescan compares
 * every file with what was indexed (size and modification time; the content hash decides in ingest), queues
 * new and changed files and removes the documents of deleted ones. Then a watcher (chokidar) sends each
 * change, rename and deletion as it happens, in batches, to the same ingest queue.
 */
export class FolderWatch {
    private readonly followed = new Map<string, Followed>();
    private stopped = false;
    /** Settles when start()'s rescans are queued and every watcher is ready. */
    ready: Promise<void> = Promise.resolve();

    constructor(private readonly deps: FolderDeps) {}

    /** Follows every watched folder: a rescan each, then their watchers. */
    start(): Promise<void> {
        this.ready = (async () => {
            for (const f of this.deps.folders.folders())
                if (!this.stopped) await this.follow(f.collectionId, f.path);
        })();
        return this.ready;
    }

    list(): (WatchedFolder & {watching: boolean})[] {
        return this.deps.folders
            .folders()
            .map((f) => ({...f, watching: this.followed.has(key(f.collectionId, f.path))}));
    }

    /** Adds a folder to a collection and follows it; the rescan's ingest job id, if there was anything to read. */
    async watch(collectionId: string, given: string): Promise<Result<{path: string; jobId: string | null}>> {
        const folder = path.resolve(given);
        const stat = await fs.stat(folder).catch(() => null);
        if (!stat?.isDirectory()) return failSaying("NOT_FOUND", "noFolderAt", {folder});
        this.deps.folders.add(collectionId, folder);
        return ok({path: folder, jobId: await this.follow(collectionId, folder)});
    }

    /** Stops following a folder; what was indexed from it stays (remove it from the collection to drop it). */
    async unwatch(collectionId: string, given: string): Promise<boolean> {
        const folder = path.resolve(given);
        await this.close(key(collectionId, folder));
        return this.deps.folders.remove(collectionId, folder);
    }

    rules(collectionId: string): FolderRules {
        return this.deps.folders.rules(collectionId);
    }

    /** New rules apply at once: the collection's folders are rescanned under them. */
    async setRules(collectionId: string, rules: FolderRules): Promise<void> {
        this.deps.folders.setRules(collectionId, rules);
        for (const f of [...this.followed.values()].filter((f) => f.collectionId === collectionId)) {
            await this.close(key(f.collectionId, f.folder));
            await this.follow(f.collectionId, f.folder);
        }
    }

    async stop(): Promise<void> {
        this.stopped = true;
        await Promise.all([...this.followed.keys()].map((k) => this.close(k)));
    }

    /** Rescans a folder and starts its watcher. */
    private async follow(collectionId: string, folder: string): Promise<string | null> {
        const id = key(collectionId, folder);
        await this.close(id);
        const rules = new Rules(this.deps.folders.rules(collectionId));
        const jobId = await this.rescan(collectionId, folder, rules);
        const watcher = watch(folder, {
            ignoreInitial: true,
            ignored: (file, stats) =>
                rules.skips(path.relative(folder, file), stats ? stats.isDirectory() : !path.extname(file)),
            awaitWriteFinish: {stabilityThreshold: 80, pollInterval: 20},
        });
        const entry: Followed = {
            collectionId,
            folder,
            watcher,
            changed: new Set(),
            removed: new Set(),
            timer: null,
        };
        const note = (set: "changed" | "removed") => (file: string) => {
            entry[set].add(file);
            (set === "changed" ? entry.removed : entry.changed).delete(file);
            entry.timer ??= setTimeout(() => this.flush(entry, rules), BATCH_MS);
        };
        watcher.on("add", note("changed")).on("change", note("changed")).on("unlink", note("removed"));
        watcher.on("unlinkDir", note("removed"));
        watcher.on("error", (error) => console.error(`[cairn] watching ${folder}:`, error));
        await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
        if (this.stopped) await watcher.close();
        else this.followed.set(id, entry);
        return jobId;
    }

    private async close(id: string): Promise<void> {
        const entry = this.followed.get(id);
        if (!entry) return;
        this.followed.delete(id);
        if (entry.timer) clearTimeout(entry.timer);
        await entry.watcher.close();
    }

    /** One batch of events: deleted files' documents go, changed and new files are queued. */
    private flush(entry: Followed, rules: Rules): void {
        entry.timer = null;
        const scope = {collectionId: entry.collectionId, conversationId: null};
        for (const gone of entry.removed) this.forget(entry.collectionId, gone);
        entry.removed.clear();
        const files = [...entry.changed];
        entry.changed.clear();
        void Promise.all(files.map((f) => fs.stat(f).catch(() => null))).then((stats) => {
            const wanted = files.filter(
                (f, i) =>
                    stats[i]?.isFile() &&
                    !rules.tooLarge(stats[i].size) &&
                    !rules.skips(path.relative(entry.folder, f), false),
            );
            if (wanted.length) this.deps.ingest.start(wanted, scope);
        });
    }

    /** A deleted file's document, or every document under a deleted folder, leaves the index. */
    private forget(collectionId: string, gone: string): void {
        const scope = {collectionId, conversationId: null};
        const doc = this.deps.store.findByPath(gone, scope);
        if (doc) this.deps.store.removeDocument(doc.id);
        for (const inside of this.deps.folders.filesUnder(collectionId, gone, path.sep))
            this.deps.store.removeDocument(inside.id);
    }

    /** Compares the folder with its documents: queues new and changed files, removes deleted ones. */
    private async rescan(collectionId: string, folder: string, rules: Rules): Promise<string | null> {
        const known = new Map(
            this.deps.folders.filesUnder(collectionId, folder, path.sep).map((f) => [f.path, f]),
        );
        const changed: string[] = [];
        for await (const {file, size, mtimeMs} of walk(folder, folder, rules)) {
            const before = known.get(file);
            known.delete(file);
            if (before && before.size === size && before.mtimeMs === mtimeMs) continue;
            changed.push(file);
        }
        for (const gone of known.values()) this.deps.store.removeDocument(gone.id);
        if (changed.length === 0) return null;
        const started = this.deps.ingest.start(changed, {collectionId, conversationId: null});
        return started.ok ? started.value.jobId : null;
    }
}

function key(collectionId: string, folder: string): string {
    return `${collectionId}\u0000${folder}`;
}

/** The folder's files that the rules let in, with their size and time; unreadable folders are passed over. */
async function* walk(
    root: string,
    dir: string,
    rules: Rules,
): AsyncGenerator<{file: string; size: number; mtimeMs: number}> {
    const entries = await fs.readdir(dir, {withFileTypes: true}).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, entry.name);
        const relative = path.relative(root, full);
        if (entry.isDirectory()) {
            if (!rules.skips(relative, true)) yield* walk(root, full, rules);
        } else if (entry.isFile() && !rules.skips(relative, false)) {
            const stat = await fs.stat(full).catch(() => null);
            if (stat && !rules.tooLarge(stat.size))
                yield {file: full, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs)};
        }
    }
}
