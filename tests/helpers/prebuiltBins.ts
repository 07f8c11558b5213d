import fs from "node:fs";
import {createRequire} from "node:module";
import path from "node:path";
import {fileURLToPath} from "node:url";

/**
 * node-llama-cpp's prebuilt CPU binaries for this platform (the folder of the package it loads them from), or
 * null where there are none: what the engine tests put where a finished build goes, instead of a 7-minute compile.
 */
export function prebuiltBins(): string | null {
    try {
        const from = createRequire(fileURLToPath(import.meta.resolve("node-llama-cpp")));
        const entry = from.resolve(`@node-llama-cpp/${process.platform}-${process.arch}`);
        const folder = path.join(path.dirname(path.dirname(entry)), "bins");
        return path.join(folder, fs.readdirSync(folder)[0]!);
    } catch {
        return null;
    }
}
