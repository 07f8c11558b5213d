import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import {pathToFileURL} from "node:url";
import {ROOT} from "../helpers/paths.js";

type Report = {
    countsOf(text: string): {passed: number; failed: number; skipped: number};
    failuresOf(text: string): string[];
};
const report = (await import(pathToFileURL(path.join(ROOT, "scripts", "testReport.mjs")).href)) as Report;
const printed = (name: string) =>
    fs.readFileSync(path.join(ROOT, "tests", "fixtures", "reports", name), "utf8");

test("the summary names each failed Playwright test with why it failed, each try's error, and the flaky ones", () => {
    const text = printed("playwright-list.txt");
    assert.deepEqual(report.countsOf(text), {passed: 1, failed: 1, skipped: 0});
    const lines = report.failuresOf(text);
    const error = [
        "    Error: expect(locator).toHaveCount(expected) failed",
        "    Locator:  locator('article')",
        "    Expected: 1",
        "    Received: 0",
        "    Timeout:  500ms",
        "    at /repo/t/a.spec.ts:4:45",
    ];
    assert.deepEqual(lines, [
        "failed: t/a.spec.ts:2:1 › a count that never comes",
        ...error,
        // The second try's error too: a retry can fail for another reason than the first.
        ...error,
        "flaky: t/a.spec.ts:6:1 › passes only on its second try",
        "    Error: expect(received).toBe(expected) // Object.is equality",
        "    Expected: 1",
        "    Received: 0",
        "    at /repo/t/a.spec.ts:7:24",
    ]);
});

/** The two failing tests of both node fixtures, as the summary gives them, each name after `under`. */
const nodeFailures = (under = "") => [
    `${under}a table that is not there`,
    "    'no such table: message_attachments'",
    `${under}two lists that differ`,
    "    Expected values to be strictly deep-equal:",
    "    + actual - expected",
    "    [",
    "    'a',",
    "    +   'b'",
    "    -   'c'",
    "    ]",
];

test("the summary gives each failed node test its error: on one line, or the first lines of a longer one", () => {
    const text = printed("node-tap.txt");
    assert.deepEqual(report.countsOf(text), {passed: 1, failed: 2, skipped: 0});
    assert.deepEqual(report.failuresOf(text), nodeFailures());
});

test("a failed node test run as npm test runs it is named after its file, once, with its error", () => {
    const text = printed("node-queue-tap.txt");
    assert.deepEqual(report.countsOf(text), {passed: 1, failed: 3, skipped: 0});
    assert.deepEqual(report.failuresOf(text), [
        ...nodeFailures("integration/n.test.mjs › "),
        "integration/broken.test.mjs › loads",
        "    'this file cannot load'",
    ]);
});
