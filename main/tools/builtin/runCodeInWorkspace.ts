import fs from "node:fs/promises";
import path from "node:path";
import {LIMITS, type SandboxFile} from "../../sandbox/protocol.js";
import type {Sandbox} from "../../sandbox/sandbox.js";
import {messageOf} from "../../../shared/format.js";
import {defineTool, type ToolContext, type ToolDefinition} from "../defineTool.js";
import {currentBytes, insideWorkspace, writableTarget, writeAtomic} from "../workspace.js";
import {folderOf, relativePath} from "./files.js";
import {HUNG_MS, PROGRAM_PARAMS, outputOf, runProgram} from "./runCode.js";

/** Where the workspace's files are in the sandbox's folder. */
const PREFIX = "workspace/";
const MAX_READ = 50;
const MAX_WRITE = 20;

/**
 * run_code_in_workspace: run_code with files of the workspace, under the file tools' path rules. The files named
 * in `read` are copied in (under workspace/); of what the program writes there, only the files named in `write`
 * go back to the workspace. It writes, so it asks as the write tools do (the person sees the program and both
 * lists); undo is offered when it changed one file.
 */
export function createRunCodeInWorkspace(
    sandbox: Sandbox,
    chosenSeconds: () => number | undefined,
): ToolDefinition {
    return defineTool({
        name: "run_code_in_workspace",
        description:
            "Run a program as run_code does, on workspace files: each `read` path is copied in as " +
            "workspace/<path>; each `write` path it writes there goes back to the workspace. Asks the user.",
        sideEffect: "write",
        agentOnly: true,
        timeoutMs: HUNG_MS,
        params: {
            type: "object",
            additionalProperties: false,
            properties: {
                ...PROGRAM_PARAMS,
                read: {type: "array", items: relativePath, maxItems: MAX_READ},
                write: {type: "array", items: relativePath, maxItems: MAX_WRITE},
            },
            required: ["language", "code"],
        } as const,
        async run({language, code, read = [], write = []}, ctx) {
            const root = folderOf(ctx);
            const files = await workspaceFiles(root, read);
            if (typeof files === "string") return {text: "", error: files};
            const run = await runProgram(sandbox, {language, code, seconds: chosenSeconds()}, ctx, {
                files,
                elsewhere: (name) => name.startsWith(PREFIX),
            });
            const back = run.result.files.filter((f) => f.name.startsWith(PREFIX));
            // A program that failed or was stopped may have written half of its work: none of it goes back.
            const ended = run.result.error === undefined && run.result.ended !== "cancelled";
            const changes = ended
                ? await writeBack(root, back, write, ctx)
                : back.map((f) => ({
                      path: f.name.slice(PREFIX.length),
                      refused: "the program did not end well",
                  }));
            return outputOf(run, {text: describeChanges(changes), data: {workspace: changes}});
        },
    });
}

/** The files named, read from the workspace as read_file reads them; or what is wrong, in words. */
async function workspaceFiles(root: string, paths: string[]): Promise<SandboxFile[] | string> {
    const files: SandboxFile[] = [];
    let bytes = 0;
    for (const relative of new Set(paths)) {
        let file: string;
        try {
            file = await insideWorkspace(root, relative);
        } catch (error) {
            return messageOf(error);
        }
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile()) return `file not found in the workspace: ${relative}`;
        // A second name elsewhere could make a file from outside the workspace readable through it.
        if (stat.nlink > 1) return `refused: ${relative} has ${stat.nlink} hard links; copy the file instead`;
        bytes += stat.size;
        if (bytes > LIMITS.fileBytes)
            return `the files in read are over ${LIMITS.fileBytes / 1_000_000} MB together; name fewer`;
        files.push({name: `${PREFIX}${plain(relative)}`, data: await fs.readFile(file)});
    }
    return files;
}

type Change = {path: string; bytes: number; created: boolean} | {path: string; refused: string};

/** Writes back the files the program wrote under workspace/ that `write` names; the others are said, not written. */
async function writeBack(
    root: string,
    files: SandboxFile[],
    allowed: string[],
    ctx: ToolContext,
): Promise<Change[]> {
    const named = new Set(allowed.map(plain));
    const changes: Change[] = [];
    const kept: {file: string; before: Buffer | null; after: Buffer}[] = [];
    for (const {name, data} of files) {
        const relative = name.slice(PREFIX.length);
        if (!named.has(relative)) {
            changes.push({path: relative, refused: "not named in write"});
            continue;
        }
        try {
            const file = await writableTarget(root, relative);
            const before = await currentBytes(file);
            const after = Buffer.from(data);
            await writeAtomic(file, after, ctx.signal);
            kept.push({file, before, after});
            changes.push({path: relative, bytes: after.length, created: before === null});
        } catch (error) {
            changes.push({path: relative, refused: messageOf(error)});
        }
    }
    // Undo names the call and keeps one file: offered when the program changed one.
    const only = kept.length === 1 ? kept[0] : undefined;
    if (only) ctx.keepPrevious?.(only.file, only.before, only.after);
    return changes;
}

function describeChanges(changes: Change[]): string {
    const done = changes.flatMap((c) =>
        "refused" in c ? [] : [`${c.path} (${c.created ? "created" : "changed"})`],
    );
    const refused = changes.flatMap((c) => ("refused" in c ? [`${c.path}: ${c.refused}`] : []));
    return [
        done.length > 0 ? `workspace files written: ${done.join(", ")}` : "no workspace file was written",
        ...(refused.length > 0 ? [`not written to the workspace: ${refused.join("; ")}`] : []),
    ].join("\n");
}

/** A workspace path as the sandbox names it: forward slashes, no "." or ".." steps (insideWorkspace checked it). */
function plain(relative: string): string {
    return path.posix.normalize(relative.replace(/\\/g, "/")).replace(/^\.\//, "");
}
