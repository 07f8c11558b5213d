import fs from "node:fs";
import {freePort} from "./ports.js";
import path from "node:path";
import {spawn, type ChildProcess} from "node:child_process";
import type {CairnApi, McpStatus, Message} from "../../shared/contract.js";
import type {Core} from "../../main/core.js";
import {nextDone, unwrap, type TestCore} from "./core.js";
import {ROOT, scriptArgs} from "./paths.js";

/** The official reference server, as installed from npm (a dev dependency). */
export const EVERYTHING = path.join(
    ROOT,
    "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
);
export const FILESYSTEM = path.join(
    ROOT,
    "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js",
);
export const FIXTURE = path.join(ROOT, "tests/fixtures/mcp/fixtureServer.ts");
/** An MCP App example server published on npm (a dev dependency): get-time, shown by its React page. */
export const BASIC_REACT = path.join(
    ROOT,
    "node_modules/@modelcontextprotocol/server-basic-react/dist/index.js",
);
export const APP_FIXTURE = path.join(ROOT, "tests/fixtures/mcp/appServer.ts");

/** mcp.json entries for the servers the tests start. */
export const servers = {
    everything: {command: process.execPath, args: [EVERYTHING, "stdio"]},
    fixture: {command: process.execPath, args: scriptArgs(FIXTURE), cwd: ROOT},
    filesystem: (folder: string) => ({command: process.execPath, args: [FILESYSTEM, folder]}),
    basicReact: {command: process.execPath, args: [BASIC_REACT, "--stdio"]},
    /** canary: the address its probe page tries to reach. */
    apps: (canary: string) => ({
        command: process.execPath,
        args: scriptArgs(APP_FIXTURE),
        cwd: ROOT,
        env: {APP_CANARY: canary},
    }),
};

export function writeMcpJson(dataDir: string, mcpServers: Record<string, unknown>): void {
    fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({mcpServers}, null, 2));
}

/** Resolves once the condition holds for mcp.list (events drive the re-check; no fixed sleeps). */
export function mcpStatusWhen(
    api: CairnApi,
    until: (s: McpStatus) => boolean,
    timeoutMs = 20_000,
): Promise<McpStatus> {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
            off();
            void api
                .invoke("mcp.list", {})
                .then((s) => reject(new Error(`MCP status never matched: ${JSON.stringify(s)}`)));
        }, timeoutMs);
        const check = async () => {
            const status = await api.invoke("mcp.list", {});
            if (status.ok && until(status.value)) {
                clearTimeout(timer);
                off();
                resolve(status.value);
            }
        };
        const off = api.onEvent((e) => {
            if (e.type === "mcp.changed") void check();
        });
        void check();
    });
}

export {freePort};

/** server-everything over Streamable HTTP (and SSE) on a free port; resolves once it listens. */
export async function startEverythingHttp(transport: "streamableHttp" | "sse" = "streamableHttp") {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [EVERYTHING, transport], {
        env: {...process.env, PORT: String(port)},
        stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
        child.stderr!.on("data", (chunk: Buffer) => {
            if (/listening|running/i.test(String(chunk))) resolve();
        });
        child.once("exit", (code) => reject(new Error(`server-everything exited with ${code}`)));
    });
    return {
        url: `http://127.0.0.1:${port}/${transport === "sse" ? "sse" : "mcp"}`,
        stop: () =>
            new Promise<void>((resolve) => {
                if (child.exitCode !== null) return resolve();
                child.once("exit", () => resolve());
                child.kill();
            }),
    };
}

/**
 * Runs one call of a server's tool as the client would ask for it (agent mode, web access on, since some
 * tools say they reach the world), approving it if asked; resolves with the finished answer.
 */
export async function callApproved(
    t: TestCore,
    tool: string,
    args: Record<string, unknown>,
): Promise<Message> {
    const id = unwrap(await t.api.invoke("conversations.create", {})).id;
    unwrap(await t.api.invoke("conversations.setMode", {id, mode: "agent"}));
    const off = t.api.onEvent((e) => {
        if (e.type === "tool.approvalRequested")
            void t.api.invoke("tools.decide", {approvalId: e.request.approvalId, decision: "allow_once"});
    });
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: id,
            text: "Go.",
            toolChoice: "none",
            webAccess: true,
            preflight: [{name: tool, args}],
        }),
    );
    const message = await done;
    off();
    return message;
}

/**
 * One call through the app's one tool runner, as no conversation's (not stored), approved at once: what a
 * person who allows it would see, without a model to decide the call.
 */
export function runAllowed(
    core: Pick<Core, "runner">,
    name: string,
    args: unknown,
    webAccess = false,
    conversationId = "",
    /** As the window's calls: a person waits on it (a wider sign-in may open its page). */
    interactive = false,
) {
    return core.runner.run(name, args, {
        conversationId,
        messageId: "",
        step: 0,
        origin: "client",
        mode: "agent",
        webAccess,
        signal: AbortSignal.timeout(20_000),
        approver: () => Promise.resolve({decision: "allow_once", by: "cli"}),
        reason: () => "",
        seen: new Set(),
        interactive,
        recorded: false,
    });
}
