import {execFile, execFileSync, spawn, type ChildProcess} from "node:child_process";
import fs from "node:fs";
import {createRequire} from "node:module";
import os from "node:os";
import path from "node:path";
import {fileURLToPath} from "node:url";
import {promisify} from "node:util";
import {runBuild} from "../../main/llm/cpuBuild.js";
import {ROOT} from "./paths.js";
import {CACHE, llamaSourceRepo} from "./templateModel.js";

const run = promisify(execFile);

/**
 * How llama-server is built. "test": for the tests' tiny models, whose answers do not depend on its speed: the
 * server alone (-O0) linked against node-llama-cpp's prebuilt llama.cpp libraries of the same source, where
 * they are installed (Linux x64), its files compiled a few at a time as one (llamaServerOnPrebuilt.cmake): 47 s
 * on 2 cores (67 s of CPU) against 310 s (527 s) for the whole tree at -O0, measured 2026-11-27; elsewhere, or if that build fails, the whole tree at -O0. "release": llama.cpp's
 * own Release build of the whole tree (-O3), for the speed figures of `npm run bench:llama-server`. Each is
 * cached on its own.
 */
export type LlamaServerBuild = "test" | "release";

/**
 * llama.cpp's own `llama-server` (CPU), built once from the llama.cpp source node-llama-cpp ships and cached
 * under the OS temp folder (progress and the time are printed). Needs cmake and a C++ compiler.
 */
export async function llamaServerBinary(build: LlamaServerBuild = "test"): Promise<string> {
    const repo = llamaSourceRepo();
    const commit = execFileSync("git", ["--git-dir", repo, "rev-parse", "--short", "source"], {
        encoding: "utf8",
    }).trim();
    const libraries = build === "test" ? prebuiltLibraries() : null;
    const home = path.join(CACHE, `llama-server-${commit}${cacheSuffix(build, libraries)}`);
    const binary = path.join(home, "bin", "llama-server");
    if (fs.existsSync(binary)) return binary;
    const work = fs.mkdtempSync(path.join(CACHE, "llama-server-build-"));
    const started = performance.now();
    try {
        await run("sh", ["-c", `git --git-dir "${repo}" archive source | tar -x -C "${work}"`]);
        fs.mkdirSync(path.dirname(binary), {recursive: true});
        let built = false;
        if (libraries) {
            process.stderr.write(
                `# building llama-server ${commit} on node-llama-cpp's prebuilt libraries (once)…\n`,
            );
            built = await buildOnPrebuilt(work, libraries.folder).then(
                () => true,
                (error: Error) => {
                    process.stderr.write(
                        `# ${error.message}\n# building the whole llama.cpp tree instead…\n`,
                    );
                    return false;
                },
            );
            if (built)
                for (const name of fs.readdirSync(libraries.folder).filter((n) => n.endsWith(".so")))
                    fs.copyFileSync(path.join(libraries.folder, name), path.join(path.dirname(binary), name));
        }
        if (libraries && !built) restoreUpstream(work);
        if (!built) {
            process.stderr.write(
                `# building llama-server ${commit} (${build} build) from node-llama-cpp's bundled source (once)…\n`,
            );
            await buildWholeTree(work, build);
        }
        fs.copyFileSync(path.join(work, "build", "bin", "llama-server"), `${binary}.${process.pid}.part`);
        fs.chmodSync(`${binary}.${process.pid}.part`, 0o755);
        fs.renameSync(`${binary}.${process.pid}.part`, binary);
    } finally {
        fs.rmSync(work, {recursive: true, force: true});
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    process.stderr.write(`# built llama-server in ${seconds} s: ${binary}\n`);
    return binary;
}

/** node-llama-cpp's prebuilt CPU libraries for this machine, where it ships them with llama-common (Linux x64). */
function prebuiltLibraries(): {folder: string; version: string} | null {
    if (process.platform !== "linux" || process.arch !== "x64") return null;
    try {
        // Each package's entry is dist/index.js; their package.json files are not exported, so are found from it.
        const nodeLlamaCpp = path.dirname(path.dirname(fileURLToPath(import.meta.resolve("node-llama-cpp"))));
        const manifest = path.join(nodeLlamaCpp, "package.json");
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
    // "unity": the recipe of llamaServerOnPrebuilt.cmake (a binary built by an earlier one is built again).
    return libraries ? `-on-node-llama-cpp-${libraries.version}-unity` : "-O0";
}

const UNOPTIMISED = ["-DCMAKE_C_FLAGS_RELEASE=-O0 -DNDEBUG", "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"];

/** The server alone, on the prebuilt libraries in `folder`: llamaServerOnPrebuilt.cmake over the tree's top level. */
async function buildOnPrebuilt(work: string, folder: string): Promise<void> {
    fs.renameSync(path.join(work, "CMakeLists.txt"), path.join(work, "CMakeLists.upstream.txt"));
    fs.copyFileSync(
        path.join(ROOT, "tests", "helpers", "llamaServerOnPrebuilt.cmake"),
        path.join(work, "CMakeLists.txt"),
    );
    await configureAndBuild(work, [`-DNLC_BINS=${folder}`, "-DBUILD_SHARED_LIBS=OFF", ...UNOPTIMISED]);
}

/** Undoes buildOnPrebuilt's changes to the tree, for a build of the whole of it. */
function restoreUpstream(work: string): void {
    const upstream = path.join(work, "CMakeLists.upstream.txt");
    if (fs.existsSync(upstream)) fs.renameSync(upstream, path.join(work, "CMakeLists.txt"));
    fs.rmSync(path.join(work, "build"), {recursive: true, force: true});
}

async function buildWholeTree(work: string, build: LlamaServerBuild): Promise<void> {
    await configureAndBuild(work, [
        "-DBUILD_SHARED_LIBS=OFF",
        "-DLLAMA_CURL=OFF",
        "-DLLAMA_BUILD_TESTS=OFF",
        "-DLLAMA_BUILD_EXAMPLES=OFF",
        "-DLLAMA_BUILD_SERVER=ON",
        ...(build === "test" ? UNOPTIMISED : []),
    ]);
}

async function configureAndBuild(work: string, options: string[]): Promise<void> {
    const generator = hasCommand("ninja") ? ["-G", "Ninja"] : [];
    const out = path.join(work, "build");
    await cmake([...generator, "-S", work, "-B", out, "-DCMAKE_BUILD_TYPE=Release", ...options]);
    const jobs = String(Math.max(1, os.availableParallelism()));
    await cmake(["--build", out, "--target", "llama-server", "-j", jobs]);
}

/**
 * Runs cmake; a build prints its progress ("[ 45%]" from make, "[12/150]" from Ninja) as one line at each
 * further tenth, with the time so far, so that the first build (minutes on 2 cores) is not silent.
 */
async function cmake(args: string[]): Promise<void> {
    if (!hasCommand("cmake"))
        throw new Error("building llama-server needs cmake and a C++ compiler (apt-get install cmake g++)");
    const {code, log} = await runBuild("cmake", args, "# llama-server build", (line) =>
        process.stderr.write(`${line}\n`),
    );
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

export type LlamaServer = {url: string; stop(): Promise<void>};

/** Every server started by this process: ended when it exits, so that a failed test leaves none behind. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
    for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts llama-server on a free 127.0.0.1 port with the model's own chat template (--jinja) and returns once
 * it serves: its /health answers 200 (it prints "listening" before its main loop runs, and a signal sent in
 * that gap is lost).
 */
export async function startLlamaServer(
    binary: string,
    model: string,
    extra: string[] = [],
): Promise<LlamaServer> {
    const child = spawn(
        binary,
        ["-m", model, "--jinja", "--host", "127.0.0.1", "--port", "0", "-c", "4096", "-t", "1", ...extra],
        {stdio: ["ignore", "pipe", "pipe"]},
    );
    running.add(child);
    child.once("exit", () => running.delete(child));
    let log = "";
    const stop = () => stopServer(child);
    try {
        const port = await new Promise<string>((resolve, reject) => {
            const timer = setTimeout(
                () => reject(new Error(`llama-server did not start within 60 s:\n${log.slice(-2000)}`)),
                60_000,
            );
            const read = (chunk: Buffer) => {
                log += chunk.toString("utf8");
                const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
                if (found) {
                    clearTimeout(timer);
                    resolve(found[1]!);
                }
            };
            child.stdout.on("data", read);
            child.stderr.on("data", read);
            child.on("exit", (code) => {
                clearTimeout(timer);
                reject(new Error(`llama-server exited (${code}):\n${log.slice(-2000)}`));
            });
        });
        await healthy(`http://127.0.0.1:${port}`, () => log);
        return {url: `http://127.0.0.1:${port}/v1`, stop};
    } catch (error) {
        await stop();
        throw error;
    }
}

/** Waits until /health answers 200 (503 while the model loads), at most 60 s. */
async function healthy(base: string, log: () => string): Promise<void> {
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
        try {
            const res = await fetch(`${base}/health`, {signal: AbortSignal.timeout(5000)});
            await res.body?.cancel();
            if (res.status === 200) return;
        } catch {
            // Not accepting yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`llama-server at ${base} was not healthy within 60 s:\n${log().slice(-2000)}`);
}

/** SIGTERM, then SIGKILL if it has not ended within 5 s: a stop always ends. */
function stopServer(child: ChildProcess): Promise<void> {
    return new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
            clearTimeout(kill);
            resolve();
        });
        child.kill("SIGTERM");
    });
}
