// `npm test`: build, then unit and integration tests (node's test runner), then Playwright e2e in Chromium.
// Optional arguments pick suites: unit, integration, e2e, electron.
import {spawnSync} from "node:child_process";
import {existsSync, readFileSync, readdirSync, statSync} from "node:fs";
import path from "node:path";

const suites = process.argv.slice(2);
const want = (name) => suites.length === 0 || suites.includes(name);

// The root tsconfig.json is a solution of per-layer projects; tsx takes its compile options from this one.
process.env.TSX_TSCONFIG_PATH ??= "tsconfig.tsx.json";
// Every result and event the core sends during the tests is checked against the contract's schemas.
process.env.CAIRN_CHECK_CONTRACT ??= "1";

function run(command, args) {
    const result = spawnSync(command, args, {stdio: "inherit"});
    if (result.status !== 0) process.exit(result.status ?? 1);
}

function testFiles(dir) {
    return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return testFiles(full);
        return /\.test\.tsx?$/.test(name) ? [full] : [];
    });
}

run("node", ["scripts/build.mjs"]);
const nodeSuites = ["unit", "integration"].filter(want).flatMap((s) => testFiles(path.join("tests", s)));
// llama.cpp's own server, for tests/integration/llamaServer.test.ts: built once per machine, here, since
// the first build takes longer than a test file may.
if (want("integration")) run("node", ["--import", "tsx", "tests/helpers/buildLlamaServer.ts"]);
if (nodeSuites.length > 0) {
    run("node", [
        "--import",
        "tsx",
        "--test",
        "--test-concurrency=1",
        "--test-timeout=120000",
        ...nodeSuites,
    ]);
}
if (want("stories")) {
    run("node", ["--import", "tsx", "tests/stories/run.ts", "--model", "../shared/models/stories260K.gguf"]);
    // The deciding test model (tests/fixtures/decider) decides for itself, greedily: the content checks run.
    run("node", [
        "--import",
        "tsx",
        "tests/stories/run.ts",
        "--model",
        "decider",
        "--instructed",
        "--greedy",
    ]);
    // With a real instruct model, the content checks run too.
    if (process.env.CAIRN_TEST_MODEL)
        run("node", [
            "--import",
            "tsx",
            "tests/stories/run.ts",
            "--model",
            process.env.CAIRN_TEST_MODEL,
            "--instructed",
        ]);
}
if (want("e2e")) run("npx", ["playwright", "test", "--project=chromium", "--project=chromium-800x600"]);
if (want("electron") || want("e2e")) {
    if (!electronBinaryInstalled()) {
        console.log(
            "Electron specs (tests/electron) will be skipped: no Electron binary in node_modules/electron " +
                "(its download is not possible here); the same flows ran above against `cairn serve`.",
        );
    }
    run("npx", ["playwright", "test", "--project=electron"]);
}

function electronBinaryInstalled() {
    const pathFile = path.join("node_modules", "electron", "path.txt");
    if (!existsSync(pathFile)) return false;
    return existsSync(path.join("node_modules", "electron", "dist", readFileSync(pathFile, "utf8").trim()));
}
