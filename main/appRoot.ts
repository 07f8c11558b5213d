import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";

/** The package root (where package.json is), found from this module whether run from source or from out/. */
export function appRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
    let dir = from;
    for (;;) {
        if (fs.existsSync(path.join(dir, "package.json"))) return dir;
        const parent = path.dirname(dir);
        if (parent === dir) return from;
        dir = parent;
    }
}

export function rendererDir(): string {
    return path.join(appRoot(), "out", "renderer");
}
