// What Cairn and its sandbox process say to each other (main/sandbox/child.ts). The child runs untrusted code:
// everything it sends is checked (replyOf) before Cairn uses it.
import {fieldOf} from "../../shared/json.js";

export type Language = "javascript" | "python";

/** A file of the run's folder: its name relative to the folder (POSIX separators), and its bytes. */
export type SandboxFile = {name: string; data: Uint8Array};

export type Limits = {
    /** The most bytes of each of stdout and stderr kept; the rest is counted. */
    outputBytes: number;
    /** The most a run's files may hold together, and how many there may be. */
    fileBytes: number;
    fileCount: number;
};

export type RunRequest = {
    type: "run";
    id: number;
    language: Language;
    code: string;
    files: SandboxFile[];
    /** The wall-clock limit: JavaScript stops itself at it; Cairn ends the process a little later. */
    timeoutMs: number;
};

/** What a run printed, its last expression's value or its error, and the files it wrote or changed. */
export type RunOutput = {
    stdout: string;
    stderr: string;
    /** Bytes printed beyond the limit and not kept. */
    stdoutCut: number;
    stderrCut: number;
    value?: string;
    error?: string;
    files: SandboxFile[];
    /** Files the run wrote but that were over the limits, by name. */
    filesLeftOut: string[];
};

export type Reply =
    | {type: "ready"}
    /** The engine is loaded and the code starts now: the wall-clock limit counts from here. */
    | {type: "started"; id: number}
    | ({type: "result"; id: number} & RunOutput);

export const LIMITS: Limits = {outputBytes: 1_000_000, fileBytes: 20_000_000, fileCount: 200};

/** A reply read from the child, or null when it is not one (a child that misbehaves is ended). */
export function replyOf(message: unknown): Reply | null {
    const type = fieldOf(message, "type");
    if (type === "ready") return {type: "ready"};
    const id = fieldOf(message, "id");
    if (typeof id !== "number") return null;
    if (type === "started") return {type: "started", id};
    if (type !== "result") return null;
    const output = outputOf(message);
    return output && {type: "result", id, ...output};
}

function outputOf(m: unknown): RunOutput | null {
    const text = (name: string, max: number) => {
        const v = fieldOf(m, name);
        return typeof v === "string" ? v.slice(0, max) : null;
    };
    const stdout = text("stdout", LIMITS.outputBytes);
    const stderr = text("stderr", LIMITS.outputBytes);
    const files = fieldOf(m, "files");
    const leftOut = fieldOf(m, "filesLeftOut");
    if (stdout === null || stderr === null || !Array.isArray(files) || !Array.isArray(leftOut)) return null;
    const value = text("value", 100_000);
    const error = text("error", 100_000);
    return {
        stdout,
        stderr,
        stdoutCut: Number(fieldOf(m, "stdoutCut")) || 0,
        stderrCut: Number(fieldOf(m, "stderrCut")) || 0,
        ...(value !== null ? {value} : {}),
        ...(error !== null ? {error} : {}),
        files: files.flatMap(fileOf).slice(0, LIMITS.fileCount),
        filesLeftOut: leftOut.filter((n): n is string => typeof n === "string").slice(0, 1000),
    };
}

function fileOf(f: unknown): SandboxFile[] {
    const name = fieldOf(f, "name");
    const data = fieldOf(f, "data");
    return typeof name === "string" && data instanceof Uint8Array ? [{name, data}] : [];
}
