import type {ResearchRun} from "../../shared/contract.js";
import {StatementCache, fromStoredJson, type Db} from "./db.js";

/**
 * Research runs: the run itself is kept on its report's message (plan, budget, progress); each step it
 * finishes is a row of its own, written at once, so that a run stopped at any point resumes after its last one.
 */
export class ResearchStore {
    private readonly statements: StatementCache;

    constructor(db: Db) {
        this.statements = new StatementCache(db);
    }

    setRun(messageId: string, run: ResearchRun): void {
        this.statements
            .get("UPDATE messages SET research = ?, updated_at = ? WHERE id = ?")
            .run(JSON.stringify(run), Date.now(), messageId);
    }

    /** The steps a run saved, in order (the shape the run wrote them in: research/steps.ts). */
    steps<T>(messageId: string): T[] {
        return this.statements
            .get<string>("SELECT data FROM research_steps WHERE message_id = ? ORDER BY seq")
            .pluck()
            .all(messageId)
            .map((data) => fromStoredJson<T>(data));
    }

    /** Saves a finished step after those before it; returns how many steps the run has now. */
    addStep(messageId: string, step: {kind: string}): number {
        const next =
            this.statements
                .get<number>("SELECT COALESCE(MAX(seq), 0) + 1 FROM research_steps WHERE message_id = ?")
                .pluck()
                .get(messageId) ?? 1;
        this.statements
            .get(
                "INSERT INTO research_steps (message_id, seq, kind, data, created_at) VALUES (?, ?, ?, ?, ?)",
            )
            .run(messageId, next, step.kind, JSON.stringify(step), Date.now());
        return next;
    }
}
