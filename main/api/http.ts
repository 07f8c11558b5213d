// The local API's HTTP plumbing: the key a request carries, loopback hosts, JSON replies and errors, checked bodies.

import http from "node:http";
import {type ValidateFunction} from "ajv";
import {ApiError, invalid} from "./errors.js";
import {parseJson} from "../../shared/json.js";

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

/** A request's JSON body, read up to `limit` bytes: over it a 413, malformed a 400, each saying what to send. */
export async function readJsonBody(req: http.IncomingMessage, limit: number): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit)
            throw new ApiError(
                413,
                `the request body is over ${limit} bytes`,
                "invalid_request_error",
                null,
                "request_too_large",
            );
        chunks.push(chunk);
    }
    try {
        return parseJson(Buffer.concat(chunks).toString("utf8"));
    } catch {
        throw invalid(
            "We could not parse the JSON body of your request: send valid JSON with Content-Type: application/json",
            null,
            "invalid_json",
        );
    }
}
