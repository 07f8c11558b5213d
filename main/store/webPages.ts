import {createHash, randomUUID} from "node:crypto";
import type {Worker} from "node:worker_threads";
import type {ArchivedPage} from "../../shared/contract.js";
import {startWorker} from "../workers.js";
import type {Db} from "./db.js";

type Row = {id: string; url: string; title: string; text: string; content_hash: string; fetched_at: number};
export type PageToArchive = {url: string; title: string; text: string};

/**
 * Pages up to this long are written on the calling thread (a fraction of a millisecond); longer ones by the
 * archive's worker: saving a 4.3 MB page held the core's event loop for 30-290 ms.
 */
const INLINE_CHARS = 64 * 1024;

/** Every page the model read, by final URL and content: the same content is stored once. */
export class WebPageStore {
    private worker: Worker | null = null;
    private readonly waiting = new Map<
        number,
        {resolve: (kept: Kept) => void; reject: (error: Error) => void}
    >();
    private requests = 0;

    constructor(private readonly db: Db) {}

    /** Archives a page (or finds the same content archived before); long pages are written off this thread. */
    async save(page: PageToArchive): Promise<ArchivedPage> {
        if (page.text.length <= INLINE_CHARS) return {...page, ...archivePage(this.db, page)};
        const request = ++this.requests;
        const kept = new Promise<Kept>((resolve, reject) => this.waiting.set(request, {resolve, reject}));
        this.writer().postMessage({request, page});
        return {...page, ...(await kept)};
    }

    get(id: string): ArchivedPage | null {
        const row = this.db.prepare<unknown[], Row>("SELECT * FROM web_pages WHERE id = ?").get(id);
        return row ? toPage(row) : null;
    }

    /**
     * Archived pages holding the most of these words (lower case) in their title or first 200,000
     * characters, newest first among equals; each URL once. What offline research reads of the web.
     */
    search(words: string[], limit: number): ArchivedPage[] {
        if (words.length === 0) return [];
        const hits = words
            .map(() => "(instr(lower(title || ' ' || substr(text, 1, 200000)), ?) > 0)")
            .join(" + ");
        const rows = this.db
            .prepare<unknown[], Row & {hits: number}>(
                `SELECT *, ${hits} AS hits FROM web_pages WHERE hits > 0 ORDER BY hits DESC, fetched_at DESC LIMIT ?`,
            )
            .all(...words, limit * 4);
        const seen = new Set<string>();
        return rows
            .filter((r) => !seen.has(r.url) && seen.add(r.url))
            .slice(0, limit)
            .map(toPage);
    }

    /** Stops the archive's worker (pages being written are refused); the store is done with. */
    async close(): Promise<void> {
        const worker = this.worker;
        this.worker = null;
        if (worker) await worker.terminate();
    }

    private writer(): Worker {
        if (this.worker) return this.worker;
        const worker = startWorker(import.meta.url, "webPageWorker", {
            workerData: {file: this.db.name},
            resourceLimits: {maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16},
        });
        worker.on("message", (m: {request: number; kept?: Kept; error?: string}) => {
            const waiting = this.waiting.get(m.request);
            this.waiting.delete(m.request);
            if (m.kept) waiting?.resolve(m.kept);
            else waiting?.reject(new Error(`the page could not be archived: ${m.error}`));
        });
        const failAll = (error: Error) => {
            for (const {reject} of this.waiting.values()) reject(error);
            this.waiting.clear();
            if (this.worker === worker) this.worker = null;
        };
        worker.on("error", failAll);
        worker.on("exit", () => failAll(new Error("the page archive's writer stopped")));
        // Idle, it does not keep the process alive.
        worker.unref();
        this.worker = worker;
        return worker;
    }
}

/** Where a page is kept: its archive id and when it was first archived (the text is the caller's). */
type Kept = {id: string; fetchedAt: number};

/** Writes a page's row unless the same URL and content are archived already; says which row holds it. */
export function archivePage(db: Db, page: PageToArchive): Kept {
    const hash = createHash("sha256").update(page.text).digest("hex");
    const existing = db
        .prepare<unknown[], Pick<Row, "id" | "fetched_at">>(
            "SELECT id, fetched_at FROM web_pages WHERE url = ? AND content_hash = ?",
        )
        .get(page.url, hash);
    if (existing) return {id: existing.id, fetchedAt: existing.fetched_at};
    const row: Row = {id: randomUUID(), ...page, content_hash: hash, fetched_at: Date.now()};
    db.prepare(
        "INSERT INTO web_pages (id, url, title, text, content_hash, fetched_at) VALUES (@id, @url, @title, @text, @content_hash, @fetched_at)",
    ).run(row);
    return {id: row.id, fetchedAt: row.fetched_at};
}

function toPage(r: Row): ArchivedPage {
    return {id: r.id, url: r.url, title: r.title, text: r.text, fetchedAt: r.fetched_at};
}
