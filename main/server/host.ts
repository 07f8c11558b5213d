import http from "node:http";
import {boundPort} from "../net/boundPort.js";
import {WebSocketServer, type WebSocket} from "ws";
import {MAX_FRAME_BYTES, type RequestFrame, type ServerFrame} from "../../shared/contract.js";
import {fail} from "../../shared/result.js";
import type {Dispatcher} from "../contract/dispatcher.js";
import type {EventBus} from "../events.js";
import {allowedHost, newToken, requestToken, sameToken, TOKEN_COOKIE} from "./auth.js";
import {readStatic} from "./static.js";
import {APP_CSP, FRAME_PATH, type AppFrames} from "./appFrames.js";

export type HostOptions = {
    /** What a window needs of the core: its calls and its events. */
    core: {dispatcher: Dispatcher; bus: EventBus; appFrames?: Pick<AppFrames, "take">};
    rendererDir: string;
    host?: string;
    port?: number;
    token?: string;
};

export type Host = {url: string; port: number; token: string; close(): Promise<void>};

// Frames above this are refused by ws itself (connection closed); between MAX_FRAME_BYTES and this they get
// a VALIDATION error and the connection stays up.
const HARD_FRAME_LIMIT = 16 * MAX_FRAME_BYTES;

/**
 * The two <style> elements Radix's select adds while its list is open, by their exact text: its list's scrollbar,
 * and the page's scroll lock (react-remove-scroll-bar; its sizes are 0 since the window's page never scrolls).
 * Allowed by hash, not 'unsafe-inline': any other inline style is still refused. tests/e2e/csp.spec.ts fails if
 * either text changes.
 */
export const SELECT_STYLE_HASHES = [
    "'sha256-441zG27rExd4/il+NvIqyL8zFx5XmyNQtE381kSkUJk='",
    "'sha256-nzTgYzXYDNe6BAHiiI7NNlfK8n/auuOAhh2t92YvuXo='",
];

export const CSP = [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${SELECT_STYLE_HASHES.join(" ")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // MCP Apps' pages, each served once under its own CSP (APP_CSP) and framed without same-origin rights.
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
].join("; ");

/** An exported conversation: inline styles (it is self-contained), nothing else. */
const EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

/** The headless host: the built renderer over HTTP and the contract over a WebSocket, both behind the token. */
export async function startHost(options: HostOptions): Promise<Host> {
    const boundHost = options.host ?? "127.0.0.1";
    const token = options.token ?? newToken();
    let port = 0;
    const server = http.createServer((req, res) => {
        serveHttp(req, res).catch((error) => {
            console.error("[cairn] http handler failed", error);
            if (!res.headersSent) res.writeHead(500).end("internal error");
        });
    });
    const wss = new WebSocketServer({noServer: true, maxPayload: HARD_FRAME_LIMIT});

    async function serveHttp(req: http.IncomingMessage, res: http.ServerResponse) {
        const url = new URL(req.url ?? "/", "http://placeholder");
        if (!allowedHost(req.headers.host, port, boundHost)) return plain(res, 403, "forbidden host");
        if (req.method !== "GET" && req.method !== "HEAD") return plain(res, 405, "method not allowed");
        if (!sameToken(requestToken(req, url), token)) {
            return plain(
                res,
                401,
                "Unauthorized: open the full address that `cairn serve` printed, with its ?token=.",
            );
        }
        if (url.pathname.startsWith("/export/")) return serveExport(url, res);
        if (url.pathname.startsWith(FRAME_PATH)) return serveAppFrame(url, res);
        const file = await readStatic(options.rendererDir, url.pathname);
        if (!file) return plain(res, 503, "The renderer is not built: run `npm run build`, then restart.");
        const headers: http.OutgoingHttpHeaders = {
            "Content-Type": file.type,
            "Content-Security-Policy": CSP,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": file.isHtml ? "no-store" : "private, max-age=3600",
        };
        if (url.searchParams.has("token")) {
            headers["Set-Cookie"] = `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
        }
        res.writeHead(200, headers);
        res.end(req.method === "HEAD" ? undefined : file.body);
    }

    /**
     * A conversation as self-contained HTML with thoughts and tool steps unfolded, for the window to print
     * to PDF (a browser has no printToPDF): its own CSP lets its inline styles apply, and nothing else.
     */
    async function serveExport(url: URL, res: http.ServerResponse) {
        const id = decodeURIComponent(url.pathname.slice("/export/".length));
        const part = (name: string) => url.searchParams.get(name) !== "0";
        const parts = {thinking: part("thinking"), tools: part("tools"), sources: part("sources")};
        const result = await options.core.dispatcher.call("conversations.export", {
            id,
            format: "html",
            parts,
            unfolded: true,
        });
        if (!result.ok)
            return plain(res, result.error.code === "NOT_FOUND" ? 404 : 400, result.error.message);
        const {content} = result.value as {content: string};
        res.writeHead(200, {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": EXPORT_CSP,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
        });
        res.end(content);
    }

    /** An MCP App's page, once, at the address its frame was given (main/mcp/apps.ts). */
    function serveAppFrame(url: URL, res: http.ServerResponse) {
        const html = options.core.appFrames?.take(url.pathname);
        if (html === null || html === undefined)
            return plain(
                res,
                404,
                "This app's page was already shown or has expired: open the conversation again.",
            );
        res.writeHead(200, {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": APP_CSP,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
        });
        res.end(html);
    }

    server.on("upgrade", (req, socket, head) => {
        const url = new URL(req.url ?? "/", "http://placeholder");
        const refuse = (status: string) => {
            socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        };
        if (url.pathname !== "/ws") return refuse("404 Not Found");
        if (!allowedHost(req.headers.host, port, boundHost)) return refuse("403 Forbidden");
        if (!sameToken(requestToken(req, url), token)) return refuse("401 Unauthorized");
        if (req.headers.origin !== `http://${req.headers.host}`) return refuse("403 Forbidden");
        wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
    });

    function attach(ws: WebSocket) {
        const send = (frame: ServerFrame) => {
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
        };
        const unsubscribe = options.core.bus.subscribe((event) => send({event}));
        ws.on("close", unsubscribe);
        ws.on("error", () => ws.close());
        const answer = async (data: WebSocket.RawData, isBinary: boolean) => {
            const raw = Buffer.isBuffer(data)
                ? data
                : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
            const frame = parseFrame(raw, isBinary);
            if ("error" in frame) return send({id: frame.id, res: fail("VALIDATION", frame.error)});
            // The dispatcher answers every call with a Result; it never rejects.
            send({id: frame.id, res: await options.core.dispatcher.call(frame.name, frame.req)});
        };
        ws.on("message", (data, isBinary) => void answer(data, isBinary));
    }

    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port ?? 0, boundHost, () => resolve());
    });
    port = boundPort(server);
    const shownHost = boundHost.includes(":") ? `[${boundHost}]` : boundHost;
    return {
        url: `http://${shownHost}:${port}/?token=${token}`,
        port,
        token,
        close: () =>
            new Promise<void>((resolve) => {
                for (const client of wss.clients) client.terminate();
                wss.close();
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}

export function parseFrame(
    raw: Buffer,
    isBinary: boolean,
): RequestFrame | {id: number | null; error: string} {
    if (isBinary) return {id: null, error: "malformed frame: binary frames are not accepted"};
    if (raw.length > MAX_FRAME_BYTES) {
        return {id: null, error: `frame too large: ${raw.length} bytes (limit ${MAX_FRAME_BYTES})`};
    }
    let value: unknown;
    try {
        value = JSON.parse(raw.toString("utf8"));
    } catch {
        return {id: null, error: "malformed frame: not JSON"};
    }
    const frame = value as Partial<RequestFrame> | null;
    if (typeof frame !== "object" || frame === null || !Number.isSafeInteger(frame.id)) {
        return {id: null, error: "malformed frame: expected {id: integer, name: string, req: object}"};
    }
    if (typeof frame.name !== "string")
        return {id: frame.id!, error: "malformed frame: name must be a string"};
    return {id: frame.id!, name: frame.name, req: frame.req ?? {}};
}

function plain(res: http.ServerResponse, status: number, text: string) {
    res.writeHead(status, {"Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff"});
    res.end(text);
}
