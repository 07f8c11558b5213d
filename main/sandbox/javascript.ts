// JavaScript in QuickJS, compiled to WebAssembly: the code sees a fresh interpreter each run, with console and a
// `files` object over the run's folder and nothing else of the host (no require, process, fetch or timers).
import {getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime} from "quickjs-emscripten";
import {CappedText, cleanName} from "./output.js";
import type {Limits, RunOutput} from "./protocol.js";

/** The heap and stack one run may use inside the interpreter. */
export const JS_MEMORY_BYTES = 256 * 1024 * 1024;
const JS_STACK_BYTES = 256 * 1024;

/**
 * Set up in the guest before the code runs: console and files over the host's three functions, which it
 * then takes out of reach (only these closures hold them).
 */
const PRELUDE = `(() => {
    const write = globalThis.__write, read = globalThis.__read, save = globalThis.__save, list = globalThis.__list;
    delete globalThis.__write; delete globalThis.__read; delete globalThis.__save; delete globalThis.__list;
    const show = (v) => {
        if (typeof v === "string") return v;
        if (v instanceof Error) return String(v);
        try { const json = JSON.stringify(v); return json === undefined ? String(v) : json; } catch { return String(v); }
    };
    const out = (stream) => (...args) => write(stream, args.map(show).join(" ") + "\\n");
    globalThis.console = {log: out(1), info: out(1), debug: out(1), warn: out(2), error: out(2)};
    globalThis.files = {
        read: (name) => read(String(name)),
        write: (name, text) => save(String(name), String(text)),
        list: () => JSON.parse(list()),
    };
    return (v) => (typeof v === "string" ? JSON.stringify(v) : show(v));
})()`;

export type Folder = Map<string, Uint8Array>;

/** Runs `code` once in a fresh interpreter; files it writes land in `folder`. Never throws for the code's faults. */
export async function runJavaScript(
    code: string,
    folder: Folder,
    limits: Limits,
    /** Checked as the code runs: true stops it (its time is up, or Cairn is gone). */
    stop: () => boolean,
): Promise<Omit<RunOutput, "files" | "filesLeftOut">> {
    const quickJs = await getQuickJS();
    const runtime = quickJs.newRuntime();
    runtime.setMemoryLimit(JS_MEMORY_BYTES);
    runtime.setMaxStackSize(JS_STACK_BYTES);
    runtime.setInterruptHandler(stop);
    const context = runtime.newContext();
    const stdout = new CappedText(limits.outputBytes);
    const stderr = new CappedText(limits.outputBytes);
    let show: QuickJSHandle | null = null;
    try {
        show = install(context, folder, limits, [stdout, stderr]);
        const outcome = settle(context, runtime, context.evalCode(code, "code.js"));
        const result = {
            stdout: stdout.text,
            stderr: stderr.text,
            stdoutCut: stdout.cut,
            stderrCut: stderr.cut,
        };
        if ("error" in outcome) return {...result, error: errorText(context, outcome.error)};
        const value = valueText(context, show, outcome.value);
        return {...result, ...(value !== null ? {value} : {})};
    } finally {
        show?.dispose();
        context.dispose();
        runtime.dispose();
    }
}

/** The host's functions, then the prelude; returns the guest's value formatter. */
function install(
    context: QuickJSContext,
    folder: Folder,
    limits: Limits,
    streams: CappedText[],
): QuickJSHandle {
    const fns: Record<string, (...args: QuickJSHandle[]) => QuickJSHandle | undefined> = {
        __write: (stream, text) => {
            streams[context.getNumber(stream) === 2 ? 1 : 0]?.write(context.getString(text));
            return undefined;
        },
        __read: (name) => {
            const data = folder.get(cleanName(context.getString(name)) ?? "");
            if (!data) throw new Error(`no such file: ${context.getString(name)}`);
            return context.newString(new TextDecoder().decode(data));
        },
        __save: (name, text) => {
            const clean = cleanName(context.getString(name));
            if (!clean) throw new Error(`not a file name in this folder: ${context.getString(name)}`);
            const data = new TextEncoder().encode(context.getString(text));
            const others = [...folder].reduce((sum, [n, d]) => sum + (n === clean ? 0 : d.length), 0);
            if (
                others + data.length > limits.fileBytes ||
                (!folder.has(clean) && folder.size >= limits.fileCount)
            )
                throw new Error("the folder is full: the run's files are over their limit");
            folder.set(clean, data);
            return undefined;
        },
        __list: () => context.newString(JSON.stringify([...folder.keys()].sort())),
    };
    for (const [name, fn] of Object.entries(fns)) {
        const handle = context.newFunction(name, fn);
        context.setProp(context.global, name, handle);
        handle.dispose();
    }
    return context.unwrapResult(context.evalCode(PRELUDE, "prelude.js"));
}

type Outcome = {value: QuickJSHandle} | {error: QuickJSHandle};

/** The code's value, a promise's once settled (its jobs run here), or its error. */
function settle(
    context: QuickJSContext,
    runtime: QuickJSRuntime,
    result: ReturnType<QuickJSContext["evalCode"]>,
): Outcome {
    if (result.error) return {error: result.error};
    const value = result.value;
    for (;;) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) {
            value.dispose();
            return {error: jobs.error};
        }
        if (jobs.value === 0) break;
    }
    const state = context.getPromiseState(value);
    if (state.type === "fulfilled") {
        if (state.notAPromise) return {value};
        value.dispose();
        return {value: state.value};
    }
    value.dispose();
    if (state.type === "rejected") return {error: state.error};
    return {error: context.newError("the code's promise never settled (there are no timers in the sandbox)")};
}

function valueText(context: QuickJSContext, show: QuickJSHandle, value: QuickJSHandle): string | null {
    if (context.typeof(value) === "undefined") {
        value.dispose();
        return null;
    }
    const shown = context.callFunction(show, context.undefined, value);
    value.dispose();
    if (shown.error) {
        shown.error.dispose();
        return "(a value that cannot be shown)";
    }
    const text = context.getString(shown.value);
    shown.value.dispose();
    return text;
}

/** An error as people read it: "TypeError: bad" and where; the interpreter's limits in words. */
function errorText(context: QuickJSContext, handle: QuickJSHandle): string {
    const error: unknown = context.dump(handle);
    handle.dispose();
    if (typeof error !== "object" || error === null) return `uncaught: ${String(error)}`;
    const name = String(Reflect.get(error, "name") ?? "Error");
    const message = String(Reflect.get(error, "message") ?? "");
    if (name === "InternalError" && message === "interrupted")
        return "stopped: the run passed its time limit";
    if (name === "InternalError" && message === "out of memory")
        return `out of memory: the run passed its limit of ${JS_MEMORY_BYTES / 1024 / 1024} MB`;
    const stack = String(Reflect.get(error, "stack") ?? "")
        .split("\n")
        .slice(0, 12)
        .join("\n");
    return `${name}: ${message}${stack ? `\n${stack}` : ""}`.trimEnd();
}
