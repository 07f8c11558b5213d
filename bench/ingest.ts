// Ingest and watched folders at scale, with the test embedding model (stories260K: real llama.cpp embeddings,
// a tiny model, so the embedding share is small and the pipeline's own costs show):
// - a mixed folder (the formats of tests/fixtures/formats, copied, among generated Markdown and text): files/s
//   and passages/s, beside the raw embedding rate of the same passages in one run; the process's peak RSS;
// - a SIGKILL mid-ingest (the CLI), then the same command again: files read twice and passages duplicated;
// - a watched folder of BENCH_WATCH_FILES (10,000) files: a change to one file, until it is found (p50, max).
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";
import Database from "better-sqlite3";
import {DB_FILE_NAME} from "../main/store/db.js";
import {openTestCore, unwrap, type TestCore} from "../tests/helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../tests/helpers/paths.js";

const FIXTURES = path.resolve("tests/fixtures/formats");
const GOOD = fs.readdirSync(FIXTURES).filter((f) => !/pass_protected|SOURCES|dos/.test(f));

/** `files` files: the fixtures' formats copied in turn, every other file generated Markdown or text. */
function mixedFolder(files: number): string {
    const dir = tempDir();
    for (let i = 0; i < files; i++) {
        const sub = path.join(dir, `part-${Math.floor(i / 500)}`);
        fs.mkdirSync(sub, {recursive: true});
        if (i % 2 === 0) {
            const name = GOOD[(i / 2) % GOOD.length]!;
            fs.copyFileSync(path.join(FIXTURES, name), path.join(sub, `${i}-${name}`));
        } else {
            const words = `Note ${i} on the project CODE-${i}. ${"Some words that many notes share. ".repeat(20)}`;
            fs.writeFileSync(
                path.join(sub, `${i}.${i % 4 === 1 ? "md" : "txt"}`),
                `# Note ${i}\n\n${words}\n`,
            );
        }
    }
    return dir;
}

async function open(): Promise<TestCore> {
    const t = await openTestCore({modelPath: null});
    unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
    return t;
}

async function mixedIngest(files: number) {
    const folder = mixedFolder(files);
    const t = await open();
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    try {
        await t.core.embedder.dimensions(); // loaded first: the load is not part of the rate
        const started = performance.now();
        const {jobId} = unwrap(await t.api.invoke("docs.ingest", {paths: [folder], collection: "Bench"}));
        const final = (await t.core.docs.ingest.settled(jobId))!;
        const seconds = (performance.now() - started) / 1000;
        // The raw rate: the same passages' texts through the embedder alone, in batches of 16 as ingest does.
        const texts = (t.core.docs.store as unknown as {db: Database.Database}).db
            .prepare("SELECT text FROM chunks")
            .pluck()
            .all() as string[];
        const rawStart = performance.now();
        for (let i = 0; i < texts.length; i += 16) await t.core.embedder.embed(texts.slice(i, i + 16));
        const rawSeconds = (performance.now() - rawStart) / 1000;
        return {
            files,
            failed: final.errors.length,
            passages: final.chunks,
            filesPerSecond: files / seconds,
            passagesPerSecond: final.chunks / seconds,
            rawEmbeddingPassagesPerSecond: texts.length / rawSeconds,
            shareOfRaw: final.chunks / seconds / (texts.length / rawSeconds),
            peakRssMb: Math.round(peak / 2 ** 20),
        };
    } finally {
        clearInterval(sampler);
        await t.core.dispose();
    }
}

function indexedIn(data: string): number {
    const file = path.join(data, DB_FILE_NAME);
    if (!fs.existsSync(file)) return 0;
    try {
        const db = new Database(file, {readonly: true});
        try {
            return db
                .prepare("SELECT count(*) FROM documents WHERE status = 'indexed'")
                .pluck()
                .get() as number;
        } finally {
            db.close();
        }
    } catch {
        return 0; // not made yet
    }
}

/** The CLI ingests a folder, is killed with SIGKILL once half the files are done, and runs again. */
async function killAndResume(files: number) {
    const folder = mixedFolder(files);
    const data = tempDir();
    const args = [
        CLI,
        "ingest",
        "--data",
        data,
        "--embedding-model",
        TEST_MODEL,
        "--collection",
        "Bench",
        folder,
    ];
    const env = {...process.env, CAIRN_MODEL: ""};
    // Killed once half the files are indexed, as the database says (read-only, polled).
    await new Promise<void>((resolve) => {
        const child = spawn(process.execPath, args, {env, stdio: "ignore"});
        const poll = setInterval(() => {
            if (indexedIn(data) >= files / 2) child.kill("SIGKILL");
        }, 50);
        child.on("exit", () => {
            clearInterval(poll);
            resolve();
        });
    });
    const db = new Database(path.join(data, DB_FILE_NAME), {readonly: true});
    const before = db
        .prepare("SELECT count(*) FROM documents WHERE status = 'indexed'")
        .pluck()
        .get() as number;
    db.close();
    // Run again; whether it exits once every file is indexed is recorded (killed after 30 s if it does not).
    const rerun = await new Promise<{exitCode: number | null; exitedAfterDoneMs: number | null}>(
        (resolve) => {
            const child = spawn(process.execPath, args, {env, stdio: "ignore"});
            let doneAt = 0;
            const poll = setInterval(() => {
                if (!doneAt && indexedIn(data) >= files) doneAt = performance.now();
                if (doneAt && performance.now() - doneAt > 30_000) child.kill("SIGKILL");
            }, 100);
            child.on("exit", (code) => {
                clearInterval(poll);
                resolve({
                    exitCode: code,
                    exitedAfterDoneMs: code === null ? null : performance.now() - doneAt,
                });
            });
        },
    );
    const after = new Database(path.join(data, DB_FILE_NAME), {readonly: true});
    const duplicated = after
        .prepare(
            "SELECT count(*) FROM (SELECT document_id, ordinal FROM chunks GROUP BY 1, 2 HAVING count(*) > 1)",
        )
        .pluck()
        .get() as number;
    const indexed = after
        .prepare("SELECT count(*) FROM documents WHERE status = 'indexed'")
        .pluck()
        .get() as number;
    after.close();
    return {
        files,
        indexedWhenKilled: before,
        indexedAfterRerun: indexed,
        duplicatedPassages: duplicated,
        rerun,
    };
}

/** A watched folder of `files` files: one file changed at a time, until a search finds its new words. */
async function watchedChange(files: number) {
    const folder = tempDir();
    for (let i = 0; i < files; i++) {
        const sub = path.join(folder, `d${Math.floor(i / 1000)}`);
        fs.mkdirSync(sub, {recursive: true});
        fs.writeFileSync(path.join(sub, `n${i}.md`), `# Note ${i}\n\nNote ${i} is about item ITEM-${i}.\n`);
    }
    const t = await open();
    try {
        const indexStart = performance.now();
        const {jobId} = unwrap(await t.api.invoke("docs.watch", {collection: "Bench", path: folder}));
        await t.core.docs.ingest.settled(jobId!);
        const indexSeconds = (performance.now() - indexStart) / 1000;
        const times: number[] = [];
        for (let round = 0; round < 7; round++) {
            const i = Math.floor(((round + 1) * files) / 8);
            const code = `CHANGED-${round}-${i}`;
            const started = performance.now();
            fs.writeFileSync(
                path.join(folder, `d${Math.floor(i / 1000)}`, `n${i}.md`),
                `# Note ${i}\n\nNow ${code}.\n`,
            );
            for (;;) {
                const hits = unwrap(
                    await t.api.invoke("docs.search", {query: code, limit: 1, collection: "Bench"}),
                );
                if (hits[0]?.snippet.includes(code)) break;
                await new Promise((r) => setTimeout(r, 10));
            }
            times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        return {files, firstIndexSeconds: indexSeconds, changeFoundMs: {p50: times[3]!, max: times.at(-1)!}};
    } finally {
        await t.core.dispose();
    }
}

export async function ingestFigures(scale: {mixed: number; kill: number; watch: number}) {
    const mixed = await mixedIngest(scale.mixed);
    console.error("[bench] mixed:", JSON.stringify(mixed));
    const killed = await killAndResume(scale.kill);
    console.error("[bench] kill and resume:", JSON.stringify(killed));
    const watched = await watchedChange(scale.watch);
    console.error("[bench] watched:", JSON.stringify(watched));
    return {mixed, killAndResume: killed, watched};
}

export function ingestRows(f: Awaited<ReturnType<typeof ingestFigures>>): Record<string, string> {
    const m = f.mixed;
    return {
        [`ingest: ${m.files} mixed files: files/s, passages/s, raw embedding passages/s (share; goal ≥ 0.9 with a real embedding model)`]: `${m.filesPerSecond.toFixed(1)}, ${m.passagesPerSecond.toFixed(1)}, ${m.rawEmbeddingPassagesPerSecond.toFixed(1)} (${m.shareOfRaw.toFixed(2)})`,
        "ingest: peak RSS (goal ≤ 1,024 MB)": `${m.peakRssMb} MB`,
        [`ingest: SIGKILL at half of ${f.killAndResume.files} files, then again: indexed before / after, passages duplicated (goal 0)`]: `${f.killAndResume.indexedWhenKilled} / ${f.killAndResume.indexedAfterRerun}, ${f.killAndResume.duplicatedPassages} (the second run ${f.killAndResume.rerun.exitCode === 0 ? "exited" : "did not exit"})`,
        [`watched folder of ${f.watched.files} files: a change found by search, p50 / max (goal ≤ 2,000 ms)`]: `${f.watched.changeFoundMs.p50.toFixed(0)} / ${f.watched.changeFoundMs.max.toFixed(0)} ms`,
    };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
    const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
    const figures = await ingestFigures({
        mixed: n("BENCH_MIXED_FILES", 2000),
        kill: n("BENCH_KILL_FILES", 400),
        watch: n("BENCH_WATCH_FILES", 10_000),
    });
    console.log(JSON.stringify(figures, null, 2));
    console.table(ingestRows(figures));
}
