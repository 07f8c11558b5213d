import assert from "node:assert/strict";
import {test} from "node:test";
import {openLoopback, signInPageProblem} from "../../../../main/mcp/loopback.js";

// The loopback listener the browser comes back to after a sign-in, reached over real HTTP on 127.0.0.1.

/** A sign-in whose server's issuer is not known: only the state is checked. */
function expect(state: string, issuer: string | null = null, issuerRequired = false) {
    return {state, issuer, issuerRequired};
}

test("a callback with another state is answered and the wait goes on; the right one gives its code and closes", async () => {
    const loopback = await openLoopback(null);
    const code = loopback.code(expect("s1"), new AbortController().signal);
    const stray = await fetch(`${loopback.url}?code=evil&state=other`);
    assert.equal(stray.status, 400);
    assert.match(await stray.text(), /not from the sign-in Cairn is waiting for/);
    const elsewhere = await fetch(new URL("/favicon.ico", loopback.url));
    assert.equal(elsewhere.status, 404);
    const right = await fetch(`${loopback.url}?code=c-42&state=s1`);
    assert.equal(right.status, 200);
    assert.equal(
        right.headers.get("content-security-policy"),
        "default-src 'none'; style-src 'unsafe-inline'",
    );
    assert.equal(await code, "c-42");
    await assert.rejects(fetch(`${loopback.url}?code=late&state=s1`), "the listener is closed");
});

test("the server's refusal is said in its words; a cancelled wait rejects and closes", async () => {
    const refused = await openLoopback(null);
    const waiting = assert.rejects(
        refused.code(expect("s"), new AbortController().signal),
        /the server refused the sign-in: no thanks/,
    );
    const page = await fetch(`${refused.url}?state=s&error=access_denied&error_description=no%20thanks`);
    assert.equal(page.status, 400);
    await waiting;

    const cancelled = await openLoopback(null);
    const stop = new AbortController();
    const wait = cancelled.code(expect("s"), stop.signal);
    stop.abort();
    await assert.rejects(wait, /the sign-in was cancelled/);
    await assert.rejects(fetch(`${cancelled.url}?code=x&state=s`));
});

test("the port of the last registration is used again when free, another when taken", async () => {
    const first = await openLoopback(null);
    const again = await openLoopback(first.port);
    assert.notEqual(again.port, first.port, "taken: another port");
    first.close();
    const reused = await openLoopback(first.port);
    assert.equal(reused.port, first.port);
    again.close();
    reused.close();
});

test("a code from another authorization server than the sign-in's (RFC 9207 iss) is refused, and one without iss where the server sends it", async () => {
    const issuer = "https://as.example.com/";
    for (const [query, words] of [
        [
            "code=c&state=s&iss=https%3A%2F%2Fevil.example%2F",
            /came back from https:\/\/evil\.example\/, not from https:\/\/as\.example\.com\//,
        ],
        [
            "code=c&state=s",
            /came back without its server's name \(iss\), which https:\/\/as\.example\.com\/ says it sends/,
        ],
    ] as const) {
        const loopback = await openLoopback(null);
        const waiting = assert.rejects(
            loopback.code(expect("s", issuer, true), new AbortController().signal),
            words,
        );
        const page = await fetch(`${loopback.url}?${query}`);
        assert.equal(page.status, 400);
        assert.match(await page.text(), /came back from another server/);
        await waiting;
    }
    // The right issuer; and a server that does not say it sends one may leave it out.
    const right = await openLoopback(null);
    const code = right.code(expect("s", issuer, true), new AbortController().signal);
    await fetch(`${right.url}?code=good&state=s&iss=${encodeURIComponent(issuer)}`);
    assert.equal(await code, "good");
    const quiet = await openLoopback(null);
    const unsaid = quiet.code(expect("s", issuer, false), new AbortController().signal);
    await fetch(`${quiet.url}?code=fine&state=s`);
    assert.equal(await unsaid, "fine");
});

test("a sign-in page opens only at an https address, or plain http on this computer", () => {
    assert.equal(signInPageProblem(new URL("https://auth.example.com/authorize?x=1")), null);
    assert.equal(signInPageProblem(new URL("http://127.0.0.1:9000/authorize")), null);
    assert.equal(signInPageProblem(new URL("http://[::1]:9000/authorize")), null);
    assert.equal(
        signInPageProblem(new URL("http://auth.example.com/authorize")),
        "the server's sign-in page is not encrypted (http://auth.example.com): refused",
    );
    assert.match(signInPageProblem(new URL("file:///etc/passwd")) ?? "", /is not a web address \(file:\)/);
});
