import assert from "node:assert/strict";
import path from "node:path";
import {test} from "node:test";
import {AutomationScheduler, LATE_MS, MAX_WAIT_MS} from "../../../../main/automations/scheduler.js";
import {nextAfter} from "../../../../main/automations/schedule.js";
import {AutomationStore} from "../../../../main/store/automations.js";
import {openDatabase} from "../../../../main/store/db.js";
import type {Automation, AutomationInput, AutomationRun, Schedule} from "../../../../shared/contract.js";
import {ManualClock} from "../../../helpers/manualClock.js";
import {tempDir} from "../../../helpers/paths.js";

// The scheduler on a real library file, with a clock the test moves: one timer for the earliest run, runs
// on time, missed runs skipped or run once, a clock set back, and two processes on one data folder.

const START = Date.parse("2026-12-02T12:00:00Z");
const MINUTE = 60_000;

function input(schedule: Schedule, missed: "skip" | "once" = "skip", name = "report"): AutomationInput {
    return {
        name,
        prompt: "Summarize the day.",
        assistantId: null,
        projectId: null,
        tools: [],
        schedule,
        timeZone: "UTC",
        budget: {steps: 3, minutes: 10, network: "none"},
        missed,
        approvalMinutes: 60,
    };
}

/** A data folder's library as one Cairn process sees it: its store, its scheduler, and the runs it began. */
function processOn(file: string, clock: ManualClock, id: string) {
    const store = new AutomationStore(openDatabase(file), id);
    const began: AutomationRun[] = [];
    const scheduler = new AutomationScheduler(store, (_a, run) => void began.push(run), clock);
    return {store, scheduler, began};
}

function added(store: AutomationStore, value: AutomationInput, clock: ManualClock): Automation {
    return store.add(value, nextAfter(value.schedule, value.timeZone, clock.now()), clock.now());
}

const libraryFile = () => path.join(tempDir(), "cairn.sqlite");

test("a run starts at its time, from one timer set for the earliest; nothing runs between", () => {
    const clock = new ManualClock(START);
    const one = processOn(libraryFile(), clock, "p1");
    added(one.store, input({kind: "every", count: 30, unit: "minutes", from: START + 10 * MINUTE}), clock);
    added(
        one.store,
        input({kind: "every", count: 1, unit: "days", from: START + 5 * MINUTE}, "skip", "daily"),
        clock,
    );
    one.scheduler.start();
    assert.deepEqual(clock.waits, [5 * MINUTE], "one timer, for the earliest run");
    clock.advance(5 * MINUTE - 1);
    assert.equal(one.began.length, 0);
    clock.advance(1);
    assert.deepEqual(
        one.began.map((r) => [r.dueAt - START, r.trigger]),
        [[5 * MINUTE, "schedule"]],
    );
    clock.advance(5 * MINUTE);
    clock.advance(30 * MINUTE);
    assert.deepEqual(
        one.began.map((r) => (r.dueAt - START) / MINUTE),
        [5, 10, 40],
    );
    assert.equal(clock.pending(), 1, "still one timer");
    one.scheduler.stop();
    assert.equal(clock.pending(), 0);
});

test("with no automation there is no timer; a far run waits at most an hour before looking again", () => {
    const clock = new ManualClock(START);
    const one = processOn(libraryFile(), clock, "p1");
    one.scheduler.start();
    assert.equal(clock.pending(), 0, "nothing scheduled: no timer, no CPU");
    added(one.store, input({kind: "once", at: START + 30 * 24 * 60 * MINUTE}), clock);
    one.scheduler.changed();
    assert.deepEqual(clock.waits, [MAX_WAIT_MS]);
});

test("a missed run is skipped or run once, however many times were missed", () => {
    const clock = new ManualClock(START);
    const file = libraryFile();
    const before = processOn(file, clock, "p1");
    const every = (missed: "skip" | "once", name: string) =>
        added(
            before.store,
            input({kind: "every", count: 10, unit: "minutes", from: START + MINUTE}, missed, name),
            clock,
        );
    const skipped = every("skip", "skipped");
    const once = every("once", "once");
    // Cairn was not running for an hour: six times of each were missed.
    clock.setWallClock(START + 61 * MINUTE + LATE_MS);
    const after = processOn(file, clock, "p2");
    after.scheduler.start();
    assert.deepEqual(
        after.began.map((r) => [r.automationId, r.trigger, r.status]),
        [[once.id, "late", "running"]],
    );
    const skippedRuns = after.store.runs(skipped.id);
    assert.deepEqual(
        skippedRuns.map((r) => [r.trigger, r.status]),
        [["late", "skipped"]],
    );
    // The next times are the schedule's first after now, not the missed ones.
    assert.equal(after.store.get(once.id)?.nextAt, START + 71 * MINUTE);
    assert.equal(after.store.get(skipped.id)?.nextAt, START + 71 * MINUTE);
});

test("a clock set back runs no time twice; a clock set forward runs what came due once", () => {
    const clock = new ManualClock(START);
    const one = processOn(libraryFile(), clock, "p1");
    added(one.store, input({kind: "every", count: 1, unit: "hours", from: START + 30 * MINUTE}), clock);
    one.scheduler.start();
    clock.advance(30 * MINUTE);
    assert.equal(one.began.length, 1);
    // The wall clock goes back 45 minutes (before the run just done); the hour passes.
    clock.setWallClock(clock.now() - 45 * MINUTE);
    clock.advance(60 * MINUTE);
    clock.advance(45 * MINUTE);
    assert.deepEqual(
        one.began.map((r) => (r.dueAt - START) / MINUTE),
        [30, 90],
        "the 12:30 run did not run again when 12:30 came round a second time",
    );
    // Forward three hours (a sleep): one late run at most, and the next time is after now.
    clock.setWallClock(clock.now() + 3 * 60 * MINUTE);
    clock.advance(MAX_WAIT_MS);
    assert.equal(
        one.began.filter((r) => r.trigger === "late").length,
        0,
        "skip: the missed times do not run",
    );
    assert.ok((one.store.list()[0]?.nextAt ?? 0) > clock.now());
});

test("two processes on one data folder: each run happens once", () => {
    const clock = new ManualClock(START);
    const file = libraryFile();
    const one = processOn(file, clock, "p1");
    const two = processOn(file, clock, "p2");
    for (let i = 0; i < 20; i++)
        added(
            one.store,
            input({kind: "every", count: 1, unit: "minutes", from: START + MINUTE}, "skip", `a${i}`),
            clock,
        );
    one.scheduler.start();
    two.scheduler.start();
    for (let m = 0; m < 5; m++) clock.advance(MINUTE);
    const all = [...one.began, ...two.began];
    assert.equal(all.length, 20 * 5, "every automation ran at each of the 5 minutes");
    const keys = new Set(all.map((r) => `${r.automationId}@${r.dueAt}`));
    assert.equal(keys.size, all.length, "no run was taken by both processes");
    assert.equal(one.store.runs(one.store.list()[0]!.id).length, 5);
    // Both read the same due run before either took it: the claim lets one have it.
    clock.setWallClock(clock.now() + MINUTE);
    const seenByOne = one.store.due(clock.now());
    const seenByTwo = two.store.due(clock.now());
    assert.equal(seenByOne.length, 20);
    const claim = {trigger: "schedule", status: "running"} as const;
    const taken = seenByOne.map((a) => one.store.claim(a, a.nextAt!, a.nextAt! + MINUTE, claim, clock.now()));
    const again = seenByTwo.map((a) => two.store.claim(a, a.nextAt!, a.nextAt! + MINUTE, claim, clock.now()));
    assert.equal(taken.filter(Boolean).length, 20);
    assert.equal(again.filter(Boolean).length, 0);
});

test("a paused automation does not run; resumed, its next time counts from then", () => {
    const clock = new ManualClock(START);
    const one = processOn(libraryFile(), clock, "p1");
    const a = added(
        one.store,
        input({kind: "every", count: 5, unit: "minutes", from: START + 5 * MINUTE}),
        clock,
    );
    one.scheduler.start();
    one.store.setPaused(a.id, true, null);
    one.scheduler.changed();
    clock.advance(60 * MINUTE);
    assert.equal(one.began.length, 0);
    assert.equal(clock.pending(), 0);
});
