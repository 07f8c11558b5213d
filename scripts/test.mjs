// `npm test`: build, then three streams at once: unit and integration tests (node's test runner, on their
// compiled copies in out/test: scripts/buildTests.mjs); Playwright e2e in Chromium; llama-server's build, its
// tests, then the stories (CAIRN_TEST_SERIAL=1: one after another). Optional arguments pick
// suites: unit, integration, stories, e2e, electron. Every stage runs even when an earlier one failed (only a
// failed build stops the rest); the last line counts every test of every stage: "total: N passed, N failed,
// N skipped".
import {spawn} from "node:child_process";
import {existsSync, readFileSync, statSync} from "node:fs";
import os from "node:os";
import path from "node:path";
import {pathToFileURL} from "node:url";
import {builtFromCurrentInputs} from "./buildInputs.mjs";
import {compiledPath, filesUnder} from "./buildTests.mjs";
import {countsOf, failuresOf} from "./testReport.mjs";

const suites = process.argv.slice(2);
const want = (name) => suites.length === 0 || suites.includes(name);

// The root tsconfig.json is a solution of per-layer projects; tsx takes its compile options from this one.
process.env.TSX_TSCONFIG_PATH ??= "tsconfig.tsx.json";
// Every result and event the core sends during the tests is checked against the contract's schemas.
process.env.CAIRN_CHECK_CONTRACT ??= "1";
// The test models' heads are 8 wide, where llama.cpp's CPU flash attention ("auto" picks it) took 2.7 times as
// long over a prompt: every `cairn` the tests start runs without it (a run's --flash-attention says otherwise).
process.env.CAIRN_FLASH_ATTENTION ??= "off";
// Every `cairn serve` the tests start runs a model on node-llama-cpp's prebuilt binaries, where a serve builds
// Cairn's engine in the background (main/llm/backgroundBuild.ts): minutes of both cores, that no test needs.
process.env.CAIRN_ENGINE_BUILD ??= "off";

/** Processes that run the node test files (tests/helpers/testQueue.ts): one per core. */
const TEST_PROCESSES = Math.max(1, os.availableParallelism());
/**
 * Playwright spec files run at once: one per two cores, as each runs Chromium beside a `cairn serve` and its
 * model (on 2 cores, two at once took 8.5 min against about 9 alone, each test 1.5 times as long). Two beside the
 * node files (2026-12-05, 2 cores): the specs ended in 1,091 s and the node files last, in 1,335 s, against 1,338
 * s and 1,193 s with one: the machine is busy throughout either way, so the time is the same.
 */
const SPEC_PROCESSES = Math.max(1, Math.floor(os.availableParallelism() / 2));

/** What each stage counted: {name, passed, failed, skipped, code}. */
const stages = [];

/**
 * Runs one stage, its output passed through as it comes and read for its counts. `prefix`: put before each of
 * its lines, for a stage that runs beside another.
 */
function run(name, command, args, {prefix = ""} = {}) {
    const started = performance.now();
    const cpuBefore = cpuTimes();
    return new Promise((resolve) => {
        const child = spawn(command, args, {stdio: ["inherit", "pipe", "pipe"]});
        let text = "";
        const flushes = [];
        const pass = (stream) => {
            // Beside another stage, each line carries the stage's prefix (written a whole line at a time).
            let partial = "";
            flushes.push(() => partial && stream.write(`${prefix}${partial}\n`));
            return (chunk) => {
                const part = chunk.toString("utf8");
                text += part;
                if (text.length > 4_000_000) text = text.slice(-2_000_000);
                if (!prefix) return stream.write(chunk);
                const lines = (partial + part).split("\n");
                partial = lines.pop();
                if (lines.length > 0) stream.write(lines.map((line) => `${prefix}${line}\n`).join(""));
            };
        };
        child.stdout.on("data", pass(process.stdout));
        child.stderr.on("data", pass(process.stderr));
        child.on("error", (error) => {
            text += String(error);
        });
        child.on("close", (code, signal) => {
            for (const flush of flushes) flush();
            const seconds = Math.round((performance.now() - started) / 1000);
            const busy = busyShare(cpuBefore, cpuTimes());
            const stage = {
                name,
                ...countsOf(text),
                failures: failuresOf(text),
                code: code ?? (signal ? 128 : 1),
                seconds,
                busy,
            };
            // A stage that failed without a failed test (a crash, a file-level time-out) still counts as one.
            if (stage.code !== 0 && stage.failed === 0) stage.failed = 1;
            stages.push(stage);
            resolve(stage);
        });
    });
}

/** The machine's CPU time so far, all cores together (ms): busy and idle. */
function cpuTimes() {
    let busy = 0;
    let idle = 0;
    for (const {times} of os.cpus()) {
        busy += times.user + times.nice + times.sys + times.irq;
        idle += times.idle;
    }
    return {busy, idle};
}

/**
 * How busy the whole machine was while a stage ran (whatever ran beside it included), as a share of all its
 * cores: what is left idle is room for other stages.
 */
function busyShare(before, after) {
    const busy = after.busy - before.busy;
    const total = busy + after.idle - before.idle;
    return total > 0 ? busy / total : 0;
}

function electronBinaryInstalled() {
    const pathFile = path.join("node_modules", "electron", "path.txt");
    if (!existsSync(pathFile)) return false;
    return existsSync(path.join("node_modules", "electron", "dist", readFileSync(pathFile, "utf8").trim()));
}

function summary() {
    const total = {passed: 0, failed: 0, skipped: 0};
    console.log("\nnpm test, stage by stage:");
    for (const stage of stages) {
        for (const key of Object.keys(total)) total[key] += stage[key];
        const verdict = stage.code === 0 ? "ok  " : "FAIL";
        console.log(
            `  ${verdict} ${stage.name}: ${stage.passed} passed, ${stage.failed} failed, ${stage.skipped} skipped, ${stage.seconds} s, machine ${Math.round(stage.busy * 100)}% busy`,
        );
        for (const name of stage.failures) console.log(`         ${name}`);
    }
    console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
    return stages.some((s) => s.code !== 0) ? 1 : 0;
}

// The build is skipped where out/ was built from the inputs as they are now: on CI, `npm ci`'s `prepare` has just
// built it (scripts/buildInputs.mjs).
if (builtFromCurrentInputs()) console.log("build: out/ is up to date (built from the sources as they are)");
else {
    const build = await run("build", "node", ["scripts/build.mjs"]);
    if (build.code !== 0) process.exit(summary());
}

// llama.cpp's own server, for the files that need it: built once per machine (cached) on node-llama-cpp's
// prebuilt libraries (about 47 s on 2 cores alone; 310 s where the whole tree is built), beside the other stages.
const NEEDS_LLAMA_SERVER = ["llamaServer.test.ts", "localVision.test.ts"].map((f) =>
    path.join("tests", "integration", f),
);
const nodeSuites = ["unit", "integration"]
    .filter(want)
    .flatMap((s) => filesUnder(`tests/${s}`, /\.test\.tsx?$/))
    .filter((file) => !NEEDS_LLAMA_SERVER.includes(file));

/**
 * The node test files, unit and integration, run in one process per core, not one each: every process takes the
 * next file from one shared list as it finishes the last (tests/helpers/testQueue.ts), so a process's start and
 * its first imports are paid once per core. One process per file took 75 s of CPU for the 77 unit files against 45
 * s in one (2026-12-05), and 16 integration files 87.6 s against 75.5 s in two. A file's hooks stay in its own
 * suite, and what it sets in `process.env` is put back when it ends. The list starts with
 * the largest integration files, the longest to run, and ends with the unit files, so the processes end together.
 */
async function queueEntries(files) {
    const {writeTestQueue, writeQueueEntries} = await testQueue();
    const ordered = [
        ...files.filter((file) => !file.startsWith("tests/unit/")).sort((a, b) => sizeOf(b) - sizeOf(a)),
        ...files.filter((file) => file.startsWith("tests/unit/")),
    ];
    writeTestQueue(
        NODE_QUEUE,
        ordered.map((file) => path.resolve(compiledPath(file))),
        {fileTimeoutMs: 300_000},
    );
    return writeQueueEntries(NODE_QUEUE, Math.min(TEST_PROCESSES, files.length));
}
/** The node files' list, and its helper, compiled by the stage before. */
const NODE_QUEUE = path.resolve(compiledPath("tests/node-queue.json"));
const testQueue = () => import(pathToFileURL(compiledPath("tests/helpers/testQueue.ts")).href);
const sizeOf = (file) => statSync(file).size;
// The node test files run compiled (out/test): each of their processes and workers would otherwise spend about
// 1.5 s of CPU in tsx's loader. The stories and llama-server's files still run under tsx.
if (nodeSuites.length > 0) {
    const compiled = await run("compile tests", "node", ["scripts/buildTests.mjs"]);
    if (compiled.code !== 0) process.exit(summary());
}
/** The build, then the files that need it, beside the other stages (they fail on their own if it failed). */
async function llamaServerStages() {
    await run("llama-server build", "node", ["--import", "tsx", "tests/helpers/buildLlamaServer.ts"], {
        prefix: serial ? "" : "[llama-server] ",
    });
    await run("llama-server (integration)", "node", [
        "--import",
        "tsx",
        "--test",
        "--test-timeout=300000",
        ...NEEDS_LLAMA_SERVER,
    ]);
}
/** The node test files. */
async function nodeStages() {
    if (nodeSuites.length > 0) {
        const stage = await run("unit and integration", "node", [
            "--enable-source-maps",
            // In each test file's process the console writes to stderr: stdout carries node:test's frames.
            "--import",
            `./${compiledPath("tests/helpers/stderrConsole.ts")}`,
            "--test",
            // One process per core: most files wait on processes, servers and models as much as they compute (on 2
            // cores the stage took 817 s with 2 files at a time, about 1,200 s with one).
            `--test-concurrency=${TEST_PROCESSES}`,
            // A limit is for hangs, not for speed: each file has 300 s (families.test.ts takes 80 s alone and over
            // 120 s on a busy machine), and each of the processes that run them 40 minutes.
            "--test-timeout=2400000",
            ...(await queueEntries(nodeSuites)),
        ]);
        await failUntaken(stage);
    }
}

/**
 * A node file that no process took (one ended early, after the others had ended) is a failure of the stage, by
 * name: its tests did not run, and node's runner would not say so.
 */
async function failUntaken(stage) {
    const {untakenFiles} = await testQueue();
    const untaken = untakenFiles(NODE_QUEUE);
    if (untaken.length === 0) return;
    stage.failed += untaken.length;
    stage.code ||= 1;
    stage.failures.push(...untaken.map((file) => `never run: ${file}`));
}

/** The stories: each stage runs one story set on one model, one story after another. */
async function storyStages() {
    if (want("stories")) {
        const story = ["--import", "tsx", "tests/stories/run.ts", "--model"];
        const beside = {prefix: serial ? "" : "[stories] "};
        // The deciding test model (tests/fixtures/decider) decides for itself, greedily: the content checks run.
        // (stories260K's forced run of the same stories, 24 s, was left out: tests/integration/stories.test.ts
        // runs a story with forced calls on it, and the decider's run checks the same events and traces.)
        await run("stories (decider)", "node", [...story, "decider", "--instructed", "--greedy"], beside);
        // With a real instruct model, the content checks run too.
        if (process.env.CAIRN_TEST_MODEL)
            await run(
                "stories (CAIRN_TEST_MODEL)",
                "node",
                [...story, process.env.CAIRN_TEST_MODEL, "--instructed"],
                beside,
            );
    }
}

/**
 * The node files, and llama-server then the stories, beside Playwright's e2e specs, unless CAIRN_TEST_SERIAL=1:
 * each alone leaves much of the machine idle (they wait on model loads, servers and the browser). e2e's lines
 * are marked "[e2e]".
 */
const serial = process.env.CAIRN_TEST_SERIAL === "1";
const e2e = () =>
    want("e2e")
        ? run(
              "e2e (Chromium)",
              "npx",
              [
                  "playwright",
                  "test",
                  `--workers=${SPEC_PROCESSES}`,
                  "--project=chromium",
                  "--project=chromium-800x600",
              ],
              {prefix: serial ? "" : "[e2e] "},
          )
        : null;
const llamaServer = () => (want("integration") ? llamaServerStages() : null);
if (serial) {
    await llamaServer();
    await nodeStages();
    await storyStages();
    await e2e();
} else {
    // The stories follow llama-server's stages, which end long before the node files and e2e do (after them,
    // the stories' 30 s were the run's last, with the machine a third idle).
    const llamaServerThenStories = async () => {
        await llamaServer();
        await storyStages();
    };
    await Promise.all([llamaServerThenStories(), nodeStages(), e2e()]);
}
if (want("electron") || want("e2e")) {
    if (!electronBinaryInstalled()) {
        console.log(
            "Electron specs (tests/electron) will be skipped: no Electron binary in node_modules/electron " +
                "(its download is not possible here); the same flows ran above against `cairn serve`.",
        );
    }
    await run("Electron", "npx", ["playwright", "test", "--project=electron"]);
}
process.exit(summary());
