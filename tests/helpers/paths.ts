import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {appRoot} from "../../main/appRoot.js";

/** The checkout's root, from the TypeScript source (tsx) or from its compiled copy under out/test. */
export const ROOT = appRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The test model, in the repository (tests/fixtures/models/README.md): a clone alone passes the tests. */
export const TEST_MODEL = path.join(ROOT, "tests", "fixtures", "models", "stories260K.gguf");
export const CLI = path.join(ROOT, "bin", "cairn.js");

/** Whether this process runs the tests' compiled copies (npm test's node files) rather than their source. */
const COMPILED = fileURLToPath(import.meta.url).endsWith(".js");

/**
 * Node's arguments to run one of the tests' TypeScript programs (a fixture server, a child process), as this
 * process runs: its compiled copy under out/test (npm test's node files; tsx's loader cost each start about 0.6 s
 * of CPU), or the source through tsx (Playwright's specs, a file run with `node --import tsx --test`).
 */
export function scriptArgs(source: string): string[] {
    if (!COMPILED) return [...loaderArgs(), source];
    return [path.join(ROOT, "out", "test", path.relative(ROOT, source).replace(/\.tsx?$/, ".js"))];
}

/** Node's arguments for a child that imports the tests' modules as this process does: tsx's loader, or none. */
export function loaderArgs(): string[] {
    return COMPILED ? [] : ["--import", "tsx"];
}

/** The folders tempDir made in this process: removed when it exits (CAIRN_KEEP_TEMP=1 keeps them). */
const made: string[] = [];
let removedAtExit = false;

export function tempDir(prefix = "cairn-test-"): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    if (!removedAtExit && !process.env.CAIRN_KEEP_TEMP) {
        process.once("exit", removeMade);
        removedAtExit = true;
    }
    made.push(dir);
    return dir;
}

function removeMade(): void {
    for (const dir of made) fs.rmSync(dir, {recursive: true, force: true, maxRetries: 2});
}

/**
 * Removes the folders tempDir has made so far, where a process runs many test files (tests/helpers/testQueue.ts):
 * after each file, not only at the process's exit. One still in use (a child process writing into it as it
 * ends) is left for the exit.
 */
export function removeTempDirs(): void {
    if (process.env.CAIRN_KEEP_TEMP) return;
    for (const dir of made.splice(0)) {
        try {
            fs.rmSync(dir, {recursive: true, force: true, maxRetries: 2});
        } catch {
            made.push(dir);
        }
    }
}

/**
 * The test models run without flash attention: their heads are 8 wide, where llama.cpp's CPU flash attention
 * (what "auto" picks) took 2.7 times as long over a prompt. `npm test` says the same to every `cairn` it starts
 * (CAIRN_FLASH_ATTENTION in scripts/test.mjs).
 */
export const TEST_FLASH_ATTENTION = "off" as const;
