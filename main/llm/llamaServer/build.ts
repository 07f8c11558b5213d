import {execFile, execFileSync} from "node:child_process";
import fs from "node:fs";
import {createRequire} from "node:module";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {promisify} from "node:util";
import {runBuild} from "../cpuBuild.js";
import {ON_PREBUILT_CMAKE} from "./onPrebuiltCmake.js";

const run = promisify(execFile);

/**
 * How llama-server is built from the llama.cpp source node-llama-cpp ships (its git bundle: nothing is
 * downloaded). "app": what Cairn runs for local vision: the server alone, optimised, linked against
 * node-llama-cpp's prebuilt llama.cpp libraries of the same source where they are installed (Linux x64), else
 * the whole tree. "test": the same at -O0, for the tests' tiny models, whose answers do not depend on its speed
 * (47 s on 2 cores against 310 s for the whole tree, measured 2026-11-27). "release": llama.cpp's own Release
 * build of the whole tree (-O3), for the speed figures of `npm run bench:llama-server`. Each is kept on its own.
 */
export type LlamaServerBuild = "app" | "test" | "release";

/** Where builds are kept (a folder of Cairn's own) and where their progress goes. */
export type BuildPlace = {home: string; progress: (line: string) => void};

/** node-llama-cpp's package folder (its entry is dist/index.js). */
function nodeLlamaCppFolder(): string {
    return path.dirname(path.dirname(fileURLToPath(import.meta.resolve("node-llama-cpp"))));
}

/** The git bundle of llama.cpp's source that node-llama-cpp ships. */
export function llamaSourceBundle(): string {
    return path.join(nodeLlamaCppFolder(), "llama", "gitRelease.bundle");
}

/** The bundle fetched once into a bare repository under `home` (its branch "source"). */
export function llamaSourceRepo(home: string): string {
    const repo = path.join(home, "llama-src.git");
    if (!fs.existsSync(path.join(repo, "refs/heads/source"))) {
        fs.mkdirSync(repo, {recursive: true});
        execFileSync("git", ["init", "-q", "--bare", repo]);
        execFileSync("git", [
            "--git-dir",
            repo,
            "fetch",
            "-q",
            llamaSourceBundle(),
            "HEAD:refs/heads/source",
        ]);
    }
    return repo;
}

/** Where the build of this kind is (or would be) kept: one folder per llama.cpp commit and kind. */
export function llamaServerPath(home: string, build: LlamaServerBuild): string {
    const libraries = build === "release" ? null : prebuiltLibraries();
    const commit = sourceCommit();
    return path.join(home, `llama-server-${commit}${cacheSuffix(build, libraries)}`, "bin", "llama-server");
}

/** The build of this kind kept under `home`, if there is one (null: none, or no git to name it). */
export function builtLlamaServer(home: string, build: LlamaServerBuild): string | null {
    try {
        const binary = llamaServerPath(home, build);
        return fs.existsSync(binary) ? binary : null;
    } catch {
        return null;
    }
}

/**
 * The bundled source's commit, short (read from the bundle's header: nothing is fetched), once per process:
 * local vision looks for its server at each question with an image, and the bundle does not change under it.
 */
let commit: string | undefined;
function sourceCommit(): string {
    commit ??= execFileSync("git", ["bundle", "list-heads", llamaSourceBundle()], {encoding: "utf8"}).slice(
        0,
        7,
    );
    return commit;
}

/**
 * llama.cpp's own `llama-server` (CPU), built once under `home` and kept (progress and the time are said).
 * Needs git, cmake and a C++ compiler; a failure throws with the end of the build's log.
 */
export async function buildLlamaServer(
    build: LlamaServerBuild,
    {home, progress}: BuildPlace,
): Promise<string> {
    const binary = llamaServerPath(home, build);
    if (fs.existsSync(binary)) return binary;
    const libraries = build === "release" ? null : prebuiltLibraries();
    fs.mkdirSync(home, {recursive: true});
    const work = fs.mkdtempSync(path.join(home, "llama-server-build-"));
    const started = performance.now();
    try {
        await run("sh", [
            "-c",
            `git --git-dir "${llamaSourceRepo(home)}" archive source | tar -x -C "${work}"`,
        ]);
        fs.mkdirSync(path.dirname(binary), {recursive: true});
        let built = false;
        if (libraries) {
            progress(`building llama-server on node-llama-cpp's prebuilt libraries (once)…`);
            built = await buildOnPrebuilt(work, libraries.folder, build, progress).then(
                () => true,
                (error: Error) => {
                    progress(`${error.message}\nbuilding the whole llama.cpp tree instead…`);
                    return false;
                },
            );
            if (built)
                for (const name of fs.readdirSync(libraries.folder).filter((n) => n.endsWith(".so")))
                    fs.copyFileSync(path.join(libraries.folder, name), path.join(path.dirname(binary), name));
        }
        if (libraries && !built) restoreUpstream(work);
        if (!built) {
            progress(`building llama-server (${build} build) from node-llama-cpp's bundled source (once)…`);
            await buildWholeTree(work, build, progress);
        }
        fs.copyFileSync(path.join(work, "build", "bin", "llama-server"), `${binary}.${process.pid}.part`);
        fs.chmodSync(`${binary}.${process.pid}.part`, 0o755);
        fs.renameSync(`${binary}.${process.pid}.part`, binary);
    } finally {
        fs.rmSync(work, {recursive: true, force: true});
    }
    progress(`built llama-server in ${((performance.now() - started) / 1000).toFixed(0)} s: ${binary}`);
    return binary;
}

/** node-llama-cpp's prebuilt CPU libraries for this machine, where it ships them with llama-common (Linux x64). */
function prebuiltLibraries(): {folder: string; version: string} | null {
    if (process.platform !== "linux" || process.arch !== "x64") return null;
    try {
        // The packages' package.json files are not exported, so are found from their entries.
        const manifest = path.join(nodeLlamaCppFolder(), "package.json");
        const {version} = JSON.parse(fs.readFileSync(manifest, "utf8")) as {version: string};
        const binaries = path.dirname(
            path.dirname(createRequire(manifest).resolve("@node-llama-cpp/linux-x64")),
        );
        const folder = path.join(binaries, "bins", "linux-x64");
        return fs.existsSync(path.join(folder, "libllama-common.so")) ? {folder, version} : null;
    } catch {
        return null;
    }
}

function cacheSuffix(build: LlamaServerBuild, libraries: {version: string} | null): string {
    if (build === "release") return "";
    if (build === "app") return libraries ? `-on-node-llama-cpp-${libraries.version}` : "-app";
    // "unity": the recipe of onPrebuiltCmake.ts (a binary built by an earlier one is built again).
    return libraries ? `-on-node-llama-cpp-${libraries.version}-unity` : "-O0";
}

const UNOPTIMISED = ["-DCMAKE_C_FLAGS_RELEASE=-O0 -DNDEBUG", "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"];

/** The server alone, on the prebuilt libraries in `folder`: onPrebuiltCmake.ts over the tree's top level. */
async function buildOnPrebuilt(
    work: string,
    folder: string,
    build: LlamaServerBuild,
    progress: (line: string) => void,
): Promise<void> {
    fs.renameSync(path.join(work, "CMakeLists.txt"), path.join(work, "CMakeLists.upstream.txt"));
    fs.writeFileSync(path.join(work, "CMakeLists.txt"), ON_PREBUILT_CMAKE);
    const options = [`-DNLC_BINS=${folder}`, "-DBUILD_SHARED_LIBS=OFF"];
    await configureAndBuild(work, build === "test" ? [...options, ...UNOPTIMISED] : options, progress);
}

/** Undoes buildOnPrebuilt's changes to the tree, for a build of the whole of it. */
function restoreUpstream(work: string): void {
    const upstream = path.join(work, "CMakeLists.upstream.txt");
    if (fs.existsSync(upstream)) fs.renameSync(upstream, path.join(work, "CMakeLists.txt"));
    fs.rmSync(path.join(work, "build"), {recursive: true, force: true});
}

async function buildWholeTree(
    work: string,
    build: LlamaServerBuild,
    progress: (line: string) => void,
): Promise<void> {
    const options = [
        "-DBUILD_SHARED_LIBS=OFF",
        "-DLLAMA_CURL=OFF",
        "-DLLAMA_BUILD_TESTS=OFF",
        "-DLLAMA_BUILD_EXAMPLES=OFF",
        "-DLLAMA_BUILD_SERVER=ON",
    ];
    await configureAndBuild(work, build === "test" ? [...options, ...UNOPTIMISED] : options, progress);
}

async function configureAndBuild(
    work: string,
    options: string[],
    progress: (line: string) => void,
): Promise<void> {
    const generator = hasCommand("ninja") ? ["-G", "Ninja"] : [];
    const out = path.join(work, "build");
    await cmake([...generator, "-S", work, "-B", out, "-DCMAKE_BUILD_TYPE=Release", ...options], progress);
    const jobs = String(Math.max(1, os.availableParallelism()));
    await cmake(["--build", out, "--target", "llama-server", "-j", jobs], progress);
}

/** Runs cmake, its progress said at each further tenth (runBuild); a failure throws with its log's end. */
async function cmake(args: string[], progress: (line: string) => void): Promise<void> {
    if (!hasCommand("cmake"))
        throw new Error("building llama-server needs cmake and a C++ compiler (apt-get install cmake g++)");
    const {code, log} = await runBuild("cmake", args, "llama-server build", progress);
    if (code !== 0)
        throw new Error(
            `cmake ${args.includes("--build") ? "build" : "configure"} failed (exit ${code}):\n${log.slice(-4000)}`,
        );
}

function hasCommand(name: string): boolean {
    try {
        execFileSync("sh", ["-c", `command -v ${name}`], {stdio: "ignore"});
        return true;
    } catch {
        return false;
    }
}
