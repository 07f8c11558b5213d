// The official MCP registry (registry.modelcontextprotocol.io): servers found by a search, with the command
// that adds each one. Online only: Offline mode refuses the request before it is made, and an unreachable
// registry is said in words that point to what works without it.
import {fieldOf} from "../../shared/json.js";
import {OfflineError, outboundFetch, type Outbound} from "../net/network.js";
import type {BundleSetting, RegistryServer} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {MCP_NAME_MAX} from "../../shared/mcpNames.js";
import type {Words} from "../../shared/result.js";

export const REGISTRY = "https://registry.modelcontextprotocol.io";
const LIMIT = 20;
const TIMEOUT_MS = 15_000;

/** A server of the registry, as the window and `cairn mcp registry` show it. */
export type {RegistryServer};

/** Servers of the registry that match `query` (all, newest first, when empty); or why there are none, in words. */
export async function searchRegistry(
    outbound: Outbound,
    query: string,
    base = process.env.CAIRN_MCP_REGISTRY || REGISTRY,
): Promise<RegistryServer[] | Words> {
    const url = new URL("/v0/servers", base);
    url.searchParams.set("limit", String(LIMIT));
    if (query) url.searchParams.set("search", query);
    let res: Response;
    try {
        res = await outboundFetch(outbound, url, {signal: AbortSignal.timeout(TIMEOUT_MS)});
    } catch (error) {
        if (error instanceof OfflineError) return wordsOf("mcpRegistryOffline");
        return wordsOf("mcpRegistryUnreachable", {host: url.host});
    }
    if (!res.ok) return wordsOf("mcpRegistryStatus", {host: url.host, status: res.status});
    const body: unknown = await res.json().catch(() => null);
    const servers = fieldOf(body, "servers");
    if (!Array.isArray(servers)) return wordsOf("mcpRegistryNoList", {host: url.host});
    return servers.map((item) => serverOf(fieldOf(item, "server") ?? item));
}

function serverOf(server: unknown): RegistryServer {
    const name = text(fieldOf(server, "name"));
    // A name mcp.json takes (shared/mcpNames.ts).
    const local =
        (name.split("/").at(-1) ?? name)
            .replace(/[^\w.-]+/g, "-")
            .replace(/^[^A-Za-z0-9]+/, "")
            .slice(0, MCP_NAME_MAX) || "server";
    const npm = listOf(fieldOf(server, "packages")).find((p) => fieldOf(p, "registryType") === "npm");
    const remote = listOf(fieldOf(server, "remotes"))
        .map((r) => fieldOf(r, "url"))
        .find((u) => typeof u === "string");
    const settings = npm ? listOf(fieldOf(npm, "environmentVariables")).map(settingOf) : [];
    const entry = npm ? npmEntry(npm) : typeof remote === "string" ? {url: remote} : null;
    return {
        name,
        local,
        version: text(fieldOf(server, "version")),
        description: text(fieldOf(server, "description")),
        entry,
        add: entry && addCommand(local, entry, settings),
        settings,
    };
}

/** An npm package, run through npx at the version the registry lists. */
function npmEntry(npm: unknown): {command: string; args: string[]} {
    const version = text(fieldOf(npm, "version"));
    return {
        command: "npx",
        args: ["-y", `${text(fieldOf(npm, "identifier"))}${version ? `@${version}` : ""}`],
    };
}

/** An environment variable the package reads, asked for as a setting (a secret typed unseen). */
function settingOf(variable: unknown): BundleSetting {
    const name = text(fieldOf(variable, "name"));
    const value = fieldOf(variable, "default");
    return {
        key: name,
        title: name,
        description: text(fieldOf(variable, "description")),
        type: "string",
        required: fieldOf(variable, "isRequired") === true,
        sensitive: fieldOf(variable, "isSecret") === true,
        default: typeof value === "string" ? value : null,
    };
}

/** The terminal's way to add it, its required settings as --env flags to fill in. */
function addCommand(
    local: string,
    entry: {command: string; args: string[]} | {url: string},
    settings: BundleSetting[],
) {
    if ("url" in entry) return `cairn mcp add ${local} --url ${entry.url}`;
    const env = settings.filter((s) => s.required).map((s) => ` --env ${s.key}=…`);
    return `cairn mcp add ${local}${env.join("")} -- ${entry.command} ${entry.args.join(" ")}`;
}

function listOf(value: unknown): unknown[] {
    return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
    return typeof value === "string" ? value : "";
}
