import assert from "node:assert/strict";
import {test} from "node:test";
import {nextAfter, offsetMs, scheduleProblem} from "../../../../main/automations/schedule.js";
import type {Schedule} from "../../../../shared/contract.js";

// Schedules read in a time zone: intervals, days that keep their time of day across DST, weekdays, cron, and
// the schedules refused with why.

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

test("every N minutes or hours counts from the first run, whatever the wall clock's zone", () => {
    const every: Schedule = {kind: "every", count: 90, unit: "minutes", from: at("2026-03-01T10:00:00Z")};
    assert.equal(
        iso(nextAfter(every, "Europe/Berlin", at("2026-03-01T09:00:00Z"))),
        "2026-03-01T10:00:00.000Z",
    );
    assert.equal(
        iso(nextAfter(every, "Europe/Berlin", at("2026-03-01T10:00:00Z"))),
        "2026-03-01T11:30:00.000Z",
    );
    assert.equal(
        iso(nextAfter(every, "Europe/Berlin", at("2026-03-01T12:59:59Z"))),
        "2026-03-01T13:00:00.000Z",
    );
    // Across spring-forward, elapsed time: 6 hours after 22:00 UTC is 04:00 UTC.
    const hours: Schedule = {kind: "every", count: 6, unit: "hours", from: at("2026-03-28T22:00:00Z")};
    assert.equal(
        iso(nextAfter(hours, "Europe/Berlin", at("2026-03-28T22:00:00Z"))),
        "2026-03-29T04:00:00.000Z",
    );
});

test("every day keeps its time of day across both DST changes", () => {
    // 09:00 in Berlin: 08:00 UTC in winter, 07:00 UTC in summer.
    const daily: Schedule = {kind: "every", count: 1, unit: "days", from: at("2026-03-27T08:00:00Z")};
    const zone = "Europe/Berlin";
    assert.equal(iso(nextAfter(daily, zone, at("2026-03-27T08:00:00Z"))), "2026-03-28T08:00:00.000Z");
    assert.equal(iso(nextAfter(daily, zone, at("2026-03-28T08:00:00Z"))), "2026-03-29T07:00:00.000Z");
    assert.equal(iso(nextAfter(daily, zone, at("2026-03-29T07:00:00Z"))), "2026-03-30T07:00:00.000Z");
    assert.equal(iso(nextAfter(daily, zone, at("2026-10-24T07:00:00Z"))), "2026-10-25T08:00:00.000Z");
    const everyThird: Schedule = {kind: "every", count: 3, unit: "days", from: at("2026-10-23T07:00:00Z")};
    assert.equal(iso(nextAfter(everyThird, zone, at("2026-10-23T07:00:00Z"))), "2026-10-26T08:00:00.000Z");
    assert.equal(offsetMs(zone, at("2026-07-01T00:00:00Z")), 2 * 3600_000);
});

test("weekdays at a time skip the weekend, in the automation's zone", () => {
    const weekdays: Schedule = {kind: "weekdays", time: "09:30"};
    // Friday 2026-12-04 after 09:30 in New York: the next is Monday 2026-12-07, 14:30 UTC.
    assert.equal(
        iso(nextAfter(weekdays, "America/New_York", at("2026-12-04T15:00:00Z"))),
        "2026-12-07T14:30:00.000Z",
    );
    assert.equal(
        iso(nextAfter(weekdays, "Asia/Tokyo", at("2026-12-04T15:00:00Z"))),
        "2026-12-07T00:30:00.000Z",
    );
});

test("cron: a time that does not exist on spring-forward runs once after it; one that exists twice runs once", () => {
    const nightly: Schedule = {kind: "cron", expression: "30 2 * * *"};
    const zone = "Europe/Berlin";
    const spring = nextAfter(nightly, zone, at("2026-03-28T12:00:00Z"));
    assert.equal(iso(spring), "2026-03-29T01:00:00.000Z");
    assert.equal(iso(nextAfter(nightly, zone, spring!)), "2026-03-30T00:30:00.000Z");
    const autumn = nextAfter(nightly, zone, at("2026-10-24T12:00:00Z"));
    assert.equal(iso(autumn), "2026-10-25T00:30:00.000Z");
    assert.equal(iso(nextAfter(nightly, zone, autumn!)), "2026-10-26T01:30:00.000Z");
});

test("schedules that cannot be kept are refused with why", () => {
    const now = at("2026-12-02T12:00:00Z");
    const key = (s: Schedule, zone = "UTC") => scheduleProblem(s, zone, now)?.key ?? null;
    assert.equal(key({kind: "cron", expression: "0 0 30 2 *"}), "scheduleNever");
    assert.equal(key({kind: "cron", expression: "* * * * * *"}), "scheduleFields");
    assert.equal(key({kind: "cron", expression: "every day"}), "scheduleFields");
    assert.equal(key({kind: "cron", expression: "61 * * * *"}), "scheduleCron");
    assert.equal(key({kind: "once", at: now - 1}), "schedulePast");
    assert.equal(key({kind: "weekdays", time: "09:00"}, "Mars/Olympus"), "scheduleTimeZone");
    assert.equal(key({kind: "cron", expression: "*/5 * * * 1-5"}), null);
    assert.equal(key({kind: "once", at: now + 60_000}), null);
});
