import {execFileSync, spawn} from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import type {Llama} from "node-llama-cpp";
import type {Words} from "../../shared/result.js";
import {wordsOf} from "../../shared/coreWords.js";

/**
 * Which llama.cpp CPU code runs: node-llama-cpp's prebuilt binaries (one of its CPU variants, chosen for this
 * processor; ggml starts its threads again for every token) or a build made here from its bundled source (this
 * CPU's own instructions; with Cairn's patch, one ggml thread pool kept per context, as llama-server keeps one).
 * Measured on a 2-core machine (issue 40), 1B layout, 2 threads, as a ratio to llama-server in the same run:
 * prebuilt 0.72-0.81×, built here without the kept pool 0.74-0.84×, with it 0.88-1.07×. An earlier Cairn built
 * with OpenMP, whose team of threads is per calling thread (one per libuv worker that decodes): such a build
 * is told to be made again. The same patch gives a draft model's guess its probability without sorting the
 * vocabulary: with the prebuilt binaries a tiny draft's guess took 11.4 ms here, 10.2 of them sorting Llama 3's
 * 128k tokens; built here, 1.9 ms.
 */
export type CpuBuild = {
    kind: "prebuilt" | "built here";
    /** The prebuilt CPU variant loaded (haswell, zen4, sapphirerapids…), when one is. */
    variant: string | null;
    /** The instruction sets and features llama.cpp reports (AVX2, FMA, OPENMP…). */
    features: string[];
    openmp: boolean;
};

export function cpuBuildOf(llama: Llama): CpuBuild {
    const features = [...llama.systemInfo.matchAll(/([A-Z0-9_]+) = 1/g)].map((m) => m[1]!);
    return {
        kind: llama.buildType === "localBuild" ? "built here" : "prebuilt",
        variant: loadedVariant(),
        features: features.filter((f) => f !== "OPENMP"),
        openmp: features.includes("OPENMP"),
    };
}

/** The prebuilt CPU variant this process mapped (Linux: /proc/self/maps names libggml-cpu-<variant>.so). */
function loadedVariant(): string | null {
    try {
        return /libggml-cpu-([a-z0-9_]+)\.so/.exec(fs.readFileSync("/proc/self/maps", "utf8"))?.[1] ?? null;
    } catch {
        return null;
    }
}

export const NATIVE_BUILD_COMMAND = "cairn doctor --build-native";

/** The doctor's line about the CPU build: which code runs, its instructions and its threads. */
export function cpuBuildLine(build: CpuBuild): string {
    const threads = build.openmp
        ? "OpenMP threads"
        : build.kind === "prebuilt"
          ? "ggml's threads, started again for every token"
          : "one ggml thread pool kept per model context";
    const what =
        build.kind === "prebuilt"
            ? `prebuilt binaries${build.variant ? `, variant ${build.variant}` : ""}`
            : "built here from llama.cpp's source";
    return `CPU build: ${what} (${build.features.join(", ")}; ${threads})`;
}

/**
 * Why a build made here would be faster than the CPU code that runs, or null where it would not (the CPU
 * backend's row in the doctor and the Models screen gives it with NATIVE_BUILD_COMMAND).
 */
export function nativeBuildAdvice(build: CpuBuild): Words | null {
    if (build.kind === "prebuilt")
        return wordsOf("cpuBuildPrebuilt", {variant: build.variant ? ` (${build.variant})` : ""});
    if (build.openmp) return wordsOf("cpuBuildOpenmp");
    return null;
}

/** The newest progress a cmake build printed, in percent: Ninja's "[12/150]" or make's "[ 45%]". */
export function buildPercent(log: string): number | null {
    const ninja = [...log.matchAll(/\[(\d+)\/(\d+)\]/g)].at(-1);
    if (ninja) return Math.floor((100 * Number(ninja[1])) / Number(ninja[2]));
    const make = [...log.matchAll(/\[\s*(\d{1,3})%\]/g)].at(-1);
    return make ? Number(make[1]) : null;
}

/**
 * Pauses a build while something more urgent runs (an answer being written): every process of its session
 * stopped (SIGSTOP), then continued. Its session, not its process group: ninja starts each compiler in a group
 * of its own. Measured on 2 cores, nice 19 alone was not enough: a 1B answer at 2 threads made 2.5 tokens/s
 * during a build against 29.2 alone (ggml's threads meet at a barrier for every layer, and a compiler holding
 * one core for a few milliseconds stalls them all). Windows has no SIGSTOP: idle priority only.
 */
export class BuildPause {
    private session: number | null = null;
    private held = false;

    /** The build's session (its leader's pid: the build is started in a session of its own), or null once ended. */
    attach(pid: number | null): void {
        this.session = pid;
        if (this.held) this.signal();
    }

    /** Whether the build is held now. */
    get paused(): boolean {
        return this.held;
    }

    set(held: boolean): void {
        if (held === this.held) return;
        this.held = held;
        this.signal();
    }

    private signal(): void {
        if (this.session === null || process.platform === "win32") return;
        const signal = this.held ? "SIGSTOP" : "SIGCONT";
        // Twice: a compiler started while the first pass ran is caught by the second.
        for (let pass = 0; pass < (this.held ? 2 : 1); pass++)
            for (const pid of sessionMembers(this.session)) {
                try {
                    process.kill(pid, signal);
                } catch {
                    // ended meanwhile
                }
            }
    }
}

/** The processes of a session: Linux's /proc, else `ps`. */
function sessionMembers(session: number): number[] {
    if (fs.existsSync("/proc/self/stat")) {
        const members: number[] = [];
        for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
            try {
                const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
                if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) === session)
                    members.push(Number(entry));
            } catch {
                // ended meanwhile
            }
        }
        return members;
    }
    try {
        const table = execFileSync("ps", ["-A", "-o", "pid=,sess="], {encoding: "utf8"});
        return table
            .split("\n")
            .map((line) => line.trim().split(/\s+/).map(Number))
            .filter(([pid, sess]) => sess === session && pid !== undefined)
            .map(([pid]) => pid!);
    } catch {
        return [session];
    }
}

/**
 * How a build runs: its environment, at the lowest CPU priority (its compilers too), paused while `pause` is
 * held, stopped by a signal.
 */
export type BuildRun = {
    env?: NodeJS.ProcessEnv;
    lowPriority?: boolean;
    signal?: AbortSignal;
    pause?: BuildPause;
};

/**
 * Runs a build command, its output kept (the last 40,000 characters) and its progress said at each further
 * tenth as "LABEL: 45% (12 s)", so that a build of several minutes is never silent. A build stopped by its
 * signal ends with its whole process group (cmake, make or ninja, the compilers).
 */
export async function runBuild(
    command: string,
    args: string[],
    label: string,
    progress: (line: string, step: {percent: number; seconds: number}) => void,
    run: BuildRun = {},
): Promise<{code: number | null; log: string}> {
    const started = performance.now();
    let log = "";
    let shown = -1;
    const group = process.platform !== "win32";
    const child = spawn(command, args, {stdio: ["ignore", "pipe", "pipe"], env: run.env, detached: group});
    // Set before the child starts its own children, which take its priority with them.
    if (run.lowPriority && child.pid !== undefined) lowerPriority(child.pid);
    if (group) run.pause?.attach(child.pid ?? null);
    const stop = () => {
        if (child.pid === undefined || child.exitCode !== null) return;
        if (!group) return void child.kill();
        // Every process of its session (a compiler in a group of its own too), continued if paused.
        for (const pid of sessionMembers(child.pid))
            for (const signal of ["SIGTERM", "SIGCONT"] as const) {
                try {
                    process.kill(pid, signal);
                } catch {
                    // already gone
                }
            }
    };
    run.signal?.addEventListener("abort", stop, {once: true});
    const read = (chunk: Buffer) => {
        log = (log + chunk.toString("utf8")).slice(-40_000);
        const percent = buildPercent(log);
        if (percent === null || Math.floor(percent / 10) <= shown) return;
        shown = Math.floor(percent / 10);
        const seconds = Math.round((performance.now() - started) / 1000);
        progress(`${label}: ${percent}% (${seconds} s)`, {percent, seconds});
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    const code = await new Promise<number | null>((resolve) => {
        child.on("error", (error) => {
            log += String(error);
            resolve(null);
        });
        child.on("close", resolve);
    });
    run.signal?.removeEventListener("abort", stop);
    run.pause?.attach(null);
    return {code, log};
}

/** The lowest priority the system gives (nice 19; on Windows, idle). */
function lowerPriority(pid: number): void {
    try {
        os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
    } catch {
        // left at normal priority: the build still runs
    }
}
