import {randomBytes} from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {defineTool, type ToolContext} from "../defineTool.js";

const MAX_READ_BYTES = 256 * 1024;
const MAX_WRITE_BYTES = 1024 * 1024;

/** The folder file tools may touch: options.root in tools.yaml, else <data>/workspace. */
export function workspaceRoot(ctx: Pick<ToolContext, "dataDir" | "options">): string {
    const root = ctx.options.root;
    return typeof root === "string" && root ? path.resolve(root) : path.join(ctx.dataDir, "workspace");
}

/** Resolves a relative path inside the workspace, refusing anything (.., absolute, symlinks) that leaves it. */
export async function insideWorkspace(root: string, relative: string): Promise<string> {
    if (path.isAbsolute(relative)) throw new Error(`path must be relative to the workspace: ${relative}`);
    await fs.mkdir(root, {recursive: true});
    const realRoot = await fs.realpath(root);
    const target = path.resolve(realRoot, relative);
    if (!isWithin(realRoot, target)) throw new Error(`path leaves the workspace: ${relative}`);
    // The deepest existing ancestor, resolved through symlinks, must still be inside.
    let probe = target;
    for (;;) {
        try {
            const real = await fs.realpath(probe);
            if (!isWithin(realRoot, real)) throw new Error(`path leaves the workspace: ${relative}`);
            return real === probe ? target : path.join(real, path.relative(probe, target));
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
            probe = path.dirname(probe);
        }
    }
}

async function ensureDir(dir: string): Promise<string> {
    await fs.mkdir(dir, {recursive: true});
    return dir;
}

function isWithin(root: string, target: string): boolean {
    return target === root || target.startsWith(root + path.sep);
}

export const readFile = defineTool({
    name: "read_file",
    description: "Read a text file from the Cairn workspace folder. The path is relative to the workspace.",
    sideEffect: "none",
    params: {
        type: "object",
        additionalProperties: false,
        properties: {path: {type: "string", minLength: 1, maxLength: 1024}},
        required: ["path"],
    },
    async run({path: relative}, ctx) {
        const file = await insideWorkspace(workspaceRoot(ctx), relative);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile()) return {text: "", error: `file not found: ${relative}`};
        // A second name elsewhere could make a file from outside the workspace readable through it.
        if (stat.nlink > 1)
            return {
                text: "",
                error: `refused: ${relative} has ${stat.nlink} hard links; copy the file instead`,
            };
        if (stat.size > MAX_READ_BYTES)
            return {text: "", error: `file too large: ${stat.size} bytes (limit ${MAX_READ_BYTES})`};
        const text = await fs.readFile(file, "utf8");
        return {text, data: {path: relative, bytes: stat.size}};
    },
});

export const writeFile = defineTool({
    name: "write_file",
    description:
        "Write a text file in the Cairn workspace folder (creating folders as needed). Asks the user first.",
    sideEffect: "write",
    params: {
        type: "object",
        additionalProperties: false,
        properties: {
            path: {type: "string", minLength: 1, maxLength: 1024},
            content: {type: "string", maxLength: MAX_WRITE_BYTES},
        },
        required: ["path", "content"],
    },
    async run({path: relative, content}, ctx) {
        const root = await fs.realpath(await ensureDir(workspaceRoot(ctx)));
        const file = await insideWorkspace(root, relative);
        if (file === root) throw new Error(`path is the workspace folder itself: ${relative}; name a file`);
        if ((await fs.stat(file).catch(() => null))?.isDirectory())
            throw new Error(`path is a folder: ${relative}; name a file inside it`);
        const dir = path.dirname(file);
        await fs.mkdir(dir, {recursive: true});
        // Beside its target, so the rename stays inside the workspace and on one file system.
        const temp = path.join(dir, `.${path.basename(file)}.cairn-${randomBytes(6).toString("hex")}.tmp`);
        try {
            await fs.writeFile(temp, content, {signal: ctx.signal, flag: "wx"});
            await fs.rename(temp, file);
        } catch (error) {
            await fs.rm(temp, {force: true});
            throw error;
        }
        const bytes = Buffer.byteLength(content);
        return {text: `wrote ${bytes} bytes to ${relative}`, data: {path: relative, bytes}};
    },
});
