import assert from "node:assert/strict";
import {test} from "node:test";
import type {Automation, AutomationRun} from "../../shared/contract.js";
import {parseJson} from "../../shared/json.js";
import {runCli} from "../helpers/cli.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// `cairn automations` as a person and their own scheduler use it: real processes on one data folder, the real
// test model.

const cairn = (dataDir: string, ...args: string[]) => runCli([...args, "--data", dataDir]);

function json<T>(stdout: string): T {
    const value: unknown = parseJson(stdout);
    return value as T;
}

test("add, list, show, pause, resume and remove; schedules refused with why", async () => {
    const data = tempDir();
    const added = await cairn(data, "automations", "add", "Summarize my notes", "--every", "2h", "--json");
    assert.equal(added.code, 0, added.stderr);
    const automation = json<Automation>(added.stdout);
    assert.equal(automation.name, "Summarize my notes");
    assert.deepEqual(automation.budget, {steps: 6, minutes: 10, network: "none"});
    assert.equal(automation.schedule.kind, "every");

    const weekdays = await cairn(
        data,
        "automations",
        "add",
        "Digest",
        "--at",
        "weekdays 09:00",
        "--tz",
        "Asia/Tokyo",
    );
    assert.equal(weekdays.code, 0, weekdays.stderr);
    assert.match(
        weekdays.stdout,
        /^added Digest\tweekdays at 09:00 \(Asia\/Tokyo\)\tnext \d{4}-\d\d-\d\dT00:00:00\.000Z\tnever run\n$/,
    );

    // A research question: researched at each run (offline, as its network budget is none).
    const question = await cairn(
        data,
        "automations",
        "add",
        "Where is the locker?",
        "--in",
        "5m",
        "--research",
    );
    assert.equal(question.code, 0, question.stderr);
    const shown = await cairn(data, "automations", "show", "Where is the locker?");
    assert.match(shown.stdout, /\nresearch question: Where is the locker\?\n/);
    await cairn(data, "automations", "remove", "Where is the locker?");

    const refusals: [string[], RegExp][] = [
        [["--every", "30s"], /--every 30s: an automation runs at most once a minute/],
        [["--cron", "0 0 30 2 *"], /never fires: check its days and months/],
        [["--at", "25:00"], /--at takes HH:MM/],
        [["--every", "1h", "--cron", "0 * * * *"], /give one schedule/],
        [["--every", "1h", "--tz", "Mars/Olympus"], /Mars\/Olympus is not a time zone/],
        [
            ["--every", "1h", "--tool", "web_search"],
            /web_search reaches the web: set the automation's network budget to web/,
        ],
        [[], /when should it run\?/],
    ];
    for (const [flags, said] of refusals) {
        const refused = await cairn(data, "automations", "add", "Bad", ...flags);
        assert.equal(refused.code, 1, flags.join(" "));
        assert.match(refused.stderr, said, flags.join(" "));
    }

    const paused = await cairn(data, "automations", "pause", "Digest");
    assert.match(paused.stdout, /^Digest\t.*\tpaused\t/);
    const resumed = await cairn(data, "automations", "resume", "digest");
    assert.match(resumed.stdout, /^Digest\t.*\tnext /);
    const listed = json<Automation[]>((await cairn(data, "automations", "list", "--json")).stdout);
    assert.deepEqual(
        listed.map((a) => a.name),
        ["Summarize my notes", "Digest"],
    );
    const removed = await cairn(data, "automations", "remove", "Digest");
    assert.equal(removed.stdout, "removed Digest\n");
    const gone = await cairn(data, "automations", "show", "Digest");
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /no automation Digest; cairn automations list shows them/);
});

test("run-due from two processes at once: each due run happens once, as a conversation of its own", async () => {
    const data = tempDir();
    for (const name of ["one", "two", "three"]) {
        const added = await cairn(data, "automations", "add", `Say ${name}`, "--name", name, "--in", "1s");
        assert.equal(added.code, 0, added.stderr);
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const [first, second] = await Promise.all([
        cairn(data, "automations", "run-due", "--model", TEST_MODEL, "--json"),
        cairn(data, "automations", "run-due", "--model", TEST_MODEL, "--json"),
    ]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(second.code, 0, second.stderr);
    const runs = [...json<AutomationRun[]>(first.stdout), ...json<AutomationRun[]>(second.stdout)];
    assert.equal(runs.length, 3, "three runs between the two processes");
    assert.deepEqual(
        runs.map((r) => [r.trigger, r.status]),
        runs.map(() => ["due", "done"]),
    );
    assert.equal(new Set(runs.map((r) => r.conversationId)).size, 3);
    // Nothing is due any more: a third call runs nothing.
    const again = await cairn(data, "automations", "run-due", "--model", TEST_MODEL);
    assert.equal(again.stdout, "nothing is due\n");
    const shown = await cairn(data, "automations", "show", "one");
    assert.match(shown.stdout, /\tno next run\tlast done\n/);
    assert.match(shown.stdout, /\tdue\tdone \(conversation [0-9a-f-]{36}\)\n/);
});
