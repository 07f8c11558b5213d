import assert from "node:assert/strict";
import http from "node:http";
import {test} from "node:test";
import v8 from "node:v8";
import vm from "node:vm";
import {boundPort} from "../../../../main/net/boundPort.js";
import {deadline} from "../../../../main/net/deadline.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

test("a request to a server that never answers ends at its deadline, even while garbage is collected", async () => {
    const server = http.createServer(() => {}); // takes the request, never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const collecting = setInterval(gc, 5);
    const started = performance.now();
    const limit = deadline(new AbortController().signal, 200);
    // A hang fails here in words rather than as the file's timeout (AbortSignal.any with AbortSignal.timeout
    // hung on Node 20 in this very loop).
    let guard: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
        guard = setTimeout(() => reject(new Error("the deadline never fired")), 5000);
    });
    try {
        const ended = fetch(`http://127.0.0.1:${boundPort(server)}/`, {signal: limit.signal}).then(
            () => "answered",
            (error: unknown) => (error as Error).name,
        );
        assert.equal(await Promise.race([ended, hung]), "TimeoutError");
        assert.ok(limit.timedOut());
        assert.ok(performance.now() - started < 4000);
    } finally {
        clearTimeout(guard);
        clearInterval(collecting);
        limit.clear();
        server.closeAllConnections();
        server.close();
    }
});

test("the caller's signal aborts it with the caller's reason; clear() stops the timer and lets go", () => {
    const caller = new AbortController();
    const limit = deadline(caller.signal, 60_000);
    caller.abort(new Error("stopped by the person"));
    assert.equal(limit.signal.aborted, true);
    assert.equal((limit.signal.reason as Error).message, "stopped by the person");
    assert.equal(limit.timedOut(), false);
    limit.clear();

    const already = deadline(AbortSignal.abort("before"), 60_000);
    assert.equal(already.signal.reason, "before");
    already.clear();

    const cleared = deadline(new AbortController().signal, 1);
    cleared.clear();
    return new Promise<void>((resolve) =>
        setTimeout(() => {
            assert.equal(cleared.signal.aborted, false);
            resolve();
        }, 20),
    );
});
