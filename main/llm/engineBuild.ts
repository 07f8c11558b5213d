import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import type {EngineBuildStatus} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {processAlive} from "../store/temporaries.js";
import {NATIVE_BUILD_COMMAND, runBuild, type BuildRun} from "./cpuBuild.js";

/**
 * Cairn's own llama.cpp engine: node-llama-cpp's bundled source with Cairn's patches (patches/), built on this
 * computer for its CPU, where the prebuilt binaries run ggml's threads again for every token (issue 74: 0.80 of
 * llama-server's generation; built here with the kept thread pool, 0.96). Built without shared libraries, so
 * that the addon holds its own llama.cpp: it loads beside the prebuilt binding a process has already loaded
 * (the same library names would otherwise bind it to the prebuilt code), and the switch happens at the next
 * model load. Kept in node-llama-cpp's own folder of local builds, under a name keyed by the patched source.
 */

/**
 * "here": this CPU's own instructions (built on the machine that runs it, in the background or by `cairn doctor
 * --build-native`). "release": a portable build (x64: AVX2, FMA and F16C; arm64: the platform's baseline), made
 * per platform and backend by the release workflow (.github/workflows/release.yml) and packed into the app.
 */
export type EngineFlavor = "here" | "release";

/** x64's baseline of a release engine: Haswell's instructions (2013), which llama.cpp's fast paths need. */
const RELEASE_X64 = {GGML_AVX: "ON", GGML_AVX2: "ON", GGML_FMA: "ON", GGML_F16C: "ON"};

/** The CMake options that make Cairn's engine, with the key that names its folder. */
export function engineCmakeOptions(flavor: EngineFlavor = "here"): Record<string, string> {
    const release =
        flavor === "release" ? {GGML_NATIVE: "OFF", ...(process.arch === "x64" ? RELEASE_X64 : {})} : {};
    return {
        ...release,
        BUILD_SHARED_LIBS: "OFF",
        // Not read by the build: it puts the source's key in the folder's name (node-llama-cpp hashes the options).
        CAIRN_ENGINE: flavor === "release" ? `${engineKey()}-release` : engineKey(),
        // The static llama.cpp stays the addon's own: none of its symbols is exported to bind another's.
        ...(process.platform === "linux" ? {CMAKE_SHARED_LINKER_FLAGS: "-Wl,--exclude-libs,ALL"} : {}),
    };
}

function nodeLlamaCppFolder(): string {
    return path.dirname(path.dirname(fileURLToPath(import.meta.resolve("node-llama-cpp"))));
}

let key: string | null = null;

/**
 * The key of the source the engine is built from: node-llama-cpp's version, its llama.cpp release and the
 * files Cairn's patches change (the addon's C++ and the build script), so that new patches build anew.
 * CAIRN_ENGINE_KEY names another (tests keep theirs apart from a real build).
 */
export function engineKey(): string {
    if (process.env.CAIRN_ENGINE_KEY) return process.env.CAIRN_ENGINE_KEY;
    if (key) return key;
    const root = nodeLlamaCppFolder();
    const hash = createHash("sha256");
    const files = [
        "package.json",
        path.join("llama", "llama.cpp.info.json"),
        path.join("dist", "bindings", "utils", "compileLLamaCpp.js"),
        ...fs
            .readdirSync(path.join(root, "llama", "addon"), {recursive: true, encoding: "utf8"})
            .filter((file) => /\.(cpp|h)$/.test(file))
            .sort()
            .map((file) => path.join("llama", "addon", file)),
    ];
    for (const file of files) hash.update(file).update(fs.readFileSync(path.join(root, file)));
    key = hash.digest("hex").slice(0, 12);
    return key;
}

/** node-llama-cpp's name for a platform (its getPlatform). */
function platformName(): string {
    if (process.platform === "win32") return "win";
    return process.platform === "darwin" ? "mac" : process.platform;
}

/** The backend an engine is built for: the CPU alone (false), or a GPU's with the CPU's beside it. */
export type EngineGpu = false | "cuda" | "vulkan" | "metal";

/**
 * The folder node-llama-cpp builds the engine in and loads it from: `<platform>-<arch>-<hash of the CMake
 * options>` under llama/localBuilds, as its getBuildFolderNameForBuildOptions names it (SHA-1, each byte in
 * base 36). A real build checks that it landed here (buildEngine), so a change of that naming fails loudly.
 */
export function engineFolder(gpu: EngineGpu = false, flavor: EngineFlavor = "here"): string {
    const options = Object.entries(engineCmakeOptions(flavor))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
        .join(";");
    const hash = [...createHash("sha1").update(options).digest()].map((b) => b.toString(36)).join("");
    const name = [platformName(), process.arch, ...(gpu ? [gpu] : []), hash].join("-");
    return path.join(nodeLlamaCppFolder(), "llama", "localBuilds", name);
}

/** Whether the engine is built: its addon, its metadata and the mark of a finished build (as node-llama-cpp checks). */
export function engineBuilt(gpu: EngineGpu = false, flavor: EngineFlavor = "here"): boolean {
    const folder = engineFolder(gpu, flavor);
    return ["Release/llama-addon.node", "Release/_nlcBuildMetadata.json", "buildDone.status"].every((file) =>
        fs.existsSync(path.join(folder, file)),
    );
}

/**
 * The engine this computer runs: its own build, else a release's where its CPU has the release's instructions
 * (Linux says so in /proc/cpuinfo; elsewhere an x64 CPU without AVX2, from before 2013, is taken as rare).
 */
export function engineInUse(): EngineFlavor | null {
    if (engineBuilt()) return "here";
    return engineBuilt(false, "release") && releaseFits() ? "release" : null;
}

function releaseFits(): boolean {
    if (process.arch !== "x64" || process.platform !== "linux") return true;
    try {
        const flags =
            /^flags\s*:(.*)$/m.exec(fs.readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.split(" ") ?? [];
        return ["avx2", "fma", "f16c"].every((flag) => flags.includes(flag));
    } catch {
        return false;
    }
}

/** A program on PATH (with Windows' extensions), or null. */
export function onPath(program: string, searchPath = process.env.PATH ?? ""): string | null {
    const extensions = process.platform === "win32" ? ["", ".exe", ".cmd"] : [""];
    for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
        for (const extension of extensions) {
            const file = path.join(dir, program + extension);
            try {
                fs.accessSync(file, fs.constants.X_OK);
                if (fs.statSync(file).isFile()) return file;
            } catch {
                // not here
            }
        }
    }
    return null;
}

/** What a build needs: CMake and a C++ compiler on PATH (nothing is downloaded). The missing ones, named. */
export function missingTools(searchPath = process.env.PATH ?? ""): string[] {
    const compilers = process.platform === "win32" ? ["cl", "clang++"] : ["c++", "g++", "clang++"];
    return [
        ...(onPath("cmake", searchPath) ? [] : ["CMake"]),
        ...(compilers.some((c) => onPath(c, searchPath)) ? [] : ["a C++ compiler"]),
    ];
}

export type BuildProgress = {percent: number; seconds: number};

/**
 * Builds the engine: node-llama-cpp's `source download` (its git bundle: nothing is downloaded) with the
 * engine's CMake options; in the background at the lowest CPU priority, so that an answer keeps the processor.
 */
export async function buildEngine(
    progress: (line: string, step: BuildProgress) => void,
    run: Omit<BuildRun, "env"> & {gpu?: EngineGpu; flavor?: EngineFlavor} = {},
): Promise<{ok: boolean; log: string}> {
    const {gpu = false, flavor = "here", ...how} = run;
    const cli = path.join(nodeLlamaCppFolder(), "dist", "cli", "cli.js");
    const env: NodeJS.ProcessEnv = {...process.env};
    for (const [name, value] of Object.entries(engineCmakeOptions(flavor)))
        env[`NODE_LLAMA_CPP_CMAKE_OPTION_${name}`] = value;
    const {code, log} = await runBuild(
        process.execPath,
        [cli, "source", "download", "--gpu", String(gpu), "--noUsageExample"],
        `building Cairn's engine for ${gpu || "this CPU"}`,
        progress,
        {env, ...how},
    );
    if (code !== 0) return {ok: false, log};
    if (!engineBuilt(gpu, flavor))
        return {
            ok: false,
            log: `${log}\nthe build finished, but not in ${engineFolder(gpu, flavor)}, where Cairn loads it from`,
        };
    return {ok: true, log};
}

/**
 * What a release packs of a built engine: its Release folder (the addon, its metadata) and the mark of a
 * finished build. The build tree beside them (objects, CMake's files: hundreds of MB) is removed.
 */
export function pruneEngine(gpu: EngineGpu = false, flavor: EngineFlavor = "here"): void {
    const folder = engineFolder(gpu, flavor);
    for (const entry of fs.readdirSync(folder))
        if (entry !== "Release" && entry !== "buildDone.status")
            fs.rmSync(path.join(folder, entry), {recursive: true, force: true});
}

export type EngineBuilder = typeof buildEngine;

/** A small JSON object from a file, or null where there is none. */
function readJson(file: string): Record<string, unknown> | null {
    try {
        const value: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
        return value && typeof value === "object" ? Object.fromEntries(Object.entries(value)) : null;
    } catch {
        return null;
    }
}

/** Where a build under way tells other Cairn processes (`cairn doctor`) how far it has got. */
function statusFile(): string {
    return `${engineFolder()}.cairn-build.json`;
}

/** Told by the process that builds: each change of its status (kept until the build is over). */
export function shareBuildStatus(status: EngineBuildStatus): void {
    try {
        if (status.state === "building") {
            fs.mkdirSync(path.dirname(statusFile()), {recursive: true});
            fs.writeFileSync(statusFile(), JSON.stringify({pid: process.pid, percent: status.percent}));
        } else fs.rmSync(statusFile(), {force: true});
    } catch {
        // other processes then say "prebuilt" until it is built
    }
}

/** The engine's status as any process sees it: built, being built by a live Cairn process, or prebuilt. */
export function builtOrPrebuilt(): EngineBuildStatus {
    // A packaged app's release engine is Cairn's engine too (its patches, its thread pool), built for any CPU.
    if (engineInUse()) return {state: "built-here", percent: null, words: null};
    const told = readJson(statusFile());
    const pid = told?.pid;
    if (typeof pid === "number" && pid !== process.pid && processAlive(pid))
        return {
            state: "building",
            percent: typeof told?.percent === "number" ? told.percent : null,
            words: null,
        };
    return {state: "prebuilt", percent: null, words: null};
}

/** A build log's last line (what failed), at most 300 characters. */
export function lastLine(log: string): string {
    return (log.trim().split("\n").filter(Boolean).at(-1) ?? "no output").slice(0, 300);
}

/** A failed build's words: its log's last line. */
export function buildFailure(log: string): EngineBuildStatus {
    return {state: "failed", percent: null, words: wordsOf("engineBuildFailed", {reason: lastLine(log)})};
}

/** The doctor's line about Cairn's engine. */
export function engineBuildLine(status: EngineBuildStatus): string {
    if (status.state === "built-here") return "Cairn's engine: built here for this CPU; models load on it";
    if (status.state === "building")
        return `Cairn's engine: being built in the background (${status.percent ?? 0}%); used from the next model load`;
    return `Cairn's engine: not built; the app and cairn serve build it in the background when a model runs on the prebuilt binaries, or now: ${NATIVE_BUILD_COMMAND}`;
}
