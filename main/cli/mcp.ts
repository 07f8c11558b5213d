import fs from "node:fs";
import type {McpServerInfo, ToolInfo} from "../../shared/contract.js";
import type {Core} from "../core.js";
import {terminalClient} from "./language.js";
import {UsageError, type CliArgs} from "./args.js";
import {randomBytes} from "node:crypto";
import {installBundle, isBundle} from "../mcp/bundle.js";
import {messageOf} from "../../shared/format.js";
import {inEnglish} from "../words.js";

/** What the MCP commands use: the tools, their one runner, the MCP servers and the contract's client. */
/** The parts of the core `cairn mcp` uses. */
export const MCP_USES = ["dispatcher", "bus", "tools", "runner", "mcp", "dataDir"] as const;
export type McpCore = Pick<Core, (typeof MCP_USES)[number]>;

type Out = {json: boolean; write: (text: string) => void; fail: (message: string) => number};

/**
 * `cairn mcp` alone serves the user's documents over stdio to other MCP clients; `cairn mcp
 * list|add|remove|restart` manages the servers Cairn connects to, in <data>/mcp.json.
 */
export async function mcpCommand(core: McpCore, args: CliArgs, out: Out): Promise<number> {
    const [action, name, ...command] = args.positionals;
    const api = terminalClient(core);
    switch (action ?? "") {
        case "":
            return args.portGiven ? serveOverHttp(core, args) : serveOverStdio(core);
        case "list": {
            // Enabled servers are started, so that their state and tools are what they really are.
            await core.tools.prepare();
            const res = await api.invoke("mcp.list", {});
            if (!res.ok) return out.fail(res.error.message);
            const {servers, problems, file} = res.value;
            for (const problem of problems) process.stderr.write(`cairn: ${problem}\n`);
            out.write(
                out.json
                    ? `${JSON.stringify(res.value)}\n`
                    : servers.map(serverLine).join("") || `No MCP servers in ${file}.\n`,
            );
            return 0;
        }
        case "add": {
            if (args.file && isBundle(args.file)) return addBundle(core, args, args.file, out);
            const json = addJson(args, name, command);
            if (typeof json !== "string") return out.fail(json.error);
            const res = await api.invoke("mcp.add", {json});
            if (!res.ok) return out.fail(res.error.message);
            out.write(`Added to ${res.value.file}.\n`);
            return 0;
        }
        case "remove": {
            if (!name) return out.fail("usage: cairn mcp remove NAME");
            const res = await api.invoke("mcp.remove", {name});
            if (!res.ok) return out.fail(res.error.message);
            out.write(`Removed ${name}.\n`);
            return 0;
        }
        case "restart": {
            if (!name) return out.fail("usage: cairn mcp restart NAME");
            const res = await api.invoke("mcp.restart", {name});
            if (!res.ok) return out.fail(res.error.message);
            const server = res.value.servers.find((s) => s.name === name)!;
            out.write(serverLine(server));
            return server.state === "ready" ? 0 : 1;
        }
        case "login":
            return login(core, name, out);
        case "registry": {
            const found = await core.mcp.searchRegistry([name, ...command].filter(Boolean).join(" "));
            if (!Array.isArray(found)) return out.fail(inEnglish(found));
            if (out.json) {
                out.write(`${JSON.stringify(found)}\n`);
                return 0;
            }
            out.write(
                found
                    .map(
                        (s) =>
                            `${s.name} ${s.version}\n  ${s.description}\n  ${s.add ?? "(no package or address to add)"}\n`,
                    )
                    .join("") || "No server of the MCP registry matches.\n",
            );
            return 0;
        }
        default:
            return out.fail(
                `unknown mcp action "${action}": use list, add, remove, restart, login or registry (or no action to serve)`,
            );
    }
}

/**
 * `cairn mcp add --file x.mcpb [--config KEY=VALUE]...`: the bundle installed into the data folder and added
 * to mcp.json as a local server; its settings come from --config and their defaults.
 */
async function addBundle(core: McpCore, args: CliArgs, file: string, out: Out): Promise<number> {
    const values = Object.fromEntries(
        args.config.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
    const installed = await installBundle(file, core.dataDir, values);
    if (typeof installed === "string") return out.fail(installed);
    const res = await terminalClient(core).invoke("mcp.add", {
        json: JSON.stringify({mcpServers: {[installed.name]: installed.entry}}),
    });
    if (!res.ok) return out.fail(res.error.message);
    out.write(
        `Installed ${installed.name} ${installed.version} in ${installed.folder}; added to ${res.value.file}.\n`,
    );
    return 0;
}

/**
 * `cairn mcp login NAME`: the server's sign-in, as the app's Sign in button runs it, with the page opened in
 * the browser ($BROWSER, else the system's); done when the browser comes back to Cairn's loopback listener.
 */
async function login(core: McpCore, name: string | undefined, out: Out): Promise<number> {
    if (!name) return out.fail("usage: cairn mcp login NAME");
    await core.mcp.load();
    const started = await core.mcp.signIn(name);
    if (!started.ok) return out.fail(started.message);
    const server = await settled(core, name);
    if (server?.state !== "ready") return out.fail(server?.error ?? `${name} did not finish signing in`);
    out.write(`Signed in to ${name}: ${server.tools.length} tools.\n`);
    return 0;
}

/** The server once its sign-in has ended: ready, failed, or still waiting after the sign-in's 5 minutes. */
async function settled(core: McpCore, name: string): Promise<McpServerInfo | undefined> {
    const deadline = Date.now() + 5 * 60_000 + 5_000;
    for (;;) {
        const server = core.mcp.status().servers.find((s) => s.name === name);
        if (!server || ["ready", "error"].includes(server.state) || Date.now() > deadline) return server;
        if (server.state === "signin" && !server.signInPage) return server;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

/** The JSON `mcp.add` takes, from --file, --json, `NAME --url URL` or `NAME -- COMMAND ARGS...`. */
function addJson(args: CliArgs, name: string | undefined, command: string[]): string | {error: string} {
    if (args.file) {
        try {
            return fs.readFileSync(args.file, "utf8");
        } catch (error) {
            return {error: `cannot read ${args.file}: ${messageOf(error)}`};
        }
    }
    if (args.mcpJson) return args.mcpJson;
    if (!name || (!args.url && command.length === 0))
        return {
            error: "usage: cairn mcp add NAME -- COMMAND [ARGS...] | cairn mcp add NAME --url URL | cairn mcp add --file mcp.json",
        };
    const env = Object.fromEntries(
        args.env.map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]),
    );
    const headers = Object.fromEntries(
        args.headers.map((h) => [h.slice(0, h.indexOf(":")).trim(), h.slice(h.indexOf(":") + 1).trim()]),
    );
    if (args.clientSecret && !args.clientId) return {error: "--client-secret goes with --client-id"};
    const client = {
        ...(args.clientId ? {clientId: args.clientId} : {}),
        ...(args.clientSecret ? {clientSecret: args.clientSecret} : {}),
        ...(args.clientMetadataUrl ? {clientMetadataUrl: args.clientMetadataUrl} : {}),
    };
    const oauth = Object.keys(client).length ? {oauth: client} : {};
    const entry = args.url
        ? {url: args.url, ...(args.headers.length ? {headers} : {}), ...oauth}
        : {command: command[0], args: command.slice(1), ...(args.env.length ? {env} : {})};
    return JSON.stringify({
        mcpServers: {[name]: {...entry, ...(args.startup ? {startup: args.startup} : {})}},
    });
}

function serverLine(s: McpServerInfo): string {
    const state = s.enabled ? s.state : "disabled";
    const tools = s.state === "ready" ? ` (${s.tools.length} tools)` : "";
    const error = s.error ? `\n  ${s.error}` : "";
    return `${s.name}\t${state}${tools}\t${s.transport}\t${s.target}${error}\n`;
}

/**
 * `cairn mcp --port N`: serves over streamable HTTP on 127.0.0.1 until stopped (Ctrl-C); prints the address
 * with its token, made for the run unless --token gives one.
 */
async function serveOverHttp(core: Pick<Core, "tools" | "runner">, args: CliArgs): Promise<number> {
    const {serveMcpHttp} = await import("../mcp/httpServer.js");
    const token = args.token ?? randomBytes(24).toString("base64url");
    if (token.length < 16) throw new UsageError("--token must be at least 16 characters");
    const server = await serveMcpHttp({registry: core.tools, runner: core.runner}, {port: args.port, token});
    process.stdout.write(`Cairn MCP server at ${server.url}?token=${token}\n`);
    await new Promise<void>((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
    });
    await server.close();
    return 0;
}

/** Serves until the client closes stdin; only the protocol goes to stdout. */
async function serveOverStdio(core: Pick<Core, "tools" | "runner">): Promise<number> {
    // The SDK's server side is loaded only for this command.
    const [{StdioServerTransport}, {serveMcp}] = await Promise.all([
        import("@modelcontextprotocol/sdk/server/stdio.js"),
        import("../mcp/server.js"),
    ]);
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
        transport.onclose = resolve;
        process.stdin.once("end", resolve);
    });
    await serveMcp({registry: core.tools, runner: core.runner}, transport);
    await closed;
    return 0;
}

/** `cairn tools list [--json]`: every tool as the model sees it, where it comes from, and its policy. */
export async function toolsCommand(
    core: Pick<Core, "dispatcher" | "bus" | "tools" | "mcp">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const [action] = args.positionals;
    if (action !== "list") return out.fail("usage: cairn tools list [--json]");
    await core.tools.prepare();
    const res = await terminalClient(core).invoke("tools.list", {});
    if (!res.ok) return out.fail(res.error.message);
    out.write(out.json ? `${JSON.stringify(res.value)}\n` : res.value.map(toolLine).join(""));
    for (const server of core.mcp.status().servers)
        if (server.enabled && server.state === "error")
            process.stderr.write(`cairn: MCP server ${server.name}: ${server.error}\n`);
    return 0;
}

function toolLine(t: ToolInfo): string {
    const effect = t.openWorld && t.sideEffect !== "network" ? `${t.sideEffect}+network` : t.sideEffect;
    return `${t.name}\t${t.source}\t${effect}\t${t.policy}\t${t.enabled ? "enabled" : "disabled"}\n`;
}
