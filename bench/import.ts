// Import at scale: a ChatGPT export of 10,000 conversations and 500,000 messages (BENCH_IMPORT_CONVERSATIONS ×
// 50), written in ChatGPT's own shape, imported by the real worker in a process of its own: the time and the
// process's peak memory (the goals: ≤ 60 s, ≤ 500 MB), beside reading the same file's bytes alone.
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import {importFiles} from "../main/import/importer.js";
import {DB_FILE_NAME, openDatabase} from "../main/store/db.js";
import {chatgptChain} from "../tests/helpers/chatgptChain.js";
import {tempDir} from "../tests/helpers/paths.js";

const CONVERSATIONS = Number(process.env.BENCH_IMPORT_CONVERSATIONS ?? 10_000);
const MESSAGES_EACH = 50;

/** One conversation as ChatGPT exports it: a mapping from a root, user and assistant taking turns. */
function conversation(index: number): string {
    const id = (n: number) => `${index.toString(16).padStart(8, "0")}-m${n}`;
    const mapping: Record<string, unknown> = {
        root: {id: "root", message: null, parent: null, children: [id(0)]},
    };
    for (let n = 0; n < MESSAGES_EACH; n++) {
        const role = n % 2 === 0 ? "user" : "assistant";
        const words = `${role === "user" ? "Question" : "Answer"} ${n} of conversation ${index}: the quick brown fox jumps over the lazy dog while the kettle boils, and the notes say what to try next. `;
        mapping[id(n)] = {
            id: id(n),
            parent: n === 0 ? "root" : id(n - 1),
            children: n + 1 < MESSAGES_EACH ? [id(n + 1)] : [],
            message: {
                id: id(n),
                author: {role, name: null, metadata: {}},
                create_time: 1700000000 + index * 100 + n,
                update_time: null,
                content: {content_type: "text", parts: [words.repeat(2)]},
                status: "finished_successfully",
                end_turn: role === "assistant" ? true : null,
                weight: 1,
                metadata: role === "assistant" ? {model_slug: "gpt-4o", finish_details: {type: "stop"}} : {},
                recipient: "all",
            },
        };
    }
    return JSON.stringify({
        title: `Conversation ${index}`,
        create_time: 1700000000 + index * 100,
        update_time: 1700000000 + index * 100 + MESSAGES_EACH,
        mapping,
        current_node: id(MESSAGES_EACH - 1),
        conversation_id: `bench-${index}`,
        id: `bench-${index}`,
    });
}

export function writeExport(file: string): void {
    const fd = fs.openSync(file, "w");
    fs.writeSync(fd, "[");
    for (let i = 0; i < CONVERSATIONS; i++) fs.writeSync(fd, `${i ? "," : ""}\n${conversation(i)}`);
    fs.writeSync(fd, "\n]\n");
    fs.closeSync(fd);
}

/** In a process of its own (so that its peak memory is the import's): the import, then its figures. */
async function importHere(dbFile: string, file: string): Promise<void> {
    openDatabase(dbFile).close();
    const started = performance.now();
    const report = await importFiles(dbFile, [file], () => {});
    const ms = performance.now() - started;
    const [result] = report.files;
    console.log(JSON.stringify({ms, peakMiB: process.resourceUsage().maxRSS / 1024, report: result}));
}

/** The chain's import time with 10 and with 40 versions: one walk of the mapping makes them about equal. */
async function chainFigures(dir: string): Promise<{versions10Ms: number; versions40Ms: number}> {
    const times: number[] = [];
    for (const versions of [10, 40]) {
        const file = path.join(dir, `chain${versions}.json`);
        fs.writeFileSync(file, JSON.stringify(chatgptChain(20_000, versions)));
        const dbFile = path.join(dir, `chain${versions}`, DB_FILE_NAME);
        openDatabase(dbFile).close();
        const started = performance.now();
        await importFiles(dbFile, [file], () => {});
        times.push(performance.now() - started);
    }
    return {versions10Ms: times[0]!, versions40Ms: times[1]!};
}

export async function importFigures() {
    const dir = tempDir();
    try {
        const file = path.join(dir, "conversations.json");
        writeExport(file);
        const bytes = fs.statSync(file).size;
        const readStarted = performance.now();
        spawnSync("cat", [file], {stdio: ["ignore", "ignore", "inherit"]});
        const readMs = performance.now() - readStarted;
        const dbFile = path.join(dir, DB_FILE_NAME);
        const run = spawnSync(
            process.execPath,
            ["--import", "tsx", fileURLToPath(import.meta.url), "--run", dbFile, file],
            {
                encoding: "utf8",
                maxBuffer: 64 * 1024 * 1024,
            },
        );
        if (run.status !== 0) throw new Error(`the import bench failed: ${run.stderr}`);
        const measured = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
            ms: number;
            peakMiB: number;
            report: {imported: number; messages: number; error: string | null};
        };
        if (measured.report.error) throw new Error(measured.report.error);
        const chain = await chainFigures(dir);
        return {
            chain,
            conversations: measured.report.imported,
            messages: measured.report.messages,
            exportMiB: bytes / 2 ** 20,
            importMs: measured.ms,
            peakMiB: measured.peakMiB,
            readingTheFileAloneMs: readMs,
            libraryMiB: fs.statSync(dbFile).size / 2 ** 20,
        };
    } finally {
        fs.rmSync(dir, {recursive: true, force: true});
    }
}

export function importRows(f: Awaited<ReturnType<typeof importFigures>>): Record<string, string> {
    return {
        "import: conversations / messages, export size": `${f.conversations} / ${f.messages}, ${f.exportMiB.toFixed(0)} MiB`,
        "import: time (goal ≤ 60 s) vs reading the file alone": `${(f.importMs / 1000).toFixed(1)} s vs ${(f.readingTheFileAloneMs / 1000).toFixed(1)} s`,
        "import: peak memory (goal ≤ 500 MB)": `${f.peakMiB.toFixed(0)} MiB`,
        "import: 20,000 hidden tool nodes under 10 / 40 versions (was 98 s / 157-233 s)": `${(f.chain.versions10Ms / 1000).toFixed(1)} s / ${(f.chain.versions40Ms / 1000).toFixed(1)} s`,
    };
}

if (
    process.argv[1] &&
    import.meta.url === pathToFileURL(process.argv[1]).href &&
    process.argv[2] === "--run"
) {
    await importHere(process.argv[3]!, process.argv[4]!);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
    const figures = await importFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(importRows(figures));
}
