// What a test runner printed, read back for `npm test`'s summary: its counts, and which tests failed and why.

/** The counts a runner printed last: node's test runner, Playwright's list reporter, the stories' line. */
export function countsOf(text) {
    const last = (pattern) => {
        const all = [...text.matchAll(pattern)];
        return all.length ? Number(all.at(-1)[1]) : 0;
    };
    const node = /^(?:# |ℹ )pass \d+$/m.test(text);
    if (node)
        return {
            passed: last(/^(?:# |ℹ )pass (\d+)$/gm),
            failed: last(/^(?:# |ℹ )fail (\d+)$/gm) + last(/^(?:# |ℹ )cancelled (\d+)$/gm),
            skipped: last(/^(?:# |ℹ )skipped (\d+)$/gm) + last(/^(?:# |ℹ )todo (\d+)$/gm),
        };
    const playwright = /^\s+\d+ (?:passed|failed|skipped|flaky|did not run)/m.test(text);
    if (playwright)
        return {
            passed: last(/^\s+(\d+) passed/gm) + last(/^\s+(\d+) flaky/gm),
            failed: last(/^\s+(\d+) failed/gm) + last(/^\s+(\d+) interrupted/gm),
            skipped: last(/^\s+(\d+) skipped/gm) + last(/^\s+(\d+) did not run/gm),
        };
    const plain = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
    if (plain) return {passed: Number(plain[1]), failed: Number(plain[2]), skipped: 0};
    return {passed: 0, failed: 0, skipped: 0};
}

/**
 * The names of the tests that failed (or passed only on a retry), as their runner printed them: the summary
 * repeats them, so the end of a long log says which test to look at.
 */
export function failuresOf(text) {
    const names = new Set();
    const reasons = reasonsOf(text);
    // node's test runner: "not ok 3 - name" (TAP, the name under its suites') or "✖ name (12ms)" (spec).
    for (const {name, reason} of tapFailures(text)) {
        names.add(name);
        if (reason.length > 0) reasons.set(name, reason);
    }
    for (const match of text.matchAll(/^\s*✖ (.+?)(?: \(\d[\d.]*m?s\))?$/gm))
        if (match[1] !== "failing tests:") names.add(match[1].trim());
    // Playwright's list reporter: "  1 failed" (or "1 flaky") then one "[project] › file:line › title" a line.
    for (const block of text.matchAll(/^\s+\d+ (failed|flaky|interrupted)\n((?:\s+.+ › .+\n?)+)/gm))
        for (const line of block[2].trim().split("\n"))
            names.add(`${block[1]}: ${line.replace(/[\s─]+$/, "").trim()}`);
    return [...names].slice(0, 12).flatMap((name) => {
        const reason = reasons.get(name.replace(/^(?:failed|flaky|interrupted): /, ""));
        return reason ? [name, ...reason.map((line) => `    ${line}`)] : [name];
    });
}

/**
 * Each failed test of node's TAP, named after the suites it is in and itself ("integration/x.test.js › name": npm
 * test runs each file as a suite, tests/helpers/testQueue.ts), with its `error:` in a few lines. A suite that
 * failed only because a test in it did ("subtestsFailed") is not named again.
 */
function tapFailures(text) {
    const failures = [];
    const suites = [];
    const lines = text.split("\n");
    lines.forEach((line, i) => {
        const subtest = /^( *)# Subtest: (.+)$/.exec(line);
        if (subtest) {
            suites.length = subtest[1].length / 4;
            suites.push(subtest[2].trim());
            return;
        }
        const failed = /^( *)not ok \d+ - (.+)$/.exec(line);
        if (!failed) return;
        const inner = `${failed[1]}  `;
        const details = [];
        for (let j = i + 1; j < lines.length && (lines[j].startsWith(inner) || lines[j].trim() === ""); j++)
            details.push(lines[j].slice(inner.length));
        if (details.includes("failureType: 'subtestsFailed'")) return;
        const name = [...suites.slice(0, failed[1].length / 4), failed[2].trim()].join(" › ");
        failures.push({name, reason: errorOf(details)});
    });
    return failures;
}

/** A TAP test's `error:`, from its details: "error: 'message'", or "error: |-" and up to 8 lines below it. */
function errorOf(details) {
    const at = details.findIndex((line) => line.startsWith("error: "));
    if (at === -1) return [];
    const value = details[at].slice("error: ".length);
    if (!/^[|>]-?$/.test(value)) return [value.slice(0, 300)];
    const block = details.slice(at + 1, at + 9);
    const end = block.findIndex((line) => line.trim() !== "" && !line.startsWith("  "));
    return (end === -1 ? block : block.slice(0, end))
        .map((line) => line.trim().slice(0, 300))
        .filter(Boolean);
}

/**
 * Why each Playwright test failed, in a few lines, by its name as `failuresOf` reads it: the summary is what the
 * end of a long log shows (a CI's tail), and a name alone there says where to look, not what happened.
 * Playwright's report gives each failure (and each failed try) a numbered block.
 */
function reasonsOf(text) {
    const reasons = new Map();
    const add = (name, lines) => {
        const kept = lines.map((line) => line.trim()).filter(Boolean);
        if (kept.length === 0) return;
        reasons.set(name, [...(reasons.get(name) ?? []), ...kept].slice(0, 16));
    };
    // "  1) [chromium] › file:line › title ──" or "Retry #1 ──", then the error up to its call log or code frame.
    const blocks = text.split(/^\s+(?=\d+\) .+ › )/m).slice(1);
    for (const block of blocks) {
        const [head, ...rest] = block.split("\n");
        const name = head.replace(/^\d+\) /, "").replace(/\s*─*\s*$/, "");
        for (const attempt of rest.join("\n").split(/^\s+(?:Retry #\d+ )?─{3,}.*$/m)) {
            const lines = attempt.split("\n");
            const end = lines.findIndex((line) =>
                /^\s+(?:Call log:|>?\s*\d+ \||Error Context:|attachment #|\d+ (?:passed|failed|flaky))/.test(
                    line,
                ),
            );
            const where = lines.find((line) => /^\s+at .*\.spec\.ts:\d+/.test(line));
            const error = lines.slice(0, end === -1 ? 8 : Math.min(end, 8));
            add(name, where ? [...error, where] : error);
        }
    }
    return reasons;
}
