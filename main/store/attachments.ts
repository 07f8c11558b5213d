import type {Attachment} from "../../shared/contract.js";
import {createHash} from "node:crypto";
import {prepareImage, type PreparedImage} from "../media/images.js";
import {StatementCache, writeTransaction, type Db} from "./db.js";

/** An image sent but not used by a message is kept this long (the window may still send it). */
const UNUSED_MS = 60 * 60 * 1000;

/**
 * Images sent with messages, each kept once in the library by the SHA-256 of the file as it was sent (so they
 * are in every backup), with its thumbnail; a message lists its own in order, each under the name it was
 * attached with. An image goes with the last message that used it.
 */
export class AttachmentStore {
    private readonly statements: StatementCache;
    /** False on a library of a schema before images (one written by an older Cairn, read as it is). */
    private readonly present: boolean;

    constructor(private readonly db: Db) {
        this.statements = new StatementCache(db);
        this.present =
            db
                .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'message_attachments'")
                .get() !== undefined;
    }

    /**
     * Checks an image file's bytes and keeps it (see prepareImage), unless the same file is kept already.
     * `hash`: its SHA-256 in hex, when the caller computed it while the bytes arrived.
     */
    async keep(input: Buffer, name: string, hash?: string): Promise<Attachment> {
        const id = hash ?? createHash("sha256").update(input).digest("hex");
        const kept = this.get(id);
        if (kept) return {...kept, name};
        return this.add(id, name, await prepareImage(input, name));
    }

    /** Keeps a prepared image under `id`; an image kept already stays as it is. */
    add(id: string, name: string, image: PreparedImage): Attachment {
        this.statements
            .get(
                `INSERT OR IGNORE INTO attachments (id, name, mime, width, height, data, thumb, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(id, name, image.mime, image.width, image.height, image.data, image.thumb, Date.now());
        return {...this.get(id)!, name};
    }

    get(id: string): Attachment | null {
        const row = this.statements
            .get<Attachment>(
                "SELECT id, name, mime, width, height, length(data) AS bytes FROM attachments WHERE id = ?",
            )
            .get(id);
        return row ?? null;
    }

    /** The kept copy or its thumbnail (WebP). */
    read(id: string, size: "thumb" | "full"): {mime: string; data: Buffer} | null {
        const row = this.statements
            .get<{mime: string; data: Buffer}>(
                `SELECT mime, ${size === "thumb" ? "thumb" : "data"} AS data FROM attachments WHERE id = ?`,
            )
            .get(id);
        if (!row) return null;
        return size === "thumb" ? {mime: "image/webp", data: row.data} : row;
    }

    /**
     * Gives a message its images, in order, under the names they were attached with; `append`: after those
     * it has (an answer's tools make them one at a time).
     */
    link(messageId: string, attachments: readonly {id: string; name: string}[], {append = false} = {}): void {
        const insert = this.statements.get(
            "INSERT INTO message_attachments (message_id, position, attachment_id, name) VALUES (?, ?, ?, ?)",
        );
        const used = this.statements.get("UPDATE attachments SET used = 1 WHERE id = ?");
        const next = this.statements.get(
            "SELECT coalesce(max(position) + 1, 0) FROM message_attachments WHERE message_id = ?",
        );
        writeTransaction(this.db, () => {
            const start = append ? (next.pluck().get(messageId) as number) : 0;
            attachments.forEach((a, position) => {
                insert.run(messageId, start + position, a.id, a.name);
                used.run(a.id);
            });
        });
    }

    forMessage(messageId: string): Attachment[] {
        if (!this.present) return [];
        return this.statements
            .get<Attachment>(
                `SELECT a.id, l.name, a.mime, a.width, a.height, length(a.data) AS bytes
                   FROM message_attachments l JOIN attachments a ON a.id = l.attachment_id
                  WHERE l.message_id = ? ORDER BY l.position`,
            )
            .all(messageId);
    }

    /** Each message's images in a conversation, by message id. */
    forConversation(conversationId: string): Map<string, Attachment[]> {
        if (!this.present) return new Map();
        const rows = this.statements
            .get<Attachment & {message_id: string}>(
                `SELECT l.message_id, a.id, l.name, a.mime, a.width, a.height, length(a.data) AS bytes
                   FROM message_attachments l
                   JOIN attachments a ON a.id = l.attachment_id
                   JOIN messages m ON m.id = l.message_id
                  WHERE m.conversation_id = ? ORDER BY l.message_id, l.position`,
            )
            .all(conversationId);
        const byMessage = new Map<string, Attachment[]>();
        for (const {message_id, ...attachment} of rows)
            byMessage.set(message_id, [...(byMessage.get(message_id) ?? []), attachment]);
        return byMessage;
    }

    /**
     * Deletes the images no message uses any more: those a message used (its last one was deleted), and those
     * sent but never used after an hour. Returns how many went.
     */
    sweep(now = Date.now()): number {
        if (!this.present) return 0;
        return this.statements
            .get(
                `DELETE FROM attachments
                  WHERE (used = 1 OR created_at < ?)
                    AND NOT EXISTS (SELECT 1 FROM message_attachments l WHERE l.attachment_id = attachments.id)`,
            )
            .run(now - UNUSED_MS).changes;
    }
}
