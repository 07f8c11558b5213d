import {forNoConversation} from "../net/network.js";
import type {RefusedTool} from "../tools/registry.js";
import type {FetchLike} from "@modelcontextprotocol/sdk/shared/transport.js";
import type {Client} from "@modelcontextprotocol/sdk/client/index.js";
import type {Transport} from "@modelcontextprotocol/sdk/shared/transport.js";
import type {Prompt, Resource, Tool, UrlElicitationRequiredError} from "@modelcontextprotocol/sdk/types.js";
import {checkResult, reportedMalformed, type CheckedResult} from "./results.js";
import {APPS} from "./apps.js";
import {clientSdk, isSdkError, type ClientSdk} from "./sdk.js";
import type {McpServerState} from "../../shared/contract.js";
import {APP_VERSION} from "../version.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish, WordsError} from "../words.js";
import type {McpServerConfig} from "./config.js";
import {openLoopback, signInPageProblem, type Loopback} from "./loopback.js";
import {SignInNeeded, type McpAccount, type ScopeChallenge} from "./oauth.js";
import {answerServer, pagesFirst, type ClientSide} from "./serverRequests.js";
import {signInForScope} from "./stepUp.js";
import {connectWithin, isAuthError, errorText, stderrHint, withOutput} from "./connect.js";

/** A tool call as asked: `interactive` when a person waits on it. */
type Call = {
    name: string;
    args: Record<string, unknown>;
    signal: AbortSignal;
    onProgress: ((update: {progress: number; total?: number; message?: string}) => void) | undefined;
    interactive: boolean;
};

const STDERR_LINES = 20;
/** How long a sign-in in the browser may take. */
export const SIGN_IN_MS = 5 * 60_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** What Cairn's client offers a server: roots, forms, sampling, and showing MCP Apps' pages (apps.ts). */
const CAPABILITIES = {roots: {}, elicitation: {form: {}, url: {}}, sampling: {}, extensions: APPS};

/**
 * One MCP server: started on demand, its tools listed and followed (listChanged), restarted with backoff
 * after it exits unexpectedly. Never throws for the server's faults: they become its state and message.
 */
export class McpConnection {
    private client: Client | null = null;
    private starting: Promise<void> | null = null;
    private state: McpServerState = "stopped";
    private error: string | null = null;
    private errorWords: Words | null = null;
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
    /** Ends a start under way (stop(), a new sign-in). */
    private startAbort: AbortController | null = null;
    /** While a sign-in waits for the browser: where it comes back, and the page the person signs in on. */
    private loopback: Loopback | null = null;
    private signInPage: string | null = null;
    private steppingUp: Promise<void> | null = null;

    constructor(
        readonly config: McpServerConfig,
        /** Called when the state or the tool list changes. */
        private readonly onChange: () => void,
        private readonly side: ClientSide | null = null,
        /** A remote server's OAuth sign-in (none for stdio servers). */
        private readonly account: McpAccount | null = null,
        /** How HTTP requests leave: through Offline mode and the egress log. */
        private readonly send: FetchLike = fetch,
        /** Opens a page in the system browser: a wider sign-in a call needs (stepUp.ts). */
        private readonly openPage: ((url: URL) => void) | null = null,
    ) {}

    /** Whether the server asked for a sign-in, and whether Cairn holds one; the page while it waits. */
    signInStatus(): {account: "none" | "signed-in" | "signed-out"; page: string | null} {
        const account = !this.account?.known()
            ? this.state === "signin"
                ? "signed-out"
                : "none"
            : this.account.signedIn()
              ? "signed-in"
              : "signed-out";
        return {account, page: this.signInPage};
    }

    /**
     * Signs in to a remote server in the system browser: the SDK's flow (discovery, registration, PKCE)
     * opens the server's page through `open`, the browser comes back to a loopback listener, the code is
     * exchanged for tokens, and the server is connected with them. Resolves when it is ready or has failed
     * (see status()); within SIGN_IN_MS.
     */
    async signIn(open: (url: URL) => void): Promise<void> {
        const account = this.account;
        if (!account) return this.set("error", `${this.config.name} is a local server: it has no sign-in`);
        await this.stop();
        this.stopping = false;
        const loopback = await openLoopback(account.lastPort());
        this.loopback = loopback;
        account.begin(loopback.url, this.showing(open));
        try {
            await this.ensureStarted();
        } finally {
            account.end();
            loopback.close();
            this.loopback = null;
            this.signInPage = null;
            this.onChange();
        }
    }

    /** Opens the server's sign-in page through `open`, shown in the server's status while Cairn waits. */
    private showing(open: (url: URL) => void): (url: URL) => void {
        return (url) => {
            const problem = signInPageProblem(url);
            if (problem) throw new Error(problem);
            this.signInPage = url.href;
            this.onChange();
            open(url);
        };
    }

    /** Forgets the sign-in (tokens and registration); the server then needs a new one. */
    async signOut(): Promise<void> {
        await this.stop();
        this.account?.forget();
        this.set("stopped", null);
    }

    status() {
        return {
            state: this.state,
            error: this.error,
            errorWords: this.errorWords,
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
        // The connection outlives the call that starts it: its requests are no conversation's.
        return (this.starting ??= forNoConversation(() => this.start()).finally(
            () => (this.starting = null),
        ));
    }

    async callTool(
        name: string,
        args: Record<string, unknown>,
        signal: AbortSignal,
        onProgress?: (update: {progress: number; total?: number; message?: string}) => void,
        interactive = true,
    ): Promise<CheckedResult> {
        const client = await this.readyClient();
        const sdk = await clientSdk();
        this.inFlight.all++;
        if (interactive) this.inFlight.interactive++;
        try {
            return await this.call(client, sdk, {name, args, signal, onProgress, interactive}, true);
        } finally {
            this.inFlight.all--;
            if (interactive) this.inFlight.interactive--;
        }
    }

    /** One call; refused for want of scope, it is made once more after a wider sign-in (`stepUp`). */
    private async call(client: Client, sdk: ClientSdk, asked: Call, stepUp: boolean): Promise<CheckedResult> {
        const {name, args, signal, onProgress, interactive} = asked;
        try {
            // Cairn's runner owns the time limit; the SDK's own (60 s by default) must not cut in first. An
            // aborted signal (Stop, the time limit) sends the server notifications/cancelled.
            const raw = await client.callTool({name, arguments: args}, sdk.LooseCallToolResultSchema, {
                signal,
                timeout: this.config.callTimeoutMs + 1_000,
                ...(onProgress ? {onprogress: onProgress} : {}),
            });
            return checkResult(raw, sdk);
        } catch (error) {
            const challenge = this.account?.takeChallenge();
            if (challenge) {
                await this.widerSignIn(challenge, signal, interactive, stepUp);
                return this.call(client, sdk, asked, false);
            }
            if (error instanceof SignInNeeded) this.set("signin", error.words);
            if (isSdkError(error, "UrlElicitationRequiredError"))
                throw new Error(
                    await pagesFirst(this.side, this.config.name, error as UrlElicitationRequiredError, {
                        signal,
                        interactive,
                    }),
                );
            const reported = reportedMalformed(errorText(error));
            if (reported) return reported;
            throw new Error(this.failureOf(error));
        }
    }

    /**
     * The sign-in a call refused for want of scope needs: its page opened while a person waits on the call, once;
     * otherwise (nobody waits, or it was refused again) the call fails saying so.
     */
    private async widerSignIn(
        challenge: ScopeChallenge,
        signal: AbortSignal,
        interactive: boolean,
        first: boolean,
    ): Promise<void> {
        const t = this.config.transport;
        const values = {server: this.config.name, scope: challenge.scope ?? "?"};
        if (!first) throw new WordsError(wordsOf("mcpMoreAccessRefused", values));
        if (!interactive || !this.account || !this.openPage || t.type === "stdio")
            throw new WordsError(wordsOf("mcpMoreAccess", values));
        try {
            // Calls refused together wait on one sign-in.
            this.steppingUp ??= signInForScope(
                this.account,
                new URL(t.url),
                challenge,
                this.showing(this.openPage),
                signal,
            ).finally(() => (this.steppingUp = null));
            await this.steppingUp;
        } finally {
            this.signInPage = null;
            this.onChange();
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
        this.startAbort?.abort();
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
        const sdk = await clientSdk();
        const client = new sdk.Client(
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
                ...(this.side ? {capabilities: CAPABILITIES} : {}),
            },
        );
        if (this.side) answerServer(client, sdk, this.side, this.config.name, () => this.personWaiting());
        const timeout = new AbortController();
        this.startAbort = timeout;
        // A sign-in waits for the person in the browser, not only for the server.
        const limitMs = this.loopback ? SIGN_IN_MS : this.config.startTimeoutMs;
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            timeout.abort();
        }, limitMs);
        try {
            // An HTTP server's tools are listed as it connects (a sign-in may wait for that first request).
            const listed = await this.connect(client, sdk, timeout.signal);
            this.tools = listed ?? (await client.listTools(undefined, {signal: timeout.signal})).tools;
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
            this.failedToStart(error, timedOut ? limitMs : null);
        } finally {
            clearTimeout(timer);
            this.startAbort = null;
        }
    }

    /** Why a start failed, as the state: a sign-in to give, a limit passed, the server's own error. */
    private failedToStart(error: unknown, limitMs: number | null): void {
        if (this.stopping) return this.set("stopped", null);
        const signIn = this.account && (this.loopback || isAuthError(error));
        if (signIn) {
            const why =
                limitMs !== null
                    ? wordsOf("mcpSignInLate", {minutes: limitMs / 60_000})
                    : isSdkError(error, "UnauthorizedError")
                      ? new SignInNeeded(this.config.name).words
                      : error instanceof WordsError
                        ? error.words
                        : errorText(error);
            return this.set("signin", why);
        }
        if (limitMs === null) return this.set("error", `${errorText(error)}${stderrHint(this.stderr)}`);
        this.set("error", withOutput(this.stderr, "mcpNotStarted", {seconds: limitMs / 1000}));
    }

    /**
     * Streamable HTTP first; a server that answers it with an HTTP error gets the older SSE transport. Returns
     * the tools when connecting listed them (null: not yet listed).
     */
    private async connect(client: Client, sdk: ClientSdk, signal: AbortSignal): Promise<Tool[] | null> {
        const t = this.config.transport;
        if (t.type === "stdio") {
            const transport = new sdk.StdioClientTransport({
                command: t.command,
                args: t.args,
                env: t.env,
                cwd: t.cwd,
                stderr: "pipe",
            });
            transport.stderr?.on("data", (chunk: Buffer) => this.keepStderr(String(chunk)));
            await connectWithin(client, transport, signal);
            return null;
        }
        const options = {
            requestInit: {headers: t.headers},
            fetch: this.account ? this.account.fetch : this.send,
            ...(this.account ? {authProvider: this.account} : {}),
        };
        const sse = () => new sdk.SSEClientTransport(new URL(t.url), options);
        if (t.type === "sse") return this.connectSignedIn(client, sse, signal);
        try {
            return await this.connectSignedIn(
                client,
                () => new sdk.StreamableHTTPClientTransport(new URL(t.url), options),
                signal,
            );
        } catch (error) {
            // Connected, the listing failed: not a matter of transport.
            const connected = client.transport !== undefined;
            if (
                signal.aborted ||
                connected ||
                isAuthError(error) ||
                !/HTTP 4\d\d|405|404/.test(errorText(error))
            )
                throw error;
            return this.connectSignedIn(client, sse, signal);
        }
    }

    /**
     * Connects and lists the tools; when the server asks for a sign-in the person started, waits for the browser
     * to come back with the code, exchanges it for tokens, and connects again with them (null: tools not listed).
     */
    private async connectSignedIn(
        client: Client,
        transport: () => Transport & {finishAuth(code: string): Promise<void>},
        signal: AbortSignal,
    ): Promise<Tool[] | null> {
        const first = transport();
        let connected = false;
        try {
            await connectWithin(client, first, signal);
            connected = true;
            // A server may ask for the sign-in after initialize, at the first request that needs it.
            return (await client.listTools(undefined, {signal})).tools;
        } catch (error) {
            const waiting = this.loopback;
            if (!isSdkError(error, "UnauthorizedError") || !waiting || !this.account) throw error;
            const code = await waiting.code(this.account.expected(), signal);
            // The browser came back: its page is no longer the one to open.
            this.signInPage = null;
            await first.finishAuth(code);
            if (!connected) await connectWithin(client, transport(), signal);
            return null;
        }
    }

    /** The server went away: calls in flight have failed with it; try again later unless Cairn stopped it. */
    private closed(client: Client): void {
        if (this.client !== client || this.stopping) return;
        this.client = null;
        this.tools = [];
        this.prompts = [];
        this.resources = [];
        this.set("error", withOutput(this.stderr, "mcpExited"));
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

    private set(state: McpServerState, error: string | Words | null): void {
        this.state = state;
        const words = typeof error === "object" ? error : null;
        this.error = words ? inEnglish(words) : (error as string | null);
        this.errorWords = words;
        this.onChange();
    }
}
