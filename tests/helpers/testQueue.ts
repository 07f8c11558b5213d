// `npm test` runs the node test files (unit and integration, compiled under out/test) in one process per core
// instead of one process per file: each process takes the next file nobody has taken from one shared list, runs
// it, and takes another, until the list is done. A process spends about 0.75 s of CPU before its first test (its
// start, the core's modules, node-llama-cpp's binding), paid once per process instead of once per file
// (scripts/test.mjs writes the list and the processes' entry files).
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath, pathToFileURL} from "node:url";
import {after, describe, test} from "node:test";
import {removeTempDirs} from "./paths.js";

/**
 * The list: `files`, paths relative to the list's folder, in the order they are taken; `claims`, the folder
 * (beside the list) where taking file i makes the file `i`; `fileTimeoutMs`, how long one file may run (a limit
 * for hangs: a file that passes it fails, its tests are cancelled, and the next file runs); `drainMs`, how long a
 * process may still run after its last file (a file left work running).
 */
export type TestQueue = {files: string[]; claims: string; fileTimeoutMs: number; drainMs: number};

/** Writes a list of `files` (absolute paths) to `listFile`, with a fresh claims folder beside it. */
export function writeTestQueue(
    listFile: string,
    files: string[],
    {fileTimeoutMs = 300_000, drainMs = 10_000} = {},
): void {
    const dir = path.dirname(listFile);
    const claims = `${path.basename(listFile, ".json")}-claims`;
    fs.rmSync(path.join(dir, claims), {recursive: true, force: true});
    fs.mkdirSync(path.join(dir, claims), {recursive: true});
    const queue: TestQueue = {
        files: files.map((file) => path.relative(dir, file)),
        claims,
        fileTimeoutMs,
        drainMs,
    };
    fs.writeFileSync(listFile, `${JSON.stringify(queue, null, 1)}\n`);
}

/**
 * Writes `count` entry files beside the list, each one of npm test's processes (`node --test` runs each in a
 * process of its own): it runs the list's files. Their paths.
 */
export function writeQueueEntries(listFile: string, count: number): string[] {
    const base = path.join(path.dirname(listFile), path.basename(listFile, ".json"));
    return Array.from({length: count}, (_, i) => {
        const entry = `${base}-${i + 1}.test.mjs`;
        const text = [
            `import {runTestQueue} from ${JSON.stringify(import.meta.url)};`,
            `await runTestQueue(new URL(${JSON.stringify(pathToFileURL(listFile).href)}));`,
        ];
        fs.writeFileSync(entry, `${text.join("\n")}\n`);
        return entry;
    });
}

/** The list as writeTestQueue wrote it. */
function readQueue(listFile: string): TestQueue {
    return JSON.parse(fs.readFileSync(listFile, "utf8")) as TestQueue;
}

/**
 * The list's files that no process took: none, unless a process ended before the list did (a crash, a file that
 * called process.exit) after the others had ended. npm test fails on any, by name.
 */
export function untakenFiles(listFile: string): string[] {
    const dir = path.dirname(listFile);
    const queue = readQueue(listFile);
    const taken = new Set(fs.readdirSync(path.join(dir, queue.claims)));
    return queue.files.filter((_, index) => !taken.has(String(index)));
}

/**
 * Runs the list's files one after another, each as a suite named after it, until every file is taken. A file's
 * hooks stay in its suite; a file that cannot load is a failed test of its own, and the next file still runs.
 */
export async function runTestQueue(list: URL): Promise<void> {
    const listFile = fileURLToPath(list);
    const dir = path.dirname(listFile);
    const queue = readQueue(listFile);
    const ran: string[] = [];
    // Held until the list is done: a test that waits on nothing that can end (a promise never settled, with no
    // timer or socket behind it) would otherwise let the event loop empty and end the process, and with it the
    // files after it. Held, it fails at its file's time limit, and the next file runs.
    const held = setInterval(() => undefined, 60_000);
    for (let index = takeNext(dir, queue, 0); index !== null; index = takeNext(dir, queue, index + 1)) {
        ran.push(queue.files[index]!);
        await runFile(path.join(dir, queue.files[index]!), queue.files[index]!, queue.fileTimeoutMs);
    }
    clearInterval(held);
    endWhenDrained(ran, queue.drainMs);
}

/**
 * A process whose files are done ends when nothing is left running in it. One of its files that left work
 * running (a timer, a server, a child process) would keep it open for ever, as it kept a process of its own
 * open before: after `drainMs` it ends, failed, and says what was running and which files it ran.
 */
function endWhenDrained(ran: string[], drainMs: number): void {
    setTimeout(() => {
        const running = process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap");
        console.error(
            `This test process still had work running ${drainMs / 1000} s after its last file ` +
                `(${running.join(", ")}): one of its files left it behind. Its files: ${ran.join(", ")}`,
        );
        process.exit(1);
    }, drainMs).unref();
}

/**
 * The first file at or after `from` that no process has taken, now taken by this one: its claim is made with
 * O_EXCL, so of two processes that try at once, one gets it. Null when none is left.
 */
function takeNext(dir: string, queue: TestQueue, from: number): number | null {
    for (let index = from; index < queue.files.length; index++) {
        try {
            fs.closeSync(fs.openSync(path.join(dir, queue.claims, String(index)), "wx"));
            return index;
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        }
    }
    return null;
}

/**
 * Runs one file as a suite and resolves when the suite has ended, its own `after` hooks included. The file is
 * imported only then (the list is taken one file at a time), so what its top level sets in `process.env` is seen
 * by it alone: the environment is put back as it was when its suite ends.
 */
function runFile(file: string, name: string, timeout: number): Promise<void> {
    return new Promise((resolve) => {
        void describe(name, {timeout}, async () => {
            const env = {...process.env};
            try {
                await import(pathToFileURL(file).href);
            } catch (error) {
                test("loads", () => {
                    throw error;
                });
            }
            // Registered after the file's own hooks, so it runs after them: the file is done with its folders.
            after(() => {
                restoreEnv(env);
                removeTempDirs();
                resolve();
            });
        });
    });
}

/** Puts `process.env` back to `saved`: what was added since is removed, what was changed or removed is set again. */
function restoreEnv(saved: NodeJS.ProcessEnv): void {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
}
