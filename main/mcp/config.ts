import fs from "node:fs";
import path from "node:path";
import {validatorOf} from "../validator.js";
import {messageOf, codeOf} from "../../shared/format.js";
import {MCP_NAME_MAX} from "../../shared/mcpNames.js";

/**
 * `<data>/mcp.json`, in the `{"mcpServers": {...}}` format other desktop assistants use: stdio servers
 * (command, args, env, cwd) and HTTP servers (url, headers; `type: "sse"` for the older transport). Cairn's
 * own per-server fields are optional: enabled (or the common `disabled`), startup, startTimeoutMs,
 * callTimeoutMs. Fields other programs add are kept as they are when Cairn writes the file.
 */
export type McpServerConfig = {
    name: string;
    enabled: boolean;
    /** lazy: started when a turn first needs tools (or a call, or a listing); launch: when Cairn starts. */
    startup: "lazy" | "launch";
    startTimeoutMs: number;
    callTimeoutMs: number;
    transport:
        | {type: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string}
        | {
              type: "http" | "sse";
              url: string;
              headers: Record<string, string>;
              /** A client registered with the server's authorization server beforehand (`oauth` in mcp.json). */
              client?: PreRegistered;
              /**
               * Cairn's client metadata document (CIMD: an https URL that is the client's ID), used instead of
               * registering where the authorization server accepts such IDs (`oauth.clientMetadataUrl`).
               */
              clientMetadataUrl?: string;
          };
};

/** OAuth client credentials given by the server's owner, used instead of registering (`--client-id`). */
export type PreRegistered = {clientId: string; clientSecret?: string};

export const DEFAULT_START_TIMEOUT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
export const MCP_FILE_NAME = "mcp.json";

const strings = {type: "object", additionalProperties: {type: "string"}} as const;
const entrySchema = {
    type: "object",
    properties: {
        command: {type: "string", minLength: 1},
        args: {type: "array", items: {type: "string"}},
        env: strings,
        cwd: {type: "string"},
        url: {type: "string", minLength: 1},
        headers: strings,
        oauth: {
            type: "object",
            properties: {
                clientId: {type: "string", minLength: 1},
                clientSecret: {type: "string", minLength: 1},
                clientMetadataUrl: {type: "string", pattern: "^https://[^/]+/.+"},
            },
            anyOf: [{required: ["clientId"]}, {required: ["clientMetadataUrl"]}],
        },
        type: {enum: ["stdio", "http", "streamable-http", "streamableHttp", "sse"]},
        enabled: {type: "boolean"},
        disabled: {type: "boolean"},
        startup: {enum: ["lazy", "launch"]},
        startTimeoutMs: {type: "integer", minimum: 100, maximum: 600_000},
        callTimeoutMs: {type: "integer", minimum: 100, maximum: 3_600_000},
    },
    oneOf: [{required: ["command"]}, {required: ["url"]}],
} as const;
const fileSchema = {
    type: "object",
    properties: {mcpServers: {type: "object"}},
    required: ["mcpServers"],
} as const;

const validateFile = validatorOf<{mcpServers: Record<string, unknown>}>(fileSchema, {
    allErrors: true,
    strict: false,
});
/** A server's entry as entrySchema lets it through (fields other programs add are kept, unread). */
type Entry = {
    command?: string;
    args?: string[];
    env?: Record<string, string>;
    cwd?: string;
    url?: string;
    headers?: Record<string, string>;
    oauth?: {clientId?: string; clientSecret?: string; clientMetadataUrl?: string};
    type?: string;
    enabled?: boolean;
    disabled?: boolean;
    startup?: "lazy" | "launch";
    startTimeoutMs?: number;
    callTimeoutMs?: number;
};
const validateEntry = validatorOf<Entry>(entrySchema, {allErrors: true, strict: false});

export type McpFile = {servers: McpServerConfig[]; problems: string[]};

export function mcpFile(dataDir: string): string {
    return path.join(dataDir, MCP_FILE_NAME);
}

/** Reads the file; a missing file is no servers, a malformed one is one problem and no servers. */
export function readMcpConfig(file: string): McpFile {
    const raw = readRaw(file);
    if (!raw.ok) return {servers: [], problems: [raw.message]};
    const servers: McpServerConfig[] = [];
    const problems: string[] = [];
    for (const [name, entry] of Object.entries(raw.value.mcpServers)) {
        const parsed = parseServer(name, entry);
        if (typeof parsed === "string") problems.push(`${file}: ${parsed}`);
        else servers.push(parsed);
    }
    return {servers, problems};
}

const SERVER_NAME = new RegExp(`^[A-Za-z0-9][\\w.-]{0,${MCP_NAME_MAX - 1}}$`);

/** One server's entry checked and completed with Cairn's defaults; a string says what is wrong. */
export function parseServer(name: string, entry: unknown): McpServerConfig | string {
    // It names files too (attached resources): a name of dots alone would be a folder above.
    if (!SERVER_NAME.test(name))
        return `server name "${name}" must be 1-${MCP_NAME_MAX} letters, digits, "_", "-" or ".", starting with a letter or digit`;
    if (!validateEntry(entry)) return `server "${name}": ${describeErrors(validateEntry.errors)}`;
    const e = entry;
    const common = {
        name,
        enabled: e.enabled !== undefined ? e.enabled : e.disabled !== true,
        startup: e.startup ?? "lazy",
        startTimeoutMs: e.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
        callTimeoutMs: e.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    };
    if (typeof e.command === "string") {
        return {
            ...common,
            transport: {
                type: "stdio",
                command: "bundle" in e && e.command === "node" ? bundleNode() : e.command,
                args: e.args ?? [],
                env: e.env ?? {},
                ...(typeof e.cwd === "string" ? {cwd: e.cwd} : {}),
            },
        };
    }
    const url = String(e.url);
    if (!/^https?:\/\//i.test(url)) return `server "${name}": url must start with http:// or https://`;
    return {
        ...common,
        transport: {
            type: e.type === "sse" ? "sse" : "http",
            url,
            headers: e.headers ?? {},
            ...(e.oauth?.clientId
                ? {
                      client: {
                          clientId: e.oauth.clientId,
                          ...(e.oauth.clientSecret ? {clientSecret: e.oauth.clientSecret} : {}),
                      },
                  }
                : {}),
            ...(e.oauth?.clientMetadataUrl ? {clientMetadataUrl: e.oauth.clientMetadataUrl} : {}),
        },
    };
}

/**
 * Adds (or replaces) servers from a `{"mcpServers": {...}}` text, as pasted or imported from another
 * assistant's file, keeping every other server and field. All entries are checked before anything is
 * written; returns the names added.
 */
export function addServers(
    file: string,
    text: string,
): {ok: true; names: string[]} | {ok: false; message: string} {
    let pasted: unknown;
    try {
        pasted = JSON.parse(text);
    } catch (error) {
        return {ok: false, message: `not JSON: ${messageOf(error)}`};
    }
    if (!validateFile(pasted))
        return {
            ok: false,
            message: 'expected an object {"mcpServers": {"name": {"command": ...} or {"url": ...}}}',
        };
    const entries = Object.entries(pasted.mcpServers);
    if (entries.length === 0) return {ok: false, message: "mcpServers is empty: there is no server to add"};
    for (const [name, entry] of entries) {
        const parsed = parseServer(name, entry);
        if (typeof parsed === "string") return {ok: false, message: parsed};
    }
    const current = readRaw(file);
    if (!current.ok && current.exists) return {ok: false, message: current.message};
    const next = current.ok ? current.value : {mcpServers: {}};
    for (const [name, entry] of entries) next.mcpServers[name] = entry;
    writeAtomic(file, next);
    return {ok: true, names: entries.map(([name]) => name)};
}

/** Changes fields of one server's entry (enabled, startup, timeouts), keeping the rest. */
export function updateServer(
    file: string,
    name: string,
    change: Record<string, unknown>,
): {ok: true} | {ok: false; message: string} {
    const current = readRaw(file);
    if (!current.ok) return {ok: false, message: current.message};
    const entry = current.value.mcpServers[name];
    if (!entry || typeof entry !== "object") return {ok: false, message: `no MCP server named "${name}"`};
    const updated: Record<string, unknown> = {...entry, ...change};
    if ("enabled" in change) delete updated.disabled;
    const parsed = parseServer(name, updated);
    if (typeof parsed === "string") return {ok: false, message: parsed};
    current.value.mcpServers[name] = updated;
    writeAtomic(file, current.value);
    return {ok: true};
}

export function removeServer(file: string, name: string): {ok: true} | {ok: false; message: string} {
    const current = readRaw(file);
    if (!current.ok) return {ok: false, message: current.message};
    if (!(name in current.value.mcpServers)) return {ok: false, message: `no MCP server named "${name}"`};
    delete current.value.mcpServers[name];
    writeAtomic(file, current.value);
    return {ok: true};
}

type Raw = {mcpServers: Record<string, unknown>} & Record<string, unknown>;

function readRaw(file: string): {ok: true; value: Raw} | {ok: false; exists: boolean; message: string} {
    let text: string;
    try {
        text = fs.readFileSync(file, "utf8");
    } catch (error) {
        if (codeOf(error) === "ENOENT") return {ok: true, value: {mcpServers: {}}};
        return {ok: false, exists: true, message: `${file}: ${messageOf(error)}`};
    }
    let value: unknown;
    try {
        value = JSON.parse(text);
    } catch (error) {
        return {
            ok: false,
            exists: true,
            message: `${file} is not valid JSON (${messageOf(error)}); fix it or remove it`,
        };
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
        return {ok: false, exists: true, message: `${file} must hold an object with "mcpServers"`};
    const servers: unknown = "mcpServers" in value ? value.mcpServers : {};
    if (typeof servers !== "object" || servers === null || Array.isArray(servers))
        return {
            ok: false,
            exists: true,
            message: `${file}: "mcpServers" must be an object of servers by name`,
        };
    return {ok: true, value: {...value, mcpServers: {...servers}}};
}

/** Written whole or not at all; the file may hold headers with secrets, so only the user can read it. */
function writeAtomic(file: string, value: Raw): void {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, {mode: 0o600});
    fs.renameSync(temp, file);
}

function describeErrors(errors: typeof validateEntry.errors): string {
    const list = (errors ?? []).filter((e) => !e.schemaPath.includes("oneOf"));
    if (list.length === 0)
        return 'give either "command" (a program started on this computer) or "url" (a server)';
    return list.map((e) => `${e.instancePath || "entry"} ${e.message}`).join("; ");
}

/**
 * The Node that a bundle's "node" command runs: Cairn's own where Cairn runs on Node (`cairn serve`, the CLI),
 * so that a bundle works with no Node installed; in the desktop app (Electron runs no scripts as Node: its
 * RunAsNode fuse is off) the one on PATH.
 */
function bundleNode(): string {
    return process.versions.electron ? "node" : process.execPath;
}
