import type {ToolCallRecord, ToolUsage} from "../../shared/contract.js";
import {writeTransaction, type Db} from "./db.js";

const DAY_MS = 86_400_000;
/** Kept longer than shown, so that the 30-day window is always whole; older rows are pruned. */
const KEEP_DAYS = 90;
const SHOWN_DAYS = 30;

/**
 * Which tools the model is offered and which it picks: offers counted per day and tool, each finished
 * call kept with its outcome and duration. Apart from the traces, so that deleting a conversation does
 * not change what the tools were used for.
 */
export class ToolTelemetry {
    constructor(private readonly db: Db) {
        // A library open read-only (from a newer Cairn) is not pruned.
        if (db.readonly) return;
        this.db.prepare("DELETE FROM tool_offers WHERE day < ?").run(dayOf(Date.now()) - KEEP_DAYS);
        this.db.prepare("DELETE FROM tool_call_stats WHERE at < ?").run(Date.now() - KEEP_DAYS * DAY_MS);
    }

    /** The tools one generation step offered. */
    offered(tools: string[], at = Date.now()): void {
        if (tools.length === 0) return;
        const add = this.db.prepare(
            `INSERT INTO tool_offers (day, tool, count) VALUES (?, ?, 1)
             ON CONFLICT(day, tool) DO UPDATE SET count = count + 1`,
        );
        writeTransaction(this.db, () => {
            for (const tool of tools) add.run(dayOf(at), tool);
        });
    }

    finished(call: Pick<ToolCallRecord, "tool" | "status" | "startedAt" | "finishedAt" | "origin">): void {
        // A call the client asked for (preflight) says nothing about what the model picks.
        if (call.origin !== "model") return;
        this.db
            .prepare("INSERT INTO tool_call_stats (at, tool, status, duration_ms) VALUES (?, ?, ?, ?)")
            .run(
                call.startedAt,
                call.tool,
                call.status,
                (call.finishedAt ?? call.startedAt) - call.startedAt,
            );
    }

    /** Each tool offered or called in the last 30 days, most offered first. */
    usage(now = Date.now()): ToolUsage[] {
        const offers = this.db
            .prepare<unknown[], {tool: string; n: number}>(
                "SELECT tool, SUM(count) AS n FROM tool_offers WHERE day > ? GROUP BY tool",
            )
            .all(dayOf(now) - SHOWN_DAYS);
        const calls = this.db
            .prepare<
                unknown[],
                {
                    tool: string;
                    status: ToolCallRecord["status"];
                    duration_ms: number;
                }
            >("SELECT tool, status, duration_ms FROM tool_call_stats WHERE at > ? ORDER BY duration_ms")
            .all(now - SHOWN_DAYS * DAY_MS);
        const byTool = new Map<string, ToolUsage & {durations: number[]}>();
        const entry = (tool: string) => {
            let e = byTool.get(tool);
            if (!e)
                byTool.set(
                    tool,
                    (e = {tool, offered: 0, called: 0, failed: 0, denied: 0, p50Ms: null, durations: []}),
                );
            return e;
        };
        for (const o of offers) entry(o.tool).offered = o.n;
        for (const c of calls) {
            const e = entry(c.tool);
            e.called++;
            if (c.status === "error" || c.status === "timeout") e.failed++;
            if (c.status === "denied") e.denied++;
            if (c.status === "ok") e.durations.push(c.duration_ms);
        }
        return [...byTool.values()]
            .map(({durations, ...u}) => ({
                ...u,
                p50Ms: durations.length ? durations[Math.floor(durations.length / 2)]! : null,
            }))
            .sort((a, b) => b.offered - a.offered || b.called - a.called || a.tool.localeCompare(b.tool));
    }
}

function dayOf(ms: number): number {
    return Math.floor(ms / DAY_MS);
}
