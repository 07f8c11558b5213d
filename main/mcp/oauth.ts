import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type {OAuthClientProvider, OAuthDiscoveryState} from "@modelcontextprotocol/sdk/client/auth.js";
import type {FetchLike} from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
    OAuthClientInformationMixed,
    OAuthClientMetadata,
    OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {readSecret, writeSecret, type KeyVault} from "../llm/keyVault.js";
import {wordsOf} from "../../shared/coreWords.js";
import {WordsError} from "../words.js";
import {clientSdk} from "./sdk.js";
import {onThisComputer} from "../net/network.js";
import {fieldOf} from "../../shared/json.js";
import type {Expected} from "./loopback.js";
import type {PreRegistered} from "./config.js";

/** What is kept of a server's sign-in: Cairn's registration there, the tokens, where it signs in. */
type Saved = {
    client?: OAuthClientInformationMixed;
    tokens?: OAuthTokens;
    discovery?: OAuthDiscoveryState;
};

/**
 * A server's refusal of a request for want of scope (RFC 6750's insufficient_scope, the MCP spec's step-up): the
 * scope it asks for, and where its resource metadata is.
 */
export type ScopeChallenge = {scope: string | undefined; resourceMetadataUrl: URL | undefined};

/** A server asked for a sign-in that only the person can give (nothing stored, or it no longer works). */
export class SignInNeeded extends WordsError {
    constructor(server: string) {
        super(wordsOf("mcpSignInNeeded", {server}));
    }
}

const ACCOUNTS_DIR = "mcp-accounts";

/** How many refresh answers are kept for requests that read the same tokens. */
const REFRESHES_KEPT = 4;

/** How long requests refused during a refresh wait, after its answer came, for the SDK to save the tokens. */
const SAVE_WAIT_MS = 2_000;

type Answer = {status: number; statusText: string; headers: [string, string][]; body: string};

type Deferred = {done: Promise<void>; end(): void};

function deferred(): Deferred {
    let end = () => {};
    const done = new Promise<void>((resolve) => (end = resolve));
    return {done, end};
}

export function accountFile(dataDir: string, server: string): string {
    return path.join(dataDir, ACCOUNTS_DIR, `${server}.bin`);
}

/**
 * Cairn's side of one remote server's OAuth sign-in, as the MCP SDK's client auth flow asks for it. The
 * registration and the tokens are kept encrypted by the system's keychain (like provider keys); where
 * there is none (the CLI), for this run only. Outside a sign-in the person started, nothing is opened and
 * nothing registered: the flow ends in SignInNeeded. Refreshing expired tokens is the SDK's, on a 401.
 */
export class McpAccount implements OAuthClientProvider {
    private saved: Saved;
    private verifier: string | null = null;
    private expectedState: string | null = null;
    /**
     * Set during a sign-in: where the browser comes back, what opens the page, and whether it must be a new
     * authorization (a wider scope: a refresh keeps the old one).
     */
    private signingIn: {redirectUrl: string; open(url: URL): void; fresh: boolean} | null = null;
    /** The last refusal for want of scope, until a call takes it. */
    private challenge: ScopeChallenge | null = null;
    /** The token endpoint's answer to each refresh token sent, newest last. */
    private readonly refreshes = new Map<string, Promise<Answer>>();
    /** The newest refresh: done once its tokens are saved or it has failed. */
    private renewal: Deferred | null = null;

    constructor(
        private readonly server: string,
        private readonly store: {vault: KeyVault | null; dataDir: string},
        /** How a request leaves: through Offline mode and the egress log. */
        private readonly send: FetchLike = fetch,
        /** Credentials the server's owner gave: used as they are, never registered anew. */
        private readonly preRegistered?: PreRegistered,
        /**
         * Cairn's client metadata document: where the authorization server says it accepts such client IDs
         * (client_id_metadata_document_supported), the SDK uses this URL as the client's ID instead of registering.
         */
        readonly clientMetadataUrl?: string,
    ) {
        this.saved = this.read();
    }

    /**
     * The fetch the server's transport uses, so that requests that find the access token expired together
     * renew it once. The SDK refreshes on each 401 and gives up on a 401 that comes while another request's
     * refresh is being used; a server that rotates refresh tokens refuses a second use of one, and the SDK then
     * forgets the tokens the first use got. So a refresh token is sent once (the others get its answer), and a
     * request refused while its token is being or has been renewed is sent again with the new one.
     */
    readonly fetch: FetchLike = (url, init) => {
        const form = init?.body instanceof URLSearchParams ? init.body : null;
        const token = form?.get("grant_type") === "refresh_token" ? form.get("refresh_token") : null;
        return token ? this.refreshOnce(token, url, init) : this.sendRenewed(url, init);
    };

    /** Whether tokens are kept for this server (they may still have expired). */
    signedIn(): boolean {
        return this.saved.tokens !== undefined;
    }

    /** Whether this server has asked for a sign-in, now or before. */
    known(): boolean {
        return this.saved.client !== undefined || this.saved.tokens !== undefined;
    }

    /** The next flow may register and open the sign-in page, coming back to `redirectUrl`. */
    begin(redirectUrl: string, open: (url: URL) => void, fresh = false): void {
        this.signingIn = {redirectUrl, open, fresh};
    }

    /** The refusal for want of scope since the last call to this, if any. */
    takeChallenge(): ScopeChallenge | null {
        const challenge = this.challenge;
        this.challenge = null;
        return challenge;
    }

    end(): void {
        this.signingIn = null;
    }

    /** The state the browser must bring back, set when the page is opened. */
    state(): string {
        this.expectedState = crypto.randomBytes(16).toString("base64url");
        return this.expectedState;
    }

    /**
     * What the browser must bring back: the state sent, and the authorization server's issuer (RFC 9207), which
     * must come with it where that server says it sends one.
     */
    expected(): Expected {
        const metadata = this.saved.discovery?.authorizationServerMetadata;
        return {
            state: this.expectedState ?? "",
            issuer: metadata?.issuer ?? null,
            issuerRequired: fieldOf(metadata, "authorization_response_iss_parameter_supported") === true,
        };
    }

    /** The port the last registration's redirect used, to listen on again (a server may pin it). */
    lastPort(): number | null {
        const uri =
            this.saved.client && "redirect_uris" in this.saved.client ? this.saved.client.redirect_uris : [];
        const port = Number(uri?.[0] ? new URL(uri[0]).port : NaN);
        return Number.isInteger(port) && port > 0 ? port : null;
    }

    forget(): void {
        this.saved = {};
        this.verifier = null;
        fs.rmSync(accountFile(this.store.dataDir, this.server), {force: true});
    }

    get redirectUrl(): string {
        return this.signingIn?.redirectUrl ?? "http://127.0.0.1/callback";
    }

    get clientMetadata(): OAuthClientMetadata {
        return {
            client_name: "Cairn",
            redirect_uris: [this.redirectUrl],
            grant_types: ["authorization_code", "refresh_token"],
            response_types: ["code"],
            token_endpoint_auth_method: "none",
        };
    }

    clientInformation(): OAuthClientInformationMixed | undefined {
        if (this.preRegistered)
            return {
                client_id: this.preRegistered.clientId,
                ...(this.preRegistered.clientSecret ? {client_secret: this.preRegistered.clientSecret} : {}),
            };
        const client = this.saved.client;
        if (!this.signingIn) {
            if (!client) throw new SignInNeeded(this.server);
            return client;
        }
        // A URL as the client's ID holds for any loopback port (its document names the redirect without one).
        if (client && client.client_id === this.clientMetadataUrl) return client;
        // Registered for another redirect (the port was taken since): registered again.
        const uris = client && "redirect_uris" in client ? client.redirect_uris : [];
        return uris?.includes(this.redirectUrl) ? client : undefined;
    }

    saveClientInformation(client: OAuthClientInformationMixed): void {
        // The browser must come back to this computer: a registration that sends it elsewhere is not kept.
        const away = ("redirect_uris" in client ? (client.redirect_uris ?? []) : []).find(
            (uri) => !onThisComputer(uri),
        );
        if (away)
            throw new Error(
                `${this.server} registered Cairn with a sign-in that returns to ${away.slice(0, 200)}, off this computer: refused`,
            );
        this.write({...this.saved, client});
    }

    tokens(): OAuthTokens | undefined {
        const tokens = this.saved.tokens;
        if (!tokens || !this.signingIn?.fresh) return tokens;
        // Without its refresh token the SDK's flow authorizes anew, for the scope asked.
        const {refresh_token: _refresh, ...rest} = tokens;
        return rest;
    }

    saveTokens(tokens: OAuthTokens): void {
        this.write({...this.saved, tokens});
        this.renewal?.end();
    }

    redirectToAuthorization(url: URL): void {
        if (!this.signingIn) throw new SignInNeeded(this.server);
        this.signingIn.open(url);
    }

    saveCodeVerifier(verifier: string): void {
        this.verifier = verifier;
    }

    codeVerifier(): string {
        if (!this.verifier) throw new Error("no sign-in is under way");
        return this.verifier;
    }

    saveDiscoveryState(discovery: OAuthDiscoveryState): void {
        this.write({...this.saved, discovery});
    }

    discoveryState(): OAuthDiscoveryState | undefined {
        return this.saved.discovery;
    }

    invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
        if (scope !== "verifier") this.renewal?.end();
        if (scope === "verifier") this.verifier = null;
        else if (scope === "all") this.write({});
        else {
            const key = scope === "client" ? "client" : scope === "tokens" ? "tokens" : "discovery";
            const next = {...this.saved};
            delete next[key];
            this.write(next);
        }
    }

    private async refreshOnce(
        token: string,
        url: string | URL,
        init: RequestInit | undefined,
    ): Promise<Response> {
        let answer = this.refreshes.get(token);
        if (!answer) {
            const renewal = deferred();
            this.renewal = renewal;
            answer = this.send(url, init).then(async (res) => ({
                status: res.status,
                statusText: res.statusText,
                headers: [...res.headers],
                body: await res.text(),
            }));
            this.refreshes.set(token, answer);
            for (const old of [...this.refreshes.keys()].slice(0, -REFRESHES_KEPT))
                this.refreshes.delete(old);
            // Nothing came back (a request that failed on the way may be sent again), or a refusal: no new tokens.
            // Tokens the SDK could not take (a malformed answer) are never saved: nobody waits past a bound.
            answer.then(
                (a) =>
                    a.status >= 400 ? renewal.end() : setTimeout(() => renewal.end(), SAVE_WAIT_MS).unref(),
                () => (this.refreshes.delete(token), renewal.end()),
            );
        }
        const {body, ...rest} = await answer;
        return new Response(body, rest);
    }

    /** A request to the server; refused for a token that is being or has been renewed: sent again with the new one. */
    private async sendRenewed(url: string | URL, init: RequestInit | undefined): Promise<Response> {
        const res = await this.send(url, init);
        if (res.status === 403) this.challenge = (await scopeChallenge(res)) ?? this.challenge;
        if (res.status !== 401) return res;
        const headers = new Headers(init?.headers);
        const sent = headers.get("authorization");
        if (!sent) return res;
        await this.renewal?.done;
        const current = this.saved.tokens?.access_token;
        if (!current || sent === `Bearer ${current}`) return res;
        await res.body?.cancel();
        headers.set("authorization", `Bearer ${current}`);
        return this.send(url, {...init, headers});
    }

    private read(): Saved {
        if (!this.store.vault?.available()) return {};
        const text = readSecret(this.store.vault, accountFile(this.store.dataDir, this.server));
        if (!text) return {};
        try {
            return JSON.parse(text) as Saved;
        } catch {
            return {};
        }
    }

    private write(saved: Saved): void {
        this.saved = saved;
        if (!this.store.vault?.available()) return;
        writeSecret(this.store.vault, accountFile(this.store.dataDir, this.server), JSON.stringify(saved));
    }
}

/** A 403's insufficient_scope challenge (RFC 6750 section 3), read by the SDK's own header parser. */
async function scopeChallenge(res: Response): Promise<ScopeChallenge | null> {
    const {extractWWWAuthenticateParams} = await clientSdk();
    const {error, scope, resourceMetadataUrl} = extractWWWAuthenticateParams(res);
    return error === "insufficient_scope" ? {scope, resourceMetadataUrl} : null;
}
