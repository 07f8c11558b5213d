// Runs code in a separate process, one per conversation, under Node's permission model: it may read Cairn's own
// files (the engines) and nothing else, write nothing, start no process or thread, and make no code from
// strings; lockdown.ts closes the network in it. The process is ended at the wall-clock limit, on Stop, or when
// it misbehaves; an idle one is ended after a while (a conversation's Python variables go with it).
import {execFileSync, fork, spawn, type ChildProcess, type StdioOptions} from "node:child_process";
import fs from "node:fs";
import {createRequire} from "node:module";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {fieldOf} from "../../shared/json.js";
import {appRoot} from "../appRoot.js";
import {replyOf, type Language, type Reply, type RunOutput, type SandboxFile} from "./protocol.js";

export type RunResult = RunOutput & {
    /** How the run ended when the code did not end it: at the limit, on Stop, or with its process. */
    ended?: "timeout" | "cancelled" | "crashed";
    /** The conversation's Python session was started anew before this run: earlier variables are gone. */
    restarted?: boolean;
};

export type RunOptions = {
    /** Whose process runs it (a conversation): runs of one key share a process, one at a time. */
    key: string;
    language: Language;
    code: string;
    files: SandboxFile[];
    timeoutMs: number;
    signal?: AbortSignal;
};

export type SandboxOptions = {
    /** Processes kept waiting for their conversation's next run; more are ended, the longest idle first. */
    keep: number;
    /** An idle process is ended after this long. */
    idleMs: number;
    /** The most a process may take to start and load its engine before the code starts. */
    loadMs: number;
};

const DEFAULTS: SandboxOptions = {keep: 2, idleMs: 5 * 60_000, loadMs: 60_000};

/** How long after the limit a process that has not answered is ended (QuickJS stops itself at the limit). */
const GRACE_MS = 1_000;

type Slot = {
    child: ChildProcess;
    ready: Promise<void>;
    queue: Promise<unknown>;
    idle?: NodeJS.Timeout;
    python: boolean;
};

export class Sandbox {
    private readonly slots = new Map<string, Slot>();
    /** Keys whose Python session was lost since their last run. */
    private readonly lost = new Set<string>();
    private nextId = 0;
    private readonly options: SandboxOptions;

    constructor(options: Partial<SandboxOptions> = {}) {
        this.options = {...DEFAULTS, ...options};
    }

    /** Runs code in the key's process, after its earlier runs; never throws for the code's faults. */
    run(options: RunOptions): Promise<RunResult> {
        const slot = this.slotFor(options.key);
        const result = slot.queue.then(() => this.runIn(slot, options));
        slot.queue = result.catch(() => undefined);
        return result;
    }

    /** Ends every process (at exit, and in tests). */
    close(): void {
        for (const key of [...this.slots.keys()]) this.end(key);
    }

    private slotFor(key: string): Slot {
        const kept = this.slots.get(key);
        if (kept && kept.child.exitCode === null && kept.child.signalCode === null) {
            // Busy again: no longer among the idle ones trim() may end.
            clearTimeout(kept.idle);
            kept.idle = undefined;
            return kept;
        }
        this.trim();
        const child = startChild();
        const slot: Slot = {
            child,
            ready: readyOf(child, this.options.loadMs),
            queue: Promise.resolve(),
            python: false,
        };
        child.once("exit", () => this.drop(key, slot));
        this.slots.set(key, slot);
        return slot;
    }

    /** Ends idle processes beyond the number kept. */
    private trim(): void {
        const idle = [...this.slots].filter(([, slot]) => slot.idle !== undefined);
        for (const [key] of idle.slice(0, Math.max(0, idle.length - this.options.keep + 1))) this.end(key);
    }

    /** Ends the key's process now; its next run starts a new one (a Python session is then said to be new). */
    private end(key: string): void {
        const slot = this.slots.get(key);
        if (!slot) return;
        this.drop(key, slot);
        clearTimeout(slot.idle);
        slot.child.kill("SIGKILL");
    }

    private drop(key: string, slot: Slot): void {
        if (this.slots.get(key) !== slot) return;
        this.slots.delete(key);
        if (slot.python) this.lost.add(key);
    }

    private async runIn(slot: Slot, options: RunOptions): Promise<RunResult> {
        const restarted = options.language === "python" && this.lost.delete(options.key);
        slot.python ||= options.language === "python";
        const result = await this.exchange(slot, options).catch((error: unknown): RunResult => ({
            ...EMPTY,
            error: String(error instanceof Error ? error.message : error),
            ended: "crashed",
        }));
        if (result.ended) this.end(options.key);
        else {
            slot.idle = setTimeout(() => this.end(options.key), this.options.idleMs);
            slot.idle.unref();
        }
        return restarted ? {...result, restarted} : result;
    }

    /** Sends one run and waits for its result, its limit, Stop or the end of the process, whichever is first. */
    private async exchange(slot: Slot, options: RunOptions): Promise<RunResult> {
        await slot.ready;
        const id = this.nextId++;
        const {child} = slot;
        return new Promise<RunResult>((resolve) => {
            const timers: NodeJS.Timeout[] = [];
            const done = (result: RunResult) => {
                for (const timer of timers) clearTimeout(timer);
                child.off("message", onMessage);
                child.off("exit", onExit);
                options.signal?.removeEventListener("abort", onAbort);
                resolve(result);
            };
            const seconds = Math.round(options.timeoutMs / 1000);
            const onMessage = (message: unknown) => {
                const reply: Reply | null = replyOf(message);
                if (reply === null)
                    return done({...EMPTY, error: "the sandbox sent something unreadable", ended: "crashed"});
                if (reply.type === "started" && reply.id === id) {
                    // Loaded: from here the run's own limit counts, not the load's.
                    clearTimeout(loading);
                    timers.push(
                        setTimeout(
                            () =>
                                done({
                                    ...EMPTY,
                                    error: `stopped: the run passed its time limit of ${seconds} s`,
                                    ended: "timeout",
                                }),
                            options.timeoutMs + GRACE_MS,
                        ),
                    );
                }
                if (reply.type === "result" && reply.id === id) {
                    const {type: _type, id: _id, ...output} = reply;
                    done(
                        output.error === "stopped: the run passed its time limit"
                            ? {...output, error: `stopped: the run passed its time limit of ${seconds} s`}
                            : output,
                    );
                }
            };
            const onExit = () =>
                done({
                    ...EMPTY,
                    error: "the sandbox ended before the run did (out of memory?)",
                    ended: "crashed",
                });
            const onAbort = () => done({...EMPTY, error: "stopped", ended: "cancelled"});
            if (options.signal?.aborted) return onAbort();
            child.on("message", onMessage);
            child.once("exit", onExit);
            options.signal?.addEventListener("abort", onAbort, {once: true});
            const loading = setTimeout(
                () => done({...EMPTY, error: "the sandbox did not start in time", ended: "crashed"}),
                this.options.loadMs,
            );
            timers.push(loading);
            child.send({
                type: "run",
                id,
                language: options.language,
                code: options.code,
                files: options.files,
                timeoutMs: options.timeoutMs,
            });
        });
    }
}

const EMPTY: RunOutput = {stdout: "", stderr: "", stdoutCut: 0, stderrCut: 0, files: [], filesLeftOut: []};

/** Resolves when the process says it is ready; rejects when it ends first or takes longer than `ms`. */
function readyOf(child: ChildProcess, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the sandbox did not start in time")), ms);
        child.once("message", () => {
            clearTimeout(timer);
            resolve();
        });
        child.once("exit", () => {
            clearTimeout(timer);
            const why = lastError(stderrs.get(child)?.() ?? "");
            reject(new Error(`the sandbox could not start${why ? `: ${why}` : ""}`));
        });
    });
}

/** What each process wrote on stderr lately. */
const stderrs = new WeakMap<ChildProcess, () => string>();

/** The line of a crash's output that names the error ("TypeError: …"), else its last line. */
function lastError(said: string): string {
    const lines = said
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    return lines.find((l) => /^[A-Za-z]*Error\b/.test(l)) ?? lines.at(-1) ?? "";
}

/** The process, with the permission model's locks and none of Cairn's environment (its keys stay here). */
function startChild(): ChildProcess {
    // Electron's binary runs no plain Node script (its RunAsNode fuse is off): the desktop app needs a utility
    // process with the same locks, not built yet.
    if (process.versions.electron)
        throw new Error(
            "run_code is not available in the desktop window yet: run it through `cairn chat` or `cairn serve`",
        );
    const root = appRoot();
    const execArgv = [
        "--experimental-permission",
        `--allow-fs-read=${root}${path.sep}`,
        "--disallow-code-generation-from-strings",
        "--max-old-space-size=256",
        "--no-warnings",
    ];
    const options = {
        env: {},
        // Its stderr says why it could not start (a missing engine, a Node without the permission model).
        stdio: ["ignore", "ignore", "pipe", "ipc"] satisfies StdioOptions,
        serialization: "advanced" as const,
    };
    // Linux: the kernel kills the process when Cairn's ends, however it ends: a Python loop holds the process's
    // only thread, so nothing in it could notice (setpriv sets the parent-death signal, then runs Node).
    const wrapper = deathSignalWrapper();
    const child = wrapper
        ? spawn(wrapper, ["--pdeathsig", "KILL", "--", process.execPath, ...execArgv, childScript()], options)
        : fork(childScript(), [], {execArgv, ...options});
    child.on("error", () => undefined);
    let said = "";
    child.stderr?.on("data", (chunk: Buffer) => {
        said = (said + chunk.toString("utf8")).slice(-2_000);
    });
    stderrs.set(child, () => said);
    return child;
}

/**
 * The child's script: built beside this module (out/main, out/electron, out/test). Run from the sources (tsx),
 * it is bundled here on first use, as the permission model lets the process load no TypeScript loader.
 */
function childScript(): string {
    const here = fileURLToPath(import.meta.url);
    if (!here.endsWith(".ts")) return path.join(path.dirname(here), "sandboxChild.js");
    built ??= buildFromSources(path.join(path.dirname(here), "sandboxChild.ts"));
    return built;
}

let built: string | undefined;

function buildFromSources(entry: string): string {
    const esbuild: unknown = createRequire(import.meta.url)("esbuild");
    const outfile = path.join(appRoot(), ".cache", "sandbox", "sandboxChild.mjs");
    const buildSync = fieldOf(esbuild, "buildSync");
    if (typeof buildSync !== "function")
        throw new Error("esbuild is needed to run the sandbox from the sources");
    Reflect.apply(buildSync, esbuild, [
        {
            entryPoints: [entry],
            outfile,
            bundle: true,
            packages: "external",
            platform: "node",
            format: "esm",
            logLevel: "error",
        },
    ]);
    return outfile;
}

let wrapper: string | null | undefined;

/** util-linux's setpriv where it can set the parent-death signal (Linux); null elsewhere. Checked once. */
function deathSignalWrapper(): string | null {
    if (wrapper !== undefined) return wrapper;
    wrapper = null;
    const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((file) => fs.existsSync(file));
    if (process.platform !== "linux" || !setpriv) return wrapper;
    try {
        const help = execFileSync(setpriv, ["--help"], {encoding: "utf8", timeout: 5_000});
        if (help.includes("--pdeathsig")) wrapper = setpriv;
    } catch {
        // An old setpriv: the process ends with Cairn only when it is not running Python.
    }
    return wrapper;
}
