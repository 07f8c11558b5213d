import fs from "node:fs/promises";
import path from "node:path";
import {applyPatch, createTwoFilesPatch} from "diff";
import {defineTool, type ToolContext, type ToolOutput, type ToolPreview} from "../defineTool.js";
import {currentBytes, insideWorkspace, writableTarget, writeAtomic} from "../workspace.js";
import {messageOf} from "../../../shared/format.js";

const MAX_READ_BYTES = 256 * 1024;
/** A line range may be read from a larger file; only the lines asked for are returned. */
const MAX_RANGED_FILE_BYTES = 16 * 1024 * 1024;
const MAX_WRITE_BYTES = 1024 * 1024;
const MAX_LIST_ENTRIES = 500;
const MAX_DEPTH = 5;

export const relativePath = {type: "string", minLength: 1, maxLength: 1024} as const;

export const listDirectory = defineTool({
    name: "list_directory",
    description: "List files and folders in the workspace, with sizes; folders end with /.",
    sideEffect: "none",
    agentOnly: true,
    params: {
        type: "object",
        additionalProperties: false,
        properties: {path: {type: "string", maxLength: 1024}, depth: {type: "integer"}},
    },
    validate: {properties: {path: {default: "."}, depth: {minimum: 1, maximum: MAX_DEPTH, default: 2}}},
    async run({path: relative = ".", depth = 2}, ctx) {
        // insideWorkspace makes the folder when it is missing.
        const dir = await insideWorkspace(folderOf(ctx), relative);
        if (!(await fs.stat(dir).catch(() => null))?.isDirectory())
            return {text: "", error: `not a folder in the workspace: ${relative}`};
        const lines: string[] = [];
        const truncated = await walk(dir, "", depth, lines);
        const text = lines.length ? lines.join("\n") : "(empty folder)";
        return {
            text: truncated
                ? `${text}\n[listing stopped at ${MAX_LIST_ENTRIES} entries; list a subfolder]`
                : text,
            data: {path: relative, entries: lines.length, truncated},
        };
    },
});

/** Depth-first, folders first then files, names sorted; symlinks shown, never followed. */
async function walk(dir: string, prefix: string, depth: number, lines: string[]): Promise<boolean> {
    const entries = (await fs.readdir(dir, {withFileTypes: true})).sort(
        (a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
        if (lines.length >= MAX_LIST_ENTRIES) return true;
        const shown = `${prefix}${entry.name}`;
        if (entry.isSymbolicLink()) lines.push(`${shown} (link, not followed)`);
        else if (entry.isDirectory()) {
            lines.push(`${shown}/`);
            if (depth > 1 && (await walk(path.join(dir, entry.name), `${shown}/`, depth - 1, lines)))
                return true;
        } else if (entry.isFile()) {
            const stat = await fs.stat(path.join(dir, entry.name));
            lines.push(`${shown} (${size(stat.size)})`);
        }
    }
    return false;
}

export const readFile = defineTool({
    name: "read_file",
    description: "Read a text file in the workspace, whole or lines start_line to end_line.",
    sideEffect: "none",
    agentOnly: true,
    params: {
        type: "object",
        additionalProperties: false,
        properties: {path: relativePath, start_line: {type: "integer"}, end_line: {type: "integer"}},
        required: ["path"],
    },
    validate: {properties: {start_line: {minimum: 1}, end_line: {minimum: 1}}},
    async run({path: relative, start_line, end_line}, ctx) {
        const file = await insideWorkspace(folderOf(ctx), relative);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile()) return {text: "", error: `file not found: ${relative}`};
        // A second name elsewhere could make a file from outside the workspace readable through it.
        if (stat.nlink > 1)
            return {
                text: "",
                error: `refused: ${relative} has ${stat.nlink} hard links; copy the file instead`,
            };
        const ranged = start_line !== undefined || end_line !== undefined;
        const limit = ranged ? MAX_RANGED_FILE_BYTES : MAX_READ_BYTES;
        if (stat.size > limit)
            return {
                text: "",
                error: `file too large: ${stat.size} bytes (limit ${limit}${ranged ? "" : "; read a range of lines with start_line and end_line"})`,
            };
        const bytes = await fs.readFile(file);
        if (bytes.subarray(0, 8192).includes(0))
            return {text: "", error: `refused: ${relative} is a binary file`};
        const lines = bytes.toString("utf8").split("\n");
        const from = start_line ?? 1;
        const to = Math.min(end_line ?? lines.length, lines.length);
        if (from > lines.length)
            return {
                text: "",
                error: `${relative} has ${lines.length} lines; start_line ${from} is past its end`,
            };
        if (to < from) return {text: "", error: `end_line ${to} is before start_line ${from}`};
        const text = lines.slice(from - 1, to).join("\n");
        if (Buffer.byteLength(text) > MAX_READ_BYTES)
            return {
                text: "",
                error: `lines ${from}-${to} are over ${MAX_READ_BYTES} bytes; ask for fewer lines`,
            };
        return {text, data: {path: relative, bytes: stat.size, lines: {from, to, of: lines.length}}};
    },
});

export const createFile = defineTool({
    name: "create_file",
    description: "Create a text file in the workspace. Set overwrite to replace an existing file.",
    sideEffect: "write",
    agentOnly: true,
    params: {
        type: "object",
        additionalProperties: false,
        properties: {
            path: relativePath,
            content: {type: "string", maxLength: MAX_WRITE_BYTES},
            overwrite: {type: "boolean"},
        },
        required: ["path", "content"],
    },
    validate: {properties: {overwrite: {default: false}}},
    async preview({path: relative, content}, ctx) {
        const file = await writableTarget(folderOf(ctx), relative);
        return diffPreview(relative, await currentBytes(file), content);
    },
    async run({path: relative, content, overwrite = false}, ctx) {
        const file = await writableTarget(folderOf(ctx), relative);
        const before = await currentBytes(file);
        if (before !== null && !overwrite)
            return {
                text: "",
                error: `${relative} already exists; pass overwrite: true to replace it, or use replace_in_file`,
            };
        return written(ctx, file, relative, before, content);
    },
});

export const replaceInFile = defineTool({
    name: "replace_in_file",
    description:
        "Edit a text file in the workspace: replace old_text (found once) with new_text, or apply a unified diff.",
    sideEffect: "write",
    agentOnly: true,
    params: {
        type: "object",
        additionalProperties: false,
        properties: {
            path: relativePath,
            old_text: {type: "string", maxLength: MAX_WRITE_BYTES},
            new_text: {type: "string", maxLength: MAX_WRITE_BYTES},
            diff: {type: "string", maxLength: MAX_WRITE_BYTES},
        },
        required: ["path"],
    },
    async preview(args, ctx) {
        const file = await writableTarget(folderOf(ctx), args.path);
        const before = await currentBytes(file);
        const after = before && replaced(before.toString("utf8"), args);
        return after && typeof after === "string" ? diffPreview(args.path, before, after) : null;
    },
    async run(args, ctx) {
        const file = await writableTarget(folderOf(ctx), args.path);
        const before = await currentBytes(file);
        if (before === null)
            return {text: "", error: `file not found: ${args.path}; create it with create_file`};
        const after = replaced(before.toString("utf8"), args);
        if (typeof after !== "string") return {text: "", error: after.error};
        return written(ctx, file, args.path, before, after);
    },
});

type Replacement = {path: string; old_text?: string; new_text?: string; diff?: string};

/** The file's new text, or why the change cannot be made (not found, ambiguous, a diff that does not apply). */
function replaced(text: string, args: Replacement): string | {error: string} {
    const {path: where, old_text, new_text, diff} = args;
    if (diff !== undefined) {
        if (old_text !== undefined || new_text !== undefined)
            return {error: "give either old_text and new_text, or a diff, not both"};
        let patched: string | false;
        try {
            patched = applyPatch(text, diff);
        } catch (error) {
            return {
                error: `diff is not a unified diff (${messageOf(error).trim()}); send old_text and new_text instead`,
            };
        }
        if (patched === false)
            return {
                error: `the diff does not apply to ${where}: its context lines do not match the file; read the file again`,
            };
        return patched;
    }
    if (old_text === undefined || new_text === undefined)
        return {error: "give old_text and new_text (or a unified diff)"};
    if (old_text === "") return {error: "old_text is empty: give the exact text to replace"};
    const first = text.indexOf(old_text);
    if (first < 0)
        return {error: `old_text was not found in ${where}; read the file and copy the text exactly`};
    const count = text.split(old_text).length - 1;
    if (count > 1)
        return {
            error: `old_text occurs ${count} times in ${where}; include more of the surrounding text so it occurs once`,
        };
    return text.slice(0, first) + new_text + text.slice(first + old_text.length);
}

async function written(
    ctx: ToolContext,
    file: string,
    relative: string,
    before: Buffer | null,
    after: string,
): Promise<ToolOutput> {
    await writeAtomic(file, after, ctx.signal);
    ctx.keepPrevious?.(file, before, after);
    const bytes = Buffer.byteLength(after);
    const {diff} = diffPreview(relative, before, after);
    return {
        text: `${before === null ? "created" : "changed"} ${relative} (${bytes} bytes)`,
        data: {
            path: relative,
            bytes,
            diff,
            created: before === null,
            ...(ctx.keepPrevious ? {undo: "available"} : {}),
        },
    };
}

function diffPreview(relative: string, before: Buffer | null, after: string): ToolPreview {
    const old = before?.toString("utf8") ?? "";
    const diff = createTwoFilesPatch(
        before === null ? "/dev/null" : `a/${relative}`,
        `b/${relative}`,
        old,
        after,
        undefined,
        undefined,
        {context: 3},
    );
    // Without the "=====" line jsdiff puts first.
    return {path: relative, diff: diff.split("\n").slice(1).join("\n").trimEnd()};
}

function size(bytes: number): string {
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function folderOf(ctx: ToolContext): string {
    return ctx.workspace ?? path.join(ctx.dataDir, "workspace");
}
