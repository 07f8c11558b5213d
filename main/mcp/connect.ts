// How a connection starts and what its failures say: a connect with a deadline, sign-in errors, errors in words.

import type {Client} from "@modelcontextprotocol/sdk/client/index.js";
import type {Transport} from "@modelcontextprotocol/sdk/shared/transport.js";
import {isSdkError} from "./sdk.js";
import {SignInNeeded} from "./oauth.js";
import {codeOf} from "../../shared/format.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";

export async function connectWithin(
    client: Client,
    transport: Transport,
    signal: AbortSignal,
): Promise<void> {
    const aborted = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(new Error("aborted"));
        signal.addEventListener("abort", () => reject(new Error("aborted")), {once: true});
    });
    try {
        await Promise.race([client.connect(transport, {signal}), aborted]);
    } catch (error) {
        await transport.close().catch(() => {});
        throw error;
    }
}

export function isAuthError(error: unknown): boolean {
    return error instanceof SignInNeeded || isSdkError(error, "UnauthorizedError");
}

export function errorText(error: unknown): string {
    if (error instanceof Error) {
        const code = codeOf(error);
        if (code === "ENOENT") return `the command was not found (${error.message})`;
        return error.message;
    }
    return String(error);
}

/** Words for a server that failed, with its last output where it wrote some (key and key + "Output"). */
export function withOutput(
    stderr: readonly string[],
    key: "mcpNotStarted" | "mcpExited",
    values: Record<string, number> = {},
): Words {
    const output = lastOutput(stderr);
    return output ? wordsOf(`${key}Output`, {...values, output}) : wordsOf(key, values);
}

export function stderrHint(stderr: readonly string[]): string {
    const last = lastOutput(stderr);
    return last ? `; its last output: ${last}` : "";
}

/** The server's last lines on stderr, joined ("" when it wrote none). */
function lastOutput(stderr: readonly string[]): string {
    return stderr.slice(-3).join(" | ");
}
