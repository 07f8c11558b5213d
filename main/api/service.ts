import type {ApiStatus} from "../../shared/contract.js";
import type {SettingsStore} from "../store/settings.js";
import {errorText} from "../contract/dispatcher.js";
import {apiKey, newApiKey} from "./key.js";
import {startApi, type ApiOptions, type ApiServer} from "./server.js";

/** The port the API listens on when Settings turns it on (clients keep one address). */
export const DEFAULT_API_PORT = 11480;

type RunOptions = {host?: string; port?: number; key?: string};

/**
 * The local API server as a setting: off by default; turned on in Settings (kept) or for one run
 * (`cairn serve --api`, not kept). Its key and CORS origins apply to the next request.
 */
export class ApiService {
    private server: ApiServer | null = null;
    private error: string | null = null;
    private runKey: string | null = null;
    private runPort: number | undefined;

    constructor(
        private readonly core: ApiOptions["core"],
        private readonly settings: SettingsStore,
    ) {}

    status(): ApiStatus {
        return {
            enabled: this.settings.get("apiEnabled") ?? false,
            url: this.server?.url ?? null,
            key: this.key(),
            corsOrigins: this.settings.get("apiCorsOrigins") ?? [],
            error: this.error,
        };
    }

    /** The port for this run when Settings turns the server on (the CLI's --api-port; 0: any free port). */
    usePort(port: number | undefined): void {
        this.runPort = port;
    }

    /** At launch: starts the server when Settings has it on. */
    async startIfEnabled(): Promise<void> {
        if (this.settings.get("apiEnabled")) await this.start({});
    }

    /** For this run only (the CLI's --api): started whatever Settings says, and not remembered. */
    async startForRun(options: RunOptions): Promise<ApiServer> {
        this.runKey = options.key ?? null;
        await this.start(options);
        if (!this.server) throw new Error(this.error ?? "the API did not start");
        return this.server;
    }

    async setEnabled(enabled: boolean): Promise<ApiStatus> {
        this.settings.set("apiEnabled", enabled);
        if (enabled && !this.server) await this.start({});
        if (!enabled) await this.stop();
        return this.status();
    }

    regenerateKey(): ApiStatus {
        this.runKey = null;
        this.settings.set("apiKey", newApiKey());
        return this.status();
    }

    setCorsOrigins(origins: string[]): ApiStatus {
        this.settings.set("apiCorsOrigins", [...new Set(origins)]);
        return this.status();
    }

    async stop(): Promise<void> {
        const server = this.server;
        this.server = null;
        await server?.close();
    }

    private key(): string {
        return this.runKey ?? apiKey(this.settings);
    }

    private async start({host, port}: RunOptions): Promise<void> {
        this.error = null;
        try {
            this.server = await startApi({
                core: this.core,
                key: () => this.key(),
                corsOrigins: () => this.settings.get("apiCorsOrigins") ?? [],
                host,
                port: port ?? this.runPort ?? this.settings.get("apiPort") ?? DEFAULT_API_PORT,
            });
        } catch (error) {
            const reason = errorText(error);
            this.error = `the local API could not start: ${reason}${/EADDRINUSE/.test(reason) ? " (another program uses that port)" : ""}`;
        }
    }
}
