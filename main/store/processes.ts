import {randomUUID} from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import {isDiskFull} from "../paths.js";
import {processAlive} from "./temporaries.js";
import {writeTransaction, type Db} from "./db.js";

/** A Cairn process that has the data directory open. */
export type ProcessRow = {
    id: string;
    pid: number;
    host: string;
    command: string;
    started_at: number;
    start_ticks: string | null;
    heartbeat_at: number;
};

const HEARTBEAT_MS = 15_000;
/** A process on another computer (a shared folder) is gone when its heartbeat is older than this. */
const STALE_MS = 4 * HEARTBEAT_MS;

/**
 * Why a recovered answer ends where it does: the Cairn process writing it stopped (a crash, a kill, a power
 * cut), not the person's Stop. Its text is what was saved, at most one flush (200 ms of text) behind the screen.
 */
export const CAIRN_STOPPED = "Cairn stopped before the answer was finished";

/**
 * The processes sharing one data directory, registered in SQLite. Each answer records the process that
 * runs it, so recovery after a crash touches only answers whose process is gone, and a conversation's one
 * running answer is claimed in a transaction that every process sees.
 */
export class ProcessRegistry {
    readonly id = randomUUID();
    private heartbeat: NodeJS.Timeout | null = null;

    constructor(
        private readonly db: Db,
        private readonly command: string,
        private readonly heartbeatMs = HEARTBEAT_MS,
    ) {}

    register(): void {
        const now = Date.now();
        this.db
            .prepare(
                `INSERT INTO processes (id, pid, host, command, started_at, start_ticks, heartbeat_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
                this.id,
                process.pid,
                os.hostname(),
                this.command,
                Math.round(now - process.uptime() * 1000),
                startTicks(process.pid),
                now,
            );
        this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
        this.heartbeat.unref();
    }

    /**
     * Says this process is still alive. A heartbeat never ends the process: a closed database ends it, and a write
     * that fails (a full disk, a lock held too long) is tried again at the next beat (a late heartbeat matters only
     * to a process on another computer, after STALE_MS).
     */
    private beat(): void {
        if (!this.db.open) return this.stopHeartbeat();
        try {
            this.db.prepare("UPDATE processes SET heartbeat_at = ? WHERE id = ?").run(Date.now(), this.id);
        } catch {
            // The next beat tries again.
        }
    }

    private stopHeartbeat(): void {
        if (this.heartbeat) clearInterval(this.heartbeat);
        this.heartbeat = null;
    }

    unregister(): void {
        this.stopHeartbeat();
        writeTransaction(this.db, () => {
            this.db.prepare("DELETE FROM active_turns WHERE process_id = ?").run(this.id);
            this.db.prepare("DELETE FROM processes WHERE id = ?").run(this.id);
        });
    }

    /** The other Cairn processes alive on this data directory now. */
    liveOthers(): ProcessRow[] {
        return this.db
            .prepare<unknown[], ProcessRow>("SELECT * FROM processes WHERE id != ?")
            .all(this.id)
            .filter(isAlive);
    }

    /**
     * Answers left streaming by processes that are gone become interrupted (their text kept), their unfinished
     * tool calls cancelled, and their claims and rows removed. Returns how many answers were interrupted.
     */
    recover(): number {
        return writeTransaction(this.db, () => {
            const others = this.db
                .prepare<unknown[], ProcessRow>("SELECT * FROM processes WHERE id != ?")
                .all(this.id);
            const live = [this.id, ...others.filter(isAlive).map((p) => p.id)];
            const gone = others.map((p) => p.id).filter((id) => !live.includes(id));
            const placeholders = live.map(() => "?").join(", ");
            const interrupted = this.db
                .prepare(
                    `UPDATE messages SET status = 'interrupted', error = ?, updated_at = ?
                     WHERE status = 'streaming' AND (process_id IS NULL OR process_id NOT IN (${placeholders}))`,
                )
                .run(CAIRN_STOPPED, Date.now(), ...live).changes;
            this.db
                .prepare(
                    `UPDATE tool_calls SET status = 'cancelled', error = 'Cairn stopped before the call finished',
                     finished_at = ? WHERE status IN ('pending', 'awaiting_approval', 'running')
                     AND message_id NOT IN (SELECT id FROM messages WHERE status = 'streaming')`,
                )
                .run(Date.now());
            this.db
                .prepare(`DELETE FROM active_turns WHERE process_id NOT IN (${placeholders})`)
                .run(...live);
            for (const id of gone) this.db.prepare("DELETE FROM processes WHERE id = ?").run(id);
            return interrupted;
        });
    }

    /**
     * Takes the conversation's one answer slot for this process; when another live process holds it, says
     * which. A slot held by a process that is gone is recovered and taken. The caller checks its own running
     * answers first (ChatService's registry): a slot this process holds is taken again.
     */
    claim(conversationId: string): {ok: true} | {ok: false; holder: ProcessRow} {
        return writeTransaction(this.db, (): {ok: true} | {ok: false; holder: ProcessRow} => {
            const held = this.db
                .prepare<unknown[], ProcessRow & {holder_id: string}>(
                    `SELECT p.* , a.process_id AS holder_id FROM active_turns a
                         LEFT JOIN processes p ON p.id = a.process_id WHERE a.conversation_id = ?`,
                )
                .get(conversationId);
            if (held) {
                // This process's own claim: its callers check their running answers first, so it is one
                // whose release could not be written (a full disk), and is taken again.
                if (held.holder_id !== this.id && held.id && isAlive(held)) return {ok: false, holder: held};
                this.recover();
            }
            this.db
                .prepare(
                    "INSERT OR REPLACE INTO active_turns (conversation_id, process_id, started_at) VALUES (?, ?, ?)",
                )
                .run(conversationId, this.id, Date.now());
            return {ok: true};
        });
    }

    /** Gives the slot back; one that cannot be written now (a full disk) is taken again by the next claim. */
    release(conversationId: string): void {
        try {
            this.db
                .prepare("DELETE FROM active_turns WHERE conversation_id = ? AND process_id = ?")
                .run(conversationId, this.id);
        } catch (error) {
            if (!isDiskFull(error)) throw error;
        }
    }
}

/**
 * On this computer: the pid exists and (where /proc tells) started when the row says, so a reused pid is
 * not mistaken for the process. Elsewhere: its heartbeat is recent.
 */
export function isAlive(row: ProcessRow): boolean {
    if (row.host !== os.hostname()) return Date.now() - row.heartbeat_at < STALE_MS;
    if (!processAlive(row.pid)) return false;
    const ticks = startTicks(row.pid);
    return row.start_ticks === null || ticks === null || ticks === row.start_ticks;
}

/** A process's start time in clock ticks since boot (Linux /proc); null where there is no /proc. */
function startTicks(pid: number): string | null {
    try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        // Fields after the command name (which may hold spaces) start at field 3; starttime is field 22.
        return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
    } catch {
        return null;
    }
}
