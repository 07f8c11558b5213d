import {formatBytes} from "../../../shared/format.js";
import type {SandboxFile} from "../../sandbox/protocol.js";
import type {RunResult, Sandbox} from "../../sandbox/sandbox.js";
import {readScratch, scratchFolder, writeScratch} from "../../sandbox/scratch.js";
import {defineTool, type ToolContext, type ToolDefinition, type ToolOutput} from "../defineTool.js";

/**
 * The wall-clock limit of a run unless Settings → Tools, or tools.yaml's `run_code: {options: {timeoutSeconds}}`,
 * says otherwise.
 */
export const RUN_CODE_SECONDS = 30;
/** What the model reads of each of stdout and stderr (the trace keeps up to the sandbox's limit). */
const MODEL_OUTPUT_CHARS = 8_000;
/** Images shown with the answer as attachments are; SVG waits for the artifacts' sandboxed preview (as uploads do). */
const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * run_code: JavaScript (QuickJS) or Python (Pyodide) in the sandbox process (main/sandbox), with the
 * conversation's scratch folder as its files. It changes nothing outside that folder, so it asks nothing; it is
 * offered in agent mode.
 */
export function createRunCode(sandbox: Sandbox, chosenSeconds: () => number | undefined): ToolDefinition {
    return defineTool({
        name: "run_code",
        description:
            "Run a short JavaScript or Python program in a sandbox (no network, none of this computer's files) " +
            "and get its output, last value or error. Python: standard library only; variables stay for this " +
            "conversation. Files: Python's current folder; JavaScript's files.read, files.write, files.list. " +
            "Files it writes are kept and shown to the user.",
        sideEffect: "none",
        // Work rather than an answer: offered where Cairn works (agent mode), as the workspace's file tools are;
        // ask and plan modes keep their tool list, and a small model its context.
        agentOnly: true,
        timeoutMs: HUNG_MS,
        params: {
            type: "object",
            additionalProperties: false,
            properties: PROGRAM_PARAMS,
            required: ["language", "code"],
        } as const,
        run: ({language, code}, ctx) =>
            runProgram(sandbox, {language, code, seconds: chosenSeconds()}, ctx).then(outputOf),
    });
}

/** A program as the model writes it: its language and its code (run_code_in_workspace's too). */
export const PROGRAM_PARAMS = {
    language: {enum: ["javascript", "python"]},
    code: {type: "string", minLength: 1, maxLength: 100_000},
} as const;

/** The sandbox keeps its own limit (options.timeoutSeconds); the tool's is only for a sandbox that hangs. */
export const HUNG_MS = 11 * 60_000;

export type Program = {language: "javascript" | "python"; code: string; seconds: number | undefined};

/** A run and what became of its files: kept in the scratch folder, refused, shown with the answer. */
export type ProgramRun = {
    language: Program["language"];
    result: RunResult;
    folder: string;
    written: string[];
    refused: string[];
    shown: string[];
};

/**
 * Runs a program in the conversation's sandbox with its scratch folder's files (and `extra` ones: a workspace's,
 * under workspace/), then keeps what it wrote in the folder, but for the names `elsewhere` claims.
 */
export async function runProgram(
    sandbox: Sandbox,
    {language, code, seconds}: Program,
    ctx: ToolContext,
    extra: {files?: SandboxFile[]; elsewhere?: (name: string) => boolean} = {},
): Promise<ProgramRun> {
    const elsewhere = extra.elsewhere ?? (() => false);
    const folder = scratchFolder(ctx.dataDir, ctx.conversationId);
    const result = await sandbox.run({
        key: ctx.conversationId || "no-conversation",
        language,
        code,
        files: [...readScratch(folder).filter((f) => !elsewhere(f.name)), ...(extra.files ?? [])],
        timeoutMs: timeoutSecondsOf(ctx.options, seconds) * 1000,
        signal: ctx.signal,
    });
    const {written, refused} = writeScratch(
        folder,
        result.files.filter((f) => !elsewhere(f.name)),
    );
    const shown = await attachImages(result, written, ctx);
    return {language, result, folder, written, refused: [...refused, ...result.filesLeftOut], shown};
}

/** The run as the model reads it and as the trace keeps it (the window lists `files` under the run). */
export function outputOf(run: ProgramRun, more: {text?: string; data?: object} = {}): ToolOutput {
    const {result, written} = run;
    const text = [describeRun(result, written, run.refused, run.shown), more.text].filter(Boolean).join("\n");
    const data = {
        language: run.language,
        stdout: result.stdout,
        stderr: result.stderr,
        ...(result.value !== undefined ? {value: result.value} : {}),
        ...(result.error !== undefined ? {error: result.error} : {}),
        files: written.map((name) => ({
            name,
            bytes: result.files.find((f) => f.name === name)?.data.length ?? 0,
        })),
        folder: run.folder,
        ...more.data,
    };
    if (result.ended === "cancelled") return {text, error: "stopped", data};
    return result.error !== undefined ? {text, error: text, trace: text, data} : {text, data};
}

/** The limit in force: Settings', else tools.yaml's option, within 1 s and 10 minutes. */
export function timeoutSecondsOf(options: Record<string, unknown>, chosen?: number): number {
    const asked = Number(chosen ?? options.timeoutSeconds ?? RUN_CODE_SECONDS);
    return Number.isFinite(asked) ? Math.min(600, Math.max(1, Math.round(asked))) : RUN_CODE_SECONDS;
}

/** Shows the images the run wrote with the answer; a file that is not a readable image is only listed. */
async function attachImages(result: RunResult, written: string[], ctx: ToolContext): Promise<string[]> {
    if (!ctx.attach) return [];
    const shown: string[] = [];
    for (const file of result.files) {
        if (!written.includes(file.name) || !IMAGE.test(file.name)) continue;
        try {
            await ctx.attach(Buffer.from(file.data), file.name);
            shown.push(file.name);
        } catch {
            // Listed among the files; the person can open it from the folder.
        }
    }
    return shown;
}

/** The run as the model reads it: the error first (what to fix), then the output, the value and the files. */
export function describeRun(
    result: RunResult,
    written: string[],
    refused: string[],
    shown: string[],
): string {
    const parts: string[] = [];
    if (result.restarted)
        parts.push("(the Python session was started anew: variables from earlier runs are gone)");
    if (result.error !== undefined) parts.push(`error:\n${result.error}`);
    parts.push(
        ...stream("stdout", result.stdout, result.stdoutCut),
        ...stream("stderr", result.stderr, result.stderrCut),
    );
    if (result.value !== undefined) parts.push(`value: ${cut(result.value, MODEL_OUTPUT_CHARS)}`);
    if (written.length > 0) {
        const sizes = written.map(
            (name) => `${name} (${sizeText(result.files.find((f) => f.name === name)?.data.length ?? 0)})`,
        );
        parts.push(
            `files written: ${sizes.join(", ")}${shown.length > 0 ? `; shown to the user: ${shown.join(", ")}` : ""}`,
        );
    }
    if (refused.length > 0)
        parts.push(`files not kept (over the limits or not a plain name): ${refused.join(", ")}`);
    if (parts.length === 0) parts.push("(the program printed nothing and its last expression has no value)");
    return parts.join("\n");
}

function stream(name: string, text: string, cutChars: number): string[] {
    if (text.length === 0 && cutChars === 0) return [];
    const more = text.length - Math.min(text.length, MODEL_OUTPUT_CHARS) + cutChars;
    return [
        `${name}:\n${cut(text, MODEL_OUTPUT_CHARS)}${more > 0 ? `\n… (${more} more characters not shown)` : ""}`,
    ];
}

function sizeText(bytes: number): string {
    return bytes < 1024 ? `${bytes} bytes` : formatBytes(bytes);
}

function cut(text: string, max: number): string {
    return text.length <= max ? text : text.slice(0, max);
}
