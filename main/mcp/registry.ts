// The official MCP registry (registry.modelcontextprotocol.io): servers found by a search, with the command
// that adds each one. Online only: Offline mode refuses the request before it is made, and an unreachable
// registry is said in words that point to what works without it.
import {fieldOf} from "../../shared/json.js";
import {OfflineError, outboundFetch, type Outbound} from "../net/network.js";

export const REGISTRY = "https://registry.modelcontextprotocol.io";
const LIMIT = 20;
const TIMEOUT_MS = 15_000;

export type RegistryServer = {name: string; version: string; description: string; add: string | null};

/** Servers of the registry that match `query` (all, newest first, when empty); or why there are none. */
export async function searchRegistry(
    outbound: Outbound,
    query: string,
    base = process.env.CAIRN_MCP_REGISTRY || REGISTRY,
): Promise<RegistryServer[] | string> {
    const url = new URL("/v0/servers", base);
    url.searchParams.set("limit", String(LIMIT));
    if (query) url.searchParams.set("search", query);
    let res: Response;
    try {
        res = await outboundFetch(outbound, url, {signal: AbortSignal.timeout(TIMEOUT_MS)});
    } catch (error) {
        if (error instanceof OfflineError)
            return `${error.message}: the MCP registry cannot be searched. Add a server by its command or address, or install a bundle file (cairn mcp add --file x.mcpb)`;
        return `cannot reach the MCP registry at ${url.host}: this computer may be offline. Servers can still be added by their command or address, or from a bundle file (cairn mcp add --file x.mcpb)`;
    }
    if (!res.ok) return `the MCP registry at ${url.host} answered ${res.status}; try again later`;
    const body: unknown = await res.json().catch(() => null);
    const servers = fieldOf(body, "servers");
    if (!Array.isArray(servers)) return `the MCP registry at ${url.host} sent no list of servers`;
    return servers.map((item) => serverOf(fieldOf(item, "server") ?? item));
}

function serverOf(server: unknown): RegistryServer {
    const name = text(fieldOf(server, "name"));
    return {
        name,
        version: text(fieldOf(server, "version")),
        description: text(fieldOf(server, "description")),
        add: addCommand(name, server),
    };
}

/** How to add it: an npm package through npx, else a remote address; null when it has neither. */
function addCommand(name: string, server: unknown): string | null {
    const local = name.split("/").at(-1) ?? name;
    const packages = fieldOf(server, "packages");
    const list: unknown[] = Array.isArray(packages) ? packages : [];
    const npm = list.find((p) => fieldOf(p, "registryType") === "npm");
    if (npm) {
        const version = text(fieldOf(npm, "version"));
        return `cairn mcp add ${local} -- npx -y ${text(fieldOf(npm, "identifier"))}${version ? `@${version}` : ""}`;
    }
    const remotes = fieldOf(server, "remotes");
    const remote = Array.isArray(remotes)
        ? remotes.map((r) => fieldOf(r, "url")).find((u) => typeof u === "string")
        : null;
    return typeof remote === "string" ? `cairn mcp add ${local} --url ${remote}` : null;
}

function text(value: unknown): string {
    return typeof value === "string" ? value : "";
}
