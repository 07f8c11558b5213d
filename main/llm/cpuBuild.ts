import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import type {Llama} from "node-llama-cpp";

/**
 * Which llama.cpp CPU code runs: node-llama-cpp's prebuilt binaries (one of its CPU variants, chosen for this
 * processor, with ggml's own thread pool) or a build made here from its bundled source (this CPU's own
 * instructions, OpenMP). Measured on a 2-core machine (issue 40): with 2 threads the prebuilt binaries made
 * 64-105 tokens/s on stories260K where the build made here made 430-1,100 (llama-server 1,700-3,700); on the
 * 1B layout (weights read in) it was 0-8% ahead of the prebuilt zen4 variant, within the machine's noise.
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

/** The doctor's lines about the CPU build, with the command that makes a native one where there is none. */
export function cpuBuildLines(build: CpuBuild): string[] {
    const threads = build.openmp ? "OpenMP threads" : "ggml's own thread pool, no OpenMP";
    const what =
        build.kind === "prebuilt"
            ? `prebuilt binaries${build.variant ? `, variant ${build.variant}` : ""}`
            : "built here from llama.cpp's source";
    const lines = [`CPU build: ${what} (${build.features.join(", ")}; ${threads})`];
    if (build.kind === "prebuilt")
        lines.push(
            `  a build for this CPU (its own instructions, OpenMP) generates several times faster on tiny models with 2 threads, and 0-8% on a 1B model (issue 40): ${NATIVE_BUILD_COMMAND} (5-8 minutes on 2 cores, once; needs cmake and a C++ compiler)`,
        );
    return lines;
}

/** The newest progress a cmake build printed, in percent: Ninja's "[12/150]" or make's "[ 45%]". */
export function buildPercent(log: string): number | null {
    const ninja = [...log.matchAll(/\[(\d+)\/(\d+)\]/g)].at(-1);
    if (ninja) return Math.floor((100 * Number(ninja[1])) / Number(ninja[2]));
    const make = [...log.matchAll(/\[\s*(\d{1,3})%\]/g)].at(-1);
    return make ? Number(make[1]) : null;
}

/**
 * Builds node-llama-cpp's CPU backend from the llama.cpp source it ships (its git bundle: nothing is
 * downloaded), with this CPU's instructions and OpenMP; node-llama-cpp then loads it instead of the prebuilt
 * binaries (a failed build leaves those in use). Progress goes to `progress` at each further tenth.
 */
export async function buildNative(progress: (line: string) => void): Promise<{ok: boolean; log: string}> {
    const cli = path.join(
        path.dirname(fileURLToPath(import.meta.resolve("node-llama-cpp"))),
        "cli",
        "cli.js",
    );
    const {code, log} = await runBuild(
        process.execPath,
        [cli, "source", "download", "--gpu", "false", "--noUsageExample"],
        "building llama.cpp for this CPU",
        progress,
    );
    return {ok: code === 0, log};
}

/**
 * Runs a build command, its output kept (the last 40,000 characters) and its progress said at each further
 * tenth as "LABEL: 45% (12 s)", so that a build of several minutes is never silent.
 */
export async function runBuild(
    command: string,
    args: string[],
    label: string,
    progress: (line: string) => void,
): Promise<{code: number | null; log: string}> {
    const started = performance.now();
    let log = "";
    let shown = -1;
    const child = spawn(command, args, {stdio: ["ignore", "pipe", "pipe"]});
    const read = (chunk: Buffer) => {
        log = (log + chunk.toString("utf8")).slice(-40_000);
        const percent = buildPercent(log);
        if (percent === null || Math.floor(percent / 10) <= shown) return;
        shown = Math.floor(percent / 10);
        progress(`${label}: ${percent}% (${((performance.now() - started) / 1000).toFixed(0)} s)`);
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
    return {code, log};
}
