import {randomBytes, timingSafeEqual} from "node:crypto";
import type {IncomingMessage} from "node:http";

export const TOKEN_COOKIE = "cairn_token";

export function newToken(): string {
    return randomBytes(24).toString("base64url");
}

export function sameToken(given: string | null | undefined, expected: string): boolean {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
}

/** The token from `?token=` or, once the page has been opened with it, from the cookie. */
export function requestToken(req: IncomingMessage, url: URL): string | null {
    const fromQuery = url.searchParams.get("token");
    if (fromQuery) return fromQuery;
    for (const part of (req.headers.cookie ?? "").split(";")) {
        const [key, ...rest] = part.trim().split("=");
        if (key === TOKEN_COOKIE) return rest.join("=");
    }
    return null;
}

/** Refuses DNS-rebinding: the Host header must name the address the server is bound to (or a loopback name). */
export function allowedHost(hostHeader: string | undefined, port: number, boundHost: string): boolean {
    if (!hostHeader) return false;
    const names = new Set([boundHost, "127.0.0.1", "localhost", "[::1]"]);
    return [...names].some((name) => hostHeader === `${name}:${port}`);
}

/** The token of an `Authorization: Bearer TOKEN` header; null when there is none. */
export function bearer(req: IncomingMessage): string | null {
    const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "");
    return match ? match[1]!.trim() : null;
}
