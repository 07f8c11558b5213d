import {spawn, type ChildProcess} from "node:child_process";

/** A llama-server Cairn started: its OpenAI-compatible address, and how it is ended. */
export type RunningServer = {
    /** Its API's base URL (http://127.0.0.1:PORT/v1). */
    url: string;
    /** Resolves when it has ended (a stop, a crash), with the end of what it printed. */
    exited: Promise<string>;
    stop(): Promise<void>;
};

/** Every server this process started: killed when it exits, so that none outlives Cairn. */
const running = new Set<ChildProcess>();
let exitHook = false;

/**
 * Starts llama-server on a free loopback port (`--port 0`; it prints the one it took) and returns once it
 * serves: /health answers 200 (503 while the model loads). `args` are the rest of its command line (model,
 * projector, key…). Fails with the end of what it printed when it exits first or is not ready in `timeoutMs`.
 */
export async function startLlamaServer(
    binary: string,
    args: string[],
    {timeoutMs = 120_000, signal}: {timeoutMs?: number; signal?: AbortSignal} = {},
): Promise<RunningServer> {
    if (!exitHook) {
        exitHook = true;
        process.once("exit", () => {
            for (const child of running) child.kill("SIGKILL");
        });
    }
    const child = spawn(binary, ["--host", "127.0.0.1", "--port", "0", ...args], {
        stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    let log = "";
    const tail = () => log.slice(-2000);
    const exited = new Promise<string>((resolve) => {
        child.once("exit", () => {
            running.delete(child);
            resolve(tail());
        });
        child.once("error", (error) => {
            log += `\n${error.message}`;
            running.delete(child);
            resolve(tail());
        });
    });
    const stop = () => stopServer(child, exited);
    try {
        const port = await new Promise<string>((resolve, reject) => {
            const timer = setTimeout(
                () =>
                    reject(new Error(`llama-server did not start within ${timeoutMs / 1000} s:\n${tail()}`)),
                timeoutMs,
            );
            const read = (chunk: Buffer) => {
                log = (log + chunk.toString("utf8")).slice(-20_000);
                const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
                if (found) {
                    clearTimeout(timer);
                    resolve(found[1]!);
                }
            };
            child.stdout.on("data", read);
            child.stderr.on("data", read);
            void exited.then((end) => {
                clearTimeout(timer);
                reject(new Error(`llama-server ended before it served:\n${end}`));
            });
        });
        const base = `http://127.0.0.1:${port}`;
        await healthy(base, timeoutMs, exited, signal);
        return {url: `${base}/v1`, exited, stop};
    } catch (error) {
        await stop();
        throw error;
    }
}

/** Waits until /health answers 200, the server ends, or `timeoutMs` passes. */
async function healthy(base: string, timeoutMs: number, exited: Promise<string>, signal?: AbortSignal) {
    const server: {ended: string | null} = {ended: null};
    void exited.then((end) => (server.ended = end));
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
        if (server.ended !== null)
            throw new Error(`llama-server ended while it loaded the model:\n${server.ended}`);
        signal?.throwIfAborted();
        try {
            const res = await fetch(`${base}/health`, {signal: AbortSignal.timeout(5000)});
            await res.body?.cancel();
            if (res.status === 200) return;
        } catch {
            // Not accepting yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`llama-server at ${base} was not ready within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL if it has not ended within 5 s: a stop always ends. */
function stopServer(child: ChildProcess, exited: Promise<string>): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.kill("SIGTERM");
    return exited.then(() => clearTimeout(kill));
}
