import type {EgressEntry} from "../../shared/contract.js";
import type {Db} from "./db.js";

const SHOWN = 500;

/** Every request Cairn sent off this computer: what for, where and sizes, never what was said or a key. */
export class EgressLog {
    constructor(private readonly db: Db) {}

    add(entry: EgressEntry): void {
        this.db
            .prepare(
                `INSERT INTO egress_log (at, purpose, detail, host, bytes_sent, bytes_received, status, conversation_id)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
                entry.at,
                entry.purpose,
                entry.detail,
                entry.host,
                entry.bytesSent,
                entry.bytesReceived,
                entry.status,
                entry.conversationId,
            );
    }

    /** The newest requests first. */
    list(): EgressEntry[] {
        return this.db
            .prepare<unknown[], EgressEntry>(
                `SELECT at, purpose, detail, host, bytes_sent AS bytesSent, bytes_received AS bytesReceived, status,
                        conversation_id AS conversationId FROM egress_log ORDER BY at DESC, rowid DESC LIMIT ?`,
            )
            .all(SHOWN);
    }
}
