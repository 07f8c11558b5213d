import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {appRoot} from "../../main/appRoot.js";

/** The checkout's root, from the TypeScript source (tsx) or from its compiled copy under out/test. */
export const ROOT = appRoot(path.dirname(fileURLToPath(import.meta.url)));
export const TEST_MODEL = path.resolve(ROOT, "../shared/models/stories260K.gguf");
export const CLI = path.join(ROOT, "bin", "cairn.js");

/** The folders tempDir made in this process: removed when it exits (CAIRN_KEEP_TEMP=1 keeps them). */
const made: string[] = [];

export function tempDir(prefix = "cairn-test-"): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    if (made.length === 0 && !process.env.CAIRN_KEEP_TEMP) process.once("exit", removeMade);
    made.push(dir);
    return dir;
}

function removeMade(): void {
    for (const dir of made) fs.rmSync(dir, {recursive: true, force: true, maxRetries: 2});
}
