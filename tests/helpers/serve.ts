import {spawn, type ChildProcess} from "node:child_process";
import readline from "node:readline";
import fs from "node:fs";
import path from "node:path";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {SettingsStore} from "../../main/store/settings.js";
import {CLI, TEST_FLASH_ATTENTION, TEST_MODEL, tempDir} from "./paths.js";

/** A model catalog file (resources/models.json's shape) listing `models`: what Cairn recommends in a test. */
export function catalogFile(models: object[]): string {
    const file = path.join(tempDir(), "models.json");
    fs.writeFileSync(file, JSON.stringify({models}));
    return file;
}

export type Served = {
    url: string;
    /** With --api: the API's base URL from its "Cairn API at" line. */
    apiUrl: string | null;
    origin: string;
    token: string;
    dataDir: string;
    child: ChildProcess;
    /** What the serve wrote to stderr, its last 20,000 characters: for a failed test to show. */
    log(): string;
    stop(): Promise<void>;
};

/** Starts the real `cairn serve` on a free loopback port and resolves on its one "listening" line. */
type ServeOptions = {
    dataDir?: string;
    model?: string | null;
    extra?: string[];
    catalog?: string;
    env?: Record<string, string>;
    /**
     * The model's context, set in the data folder's Settings before the start: agent mode's tool list (the
     * workspace's file tools, run_code) with an answer does not fit the test model's own 2,048.
     */
    contextSize?: number;
};

export async function startServe(options: ServeOptions = {}) {
    const dataDir = options.dataDir ?? tempDir();
    if (options.contextSize) {
        const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
        new SettingsStore(db).set("engine", {contextSize: options.contextSize});
        db.close();
    }
    const model = options.model === undefined ? TEST_MODEL : options.model;
    const args = [CLI, "serve", "--port", "0", "--data", dataDir, "--threads", "1", ...(options.extra ?? [])];
    if (model) args.push("--model", model);
    const child = spawn(process.execPath, args, {
        stdio: ["ignore", "pipe", "pipe"],
        // The bundled catalog names Hugging Face: tests use a loopback one, so nothing leaves this machine.
        env: {
            ...process.env,
            CAIRN_MODEL: "",
            CAIRN_MODEL_CATALOG: options.catalog ?? catalogFile([]),
            CAIRN_FLASH_ATTENTION: process.env.CAIRN_FLASH_ATTENTION ?? TEST_FLASH_ATTENTION,
            // No background build of Cairn's engine (scripts/test.mjs says why).
            CAIRN_ENGINE_BUILD: process.env.CAIRN_ENGINE_BUILD ?? "off",
            ...options.env,
        },
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-20_000)));
    let stopping = false;
    // A serve that ends by itself (a crash, an exit) is said at once with what it wrote last: the test that then
    // fails on a window that lost its core would otherwise show only the window's side.
    child.once("exit", (code, signal) => {
        const killed = signal === "SIGKILL" || signal === "SIGTERM";
        if (stopping || code === 0 || (code === null && killed)) return;
        console.error(`cairn serve (${child.pid}) ended by itself (${signal ?? `exit ${code}`}):\n${stderr}`);
    });
    const lines = readline.createInterface({input: child.stdout});
    const nextLine = () =>
        new Promise<string>((resolve, reject) => {
            lines.once("line", resolve);
            child.once("exit", (code) => reject(new Error(`cairn serve exited (${code}): ${stderr}`)));
        });
    const line = await nextLine();
    const apiLine = options.extra?.includes("--api") ? await nextLine() : null;
    const apiUrl = apiLine
        ? (/^Cairn API at (http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(apiLine)?.[1] ?? null)
        : null;
    if (apiLine && !apiUrl) throw new Error(`unexpected API line from cairn serve: ${apiLine}`);
    const match = /^Cairn listening on (http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+))$/.exec(line);
    if (!match) throw new Error(`unexpected first line from cairn serve: ${line}`);
    const served: Served = {
        url: match[1]!,
        apiUrl,
        origin: `http://127.0.0.1:${match[2]}`,
        token: match[3]!,
        dataDir,
        child,
        log: () => stderr,
        stop: () =>
            new Promise<void>((resolve) => {
                if (child.exitCode !== null) return resolve();
                stopping = true;
                child.once("exit", () => resolve());
                child.kill("SIGTERM");
            }),
    };
    return served;
}
