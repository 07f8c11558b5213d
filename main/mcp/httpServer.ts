import http from "node:http";
import {StreamableHTTPServerTransport} from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {boundPort} from "../net/boundPort.js";
import {allowedHost, bearer, sameToken} from "../server/auth.js";
import {errorText} from "../contract/dispatcher.js";
import {serveMcp, type ServedDeps} from "./server.js";

export type McpHttpServer = {url: string; close(): Promise<void>};

/**
 * Cairn's MCP server over streamable HTTP (`cairn mcp --port N`), at /mcp on 127.0.0.1. Stateless: each POST is
 * answered by a server of its own, so no session is kept. A request must name this server by a loopback Host
 * (DNS rebinding), come from no page or from this address (Origin), and carry the token, as
 * `Authorization: Bearer TOKEN` or `?token=TOKEN`; anything else is a 4xx before the protocol reads it.
 */
export async function serveMcpHttp(
    deps: ServedDeps,
    options: {port: number; token: string; host?: string},
): Promise<McpHttpServer> {
    const host = options.host ?? "127.0.0.1";
    let port = 0;
    const server = http.createServer((req, res) => {
        handle(req, res).catch((error: unknown) => refuse(res, 500, `internal error: ${errorText(error)}`));
    });

    async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
        const url = new URL(req.url ?? "/", "http://placeholder");
        if (!allowedHost(req.headers.host, port, host))
            return refuse(res, 403, "forbidden host: call Cairn's MCP server by the address it printed");
        const origin = req.headers.origin;
        if (origin !== undefined && !allowedHost(hostOf(origin), port, host))
            return refuse(res, 403, `forbidden origin ${origin}: pages of other sites may not call Cairn`);
        if (url.pathname !== "/mcp")
            return refuse(res, 404, `no ${url.pathname} here: Cairn's MCP server is at /mcp`);
        const given = bearer(req) ?? url.searchParams.get("token");
        if (!sameToken(given, options.token))
            return refuse(
                res,
                401,
                "pass the token `cairn mcp` printed, as Authorization: Bearer TOKEN or ?token=TOKEN",
            );
        if (req.method !== "POST")
            return refuse(res, 405, "Cairn's MCP server keeps no sessions: send each message as a POST", {
                Allow: "POST",
            });
        const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined});
        const mcp = await serveMcp(deps, transport);
        res.on("close", () => void mcp.close());
        await transport.handleRequest(req, res);
    }

    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port, host, () => resolve());
    });
    port = boundPort(server);
    const shown = host.includes(":") ? `[${host}]` : host;
    return {
        url: `http://${shown}:${port}/mcp`,
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}

/** An Origin's host and port as a Host header would say them ("" for one that is not a URL). */
function hostOf(origin: string): string {
    try {
        return new URL(origin).host;
    } catch {
        return "";
    }
}

/** A refusal as JSON-RPC's error shape, which MCP clients show. */
function refuse(
    res: http.ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
) {
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify({jsonrpc: "2.0", error: {code: -32000, message}, id: null});
    res.writeHead(status, {"Content-Type": "application/json", ...headers}).end(body);
}
