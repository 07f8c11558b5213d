import http from "node:http";
import {boundPort} from "../net/boundPort.js";
import {onThisComputer} from "../net/network.js";

/**
 * Where the system browser comes back after a sign-in (RFC 8252's loopback redirect): a listener on
 * 127.0.0.1 for one `/callback`, which gives the authorization code if the state is the one sent. It
 * answers the browser with a short page and closes.
 */
export type Loopback = {
    /** http://127.0.0.1:<port>/callback */
    url: string;
    port: number;
    /** The code the browser brings back; rejects on the server's refusal, the signal, or `close`. */
    code(expected: Expected, signal: AbortSignal): Promise<string>;
    close(): void;
};

/**
 * What the browser must bring back: the state sent with the sign-in page, and the issuer of the authorization
 * server it was sent to (RFC 9207's `iss`: a code from another server is a mix-up attack), required where the
 * server's metadata says it sends one (null: unknown, so not checked).
 */
export type Expected = {state: string; issuer: string | null; issuerRequired: boolean};

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Listens on `port` if it is free (a registered redirect stays valid), otherwise on any free port. */
export async function openLoopback(port: number | null): Promise<Loopback> {
    const server = http.createServer();
    const listening = await listen(server, port ?? 0).catch(() => listen(server, 0));
    let waiter: ((url: URL, res: http.ServerResponse) => void) | null = null;
    server.on("request", (req, res) => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        if (req.method !== "GET" || url.pathname !== "/callback") return page(res, 404, "Not found.");
        if (!waiter) return page(res, 410, "Cairn is not waiting for a sign-in.");
        waiter(url, res);
    });
    const close = () => {
        waiter = null;
        server.close();
        server.closeAllConnections();
    };
    const code = (expected: Expected, signal: AbortSignal) =>
        new Promise<string>((resolve, reject) => {
            const cancel = () => {
                close();
                reject(new Error("the sign-in was cancelled"));
            };
            if (signal.aborted) return cancel();
            signal.addEventListener("abort", cancel, {once: true});
            waiter = (url, res) => {
                const verdict = readCallback(url, expected);
                page(res, verdict.ok ? 200 : 400, verdict.page);
                // A stray request (another tab, an old link) is answered and the wait goes on.
                if (verdict.kind === "stray") return;
                signal.removeEventListener("abort", cancel);
                // The page is written before the listener closes (closing ends open connections).
                res.once("finish", close);
                if (verdict.ok) resolve(verdict.code);
                else reject(new Error(verdict.message));
            };
        });
    return {url: `http://127.0.0.1:${listening}/callback`, port: listening, code, close};
}

type Verdict =
    | {ok: true; kind: "code"; code: string; page: string}
    | {ok: false; kind: "refused"; message: string; page: string}
    | {ok: false; kind: "stray"; page: string};

/** What the browser brought back: a code for this sign-in, the server's refusal, or something else. */
export function readCallback(url: URL, expected: Expected): Verdict {
    const q = url.searchParams;
    if (q.get("state") !== expected.state)
        return {ok: false, kind: "stray", page: "This page is not from the sign-in Cairn is waiting for."};
    const issuer = otherIssuer(q.get("iss"), expected);
    if (issuer)
        return {
            ok: false,
            kind: "refused",
            message: issuer,
            page: "The sign-in came back from another server than the one Cairn sent you to, and was refused. You can close this tab.",
        };
    const error = q.get("error");
    if (error) {
        const why = q.get("error_description") ?? error;
        return {
            ok: false,
            kind: "refused",
            message: `the server refused the sign-in: ${why.slice(0, 300)}`,
            page: "The sign-in was refused. You can close this tab and try again in Cairn.",
        };
    }
    const code = q.get("code");
    if (!code) return {ok: false, kind: "stray", page: "This page brought no sign-in code."};
    return {ok: true, kind: "code", code, page: "Cairn is signed in. You can close this tab."};
}

/** Why a sign-in page may not be opened: not a web address, or plain http off this computer; null: it may. */
export function signInPageProblem(url: URL): string | null {
    if (url.protocol !== "https:" && url.protocol !== "http:")
        return `the server's sign-in page is not a web address (${url.protocol})`;
    // A password goes over TLS: plain http only to this computer.
    if (url.protocol === "http:" && !onThisComputer(url))
        return `the server's sign-in page is not encrypted (http://${url.host}): refused`;
    return null;
}

/** Why the issuer the browser brought back is not the one expected (RFC 9207); null: it is, or cannot be told. */
function otherIssuer(iss: string | null, expected: Expected): string | null {
    if (!expected.issuer) return null;
    if (iss === null)
        return expected.issuerRequired
            ? `the sign-in came back without its server's name (iss), which ${expected.issuer} says it sends: refused, nothing kept`
            : null;
    if (iss === expected.issuer) return null;
    return `the sign-in came back from ${iss.slice(0, 200)}, not from ${expected.issuer} where it began: refused, nothing kept`;
}

function listen(server: http.Server, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
            server.off("error", reject);
            resolve(boundPort(server));
        });
    });
}

function page(res: http.ServerResponse, status: number, text: string): void {
    res.writeHead(status, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": PAGE_CSP,
        "Cache-Control": "no-store",
    });
    res.end(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Cairn</title>` +
            `<body style="font:16px system-ui;margin:3em">${text}</body></html>`,
    );
}
