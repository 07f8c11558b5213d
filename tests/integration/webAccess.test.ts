import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {after, before, test} from "node:test";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

const hits: string[] = [];
let server: http.Server;
let page = "";
const ALLOW_LOOPBACK = "tools:\n    web_fetch:\n        options:\n            allow_hosts: [127.0.0.1]\n";

before(async () => {
    server = http.createServer((req, res) => {
        hits.push(req.url!);
        res.writeHead(200, {"Content-Type": "text/html"});
        res.end(
            "<html><head><title>Example Domain</title></head><body><h1>Example Domain</h1><p>For use in examples.</p></body></html>",
        );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/example`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function open() {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "tools.yaml"), ALLOW_LOOPBACK);
    return openTestCore({dataDir, generation: {maxTokens: 8}});
}

test("web access is off by default: network tools are not offered or run, and nothing is requested", async () => {
    const t = await open();
    try {
        hits.length = 0;
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        assert.equal(c.webAccess, false);
        const forced = await t.api.invoke("chat.send", {
            conversationId: c.id,
            text: "x",
            toolChoice: "web_fetch",
        });
        assert.equal(!forced.ok && forced.error.code, "DENIED");
        assert.match(
            !forced.ok ? forced.error.message : "",
            /web access is off in this conversation: switch on Web access/,
        );
        const done = nextDone(t.api, c.id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: c.id,
                text: "x",
                preflight: [{name: "web_fetch", args: {url: page}}],
            }),
        );
        const answer = await done;
        assert.equal(answer.toolCalls[0]!.status, "denied");
        assert.equal(answer.toolCalls[0]!.error, "denied: web access is off in this conversation");
        // Its words, kept with the call, are what the window says in its language.
        assert.deepEqual(answer.toolCalls[0]!.errorWords, {key: "callWebOff", values: {}});
        const kept = unwrap(await t.api.invoke("messages.list", {conversationId: c.id})).find(
            (m) => m.id === answer.id,
        );
        assert.deepEqual(kept?.toolCalls[0]?.errorWords, {key: "callWebOff", values: {}}, "as stored");
        assert.deepEqual(hits, []);
        const required = nextDone(t.api, c.id);
        unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text: "x", toolChoice: "required"}));
        assert.ok((await required).toolCalls.every((call) => call.tool !== "web_fetch"));
    } finally {
        await t.core.dispose();
    }
});

test("with web access on, /fetch's call reads the page and cites it as a URL source", async () => {
    const t = await open();
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        assert.equal(
            unwrap(await t.api.invoke("conversations.setWebAccess", {id: c.id, webAccess: true})).webAccess,
            true,
        );
        const done = nextDone(t.api, c.id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: c.id,
                text: "Summarize",
                preflight: [{name: "web_fetch", args: {url: page}}],
            }),
        );
        const answer = await done;
        assert.equal(answer.toolCalls[0]!.status, "ok");
        assert.match(answer.toolCalls[0]!.resultText ?? "", /^URL: .*\nTitle: Example Domain\n/);
        assert.deepEqual(
            answer.citations.map((x) => [x.number, x.kind, x.title, x.url]),
            [[1, "url", "Example Domain", page]],
        );
        // The page is archived: its citation opens offline, and reading it again stores nothing new.
        const archiveId = answer.citations[0]!.location!.archiveId as string;
        const archived = unwrap(await t.api.invoke("archive.get", {id: archiveId}));
        assert.equal(archived.url, page);
        assert.match(archived.text, /For use in examples\./);
        const again = nextDone(t.api, c.id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: c.id,
                text: "Again",
                preflight: [{name: "web_fetch", args: {url: page}}],
            }),
        );
        assert.equal((await again).citations[0]!.location!.archiveId, archiveId);
        const missing = await t.api.invoke("archive.get", {id: "nope"});
        assert.equal(!missing.ok && missing.error.code, "NOT_FOUND");
    } finally {
        await t.core.dispose();
    }
});

test("the default in Settings applies to conversations without their own switch", async () => {
    const t = await open();
    try {
        const before = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("settings.set", {webAccessDefault: true}));
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        assert.equal(c.webAccess, true);
        const list = unwrap(await t.api.invoke("conversations.list", {}));
        assert.equal(list.find((x) => x.id === before.id)!.webAccess, true, "follows the default");
        unwrap(await t.api.invoke("conversations.setWebAccess", {id: c.id, webAccess: false}));
        assert.equal(
            unwrap(await t.api.invoke("conversations.list", {})).find((x) => x.id === c.id)!.webAccess,
            false,
        );
        assert.equal(unwrap(await t.api.invoke("settings.get", {})).webAccessDefault, true);
    } finally {
        await t.core.dispose();
    }
});

test("the CLI's --web turns web access on for one command only", async () => {
    const data = tempDir();
    fs.writeFileSync(path.join(data, "tools.yaml"), ALLOW_LOOPBACK);
    // Spawned asynchronously: this process must stay free to serve the page the CLI fetches.
    const chat = (extra: string[]) =>
        run(
            process.execPath,
            [
                CLI,
                "chat",
                "--data",
                data,
                "--model",
                TEST_MODEL,
                "--max-tokens",
                "4",
                "--json",
                "--tool",
                "web_fetch",
                "--args",
                JSON.stringify({url: page}),
                ...extra,
                "Go",
            ],
            {encoding: "utf8", env: {...process.env, CAIRN_MODEL: ""}},
        );
    const on = await chat(["--web"]);
    assert.equal(on.status, 0, on.stderr);
    const turn = JSON.parse(on.stdout);
    assert.equal(turn.toolCalls[0].status, "ok");
    assert.equal(turn.citations[0].url, page);
    const off = await chat(["--conversation", turn.conversationId]);
    assert.equal(JSON.parse(off.stdout).toolCalls[0].status, "denied");
});

function run(command: string, args: string[], options: {env: NodeJS.ProcessEnv; encoding: "utf8"}) {
    return new Promise<{status: number | null; stdout: string; stderr: string}>((resolve) => {
        const child = spawn(command, args, {env: options.env});
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        child.on("close", (status) => resolve({status, stdout, stderr}));
    });
}
