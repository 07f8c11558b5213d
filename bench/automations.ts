// Issue 72's figures (`npm run bench:automations` alone, or in `npm run bench`): what 1,000 automations add to
// start-up (the automations' start on a library that has them, beside the same start on one that has none), the
// CPU the scheduler uses while nothing is due (one timer, no polling), and how late a due run starts.
import path from "node:path";
import {pathToFileURL} from "node:url";
import {nextAfter} from "../main/automations/schedule.js";
import {AutomationScheduler} from "../main/automations/scheduler.js";
import {AutomationStore} from "../main/store/automations.js";
import {openDatabase, type Db} from "../main/store/db.js";
import type {AutomationInput} from "../shared/contract.js";
import {tempDir} from "../tests/helpers/paths.js";

const COUNT = 1_000;
const STARTS = 20;

function input(i: number): AutomationInput {
    const kinds: AutomationInput["schedule"][] = [
        {kind: "weekdays", time: `0${i % 10}:${String(i % 60).padStart(2, "0")}`},
        {kind: "cron", expression: `${i % 60} ${i % 24} * * *`},
        {kind: "every", count: (i % 12) + 1, unit: "hours", from: Date.now() + 3600_000},
    ];
    return {
        name: `automation ${i}`,
        prompt: "Summarize the day.",
        assistantId: null,
        projectId: null,
        tools: [],
        schedule: kinds[i % kinds.length]!,
        timeZone: "Europe/Berlin",
        budget: {steps: 6, minutes: 10, network: "none"},
        missed: "skip",
        approvalMinutes: 60,
    };
}

function library(count: number): Db {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const store = new AutomationStore(db, "bench");
    const now = Date.now();
    for (let i = 0; i < count; i++) {
        const value = input(i);
        store.add(value, nextAfter(value.schedule, value.timeZone, now), now);
    }
    return db;
}

/** What the automations' start does (features/automations.ts): recover, then the scheduler's first look. */
function startMs(db: Db): number {
    const started = performance.now();
    const store = new AutomationStore(db, "bench");
    store.recover(() => true, Date.now());
    const scheduler = new AutomationScheduler(store, () => {});
    scheduler.start();
    const ms = performance.now() - started;
    scheduler.stop();
    return ms;
}

function median(values: number[]): number {
    return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** Start-up with 1,000 automations and with none, alternated, median of STARTS each. */
function startUp() {
    const full = library(COUNT);
    const empty = library(0);
    const withMs: number[] = [];
    const withoutMs: number[] = [];
    for (let i = 0; i < STARTS; i++) {
        withMs.push(startMs(full));
        withoutMs.push(startMs(empty));
    }
    full.close();
    empty.close();
    return {
        withMs: median(withMs),
        withoutMs: median(withoutMs),
        addedMs: median(withMs) - median(withoutMs),
    };
}

/** This process's CPU time (ms) over 3 s. */
async function cpuOver3s(): Promise<number> {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
}

/** CPU over 3 s while 1,000 automations are scheduled and none is due, beside the same 3 s with no scheduler. */
async function idleCpu() {
    const db = library(COUNT);
    const withoutMs = await cpuOver3s();
    const scheduler = new AutomationScheduler(new AutomationStore(db, "bench"), () => {});
    scheduler.start();
    const withMs = await cpuOver3s();
    scheduler.stop();
    db.close();
    return {withMs, withoutMs};
}

/** How late five due runs start after their time, on the system clock (the scheduler's own timer). */
async function dueLateness() {
    const db = library(COUNT);
    const store = new AutomationStore(db, "bench");
    const late: number[] = [];
    // The scheduler's timer does not keep a process alive (unref): the bench does, while it waits.
    const alive = setInterval(() => {}, 1_000);
    for (let i = 0; i < 5; i++) {
        const at = Date.now() + 300;
        const value = {...input(i), name: `due ${i}`, schedule: {kind: "once" as const, at}};
        store.add(value, at, Date.now());
        const started = new Promise<number>((resolve) => {
            const scheduler = new AutomationScheduler(store, () => {
                scheduler.stop();
                resolve(Date.now() - at);
            });
            scheduler.start();
        });
        late.push(await started);
    }
    clearInterval(alive);
    db.close();
    return {medianMs: median(late), worstMs: Math.max(...late)};
}

export async function automationsFigures() {
    return {startUp: startUp(), idle: await idleCpu(), due: await dueLateness()};
}

export function automationsRows(f: Awaited<ReturnType<typeof automationsFigures>>): Record<string, string> {
    const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
    return {
        "automations: start-up added by 1,000 automations (limit 5 ms; with / without)": `${ms(f.startUp.addedMs)} (${ms(f.startUp.withMs)} / ${ms(f.startUp.withoutMs)})`,
        "automations: CPU over 3 s with 1,000 scheduled and none due (no polling; without a scheduler beside it)": `${ms(f.idle.withMs)} (${ms(f.idle.withoutMs)})`,
        "automations: a due run starts after its time, median / worst of 5 (limit 2 s)": `${ms(f.due.medianMs)} / ${ms(f.due.worstMs)}`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
    const figures = await automationsFigures();
    console.log(JSON.stringify({figures, rows: automationsRows(figures)}, null, 2));
}
