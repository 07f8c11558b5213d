import type {EgressEntry} from "../../shared/contract.js";
import type {Db} from "./db.js";

const SHOWN = 500;

/** Every request Cairn sent to a remote provider: sizes and where, never what was said or the key. */
export class EgressLog {
    constructor(private readonly db: Db) {}

    add(entry: EgressEntry): void {
        this.db
            .prepare(
                `INSERT INTO egress_log (at, provider, host, bytes_sent, bytes_received, status, conversation_id)
                 VALUES (?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
                entry.at,
                entry.provider,
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
            .prepare(
                `SELECT at, provider, host, bytes_sent AS bytesSent, bytes_received AS bytesReceived, status,
                        conversation_id AS conversationId FROM egress_log ORDER BY at DESC, rowid DESC LIMIT ?`,
            )
            .all(SHOWN) as EgressEntry[];
    }
}
