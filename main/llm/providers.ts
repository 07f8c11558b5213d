import fs from "node:fs";
import path from "node:path";
import {validatorOf} from "../validator.js";
import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import {requestProblem} from "../contract/problems.js";
import {connectionFailure} from "./connectionFailure.js";
import {UNRECORDED, type Egress, type Network, type Outbound} from "../net/network.js";
import {endpoint, hostOf, remoteStep, WIRES, type RemoteServer} from "./remote.js";
import type {StepRequest, StepResult} from "./stepTypes.js";
import type {ProviderInfo, ProviderType, ProviderWebSearch} from "../../shared/contract.js";
import type {WireFormat} from "./wire/wire.js";
import {knownTextOnly, remoteCannotSee} from "./vision.js";
import type {Words} from "../../shared/result.js";
import {readStoredKey, removeStoredKey, storeKey, type KeyVault} from "./keyVault.js";
import {messageOf, codeOf} from "../../shared/format.js";

/**
 * `<data>/providers.json`: models served elsewhere that a conversation may use instead of the embedded one.
 * A key is never in this file: `keyEnv` names an environment variable, `keyFile` a file only its owner
 * can read (checked when it is used).
 */
export type ProviderConfig = {
    name: string;
    type: ProviderType;
    /** Required for openai-compatible; the cloud APIs have their own (PROVIDER_TYPES). */
    baseUrl: string;
    /** The model to ask for; unset: the first one the server lists at /v1/models. */
    model?: string;
    keyEnv?: string;
    keyFile?: string;
    /** The key was typed in the desktop app's Settings and is stored encrypted (keyVault.ts). */
    keyStored?: true;
};

export const PROVIDERS_FILE_NAME = "providers.json";

/** Each type's format, its default address, and how it searches the web when web access is on. */
export const PROVIDER_TYPES: Record<
    ProviderType,
    {format: WireFormat; baseUrl: string | null; webSearch: ProviderWebSearch}
> = {
    "openai-compatible": {format: "chat", baseUrl: null, webSearch: "cairn"},
    openai: {format: "responses", baseUrl: "https://api.openai.com/v1", webSearch: "provider"},
    gemini: {
        format: "gemini",
        baseUrl: "https://generativelanguage.googleapis.com/v1beta",
        webSearch: "provider",
    },
    anthropic: {format: "anthropic", baseUrl: "https://api.anthropic.com/v1", webSearch: "none"},
};
const NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

const validateEntry = validatorOf(
    {
        type: "object",
        additionalProperties: false,
        required: ["type"],
        // Only an OpenAI-compatible server needs its address; the cloud APIs have theirs.
        if: {properties: {type: {const: "openai-compatible"}}},
        then: {required: ["baseUrl"]},
        properties: {
            type: {enum: Object.keys(PROVIDER_TYPES)},
            baseUrl: {type: "string", pattern: "^https?://"},
            model: {type: "string", minLength: 1},
            keyEnv: {type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},
            keyFile: {type: "string", minLength: 1},
            keyStored: {const: true},
        },
    },
    {allErrors: true, strict: false},
);

export function providersFile(dataDir: string): string {
    return path.join(dataDir, PROVIDERS_FILE_NAME);
}

/** The file's providers; a missing file is none, a malformed entry is a problem in words. */
export function readProviders(file: string): {providers: ProviderConfig[]; problems: string[]} {
    let raw: unknown;
    try {
        raw = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
        if (codeOf(error) === "ENOENT") return {providers: [], problems: []};
        return {providers: [], problems: [`${file} is not valid JSON: ${messageOf(error)}`]};
    }
    const entries = (raw as {providers?: Record<string, unknown>}).providers ?? {};
    const providers: ProviderConfig[] = [];
    const problems: string[] = [];
    for (const [name, entry] of Object.entries(entries)) {
        const checked = checkProvider(name, entry);
        if (typeof checked === "string") problems.push(`${file}: ${checked}`);
        else providers.push(checked);
    }
    return {providers, problems};
}

/** One entry checked; a string says what is wrong with it. */
export function checkProvider(name: string, entry: unknown): ProviderConfig | string {
    if (!NAME.test(name)) return `provider name "${name}" must be 1-64 letters, digits, "_", "-" or "."`;
    if (!validateEntry(entry)) {
        const extra = validateEntry.errors?.find((e) => e.keyword === "additionalProperties");
        const keyHint = /key/i.test(String(extra?.params.additionalProperty ?? ""))
            ? " (a key is never written here: use keyEnv or keyFile)"
            : "";
        return `provider ${name}: ${requestProblem(validateEntry.errors, "the entry")}${keyHint}`;
    }
    const fields = entry as Omit<ProviderConfig, "name" | "baseUrl"> & {baseUrl?: string};
    return {name, ...fields, baseUrl: fields.baseUrl ?? PROVIDER_TYPES[fields.type].baseUrl!};
}

/** Adds or replaces one provider, keeping the others; written atomically, readable by its owner only. */
export function saveProvider(file: string, provider: ProviderConfig): void {
    const {name, ...entry} = provider;
    writeEntries(file, (entries) => ({...entries, [name]: entry}));
}

export function removeProvider(file: string, name: string): boolean {
    let found = false;
    writeEntries(file, (entries) => {
        found = name in entries;
        const {[name]: _gone, ...rest} = entries;
        return rest;
    });
    return found;
}

function writeEntries(file: string, change: (entries: Record<string, unknown>) => Record<string, unknown>) {
    let current: {providers?: Record<string, unknown>} = {};
    try {
        current = JSON.parse(fs.readFileSync(file, "utf8")) as typeof current;
    } catch {
        // a missing file starts empty
    }
    const next = {...current, providers: change(current.providers ?? {})};
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(next, null, 4)}\n`, {mode: 0o600});
    fs.renameSync(temp, file);
}

/**
 * The provider's key: from its environment variable, or from its key file, which must be readable by its
 * owner only. A key given for one command (--api-key, CAIRN_API_KEY) wins and is never stored.
 */
export function providerKey(provider: ProviderConfig): Result<string | undefined> {
    if (provider.keyEnv) {
        const key = process.env[provider.keyEnv];
        return key
            ? ok(key)
            : failSaying("VALIDATION", "keyEnvUnset", {provider: provider.name, variable: provider.keyEnv});
    }
    if (!provider.keyFile) return ok(undefined);
    let stat: fs.Stats;
    try {
        stat = fs.statSync(provider.keyFile);
    } catch {
        return failSaying("NOT_FOUND", "keyFileMissing", {provider: provider.name, file: provider.keyFile});
    }
    if (process.platform !== "win32" && (stat.mode & 0o077) !== 0)
        return failSaying("DENIED", "keyFileOpen", {provider: provider.name, file: provider.keyFile});
    return ok(fs.readFileSync(provider.keyFile, "utf8").trim());
}

/** A turn's model on a remote server: steps go there; results are not cut to a context Cairn cannot see. */
export class RemoteEngine {
    private model: string | undefined;

    constructor(
        readonly provider: ProviderConfig,
        private readonly apiKey: string | undefined,
        private readonly outbound: Outbound = UNRECORDED,
        model: string | null = null,
    ) {
        this.model = model ?? provider.model;
    }

    /** How this provider searches the web when web access is on (Anthropic's API: not at all, here). */
    get webSearch(): ProviderWebSearch {
        return PROVIDER_TYPES[this.provider.type].webSearch;
    }

    /** The model asked for (the provider's name until its server has said which model it serves). */
    modelName(): string {
        return this.model ?? this.provider.name;
    }

    /** What answered, as messages record it: the model (or the provider's name) and where it runs. */
    label(): string {
        return `${this.modelName()} · ${hostOf(this.provider)}`;
    }

    /** Why this model cannot be sent an image (it is known to read text only); null: it may see. */
    imageRefusal(): Words | null {
        return this.model && knownTextOnly(this.model)
            ? remoteCannotSee(this.model, this.provider.name)
            : null;
    }

    async step(req: StepRequest): Promise<Result<StepResult>> {
        const server = serverOf(this.provider, this.apiKey);
        if (!this.model) {
            const found = await resolveModel(server, this.outbound);
            if (!found.ok) return found;
            this.model = found.value;
        }
        return remoteStep({...server, model: this.model}, req, this.outbound);
    }

    resultBudget(): number | null {
        return null;
    }

    fitText(text: string): string {
        return text;
    }
}

/**
 * The providers of providers.json (read again at each use, so `cairn providers add` in another process
 * takes effect), and one given for a single command (--base-url), whose key is never stored.
 */
export class Providers {
    constructor(
        private readonly file: string,
        private readonly network: Network,
        private readonly oneOff: OneOffProvider | null = null,
        /** The desktop app's encrypted keys (none in cairn serve and the CLI). */
        private readonly keys: {vault: KeyVault | null; dataDir: string} | null = null,
    ) {}

    /** Whether a key typed in Settings can be kept here (encrypted by the OS), or must be given otherwise. */
    canStoreKeys(): boolean {
        return this.keys?.vault?.available() ?? false;
    }

    /**
     * Adds (or replaces) a provider from Settings. A key typed there is kept only encrypted by the OS's
     * keychain (the desktop app); elsewhere it is refused, in words that say how to give it.
     */
    add(entry: Record<string, unknown> & {name: string; key?: string}): Result<ProviderInfo[]> {
        const {name, key, ...fields} = entry;
        if (key !== undefined && !this.canStoreKeys()) return failSaying("VALIDATION", "keyOnlyDesktop");
        const checked = checkProvider(name, key !== undefined ? {...fields, keyStored: true} : fields);
        if (typeof checked === "string") return fail("VALIDATION", checked);
        if (key !== undefined) storeKey(this.keys!.vault!, this.keys!.dataDir, name, key);
        else if (this.keys) removeStoredKey(this.keys.dataDir, name);
        saveProvider(this.file, checked);
        return ok(this.info());
    }

    remove(name: string): Result<ProviderInfo[]> {
        if (!removeProvider(this.file, name)) return fail("NOT_FOUND", `no provider named ${name}`);
        if (this.keys) removeStoredKey(this.keys.dataDir, name);
        return ok(this.info());
    }

    list(): ProviderConfig[] {
        const {providers} = readProviders(this.file);
        return this.oneOff
            ? [...providers.filter((p) => p.name !== this.oneOff!.name), this.oneOff]
            : providers;
    }

    info(): ProviderInfo[] {
        return this.list().map((p) => ({
            name: p.name,
            type: p.type,
            baseUrl: p.baseUrl,
            model: p.model ?? null,
            key: p.keyStored
                ? "stored encrypted"
                : p.keyEnv
                  ? `env ${p.keyEnv}`
                  : p.keyFile
                    ? `file ${p.keyFile}`
                    : this.oneOff === p && this.oneOff.apiKey
                      ? "given for this command"
                      : "none",
            webSearch: PROVIDER_TYPES[p.type].webSearch,
        }));
    }

    has(name: string): boolean {
        return this.list().some((p) => p.name === name);
    }

    /**
     * The engine a conversation's turn uses for this provider (`model`: one of its models, else its
     * default); its requests are logged for that conversation (null: a request of the local API, for none).
     */
    engine(name: string, conversationId: string | null, model: string | null = null): Result<RemoteEngine> {
        const found = this.withKey(name);
        if (!found.ok) return found;
        const {provider, key} = found.value;
        return ok(new RemoteEngine(provider, key, this.network.for("provider", name, conversationId), model));
    }

    /** The models the provider's server lists, asked now (logged, for no conversation). */
    async models(name: string): Promise<Result<string[]>> {
        const found = this.withKey(name);
        if (!found.ok) return found;
        const {provider, key} = found.value;
        return listModels(serverOf(provider, key), this.network.for("provider", name));
    }

    private withKey(name: string): Result<{provider: ProviderConfig; key: string | undefined}> {
        const provider = this.list().find((p) => p.name === name);
        if (!provider)
            return fail(
                "NOT_FOUND",
                `no provider named ${name}; add it with cairn providers add, or switch back to the local model`,
            );
        const key =
            provider === this.oneOff
                ? ok(this.oneOff.apiKey)
                : provider.keyStored
                  ? readStoredKey(this.keys?.vault ?? null, this.keys?.dataDir ?? "", provider.name)
                  : providerKey(provider);
        return key.ok ? ok({provider, key: key.value}) : key;
    }
}

/**
 * A provider for one command only (--base-url): its key is never stored, and `otherwise` says what else the
 * person can do when it cannot be reached.
 */
export type OneOffProvider = ProviderConfig & {apiKey?: string; otherwise?: string};

/** Where a provider's requests go, in its format, with its key. */
function serverOf(provider: OneOffProvider, apiKey: string | undefined): Omit<RemoteServer, "model"> {
    return {
        baseUrl: provider.baseUrl,
        apiKey,
        format: PROVIDER_TYPES[provider.type].format,
        ...(provider.otherwise ? {otherwise: provider.otherwise} : {}),
    };
}

/** The model a provider serves: its configured one, else the first the server lists. */
export async function resolveModel(
    server: Omit<RemoteServer, "model"> & {model?: string},
    outbound: Outbound = UNRECORDED,
): Promise<Result<string>> {
    if (server.model) return ok(server.model);
    const models = await listModels(server, outbound);
    if (!models.ok) return models;
    return models.value[0]
        ? ok(models.value[0])
        : failSaying("NOT_FOUND", "listsNoModel", {host: hostOf(server)});
}

/** The models a server lists (OpenAI's /models, Gemini's, Anthropic's), in its order. */
export async function listModels(
    server: Omit<RemoteServer, "model">,
    outbound: Outbound = UNRECORDED,
): Promise<Result<string[]>> {
    const wire = WIRES[server.format ?? "chat"];
    const url = endpoint(server, wire.models.path);
    const refused = outbound.refusal(url);
    if (refused) return failWith("NETWORK", refused);
    const egress: Egress = {url, bytesSent: 0, bytesReceived: 0, status: null};
    try {
        const res = await fetch(url, {
            headers: wire.headers(server.apiKey),
            signal: AbortSignal.timeout(server.connectTimeoutMs ?? 10_000),
        });
        egress.status = res.status;
        const text = await res.text();
        egress.bytesReceived = Buffer.byteLength(text);
        outbound.record(egress);
        if (!res.ok)
            return failSaying("NETWORK", "modelsRefused", {host: hostOf(server), status: res.status});
        return ok(wire.models.ids(JSON.parse(text)));
    } catch (error) {
        if (egress.status !== null) return failSaying("NETWORK", "noModelList", {host: hostOf(server)});
        outbound.record(egress);
        const cause = connectionFailure(error);
        return fail(
            "NETWORK",
            `cannot reach ${hostOf(server)}${cause ? ` (${cause})` : ""} to list its models; check that the server is running and the address is right`,
        );
    }
}
