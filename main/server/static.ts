import fs from "node:fs/promises";
import path from "node:path";

const TYPES: Record<string, string> = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
    ".woff2": "font/woff2",
};

export type StaticFile = {body: Buffer; type: string; isHtml: boolean};

/** Reads a file of the built renderer; unknown paths fall back to index.html; never leaves `root`. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
    const decoded = safeDecode(urlPath);
    if (decoded === null || decoded.includes("\0")) return null;
    const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
    if (file !== root && !file.startsWith(root + path.sep)) return null;
    const target = (await isFile(file)) ? file : path.join(root, "index.html");
    try {
        const body = await fs.readFile(target);
        const ext = path.extname(target);
        return {body, type: TYPES[ext] ?? "application/octet-stream", isHtml: ext === ".html"};
    } catch {
        return null;
    }
}

async function isFile(file: string): Promise<boolean> {
    try {
        return (await fs.stat(file)).isFile();
    } catch {
        return false;
    }
}

function safeDecode(p: string): string | null {
    try {
        return decodeURIComponent(p);
    } catch {
        return null;
    }
}
