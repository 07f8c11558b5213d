import {randomUUID} from "node:crypto";
import type {Automation, AutomationInput, AutomationRun, RunStatus} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish} from "../words.js";
import type Database from "better-sqlite3";
import {StatementCache, errorWordsOf, fromStoredJson, writeTransaction, type Db} from "./db.js";

type AutomationRow = {
    id: string;
    definition: string;
    paused: number;
    next_at: number | null;
    created_at: number;
};

type RunRow = {
    id: string;
    automation_id: string;
    due_at: number;
    trigger: AutomationRun["trigger"];
    started_at: number | null;
    ended_at: number | null;
    status: RunStatus;
    conversation_id: string | null;
    process_id: string | null;
    error: string | null;
    error_words: string | null;
};

/** How a claimed run begins: its trigger, and whether it runs or is only written down as skipped. */
export type Claim = {trigger: AutomationRun["trigger"]; status: "running" | "skipped"};

const RUN_COLUMNS = `id, automation_id, due_at, trigger, started_at, ended_at, status, conversation_id, process_id,
    error, error_words`;

/**
 * Automations and their runs. A scheduled run is claimed by moving the automation's next time in the same
 * statement that checks it (compare and set): of the Cairn processes on one data folder, one runs it.
 */
export class AutomationStore {
    private readonly statements: StatementCache;

    constructor(
        private readonly db: Db,
        /** This process (ProcessRegistry.id): a run it leaves running is found interrupted by the others. */
        private readonly processId: string,
    ) {
        this.statements = new StatementCache(db);
    }

    private sql<R = unknown>(text: string): Database.Statement<unknown[], R> {
        return this.statements.get<R>(text);
    }

    list(): Automation[] {
        const rows = this.sql<AutomationRow>("SELECT * FROM automations ORDER BY created_at, id").all();
        return rows.map((row) => this.toAutomation(row));
    }

    get(id: string): Automation | null {
        const row = this.sql<AutomationRow>("SELECT * FROM automations WHERE id = ?").get(id);
        return row ? this.toAutomation(row) : null;
    }

    /** The one of this name, whatever its case and the spaces around it (names only are read to find it). */
    named(name: string): Automation | null {
        const wanted = name.trim().toLowerCase();
        const rows = this.sql<{id: string; name: string}>(
            "SELECT id, name FROM automations ORDER BY created_at, id",
        ).all();
        const found = rows.find((r) => r.name.trim().toLowerCase() === wanted);
        return found ? this.get(found.id) : null;
    }

    add(input: AutomationInput, nextAt: number | null, now: number): Automation {
        const id = randomUUID();
        this.sql(
            "INSERT INTO automations (id, name, definition, paused, next_at, created_at) VALUES (?, ?, ?, 0, ?, ?)",
        ).run(id, input.name, JSON.stringify(input), nextAt, now);
        return this.toAutomation({
            id,
            definition: JSON.stringify(input),
            paused: 0,
            next_at: nextAt,
            created_at: now,
        });
    }

    update(id: string, input: AutomationInput, nextAt: number | null): Automation | null {
        const changed = this.sql(
            "UPDATE automations SET name = ?, definition = ?, next_at = ? WHERE id = ?",
        ).run(input.name, JSON.stringify(input), nextAt, id).changes;
        return changed ? this.get(id) : null;
    }

    setPaused(id: string, paused: boolean, nextAt: number | null): Automation | null {
        const changed = this.sql("UPDATE automations SET paused = ?, next_at = ? WHERE id = ?").run(
            paused ? 1 : 0,
            nextAt,
            id,
        ).changes;
        return changed ? this.get(id) : null;
    }

    remove(id: string): boolean {
        return this.sql("DELETE FROM automations WHERE id = ?").run(id).changes > 0;
    }

    /** The earliest next run of the automations not paused (null: none is coming). */
    earliest(): number | null {
        const row = this.sql<{at: number | null}>(
            "SELECT MIN(next_at) AS at FROM automations WHERE paused = 0",
        ).get();
        return row?.at ?? null;
    }

    /** The automations not paused whose next run is at or before `now`. */
    due(now: number): Automation[] {
        return this.sql<AutomationRow>(
            "SELECT * FROM automations WHERE paused = 0 AND next_at <= ? ORDER BY next_at, id",
        )
            .all(now)
            .map((row) => this.toAutomation(row));
    }

    /**
     * Takes the run due at `dueAt` for this process, moving the next run to `nextAt`: null when another process
     * took it first (the next time is no longer `dueAt`), or the automation was paused or removed.
     */
    claim(
        automation: Automation,
        dueAt: number,
        nextAt: number | null,
        how: Claim,
        now: number,
    ): AutomationRun | null {
        return writeTransaction(this.db, () => {
            const moved = this.sql(
                "UPDATE automations SET next_at = ? WHERE id = ? AND paused = 0 AND next_at = ?",
            ).run(nextAt, automation.id, dueAt).changes;
            return moved ? this.addRun(automation.id, dueAt, how, now) : null;
        });
    }

    /** A run outside the schedule (Run now): its next time stays. */
    addRun(automationId: string, dueAt: number, how: Claim, now: number): AutomationRun {
        const row: RunRow = {
            id: randomUUID(),
            automation_id: automationId,
            due_at: dueAt,
            trigger: how.trigger,
            started_at: how.status === "running" ? now : null,
            ended_at: how.status === "skipped" ? now : null,
            status: how.status,
            conversation_id: null,
            process_id: this.processId,
            error: null,
            error_words: null,
        };
        this.sql(
            `INSERT INTO automation_runs (${RUN_COLUMNS}) VALUES (@id, @automation_id, @due_at, @trigger, @started_at,
             @ended_at, @status, @conversation_id, @process_id, @error, @error_words)`,
        ).run(row);
        return toRun(row);
    }

    run(id: string): AutomationRun | null {
        const row = this.sql<RunRow>(`SELECT ${RUN_COLUMNS} FROM automation_runs WHERE id = ?`).get(id);
        return row ? toRun(row) : null;
    }

    runs(automationId: string, limit = 100): AutomationRun[] {
        return this.sql<RunRow>(
            `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = ?
                 ORDER BY due_at DESC, rowid DESC LIMIT ?`,
        )
            .all(automationId, limit)
            .map(toRun);
    }

    setConversation(runId: string, conversationId: string): void {
        this.sql("UPDATE automation_runs SET conversation_id = ? WHERE id = ?").run(conversationId, runId);
    }

    setStatus(runId: string, status: "running" | "waiting"): AutomationRun | null {
        this.sql("UPDATE automation_runs SET status = ? WHERE id = ? AND ended_at IS NULL").run(
            status,
            runId,
        );
        return this.run(runId);
    }

    finish(
        runId: string,
        status: "done" | "failed" | "interrupted",
        now: number,
        error: Words | null = null,
    ): AutomationRun | null {
        this.sql(
            "UPDATE automation_runs SET status = ?, ended_at = ?, error = ?, error_words = ? WHERE id = ?",
        ).run(status, now, error ? inEnglish(error) : null, error ? JSON.stringify(error) : null, runId);
        return this.run(runId);
    }

    /** Runs left running or waiting by processes that are gone (`alive` says which are not): interrupted. */
    recover(alive: (processId: string) => boolean, now: number): number {
        const open = this.sql<{id: string; process_id: string | null}>(
            "SELECT id, process_id FROM automation_runs WHERE ended_at IS NULL AND status IN ('running', 'waiting')",
        ).all();
        const gone = open.filter((r) => !r.process_id || !alive(r.process_id));
        for (const run of gone) this.finish(run.id, "interrupted", now, wordsOf("automationInterrupted"));
        return gone.length;
    }

    private toAutomation(row: AutomationRow): Automation {
        const definition = fromStoredJson<AutomationInput>(row.definition);
        const last = this.sql<RunRow>(
            `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = ? ORDER BY due_at DESC, rowid DESC LIMIT 1`,
        ).get(row.id);
        return {
            ...definition,
            id: row.id,
            paused: row.paused === 1,
            createdAt: row.created_at,
            nextAt: row.next_at,
            lastRun: last ? toRun(last) : null,
        };
    }
}

function toRun(row: RunRow): AutomationRun {
    return {
        id: row.id,
        automationId: row.automation_id,
        dueAt: row.due_at,
        trigger: row.trigger,
        startedAt: row.started_at,
        endedAt: row.ended_at,
        status: row.status,
        conversationId: row.conversation_id,
        error: row.error,
        ...errorWordsOf(row.error, row.error_words),
    };
}
