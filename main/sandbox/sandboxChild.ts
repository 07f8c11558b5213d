// The sandbox process (started by sandbox.ts): runs one request at a time, in QuickJS or Pyodide, and sends back
// what the code printed, its value or error, and the files it wrote. Its locks come first.
import {fieldOf} from "../../shared/json.js";
import {lockDown} from "./lockdown.js";
import {runJavaScript, type Folder} from "./javascript.js";
import {LIMITS, type Reply, type RunOutput, type RunRequest, type SandboxFile} from "./protocol.js";
import {preparePython, runPython} from "./python.js";

/** The most one WebAssembly memory may grow to: Pyodide's heap (QuickJS keeps its own, smaller limit). */
const WASM_MEMORY_BYTES = 1024 * 1024 * 1024;

lockDown();
capWasmMemory();

const send = (reply: Reply) => process.send?.(reply);
let queue = Promise.resolve();
process.on("message", (message: RunRequest) => {
    queue = queue.then(() => serve(message));
});
// Cairn gone (a crash, a kill): nobody is left to end this process, so it ends itself: at once when idle, and a
// JavaScript run stops at its next check (stopAt). A Python run cannot be stopped from inside (see docs).
process.on("disconnect", () => process.exit(0));
const cairn = process.ppid;

/** A running program's stop check: its time is up, or its parent is no longer Cairn (Cairn died). */
function stopAt(deadline: number): () => boolean {
    return () => Date.now() > deadline || process.ppid !== cairn;
}
send({type: "ready"});

async function serve(request: RunRequest): Promise<void> {
    const folder: Folder = new Map(request.files.map((f) => [f.name, f.data]));
    const tooLarge: string[] = [];
    let output: Omit<RunOutput, "files" | "filesLeftOut">;
    let broken = false;
    try {
        if (request.language === "python") await preparePython();
        send({type: "started", id: request.id});
        output =
            request.language === "python"
                ? await runPython(request.code, folder, LIMITS, tooLarge)
                : await runJavaScript(request.code, folder, LIMITS, stopAt(Date.now() + request.timeoutMs));
    } catch (error) {
        // A fault of the engine itself (not of the code): this process is not trusted with another run.
        broken = true;
        output = {stdout: "", stderr: "", stdoutCut: 0, stderrCut: 0, error: faultText(error)};
    }
    send({type: "result", id: request.id, ...output, ...changed(request.files, folder, tooLarge)});
    if (broken) setImmediate(() => process.exit(1));
}

/** A fault in words: a refusal of the permission model (a process, a file outside) says what it is. */
function faultText(error: unknown): string {
    const code = fieldOf(error, "code");
    const message = error instanceof Error ? error.message : String(error);
    if (code === "ERR_ACCESS_DENIED" || /has been restricted/.test(message))
        return `not allowed in the sandbox (${message}): programs cannot start processes or reach this computer's files`;
    return `the sandbox failed: ${message}`;
}

/** The files the run wrote or changed, within the limits; the others by name. */
function changed(
    before: SandboxFile[],
    after: Folder,
    tooLarge: string[],
): Pick<RunOutput, "files" | "filesLeftOut"> {
    const old = new Map(before.map((f) => [f.name, f.data]));
    const files: SandboxFile[] = [];
    const filesLeftOut = [...tooLarge];
    let bytes = 0;
    for (const [name, data] of after) {
        if (sameBytes(old.get(name), data)) continue;
        if (bytes + data.length > LIMITS.fileBytes || files.length >= LIMITS.fileCount)
            filesLeftOut.push(name);
        else {
            files.push({name, data});
            bytes += data.length;
        }
    }
    return {files, filesLeftOut};
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
    return a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** A WebAssembly memory asked to grow past the cap refuses: the engine reports it is out of memory. */
function capWasmMemory(): void {
    // main/'s types know no WebAssembly (no DOM library): its Memory is reached as the value it is.
    const prototype: unknown = Reflect.get(
        Reflect.get(Reflect.get(globalThis, "WebAssembly"), "Memory"),
        "prototype",
    );
    const grow: unknown = Reflect.get(Object(prototype), "grow");
    if (typeof grow !== "function") throw new Error("this Node has no WebAssembly memory");
    Object.defineProperty(prototype, "grow", {
        value: function capped(this: unknown, pages: number): unknown {
            const buffer: unknown = Reflect.get(Object(this), "buffer");
            const bytes = buffer instanceof ArrayBuffer ? buffer.byteLength : 0;
            if (bytes + pages * 65_536 > WASM_MEMORY_BYTES)
                throw new RangeError("the sandbox's memory limit");
            return Reflect.apply(grow, this, [pages]);
        },
        writable: false,
        configurable: false,
    });
}
