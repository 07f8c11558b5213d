import type {RefusedTool} from "../tools/registry.js";
import {Client} from "@modelcontextprotocol/sdk/client/index.js";
import {SSEClientTransport} from "@modelcontextprotocol/sdk/client/sse.js";
import {StdioClientTransport} from "@modelcontextprotocol/sdk/client/stdio.js";
import {StreamableHTTPClientTransport} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {Transport} from "@modelcontextprotocol/sdk/shared/transport.js";
import {
    CreateMessageRequestSchema,
    ElicitRequestSchema,
    ListRootsRequestSchema,
    type CallToolResult,
    type CreateMessageRequest,
    type CreateMessageResult,
    type ElicitRequest,
    type ElicitResult,
    type Prompt,
    type Resource,
    type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type {McpServerState} from "../../shared/contract.js";
import {APP_VERSION} from "../version.js";
import type {McpServerConfig} from "./config.js";

/**
 * What Cairn does for a server, as an MCP client: the folders it may know of (roots), a form it asks the
 * person to fill in (elicitation), a reply it asks the model to write (sampling). `interactive`: whether a
 * person started what the server is working on (a call made over the local API or the CLI is not).
 */
export type ClientSide = {
    roots(): {uri: string; name: string}[];
    elicit(
        server: string,
        params: ElicitRequest["params"],
        signal: AbortSignal,
        interactive: boolean,
    ): Promise<ElicitResult>;
    sample(
        server: string,
        params: CreateMessageRequest["params"],
        signal: AbortSignal,
        interactive: boolean,
    ): Promise<CreateMessageResult>;
};

const STDERR_LINES = 20;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One MCP server: started on demand, its tools listed and followed (listChanged), restarted with backoff
 * after it exits unexpectedly. Never throws for the server's faults: they become its state and message.
 */
export class McpConnection {
    private client: Client | null = null;
    private starting: Promise<void> | null = null;
    private state: McpServerState = "stopped";
    private error: string | null = null;
    private stderr: string[] = [];
    private tools: Tool[] = [];
    private prompts: Prompt[] = [];
    private resources: Resource[] = [];
    private stopping = false;
    private retries = 0;
    private retryTimer: NodeJS.Timeout | null = null;
    /** Tools the registry left out, and why (set as the tool list is synced). */
    refused: RefusedTool[] = [];
    /** The server sent a message over the SDK's read limit (10 MB), which closes the connection. */
    private oversized = false;
    /** Calls in flight that a person started (the app's), and all calls in flight. */
    private readonly inFlight = {interactive: 0, all: 0};

    constructor(
        readonly config: McpServerConfig,
        /** Called when the state or the tool list changes. */
        private readonly onChange: () => void,
        private readonly side: ClientSide | null = null,
    ) {}

    status() {
        return {
            state: this.state,
            error: this.error,
            stderr: [...this.stderr],
            tools: [...this.tools],
            prompts: [...this.prompts],
            resources: [...this.resources],
        };
    }

    /** Starts the server if it is not running; resolves once it is ready or has failed (see status()). */
    ensureStarted(): Promise<void> {
        if (this.state === "ready") return Promise.resolve();
        this.stopping = false;
        return (this.starting ??= this.start().finally(() => (this.starting = null)));
    }

    async callTool(
        name: string,
        args: Record<string, unknown>,
        signal: AbortSignal,
        onProgress?: (update: {progress: number; total?: number; message?: string}) => void,
        interactive = true,
    ): Promise<CallToolResult> {
        const client = await this.readyClient();
        this.inFlight.all++;
        if (interactive) this.inFlight.interactive++;
        try {
            // Cairn's runner owns the time limit; the SDK's own (60 s by default) must not cut in first. An
            // aborted signal (Stop, the time limit) sends the server notifications/cancelled.
            const result = await client.callTool({name, arguments: args}, undefined, {
                signal,
                timeout: this.config.callTimeoutMs + 1_000,
                ...(onProgress ? {onprogress: onProgress} : {}),
            });
            return result as CallToolResult;
        } catch (error) {
            throw new Error(this.failureOf(error));
        } finally {
            this.inFlight.all--;
            if (interactive) this.inFlight.interactive--;
        }
    }

    /** Why a call failed, in words: a reply over the SDK's 10 MB limit closes the connection, not the call. */
    private failureOf(error: unknown): string {
        const text = errorText(error);
        if (/Connection closed/i.test(text) && this.oversized)
            return `${this.config.name} sent a reply over 10 MB, more than Cairn reads from a server; the server was stopped and starts again`;
        return text;
    }

    /** Whether a person can be asked now: some call in flight was started by one (none: nobody waits). */
    private personWaiting(): boolean {
        return this.inFlight.interactive > 0 || this.inFlight.all === 0;
    }

    /** Answers the server's own requests: roots, elicitation, sampling (each only if Cairn can). */
    private serve(client: Client): void {
        const side = this.side;
        if (!side) return;
        const server = this.config.name;
        client.setRequestHandler(ListRootsRequestSchema, () => ({roots: side.roots()}));
        client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
            side.elicit(server, request.params, extra.signal, this.personWaiting()),
        );
        client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
            side.sample(server, request.params, extra.signal, this.personWaiting()),
        );
    }

    /** A prompt's messages as one text (what a slash command puts in the message box). */
    async getPrompt(name: string, args: Record<string, string>): Promise<string> {
        const client = await this.readyClient();
        const result = await client.getPrompt({name, arguments: args}, {timeout: this.config.callTimeoutMs});
        return result.messages
            .map((m) => {
                const c = m.content;
                if (c.type === "text") return c.text;
                if (c.type === "resource" && "text" in c.resource) return String(c.resource.text);
                return `[${c.type}]`;
            })
            .join("\n\n");
    }

    /** A resource's text (binary resources are refused: they cannot be searched as documents). */
    async readResource(uri: string): Promise<{text: string; mimeType: string | null}> {
        const client = await this.readyClient();
        const result = await client.readResource({uri}, {timeout: this.config.callTimeoutMs});
        const texts = result.contents.filter(
            (c): c is typeof c & {text: string} => "text" in c && typeof c.text === "string",
        );
        if (texts.length === 0) throw new Error(`${uri} has no text content (it is binary)`);
        return {text: texts.map((c) => c.text).join("\n\n"), mimeType: texts[0]!.mimeType ?? null};
    }

    private async readyClient(): Promise<Client> {
        await this.ensureStarted();
        if (!this.client || this.state !== "ready")
            throw new Error(
                `MCP server "${this.config.name}" is not running: ${this.error ?? "not started"}`,
            );
        return this.client;
    }

    async restart(): Promise<void> {
        await this.stop();
        await this.ensureStarted();
    }

    async stop(): Promise<void> {
        this.stopping = true;
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = null;
        await this.starting?.catch(() => {});
        const client = this.client;
        this.client = null;
        if (client) await client.close().catch(() => {});
        this.set("stopped", null);
    }

    private async start(): Promise<void> {
        this.set("starting", null);
        this.stderr = [];
        const client = new Client(
            {name: "cairn", version: APP_VERSION},
            {
                listChanged: {
                    tools: {
                        onChanged: (error, tools) => {
                            if (error || !tools) return;
                            this.tools = tools;
                            this.onChange();
                        },
                    },
                    prompts: {
                        onChanged: (error, prompts) => {
                            if (error || !prompts) return;
                            this.prompts = prompts;
                            this.onChange();
                        },
                    },
                    resources: {
                        onChanged: (error, resources) => {
                            if (error || !resources) return;
                            this.resources = resources;
                            this.onChange();
                        },
                    },
                },
                ...(this.side ? {capabilities: {roots: {}, elicitation: {form: {}}, sampling: {}}} : {}),
            },
        );
        this.serve(client);
        const timeout = new AbortController();
        const timer = setTimeout(() => timeout.abort(), this.config.startTimeoutMs);
        try {
            await this.connect(client, timeout.signal);
            const listed = await client.listTools(undefined, {signal: timeout.signal});
            this.tools = listed.tools;
            const capabilities = client.getServerCapabilities() ?? {};
            this.prompts = capabilities.prompts
                ? (await client.listPrompts(undefined, {signal: timeout.signal})).prompts
                : [];
            this.resources = capabilities.resources
                ? (await client.listResources(undefined, {signal: timeout.signal})).resources
                : [];
            this.client = client;
            this.oversized = false;
            client.onclose = () => this.closed(client);
            // A reply over the SDK's limit is one error, then the rest of its line others: noted when seen.
            client.onerror = (error) => {
                if (/exceeded maximum size/i.test(error.message)) this.oversized = true;
            };
            this.retries = 0;
            this.set("ready", null);
        } catch (error) {
            await client.close().catch(() => {});
            const why = timeout.signal.aborted
                ? `did not start within ${this.config.startTimeoutMs / 1000} s`
                : errorText(error);
            this.set("error", `${why}${this.stderrHint()}`);
        } finally {
            clearTimeout(timer);
        }
    }

    /** Streamable HTTP first; a server that answers it with an HTTP error gets the older SSE transport. */
    private async connect(client: Client, signal: AbortSignal): Promise<void> {
        const t = this.config.transport;
        if (t.type === "stdio") {
            const transport = new StdioClientTransport({
                command: t.command,
                args: t.args,
                env: t.env,
                cwd: t.cwd,
                stderr: "pipe",
            });
            transport.stderr?.on("data", (chunk: Buffer) => this.keepStderr(String(chunk)));
            return connectWithin(client, transport, signal);
        }
        const requestInit = {headers: t.headers};
        if (t.type === "sse")
            return connectWithin(client, new SSEClientTransport(new URL(t.url), {requestInit}), signal);
        try {
            await connectWithin(
                client,
                new StreamableHTTPClientTransport(new URL(t.url), {requestInit}),
                signal,
            );
        } catch (error) {
            if (signal.aborted || !/HTTP 4\d\d|405|404/.test(errorText(error))) throw error;
            await connectWithin(client, new SSEClientTransport(new URL(t.url), {requestInit}), signal);
        }
    }

    /** The server went away: calls in flight have failed with it; try again later unless Cairn stopped it. */
    private closed(client: Client): void {
        if (this.client !== client || this.stopping) return;
        this.client = null;
        this.tools = [];
        this.prompts = [];
        this.resources = [];
        this.set("error", `the server exited${this.stderrHint()}`);
        const delay = BACKOFF_MS[Math.min(this.retries, BACKOFF_MS.length - 1)]!;
        this.retries++;
        this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            if (!this.stopping) void this.ensureStarted();
        }, delay);
        this.retryTimer.unref();
    }

    private keepStderr(text: string): void {
        const lines = text.split(/\r?\n/).filter((l) => l.trim());
        this.stderr = [...this.stderr, ...lines.map((l) => l.slice(0, 500))].slice(-STDERR_LINES);
    }

    private stderrHint(): string {
        const last = this.stderr.slice(-3).join(" | ");
        return last ? `; its last output: ${last}` : "";
    }

    private set(state: McpServerState, error: string | null): void {
        this.state = state;
        this.error = error;
        this.onChange();
    }
}

async function connectWithin(client: Client, transport: Transport, signal: AbortSignal): Promise<void> {
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

function errorText(error: unknown): string {
    if (error instanceof Error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return `the command was not found (${error.message})`;
        return error.message;
    }
    return String(error);
}
