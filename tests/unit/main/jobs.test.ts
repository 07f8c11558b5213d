import assert from "node:assert/strict";
import {test} from "node:test";
import {JobRegistry} from "../../../main/jobs.js";

type TestJob = {controller: AbortController; done: Promise<void>; state: string};

function job(state = "running"): TestJob {
    const controller = new AbortController();
    const done = new Promise<void>((resolve) => controller.signal.addEventListener("abort", () => resolve()));
    return {controller, done, state};
}

test("a job is cancelled only while it runs; settled waits for its end", async () => {
    const jobs = new JobRegistry<TestJob>();
    const a = jobs.add("a", job());
    const b = jobs.add("b", job("done"));
    assert.equal(
        jobs.cancel("b", new Error("x"), (j) => j.state === "running"),
        false,
        "a finished job",
    );
    assert.equal(jobs.cancel("missing", new Error("x")), false);
    assert.equal(
        jobs.cancel("a", new Error("stopped"), (j) => j.state === "running"),
        true,
    );
    assert.equal((a.controller.signal.reason as Error).message, "stopped");
    assert.equal(await jobs.settled("a"), a);
    assert.equal(await jobs.settled("missing"), undefined);
    assert.equal(b.controller.signal.aborted, false);
});

test("remove forgets a job only if it is still the one under its id; cancelAll stops and waits for all", async () => {
    const jobs = new JobRegistry<TestJob>();
    const first = jobs.add("c", job());
    const second = jobs.add("c", job());
    jobs.remove("c", first);
    assert.equal(jobs.get("c"), second, "a newer job under the same id stays");
    jobs.remove("c", second);
    assert.equal(jobs.has("c"), false);
    const all = [jobs.add("x", job()), jobs.add("y", job())];
    await jobs.cancelAll(new Error("closing"));
    assert.ok(all.every((j) => j.controller.signal.aborted));
});
