import {spawn} from "node:child_process";
import {CLI} from "./paths.js";

/** Runs the built CLI without blocking this process (tests may serve what the CLI reads). */
export function runCli(
    args: string[],
    env: Record<string, string> = {},
): Promise<{code: number; stdout: string; stderr: string}> {
    return new Promise((resolve) => {
        const child = spawn(process.execPath, [CLI, ...args], {
            env: {...process.env, CAIRN_MODEL: "", ...env},
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("exit", (code) => resolve({code: code ?? -1, stdout, stderr}));
    });
}
