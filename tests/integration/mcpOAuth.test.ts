import assert from "node:assert/strict";
import fs from "node:fs";
import {test} from "node:test";
import type {McpServerInfo, Message} from "../../shared/contract.js";
import {accountFile} from "../../main/mcp/oauth.js";
import type {KeyVault} from "../../main/llm/keyVault.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {callApproved, mcpStatusWhen, runAllowed, writeMcpJson} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";
import {memoryVault} from "../helpers/vault.js";
import {startOAuthServer, visit, type OAuthFixture} from "../fixtures/mcp/oauthServer.js";
import {waitFor} from "../helpers/waitFor.js";

// A remote MCP server behind OAuth, on 127.0.0.1: the SDK's authorization-server handlers, played through
// by Cairn's client flow (discovery, dynamic registration, PKCE, loopback redirect, refresh). The system
// browser is played by following the sign-in page's redirects; the keychain by an in-memory AES vault.

type Run = TestCore & {opened: URL[]};

async function open(fixture: OAuthFixture, dataDir: string, vault: KeyVault | null): Promise<Run> {
    writeMcpJson(dataDir, {secure: {url: fixture.url, startup: "launch"}});
    const opened: URL[] = [];
    const t = await openTestCore({
        dataDir,
        contextSize: 8192,
        generation: {maxTokens: 4, seed: 1, temperature: 0},
        ...(vault ? {keyVault: vault} : {}),
        openExternal: (url) => opened.push(url),
    });
    return {...t, opened};
}

function secure(t: TestCore, state: McpServerInfo["state"]): Promise<McpServerInfo> {
    return mcpStatusWhen(t.api, (s) => s.servers[0]?.state === state).then((s) => s.servers[0]!);
}

/** Signs in as the person would: the button, then the page in the browser, which comes back to Cairn. */
async function signIn(t: Run): Promise<{status: number; text: string}> {
    const before = t.opened.length;
    unwrap(await t.api.invoke("mcp.signIn", {name: "secure"}));
    assert.equal(t.opened.length, before + 1, "Sign in opens one page in the browser");
    const page = t.opened.at(-1)!;
    const listed = unwrap(await t.api.invoke("mcp.list", {})).servers[0]!;
    assert.equal(listed.signInPage, page.href, "the page is shown while Cairn waits");
    return visit(page.href);
}

function whoami(t: TestCore): Promise<Message> {
    return callApproved(t, "secure.whoami", {});
}

test("a server that needs a sign-in neither blocks startup nor opens a page by itself; Sign in does, and its tokens are kept encrypted for the next start", async () => {
    const fixture = await startOAuthServer();
    const dataDir = tempDir();
    const vault = memoryVault();
    const first = await open(fixture, dataDir, vault);
    try {
        const waiting = await secure(first, "signin");
        assert.equal(waiting.account, "signed-out");
        assert.match(waiting.error ?? "", /secure needs you to sign in/);
        assert.deepEqual(waiting.errorWords, {key: "mcpSignInNeeded", values: {server: "secure"}});
        assert.deepEqual(first.opened, [], "nothing opens without the person");
        assert.equal(fixture.counts.registrations, 0, "nothing registers without the person");

        const page = await signIn(first);
        assert.equal(page.status, 200);
        assert.match(page.text, /Cairn is signed in/);
        const ready = await secure(first, "ready");
        assert.equal(ready.account, "signed-in");
        assert.equal(ready.signInPage, null);
        assert.deepEqual(ready.tools, ["secure.whoami"]);
        assert.deepEqual(fixture.counts, {
            registrations: 1,
            codes: 1,
            refreshes: 0,
            authorizations: 1,
            documents: 0,
        });

        const answer = await whoami(first);
        assert.match(answer.toolCalls[0]!.resultText ?? "", /signed in as client \S+/);
        const stored = fs.readFileSync(accountFile(dataDir, "secure"));
        assert.ok(!stored.includes("access_token"), "the tokens are not written in clear");
    } finally {
        await first.core.dispose();
    }
    // The next start signs in with what was kept: no page, no new registration.
    const second = await open(fixture, dataDir, vault);
    try {
        const ready = await secure(second, "ready");
        assert.equal(ready.account, "signed-in");
        assert.deepEqual(second.opened, []);
        assert.equal(fixture.counts.registrations, 1);
        assert.match((await whoami(second)).toolCalls[0]!.resultText ?? "", /signed in as client/);
    } finally {
        await second.core.dispose();
        await fixture.stop();
    }
});

test("an expired token is refreshed without the person; revoked tokens ask for a sign-in again; sign-out forgets it", async () => {
    const fixture = await startOAuthServer();
    const dataDir = tempDir();
    const t = await open(fixture, dataDir, memoryVault());
    try {
        await secure(t, "signin");
        await signIn(t);
        await secure(t, "ready");
        fixture.expireAll();
        const refreshed = await whoami(t);
        assert.match(refreshed.toolCalls[0]!.resultText ?? "", /signed in as client/);
        assert.ok(fixture.counts.refreshes >= 1, "the expired token was refreshed");
        assert.equal(fixture.counts.authorizations, 1, "without a new sign-in");

        fixture.revokeAll();
        const refused = await whoami(t);
        assert.match(refused.toolCalls[0]!.error ?? "", /needs you to sign in/);
        assert.equal((await secure(t, "signin")).account, "signed-out");
        assert.equal(t.opened.length, 1, "a call never opens a page by itself");

        await signIn(t);
        await secure(t, "ready");
        unwrap(await t.api.invoke("mcp.signOut", {name: "secure"}));
        assert.equal(fs.existsSync(accountFile(dataDir, "secure")), false, "sign-out removes what was kept");
        unwrap(await t.api.invoke("mcp.restart", {name: "secure"}));
        assert.equal((await secure(t, "signin")).account, "signed-out");
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});

// The SDK refreshes on each 401: calls that find the token expired together must not each spend the one
// refresh token (the server refuses its second use, and the SDK then forgot the new tokens as well).
test("calls that find the token expired at the same time refresh it once, and nobody is asked to sign in again", async () => {
    const fixture = await startOAuthServer();
    const t = await open(fixture, tempDir(), memoryVault());
    try {
        await secure(t, "signin");
        await signIn(t);
        await secure(t, "ready");
        fixture.expireAll();
        const tool = t.core.tools.resolve("secure.whoami")!;
        const context = {signal: new AbortController().signal, conversationId: "", dataDir: "", options: {}};
        const results = await Promise.allSettled([1, 2, 3, 4].map(() => tool.run({}, context)));
        for (const r of results) {
            assert.equal(r.status, "fulfilled", r.status === "rejected" ? String(r.reason) : "");
            assert.match(JSON.stringify(r.value), /signed in as client/);
        }
        assert.equal(fixture.counts.refreshes, 1, "one refresh for all four calls");
        const after = unwrap(await t.api.invoke("mcp.list", {})).servers[0]!;
        assert.deepEqual([after.state, after.account], ["ready", "signed-in"]);
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});

test("a refused sign-in is said in the server's words, and the next one can succeed", async () => {
    const fixture = await startOAuthServer();
    const t = await open(fixture, tempDir(), null);
    try {
        await secure(t, "signin");
        fixture.refuseNext();
        const page = await signIn(t);
        assert.equal(page.status, 400);
        const refused = await mcpStatusWhen(
            t.api,
            (s) => s.servers[0]!.state === "signin" && /refused/.test(s.servers[0]!.error ?? ""),
        );
        assert.match(refused.servers[0]!.error ?? "", /the server refused the sign-in: the person declined/);
        // Without a keychain (the CLI), a sign-in holds for this run only.
        await signIn(t);
        assert.equal((await secure(t, "ready")).account, "signed-in");
        assert.equal(fs.existsSync(accountFile(t.dataDir, "secure")), false);
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});

test("a sign-in that comes back naming another authorization server (RFC 9207 iss), or registered to return off this computer, is refused in words and keeps nothing", async () => {
    const fixture = await startOAuthServer();
    const t = await open(fixture, tempDir(), null);
    try {
        await secure(t, "signin");
        fixture.wrongIssuerNext();
        const page = await signIn(t);
        assert.equal(page.status, 400);
        const refused = await mcpStatusWhen(
            t.api,
            (s) => s.servers[0]!.state === "signin" && /mix-up/.test(s.servers[0]!.error ?? ""),
        );
        assert.match(
            refused.servers[0]!.error ?? "",
            /the sign-in came back from https:\/\/mix-up\.example\/, not from http:\/\/127\.0\.0\.1:\d+\/ where it began/,
        );
        assert.equal(fixture.counts.codes, 0, "the code was never exchanged");
        assert.equal(refused.servers[0]!.account, "signed-out");
        // A registration that would send the browser off this computer is not kept, and no page opens.
        await t.core.mcp.signOut("secure");
        fixture.redirectAwayNext();
        const opened = t.opened.length;
        unwrap(await t.api.invoke("mcp.signIn", {name: "secure"}));
        const away = await mcpStatusWhen(t.api, (s) => /off this computer/.test(s.servers[0]!.error ?? ""));
        assert.match(
            away.servers[0]!.error ?? "",
            /secure registered Cairn with a sign-in that returns to https:\/\/collector\.example\/callback, off this computer: refused/,
        );
        assert.equal(t.opened.length, opened, "no page was opened");
        // The next sign-in, from the right server, succeeds.
        await signIn(t);
        assert.equal((await secure(t, "ready")).account, "signed-in");
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});

/** The page the browser was asked to open the nth time (1-based), once it has been. */
async function nthPage(t: Run, n: number): Promise<URL> {
    return waitFor(`page ${n} to be opened`, () => t.opened[n - 1]);
}

// The MCP spec's step-up: a call the token's scope does not cover is refused with 403 insufficient_scope and
// the scope it needs.
test("a call that needs a wider scope opens the server's sign-in page for it while a person waits, and goes on; unattended, it says so", async () => {
    const fixture = await startOAuthServer({offered: ["mcp:read"], call: "mcp:write"});
    const t = await open(fixture, tempDir(), memoryVault());
    try {
        await secure(t, "signin");
        await signIn(t);
        await secure(t, "ready");
        assert.deepEqual(
            fixture.scopesAsked,
            ["mcp:read"],
            "the first sign-in asks for what the server lists",
        );

        // Nobody waits on the call (the local API, an automation): no page opens, and the call says why.
        const unattended = await runAllowed(t.core, "secure.whoami", {});
        assert.equal(unattended.record.status, "error");
        assert.match(
            unattended.record.error ?? "",
            /secure needs more access for this call \(mcp:read mcp:write\): make the call from the window/,
        );
        assert.equal(t.opened.length, 1, "no page opened for a call nobody waits on");
        assert.equal((await secure(t, "ready")).account, "signed-in", "the server stays usable");

        // From the window: the server's page opens for the wider scope; once signed in there, the call is made again.
        const answered = callApproved(t, "secure.whoami", {});
        const page = await nthPage(t, 2);
        assert.equal(new URL(page).searchParams.get("scope"), "mcp:read mcp:write");
        assert.equal((await visit(page.href)).status, 200);
        const message = await answered;
        assert.match(
            message.toolCalls[0]!.resultText ?? "",
            /signed in as client/,
            message.toolCalls[0]!.error ?? "",
        );
        assert.deepEqual(fixture.scopesAsked, ["mcp:read", "mcp:read mcp:write"]);
        assert.equal(fixture.counts.registrations, 1, "the same registration, on the same loopback port");

        // The wider tokens are kept: the next call needs no page.
        const again = await callApproved(t, "secure.whoami", {});
        assert.match(again.toolCalls[0]!.resultText ?? "", /signed in as client/);
        assert.equal(t.opened.length, 2);
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});

test("a server that refuses a call whatever the scope gets one wider sign-in, then the call fails saying so", async () => {
    const fixture = await startOAuthServer({offered: ["mcp:read"], call: "mcp:write", never: true});
    const t = await open(fixture, tempDir(), memoryVault());
    try {
        await secure(t, "signin");
        await signIn(t);
        await secure(t, "ready");
        const answered = callApproved(t, "secure.whoami", {});
        await visit((await nthPage(t, 2)).href);
        const message = await answered;
        assert.match(
            message.toolCalls[0]!.error ?? "",
            /secure still refused the call after the wider sign-in \(mcp:read mcp:write\)/,
        );
        assert.equal(fixture.counts.authorizations, 2, "one wider sign-in, no loop");
        assert.equal(t.opened.length, 2);
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});

test("with Cairn's client metadata document (CIMD), its URL is the client ID where the server accepts one: signed in without registering", async () => {
    const document = "https://cairn.example/oauth/client.json";
    const fixture = await startOAuthServer(undefined, {
        [document]: {client_name: "Cairn", redirect_uris: ["http://127.0.0.1/callback"]},
    });
    const dataDir = tempDir();
    writeMcpJson(dataDir, {
        secure: {url: fixture.url, startup: "launch", oauth: {clientMetadataUrl: document}},
    });
    const opened: URL[] = [];
    const t: Run = {...(await openTestCore({dataDir, openExternal: (url) => opened.push(url)})), opened};
    try {
        await secure(t, "signin");
        const page = await signIn(t);
        assert.match(page.text, /Cairn is signed in/);
        assert.equal(new URL(t.opened[0]!.href).searchParams.get("client_id"), document);
        await secure(t, "ready");
        assert.equal(fixture.counts.registrations, 0, "nothing was registered");
        assert.ok(fixture.counts.documents > 0, "the server knew Cairn by its document");
        assert.match(
            (await whoami(t)).toolCalls[0]!.resultText ?? "",
            /signed in as client https:\/\/cairn\.example/,
        );
        // A document's address must be https with a path: anything else is refused in words, nothing added.
        const refused = await t.api.invoke("mcp.add", {
            json: JSON.stringify({
                mcpServers: {plain: {url: fixture.url, oauth: {clientMetadataUrl: "http://x.example/c"}}},
            }),
        });
        assert.equal(refused.ok, false);
        assert.match(refused.ok ? "" : refused.error.message, /clientMetadataUrl/);
    } finally {
        await t.core.dispose();
        await fixture.stop();
    }
});
