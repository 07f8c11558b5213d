import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {after, before, test} from "node:test";
import WebSocket from "ws";
import {MAX_FRAME_BYTES, type ServerFrame} from "../../../../shared/contract.js";
import {createCore, type Core} from "../../../../main/core.js";
import {CSP, startHost, type Host} from "../../../../main/server/host.js";
import {ROOT, tempDir} from "../../../helpers/paths.js";

let core: Core;
let host: Host;
const renderer = tempDir();
fs.writeFileSync(path.join(renderer, "index.html"), "<!doctype html><title>Cairn test page</title>");
fs.mkdirSync(path.join(renderer, "assets"));
fs.writeFileSync(path.join(renderer, "assets", "app.js"), "console.log('app')");

before(async () => {
    core = createCore({dataDir: tempDir()});
    host = await startHost({core, rendererDir: renderer});
});
after(async () => {
    await host.close();
    await core.dispose();
});

function get(pathAndQuery: string, headers: http.OutgoingHttpHeaders = {}) {
    return new Promise<{status: number; headers: http.IncomingHttpHeaders; body: string}>(
        (resolve, reject) => {
            const req = http.get({host: "127.0.0.1", port: host.port, path: pathAndQuery, headers}, (res) => {
                let body = "";
                res.on("data", (d) => (body += d));
                res.on("end", () => resolve({status: res.statusCode!, headers: res.headers, body}));
            });
            req.on("error", reject);
        },
    );
}

function connect(query: string, origin = `http://127.0.0.1:${host.port}`) {
    return new WebSocket(`ws://127.0.0.1:${host.port}/ws${query}`, {origin});
}

function upgradeStatus(ws: WebSocket) {
    return new Promise<number>((resolve) => {
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode!));
        ws.on("open", () => resolve(101));
        ws.on("error", () => {});
    });
}

/** Sends raw frames over one socket and collects replies by id. */
async function openClient() {
    const ws = connect(`?token=${host.token}`);
    await new Promise((resolve, reject) => {
        ws.once("open", resolve);
        ws.once("error", reject);
    });
    const frames: ServerFrame[] = [];
    const waiters: Array<() => void> = [];
    ws.on("message", (data) => {
        frames.push(JSON.parse((data as Buffer).toString("utf8")));
        waiters.splice(0).forEach((w) => w());
    });
    const next = async (match: (f: ServerFrame) => boolean): Promise<ServerFrame> => {
        for (;;) {
            const found = frames.find(match);
            if (found) {
                frames.splice(frames.indexOf(found), 1);
                return found;
            }
            await new Promise<void>((resolve) => waiters.push(resolve));
        }
    };
    return {ws, next};
}

test("the listening address is loopback with a token", () => {
    assert.match(host.url, /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
});

test("the page is refused without the token, and with a wrong one", async () => {
    assert.equal((await get("/")).status, 401);
    assert.equal((await get("/?token=nope")).status, 401);
    assert.equal((await get("/assets/app.js")).status, 401);
});

test("with the token the page is served with a strict CSP and a cookie for its assets", async () => {
    const page = await get(`/?token=${host.token}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /Cairn test page/);
    assert.match(String(page.headers["content-security-policy"]), /default-src 'none'/);
    assert.doesNotMatch(String(page.headers["content-security-policy"]), /unsafe-eval/);
    const cookie = String(page.headers["set-cookie"]).split(";")[0]!;
    const asset = await get("/assets/app.js", {cookie});
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers["content-type"]), /javascript/);
});

test("a foreign Host header (DNS rebinding) is refused", async () => {
    const res = await get(`/?token=${host.token}`, {host: `evil.example:${host.port}`});
    assert.equal(res.status, 403);
});

test("paths cannot escape the renderer folder", async () => {
    const res = await get(`/..%2f..%2f..%2fetc%2fpasswd?token=${host.token}`);
    assert.doesNotMatch(res.body, /root:/);
    assert.match(res.body, /Cairn test page/);
});

test("the WebSocket upgrade needs the token and the page's own Origin", async () => {
    assert.equal(await upgradeStatus(connect("")), 401);
    assert.equal(await upgradeStatus(connect("?token=wrong")), 401);
    assert.equal(await upgradeStatus(connect(`?token=${host.token}`, "http://evil.example")), 403);
    const good = connect(`?token=${host.token}`);
    assert.equal(await upgradeStatus(good), 101);
    good.close();
});

test("bad frames get VALIDATION errors and the connection stays up", async () => {
    const {ws, next} = await openClient();
    ws.send("{not json");
    let reply = await next((f) => "id" in f);
    assert.deepEqual("res" in reply && !reply.res.ok && reply.res.error.code, "VALIDATION");

    ws.send(JSON.stringify({id: 1, name: "no.such.call", req: {}}));
    reply = await next((f) => "id" in f && f.id === 1);
    assert.match("res" in reply && !reply.res.ok ? reply.res.error.message : "", /unknown call/);

    ws.send(JSON.stringify({id: 2, name: "conversations.rename", req: {id: 3}}));
    reply = await next((f) => "id" in f && f.id === 2);
    assert.equal("res" in reply && !reply.res.ok && reply.res.error.code, "VALIDATION");

    ws.send(
        JSON.stringify({
            id: 3,
            name: "chat.send",
            req: {conversationId: "c", text: "x".repeat(MAX_FRAME_BYTES)},
        }),
    );
    reply = await next((f) => "id" in f && f.id === null);
    assert.match("res" in reply && !reply.res.ok ? reply.res.error.message : "", /frame too large/);

    ws.send(JSON.stringify({id: 4, name: "conversations.create", req: {title: "still here"}}));
    reply = await next((f) => "id" in f && f.id === 4);
    assert.equal("res" in reply && reply.res.ok, true);
    assert.equal(ws.readyState, WebSocket.OPEN);
    ws.close();
});

test("events reach every connected client", async () => {
    const a = await openClient();
    const b = await openClient();
    a.ws.send(JSON.stringify({id: 1, name: "conversations.create", req: {}}));
    const created = await a.next((f) => "id" in f && f.id === 1);
    const id = "res" in created && created.res.ok ? (created.res.value as {id: string}).id : "";
    a.ws.send(JSON.stringify({id: 2, name: "conversations.rename", req: {id, title: "Renamed"}}));
    const event = await b.next((f) => "event" in f && f.event.type === "conversation.updated");
    assert.equal(
        "event" in event && event.event.type === "conversation.updated" && event.event.conversation.title,
        "Renamed",
    );
    a.ws.close();
    b.ws.close();
});

test("the page's own CSP (renderer/index.html) allows the same styles as the CSP it is served with", () => {
    const html = fs.readFileSync(path.join(ROOT, "renderer", "index.html"), "utf8");
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? "";
    const styleSrc = (csp: string) => csp.split(/;\s*/).find((d) => d.startsWith("style-src"));
    assert.ok(styleSrc(meta));
    assert.equal(styleSrc(meta), styleSrc(CSP));
});
