import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TEST_MODEL = path.resolve(ROOT, "../shared/models/stories260K.gguf");
export const CLI = path.join(ROOT, "bin", "cairn.js");

export function tempDir(prefix = "cairn-test-"): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
