import {execFile, execFileSync, spawn} from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {promisify} from "node:util";
import {CACHE, llamaSourceRepo} from "./templateModel.js";

const run = promisify(execFile);

/**
 * llama.cpp's own `llama-server` (CPU), built once from the llama.cpp source node-llama-cpp ships and cached
 * under the OS temp folder (about 5 minutes on 2 cores; the time is printed). Needs cmake and a C++ compiler.
 */
export async function llamaServerBinary(): Promise<string> {
    const repo = llamaSourceRepo();
    const commit = execFileSync("git", ["--git-dir", repo, "rev-parse", "--short", "source"], {
        encoding: "utf8",
    }).trim();
    const home = path.join(CACHE, `llama-server-${commit}`);
    const binary = path.join(home, "bin", "llama-server");
    if (fs.existsSync(binary)) return binary;
    const work = fs.mkdtempSync(path.join(CACHE, "llama-server-build-"));
    const started = performance.now();
    process.stderr.write(`# building llama-server ${commit} from node-llama-cpp's bundled source (once)…\n`);
    try {
        await run("sh", ["-c", `git --git-dir "${repo}" archive source | tar -x -C "${work}"`]);
        const generator = hasCommand("ninja") ? ["-G", "Ninja"] : [];
        await cmake([
            ...generator,
            "-S",
            work,
            "-B",
            path.join(work, "build"),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DBUILD_SHARED_LIBS=OFF",
            "-DLLAMA_CURL=OFF",
            "-DLLAMA_BUILD_TESTS=OFF",
            "-DLLAMA_BUILD_EXAMPLES=OFF",
            "-DLLAMA_BUILD_SERVER=ON",
        ]);
        const jobs = String(Math.max(1, os.availableParallelism()));
        await cmake(["--build", path.join(work, "build"), "--target", "llama-server", "-j", jobs]);
        fs.mkdirSync(path.dirname(binary), {recursive: true});
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

async function cmake(args: string[]): Promise<void> {
    if (!hasCommand("cmake"))
        throw new Error("building llama-server needs cmake and a C++ compiler (apt-get install cmake g++)");
    await run("cmake", args, {maxBuffer: 64 * 1024 * 1024});
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

/** Starts llama-server on a free 127.0.0.1 port with the model's own chat template (--jinja). */
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
    let log = "";
    const port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
            () => reject(new Error(`llama-server did not start:\n${log.slice(-2000)}`)),
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
    return {
        url: `http://127.0.0.1:${port}/v1`,
        stop: () =>
            new Promise<void>((resolve) => {
                if (child.exitCode !== null) return resolve();
                child.once("exit", () => resolve());
                child.kill("SIGTERM");
            }),
    };
}
