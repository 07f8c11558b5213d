import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {untakenFiles, writeQueueEntries, writeTestQueue} from "../helpers/testQueue.js";
import {loaderArgs, tempDir} from "../helpers/paths.js";

// npm test's node files share one process per core, each taking the next file from one list
// (tests/helpers/testQueue.ts): run here on small test files, through node's own runner, as npm test runs them.

/** A test file that appends `name pid` to `log` in each of its `tests` tests, and what `extra` adds. */
function testFile(dir: string, name: string, log: string, {tests = 1, extra = ""} = {}): string {
    const file = path.join(dir, `${name}.test.mjs`);
    const cases = Array.from(
        {length: tests},
        (_, i) =>
            `test("${name} ${i}", async () => { await new Promise((r) => setTimeout(r, 50)); ` +
            `fs.appendFileSync(${JSON.stringify(log)}, "${name} " + process.pid + "\\n"); });`,
    );
    const text = [
        'import fs from "node:fs";',
        'import {after, before, beforeEach, test} from "node:test";',
        extra,
    ];
    fs.writeFileSync(file, [...text, ...cases].join("\n"));
    return file;
}

/** Runs `processes` queue processes on `files` through `node --test`: its exit code and output. */
function runQueue(
    files: string[],
    processes: number,
    limits: {fileTimeoutMs?: number; drainMs?: number} = {},
): Promise<{code: number | null; output: string; list: string}> {
    const dir = tempDir();
    const list = path.join(dir, "queue.json");
    writeTestQueue(list, files, limits);
    // As npm test writes them (scripts/test.mjs): one entry file per process, each taking files from the list.
    const entries = writeQueueEntries(list, processes);
    const args = [
        ...loaderArgs(),
        "--test",
        `--test-concurrency=${processes}`,
        "--test-reporter=tap",
        ...entries,
    ];
    return new Promise((resolve) => {
        // NODE_TEST_CONTEXT (set in this test's process) would make the child refuse to run files of its own.
        const {NODE_TEST_CONTEXT: _, ...env} = process.env;
        // A queue that hangs (a file's time limit not kept) ends here, failed, rather than at the test's limit.
        const child = spawn(process.execPath, args, {env, timeout: 60_000});
        let output = "";
        child.stdout.on("data", (d) => (output += d));
        child.stderr.on("data", (d) => (output += d));
        child.on("close", (code) => resolve({code, output, list}));
    });
}

const lines = (log: string) => fs.readFileSync(log, "utf8").trim().split("\n");

test("two processes share the list: every file runs once, in one of the two", async () => {
    const dir = tempDir();
    const log = path.join(dir, "log");
    const names = Array.from({length: 8}, (_, i) => `file${i}`);
    const {code, output} = await runQueue(
        names.map((name) => testFile(dir, name, log, {tests: 2})),
        2,
    );
    assert.equal(code, 0, output);
    const runs = lines(log).map((line) => line.split(" "));
    assert.deepEqual(runs.map(([name]) => name).sort(), names.flatMap((name) => [name, name]).sort());
    // A file's two tests run in one process; the runs came from at most two.
    for (const name of names)
        assert.equal(new Set(runs.filter(([n]) => n === name).map(([, pid]) => pid)).size, 1);
    assert.ok(new Set(runs.map(([, pid]) => pid)).size <= 2);
    assert.match(output, /^# pass 16$/m);
});

test("a file's hooks, environment and folders stay its own; one that cannot load fails alone", async () => {
    const dir = tempDir();
    const log = path.join(dir, "log");
    const made = path.join(dir, "made");
    const first = testFile(dir, "first", log, {
        tests: 2,
        extra: [
            // Its hooks, environment and a temporary folder: none may reach the files after it.
            `beforeEach(() => fs.appendFileSync(${JSON.stringify(log)}, "first-hook\\n"));`,
            'process.env.CAIRN_QUEUE_PROBE = "first";',
            `const {tempDir} = await import(${JSON.stringify(helperUrl("paths"))});`,
            `fs.writeFileSync(${JSON.stringify(made)}, tempDir());`,
        ].join("\n"),
    });
    const broken = path.join(dir, "broken.test.mjs");
    fs.writeFileSync(broken, 'throw new Error("this file cannot load");\n');
    const last = testFile(dir, "last", log, {
        extra: [
            'test("sees no variable of first", () => { if (process.env.CAIRN_QUEUE_PROBE) throw new Error(process.env.CAIRN_QUEUE_PROBE); });',
            `test("sees no folder of first", () => { if (fs.existsSync(fs.readFileSync(${JSON.stringify(made)}, "utf8"))) throw new Error("first's folder is there"); });`,
        ].join("\n"),
    });
    const {code, output} = await runQueue([first, broken, last], 1);

    assert.equal(code, 1, output);
    assert.match(output, /# Subtest: .*broken\.test\.mjs\n +# Subtest: loads\n +not ok \d+ - loads\n/);
    assert.match(output, /this file cannot load/);
    // first's hook ran before each of its own two tests, and never before last's.
    assert.deepEqual(
        lines(log).map((line) => line.split(" ")[0]),
        ["first-hook", "first", "first-hook", "first", "last"],
    );
    assert.match(output, /^# pass 5$/m);
    assert.match(output, /^# fail 1$/m);
});

test("a file past its time limit fails and the next runs; one that leaves work running fails its process, named", async () => {
    const dir = tempDir();
    const log = path.join(dir, "log");
    const hangs = path.join(dir, "hangs.test.mjs");
    fs.writeFileSync(
        hangs,
        'import {test} from "node:test";\ntest("never ends", () => new Promise(() => {}));\n',
    );
    const leaves = testFile(dir, "leaves", log, {extra: "setInterval(() => {}, 1000);"});
    const last = testFile(dir, "last", log);
    const {code, output} = await runQueue([hangs, leaves, last], 1, {fileTimeoutMs: 1000, drainMs: 500});

    assert.equal(code, 1, output);
    assert.match(
        output,
        /not ok \d+ - .*hangs\.test\.mjs\n(?: {2}.*\n)*? {2}error: 'test timed out after 1000ms'/,
    );
    assert.deepEqual(
        lines(log).map((line) => line.split(" ")[0]),
        ["leaves", "last"],
    );
    assert.match(
        output,
        /still had work running 0\.5 s after its last file \(.*Timeout.*\).*leaves\.test\.mjs/,
    );
});

test("files no process took are named: a process that ended early leaves the rest of the list", async () => {
    const dir = tempDir();
    const log = path.join(dir, "log");
    const first = testFile(dir, "first", log);
    const exits = testFile(dir, "exits", log, {extra: "process.exit(0);"});
    const last = testFile(dir, "last", log);
    const {output, list} = await runQueue([first, exits, last], 1);

    assert.deepEqual(
        lines(log).map((line) => line.split(" ")[0]),
        ["first"],
        output,
    );
    assert.deepEqual(untakenFiles(list), [path.relative(path.dirname(list), last)]);
});

/** The URL of a test helper as this process runs them: compiled under out/test, or the TypeScript source (tsx). */
function helperUrl(name: string): string {
    const compiled = import.meta.url.endsWith(".js");
    return new URL(`../helpers/${name}.${compiled ? "js" : "ts"}`, import.meta.url).href;
}
