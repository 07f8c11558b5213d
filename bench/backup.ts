// Backups beside a streaming answer: the event loop's delay (p99 and max) while `createBackup` copies a
// library of about 2 GiB (BENCH_BACKUP_MB of message text, with its indexes), measured side by side with
// the same time idle. The goal: p99 ≤ 50 ms. The copy runs in a worker with its own connection.
import fs from "node:fs";
import path from "node:path";
import {spawnSync} from "node:child_process";
import {fileURLToPath, pathToFileURL} from "node:url";
import {createBackup} from "../main/store/backup.js";
import {openDatabase} from "../main/store/db.js";
import {ConversationStore} from "../main/store/conversations.js";
import {tempDir} from "../tests/helpers/paths.js";

const BACKUP_MB = Number(process.env.BENCH_BACKUP_MB ?? 880);

function library(dataDir: string): string {
    const file = path.join(dataDir, "cairn.sqlite");
    const db = openDatabase(file);
    const store = new ConversationStore(db);
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(45);
    const messages = Math.ceil((BACKUP_MB * 2 ** 20) / text.length);
    db.transaction(() => {
        for (let i = 0; i < messages; i += 50) {
            const c = store.create(`conversation ${i / 50}`);
            for (let j = 0; j < 50; j++)
                store.addMessage({conversationId: c.id, role: "user", content: text, status: "complete"});
        }
    })();
    db.close();
    return file;
}

/** p99 and max of the event loop's delay, in ms, while `work` runs: a 2 ms interval's late arrivals. */
export async function delayWhile(work: () => Promise<unknown>) {
    const delays: number[] = [];
    const started = performance.now();
    let last = started;
    const ping = setInterval(() => {
        const now = performance.now();
        delays.push(Math.max(0, now - last - 2));
        last = now;
    }, 2);
    await work();
    const ms = performance.now() - started;
    clearInterval(ping);
    // The stretch from the last ping to the end counts too (the copy's last step syncs the file to disk).
    delays.push(Math.max(0, performance.now() - last - 2));
    delays.sort((a, b) => a - b);
    return {ms, p99Ms: delays[Math.floor(delays.length * 0.99)] ?? 0, maxMs: delays.at(-1) ?? 0};
}

/** The library is made by another process: its garbage (hundreds of MB) must not be collected here. */
function libraryElsewhere(dataDir: string): string {
    const made = spawnSync(
        process.execPath,
        ["--import", "tsx", fileURLToPath(import.meta.url), "--library", dataDir],
        {
            stdio: "inherit",
        },
    );
    if (made.status !== 0) throw new Error("the bench library could not be made");
    return path.join(dataDir, "cairn.sqlite");
}

export async function backupFigures() {
    const dataDir = tempDir();
    const file = libraryElsewhere(dataDir);
    const bytes = fs.statSync(file).size;
    const db = openDatabase(file);
    try {
        const target = path.join(tempDir(), "bench.cairn-backup");
        const during = await delayWhile(() => createBackup(db, dataDir, target));
        const idle = await delayWhile(() => new Promise((resolve) => setTimeout(resolve, during.ms)));
        return {
            libraryMiB: bytes / 2 ** 20,
            backupMs: during.ms,
            mibPerSecond: bytes / 2 ** 20 / (during.ms / 1000),
            eventLoopDuringBackup: {p99Ms: during.p99Ms, maxMs: during.maxMs},
            eventLoopIdle: {p99Ms: idle.p99Ms, maxMs: idle.maxMs},
        };
    } finally {
        db.close();
        fs.rmSync(dataDir, {recursive: true, force: true});
    }
}

export function backupRows(f: Awaited<ReturnType<typeof backupFigures>>): Record<string, string> {
    return {
        "backup: library, time, speed": `${f.libraryMiB.toFixed(0)} MiB in ${(f.backupMs / 1000).toFixed(1)} s (${f.mibPerSecond.toFixed(0)} MiB/s)`,
        "backup: event loop p99 / max, during vs idle": `${f.eventLoopDuringBackup.p99Ms.toFixed(1)} / ${f.eventLoopDuringBackup.maxMs.toFixed(1)} ms vs ${f.eventLoopIdle.p99Ms.toFixed(1)} / ${f.eventLoopIdle.maxMs.toFixed(1)} ms`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href && process.argv[2] === "--library") {
    library(process.argv[3]!);
} else if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await backupFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(backupRows(figures));
}
