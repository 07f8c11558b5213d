// The local API's HTTP plumbing: the key a request carries, loopback hosts, JSON replies and errors, checked bodies.

import http from "node:http";
import {type ValidateFunction} from "ajv";
import {ApiError, invalid} from "./errors.js";

export function validated<T>(validate: ValidateFunction<T>, body: unknown, what: string): T {
    if (validate(body)) return body;
    const error = validate.errors?.[0];
    const param = error
        ? error.instancePath
              .replace(/^\//, "")
              .replace(/\/(\d+)/g, "[$1]")
              .replace(/\//g, ".")
        : "";
    const message = error ? `${param || "body"} ${error.message ?? "is invalid"}` : "invalid body";
    throw invalid(`invalid ${what} request: ${message}`, param || null);
}

export function bearer(req: http.IncomingMessage): string | null {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    return match ? match[1]!.trim() : null;
}

export function isLoopback(host: string): boolean {
    return host === "127.0.0.1" || host === "::1" || host === "localhost";
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(text),
    }).end(text);
}

export function sendError(res: http.ServerResponse, error: ApiError): void {
    if (res.headersSent) {
        res.destroy();
        return;
    }
    for (const [key, value] of Object.entries(error.headers)) res.setHeader(key, value);
    sendJson(res, error.status, error.body());
}
