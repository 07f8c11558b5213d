import {searchRegistry, type RegistryServer} from "./registry.js";
import type {Words} from "../../shared/result.js";
import fs from "node:fs";
import {outboundFetch, UNRECORDED, type Network} from "../net/network.js";
import type {FetchLike} from "@modelcontextprotocol/sdk/shared/transport.js";
import path from "node:path";
import type {McpServerInfo, McpStatus} from "../../shared/contract.js";
import type {ToolRegistry} from "../tools/registry.js";
import {addServers, readMcpConfig, removeServer, updateServer, type McpServerConfig} from "./config.js";
import type {KeyVault} from "../llm/keyVault.js";
import {McpConnection} from "./connection.js";
import type {ClientSide} from "./serverRequests.js";
import {McpAccount} from "./oauth.js";
import {mcpToolDefinition, mcpToolName} from "./tools.js";
import {messageOf} from "../../shared/format.js";

type Outcome = {ok: true} | {ok: false; message: string};

/**
 * The MCP servers of `<data>/mcp.json`: one connection each, their tools kept in the registry as they
 * change, started at launch or on first use as each is set, stopped with Cairn.
 */
export class McpManager {
    private readonly connections = new Map<string, McpConnection>();
    private problems: string[] = [];
    private watcher: fs.FSWatcher | null = null;
    private loading: Promise<void> = Promise.resolve();
    private reload: NodeJS.Timeout | null = null;

    constructor(
        private readonly deps: {
            file: string;
            registry: ToolRegistry;
            /** Something changed that a Settings screen shows. */
            onChange: () => void;
            /** What Cairn does for its servers as a client (roots, elicitation, sampling); none: nothing. */
            side?: ClientSide;
            /** Where remote servers' sign-ins are kept (encrypted by the vault; without one, for this run). */
            accounts?: {vault: KeyVault | null; dataDir: string};
            /** Opens a server's sign-in page in the system browser (the desktop app); none: shown only. */
            openPage?: (url: URL) => void;
            /** Offline mode and the egress log for servers reached over HTTP; none: nothing refused or recorded. */
            network?: Network;
        },
    ) {
        deps.registry.addPreparer(() => this.startLazy());
    }

    /**
     * Reads the file again: new servers connected, removed ones stopped, changed ones restarted. Loads
     * run one after another (the watcher and an add may both ask).
     */
    load(): Promise<void> {
        const next = this.loading.then(() => this.loadNow());
        this.loading = next.catch(() => {});
        return next;
    }

    private async loadNow(): Promise<void> {
        const {servers, problems} = readMcpConfig(this.deps.file);
        this.problems = problems;
        const wanted = new Map(servers.map((s) => [s.name, s]));
        for (const [name, connection] of this.connections) {
            const next = wanted.get(name);
            if (next && sameConfig(next, connection.config)) continue;
            this.connections.delete(name);
            await connection.stop();
            this.syncTools(connection);
        }
        for (const server of servers) {
            if (this.connections.has(server.name)) continue;
            const remote = server.transport.type !== "stdio" && this.deps.accounts;
            const outbound = this.deps.network?.for("MCP server", server.name) ?? UNRECORDED;
            const send: FetchLike = (url, init) => outboundFetch(outbound, url, init);
            const connection: McpConnection = new McpConnection(
                server,
                () => this.changed(connection),
                this.deps.side ?? null,
                remote
                    ? new McpAccount(
                          server.name,
                          remote,
                          send,
                          server.transport.type === "stdio" ? undefined : server.transport.client,
                          server.transport.type === "stdio" ? undefined : server.transport.clientMetadataUrl,
                      )
                    : null,
                send,
                this.deps.openPage ?? null,
            );
            this.connections.set(server.name, connection);
        }
        this.deps.onChange();
        // Not awaited: a slow server must not hold up the next load (an add, a change to the file).
        for (const c of this.connections.values())
            if (c.config.enabled && c.config.startup === "launch") void c.ensureStarted();
    }

    /**
     * Follows the file: an edit by hand or by `cairn mcp add` in another process takes effect here. The
     * folder is watched, as the file is replaced whole when written.
     */
    watch(): void {
        const dir = path.dirname(this.deps.file);
        const name = path.basename(this.deps.file);
        try {
            this.watcher = fs.watch(dir, (_event, changed) => {
                if (changed !== name) return;
                if (this.reload) clearTimeout(this.reload);
                this.reload = setTimeout(() => void this.load(), 100);
            });
            this.watcher.unref();
        } catch (error) {
            console.error(`[cairn] cannot follow ${this.deps.file}: ${messageOf(error)}`);
        }
    }

    /**
     * Enabled servers that start on first use, started now, and those still starting (one started at launch is
     * waited for, or its tools are missing from the turn that asks for them): each within its start timeout.
     */
    async startLazy(): Promise<void> {
        // The file may still be being read (at startup, or after a change).
        await this.loading;
        await Promise.all(
            [...this.connections.values()]
                .filter((c) => c.config.enabled && ["stopped", "starting"].includes(c.status().state))
                .map((c) => c.ensureStarted()),
        );
    }

    status(): McpStatus {
        return {
            servers: [...this.connections.values()].map(infoOf),
            file: this.deps.file,
            problems: [...this.problems],
        };
    }

    async add(json: string): Promise<Outcome> {
        const added = addServers(this.deps.file, json);
        if (!added.ok) return added;
        // A server given again under its name is replaced: it starts over with its new settings.
        for (const name of added.names) await this.stopAndForget(name);
        await this.load();
        return {ok: true};
    }

    async remove(name: string): Promise<Outcome> {
        const removed = removeServer(this.deps.file, name);
        if (!removed.ok) return removed;
        await this.load();
        return {ok: true};
    }

    async setEnabled(name: string, enabled: boolean): Promise<Outcome> {
        const updated = updateServer(this.deps.file, name, {enabled});
        if (!updated.ok) return updated;
        await this.load();
        return {ok: true};
    }

    /** A server's call limit, written to mcp.json; the server is connected again with it. */
    async setCallLimit(name: string, seconds: number): Promise<Outcome> {
        const updated = updateServer(this.deps.file, name, {callTimeoutMs: seconds * 1000});
        if (!updated.ok) return updated;
        await this.load();
        return {ok: true};
    }

    async restart(name: string): Promise<Outcome> {
        const connection = this.connections.get(name);
        if (!connection) return {ok: false, message: `no MCP server named "${name}"`};
        if (!connection.config.enabled) return {ok: false, message: `"${name}" is disabled; enable it first`};
        await connection.restart();
        return {ok: true};
    }

    /**
     * Starts a remote server's sign-in: resolves once the page is open (or the sign-in is over, when the
     * tokens still worked); the rest comes as changes of its state.
     */
    async signIn(name: string): Promise<Outcome> {
        const connection = this.server(name);
        if (typeof connection === "string") return {ok: false, message: connection};
        if (connection.config.transport.type === "stdio")
            return {ok: false, message: `"${name}" is a local server: it has no sign-in`};
        const opened = new Promise<void>((resolve) => {
            const finished = connection.signIn((url) => {
                resolve();
                this.deps.openPage?.(url);
            });
            void finished.then(resolve);
        });
        await opened;
        return {ok: true};
    }

    /** Servers of the official MCP registry matching `query`, through the MCP servers' way out (Offline mode). */
    searchRegistry(query: string): Promise<RegistryServer[] | Words> {
        return searchRegistry(this.deps.network?.for("MCP server", "registry") ?? UNRECORDED, query);
    }

    async signOut(name: string): Promise<Outcome> {
        const connection = this.connections.get(name);
        if (!connection) return {ok: false, message: `no MCP server named "${name}"`};
        await connection.signOut();
        return {ok: true};
    }

    /** The connection of an enabled server, or why there is none. */
    server(name: string): McpConnection | string {
        const connection = this.connections.get(name);
        if (!connection) return `no MCP server named "${name}"`;
        if (!connection.config.enabled) return `"${name}" is disabled; enable it in Settings`;
        return connection;
    }

    async dispose(): Promise<void> {
        this.watcher?.close();
        if (this.reload) clearTimeout(this.reload);
        await Promise.all([...this.connections.values()].map((c) => c.stop()));
    }

    private async stopAndForget(name: string): Promise<void> {
        const connection = this.connections.get(name);
        if (!connection) return;
        this.connections.delete(name);
        await connection.stop();
        this.syncTools(connection);
    }

    private changed(connection: McpConnection): void {
        if (this.connections.get(connection.config.name) !== connection) return;
        this.syncTools(connection);
        this.deps.onChange();
    }

    /** The registry holds a server's tools while it is connected and enabled, none otherwise. */
    private syncTools(connection: McpConnection): void {
        const live = this.connections.get(connection.config.name) === connection && connection.config.enabled;
        const tools = live ? connection.status().tools : [];
        const refused = this.deps.registry.setSource(
            `mcp:${connection.config.name}`,
            tools.map((t) => mcpToolDefinition(connection, t)),
        );
        connection.refused = refused;
        for (const {tool, reason} of refused)
            console.error(`[cairn] MCP server ${connection.config.name}: ${tool} left out: ${reason}`);
    }
}

function infoOf(connection: McpConnection): McpServerInfo {
    const {config} = connection;
    const status = connection.status();
    const signIn = connection.signInStatus();
    const t = config.transport;
    return {
        name: config.name,
        enabled: config.enabled,
        startup: config.startup,
        transport: t.type,
        target: t.type === "stdio" ? [t.command, ...t.args].join(" ") : t.url,
        state: status.state,
        error: status.error,
        errorWords: status.errorWords,
        stderr: status.stderr,
        account: signIn.account,
        signInPage: signIn.page,
        tools: status.tools
            .map((tool) => mcpToolName(config.name, tool.name))
            .filter((name) => !connection.refused.some((r) => r.tool === name)),
        refused: connection.refused,
        callTimeoutMs: config.callTimeoutMs,
        prompts: status.prompts.map((p) => ({
            name: p.name,
            description: p.description ?? p.title ?? "",
            arguments: (p.arguments ?? []).map((a) => ({name: a.name, required: a.required === true})),
        })),
        resources: status.resources.map((r) => ({uri: r.uri, name: r.name, mimeType: r.mimeType ?? null})),
    };
}

function sameConfig(a: McpServerConfig, b: McpServerConfig): boolean {
    return JSON.stringify(a) === JSON.stringify(b);
}
