import {createHash, randomUUID} from "node:crypto";
import type {ArchivedPage} from "../../shared/contract.js";
import type {Db} from "./db.js";

type Row = {id: string; url: string; title: string; text: string; content_hash: string; fetched_at: number};

/** Every page the model read, by final URL and content: the same content is stored once. */
export class WebPageStore {
    constructor(private readonly db: Db) {}

    save(page: {url: string; title: string; text: string}): ArchivedPage {
        const hash = createHash("sha256").update(page.text).digest("hex");
        const existing = this.db
            .prepare("SELECT * FROM web_pages WHERE url = ? AND content_hash = ?")
            .get(page.url, hash) as Row | undefined;
        if (existing) return toPage(existing);
        const row: Row = {id: randomUUID(), ...page, content_hash: hash, fetched_at: Date.now()};
        this.db
            .prepare(
                "INSERT INTO web_pages (id, url, title, text, content_hash, fetched_at) VALUES (@id, @url, @title, @text, @content_hash, @fetched_at)",
            )
            .run(row);
        return toPage(row);
    }

    get(id: string): ArchivedPage | null {
        const row = this.db.prepare("SELECT * FROM web_pages WHERE id = ?").get(id) as Row | undefined;
        return row ? toPage(row) : null;
    }
}

function toPage(r: Row): ArchivedPage {
    return {id: r.id, url: r.url, title: r.title, text: r.text, fetchedAt: r.fetched_at};
}
