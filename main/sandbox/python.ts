// Python in Pyodide (CPython compiled to WebAssembly) with its standard library, loaded once per sandbox process:
// a conversation's runs share one interpreter, so a variable set in one run is there in the next. Its files live
// in memory (/scratch, the run's folder, copied in before and read back after each run); its `js` module is an
// empty object.
import {loadPyodide, type PyodideInterface} from "pyodide";
import {fieldOf} from "../../shared/json.js";
import {CappedText, cleanName} from "./output.js";
import type {Limits, RunOutput} from "./protocol.js";

const SCRATCH = "/scratch";

/** The interpreter's side of a run: the code's value as repr() or its traceback, from the code's frames on. */
const HELPER = `
def _cairn_run(code, names):
    import os, shutil, traceback
    from pyodide.code import eval_code
    try:
        value = eval_code(code, names, filename="<code>")
    except BaseException as error:
        tb = error.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != "<code>":
            tb = tb.tb_next
        return None, "".join(traceback.format_exception(type(error), error, tb)).rstrip()
    finally:
        os.chdir("${SCRATCH}")
    return (None if value is None else repr(value)), None

def _cairn_reset():
    import os, shutil
    os.chdir("/")
    shutil.rmtree("${SCRATCH}", ignore_errors=True)
    os.makedirs("${SCRATCH}")
    os.chdir("${SCRATCH}")
`;

/** The interpreter and the parts of it a run uses, typed here (Pyodide's own types leave them `any`). */
type Python = {
    py: PyodideInterface;
    reset: Callable;
    run: Callable;
    /** The code's globals, kept from run to run. */
    names: unknown;
    fs: Files;
};

type Callable = (...args: unknown[]) => unknown;

/** Emscripten's in-memory file system, as far as a run uses it. */
type Files = {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    readdir(path: string): string[];
    lstat(path: string): {mode: number; size: number};
    isDir(mode: number): boolean;
    isFile(mode: number): boolean;
    readFile(path: string): Uint8Array;
};

let interpreter: Promise<Python> | null = null;

function python(): Promise<Python> {
    interpreter ??= (async () => {
        // Python's `js` module: an empty object with no prototype, so not even Object's functions are reached.
        const jsglobals = {};
        Reflect.setPrototypeOf(jsglobals, null);
        const py = await loadPyodide({jsglobals: Object.freeze(jsglobals), stdin: () => null});
        py.runPython(HELPER);
        const get = callable(py.globals, Reflect.get(Object(py.globals), "get"));
        const global = (name: string) => callable(py.globals, get(name));
        return {
            py,
            reset: global("_cairn_reset"),
            run: global("_cairn_run"),
            names: global("dict")(),
            fs: filesOf(py),
        };
    })();
    return interpreter;
}

/** A function of `self` (a Pyodide object) callable from here; a missing one is a Pyodide that changed. */
function callable(self: unknown, fn: unknown): Callable {
    if (typeof fn !== "function") throw new Error("this Pyodide lacks a function the sandbox uses");
    return (...args) => {
        const result: unknown = Reflect.apply(fn, self, args);
        return result;
    };
}

function filesOf(py: PyodideInterface): Files {
    const fs: unknown = Reflect.get(py, "FS");
    const method = (name: string) => callable(fs, Reflect.get(Object(fs), name));
    const [mkdirTree, writeFile, readdir, lstat, isDir, isFile, readFile] = [
        "mkdirTree",
        "writeFile",
        "readdir",
        "lstat",
        "isDir",
        "isFile",
        "readFile",
    ].map(method);
    const bytes = (value: unknown) => (value instanceof Uint8Array ? value : new Uint8Array());
    return {
        mkdirTree: (path) => void mkdirTree?.(path),
        writeFile: (path, data) => void writeFile?.(path, data),
        readdir: (path) => {
            const names: unknown = readdir?.(path);
            return Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
        },
        lstat: (path) => {
            const stat = lstat?.(path);
            return {mode: Number(fieldOf(stat, "mode")), size: Number(fieldOf(stat, "size"))};
        },
        isDir: (mode) => isDir?.(mode) === true,
        isFile: (mode) => isFile?.(mode) === true,
        readFile: (path) => bytes(readFile?.(path)),
    };
}

/** Loads the interpreter ahead of the first run (the wall-clock limit counts from the code's start). */
export async function preparePython(): Promise<void> {
    await python();
}

/**
 * Runs `code` in the conversation's interpreter, in a folder holding `folder`'s files; what the folder holds
 * afterwards replaces them (a file larger than the limit is named in `tooLarge` instead).
 */
export async function runPython(
    code: string,
    folder: Map<string, Uint8Array>,
    limits: Limits,
    tooLarge: string[],
): Promise<Omit<RunOutput, "files" | "filesLeftOut">> {
    const {py, reset, run, names, fs} = await python();
    const stdout = new CappedText(limits.outputBytes);
    const stderr = new CappedText(limits.outputBytes);
    py.setStdout({write: writer(stdout)});
    py.setStderr({write: writer(stderr)});
    reset();
    for (const [name, data] of folder) {
        const file = `${SCRATCH}/${name}`;
        fs.mkdirTree(file.slice(0, file.lastIndexOf("/")));
        fs.writeFile(file, data);
    }
    const [value, error] = pairOf(run(code, names));
    folder.clear();
    readBack(fs, SCRATCH, "", {folder, tooLarge, maxBytes: limits.fileBytes});
    return {
        stdout: stdout.text,
        stderr: stderr.text,
        stdoutCut: stdout.cut,
        stderrCut: stderr.cut,
        ...(typeof value === "string" ? {value} : {}),
        ...(typeof error === "string" ? {error} : {}),
    };
}

function writer(text: CappedText): (bytes: Uint8Array) => number {
    const decoder = new TextDecoder();
    return (bytes) => {
        text.write(decoder.decode(bytes, {stream: true}));
        return bytes.length;
    };
}

/** A Python tuple returned to JavaScript, as its two items. */
function pairOf(proxy: unknown): [unknown, unknown] {
    const pair = callable(proxy, Reflect.get(Object(proxy), "toJs"))();
    callable(proxy, Reflect.get(Object(proxy), "destroy"))();
    return Array.isArray(pair) ? [pair[0], pair[1]] : [null, "the run gave no result"];
}

type ReadBack = {folder: Map<string, Uint8Array>; tooLarge: string[]; maxBytes: number};

/** Every regular file under `dir` into the folder, by its name from the scratch folder (links are left). */
function readBack(fs: Files, dir: string, prefix: string, into: ReadBack): void {
    for (const entry of fs.readdir(dir)) {
        if (entry === "." || entry === "..") continue;
        const file = `${dir}/${entry}`;
        const name = cleanName(`${prefix}${entry}`);
        const {mode, size} = fs.lstat(file);
        if (name === null) continue;
        if (fs.isDir(mode)) readBack(fs, file, `${name}/`, into);
        else if (!fs.isFile(mode)) continue;
        else if (size > into.maxBytes) into.tooLarge.push(name);
        else into.folder.set(name, fs.readFile(file));
    }
}
