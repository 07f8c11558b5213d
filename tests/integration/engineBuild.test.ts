import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {after, test} from "node:test";
import type {AppEvent, EngineBuildStatus} from "../../shared/contract.js";
import {BackgroundBuild} from "../../main/llm/backgroundBuild.js";
import {
    buildEngine,
    engineBuilt,
    engineFolder,
    missingTools,
    shareBuildStatus,
    type EngineBuilder,
} from "../../main/llm/engineBuild.js";
import {inEnglish} from "../../main/words.js";
import type {BuildPause} from "../../main/llm/cpuBuild.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {prebuiltBins} from "../helpers/prebuiltBins.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

// Each test builds (or not) an engine of its own key, apart from a real one built on this machine.
delete process.env.CAIRN_ENGINE_BUILD;
const folders: string[] = [];
process.env.CAIRN_ENGINE_KEY = `test-${process.pid}`;
after(() => folders.forEach((folder) => fs.rmSync(folder, {recursive: true, force: true})));

/** A new engine key for what follows (never the real engine's), its folder removed after the tests. */
function freshEngine(name: string): void {
    process.env.CAIRN_ENGINE_KEY = `test-${process.pid}-${name}`;
    folders.push(engineFolder());
}

/**
 * A build that takes no minutes: node-llama-cpp's prebuilt binaries, real and loadable, put where the engine's
 * build lands (its Release folder and the mark of a finished build), once `release` is called. The compile it
 * stands for is run by `cairn doctor --build-native` and by the test at the end of this file when asked.
 */
function quickBuilder(): {build: EngineBuilder; release: () => void; calls: number; pause?: BuildPause} {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const builder = {
        calls: 0,
        release: () => release(),
        pause: undefined as BuildPause | undefined,
        build: (async (progress, run) => {
            builder.calls++;
            builder.pause = run?.pause;
            progress("building: 50% (1 s)", {percent: 50, seconds: 1});
            await held;
            const folder = engineFolder();
            fs.cpSync(prebuiltBins()!, path.join(folder, "Release"), {recursive: true});
            fs.writeFileSync(path.join(folder, "buildDone.status"), "");
            return {ok: true, log: "[277/277] Linking CXX shared library Release/llama-addon.node"};
        }) as EngineBuilder,
    };
    return builder;
}

const builds = (events: AppEvent[]): EngineBuildStatus[] =>
    events.flatMap((e) => (e.type === "engine.build" ? [e.build] : []));

test("a serve on the prebuilt CPU binaries builds Cairn's engine in the background: prebuilt → building → built-here, used at the next load", async (t) => {
    if (!prebuiltBins())
        return t.skip(`no prebuilt binaries of node-llama-cpp for ${process.platform}-${process.arch}`);
    freshEngine("switch");
    const builder = quickBuilder();
    const opened = await openTestCore({buildEngine: true, engineBuilder: builder.build, modelPath: null});
    const {core, api, events} = opened;
    t.after(() => core.dispose());
    assert.equal(unwrap(await api.invoke("models.backends", {})).engineBuild.state, "prebuilt");

    const first = unwrap(await api.invoke("models.load", {path: TEST_MODEL}));
    assert.equal(first.state, "ready");
    assert.equal(
        (await core.engine.binding()).buildType,
        "prebuilt",
        "the first load runs on the prebuilt binaries",
    );
    assert.deepEqual(
        builds(events).map((b) => [b.state, b.percent]),
        [
            ["building", 0],
            ["building", 50],
        ],
    );
    assert.equal(unwrap(await api.invoke("models.backends", {})).engineBuild.state, "building");
    // An answer runs while the engine builds.
    const {id} = unwrap(await api.invoke("conversations.create", {}));
    // The build is paused while the answer is written (the app's wiring, main/features/models.ts).
    const pausedWhileWriting: boolean[] = [];
    api.onEvent((e) => {
        if (e.type === "engine.status" && e.status.state === "generating")
            pausedWhileWriting.push(builder.pause?.paused ?? false);
    });
    const done = nextDone(api, id);
    unwrap(await api.invoke("chat.send", {conversationId: id, text: "Once upon a time"}));
    assert.ok((await done).content.length > 0);
    assert.ok(pausedWhileWriting.length > 0 && pausedWhileWriting.every(Boolean), String(pausedWhileWriting));
    assert.equal(builder.pause?.paused, false, "continued once the answer is written");

    builder.release();
    while (builds(events).at(-1)?.state !== "built-here") await new Promise((r) => setTimeout(r, 20));
    assert.equal(engineBuilt(), true);
    assert.equal(builder.calls, 1);

    const again = unwrap(await api.invoke("models.load", {path: TEST_MODEL}));
    assert.equal(again.state, "ready");
    assert.equal(
        (await core.engine.binding()).buildType,
        "localBuild",
        "the next load runs on the engine built here",
    );
    assert.equal(builder.calls, 1, "built once");
    const report = unwrap(await api.invoke("models.backends", {}));
    assert.equal(report.engineBuild.state, "built-here");
    assert.equal(
        report.backends.find((b) => b.backend === "cpu")?.buildCommand,
        null,
        "no build command once built",
    );
});

const prebuilt = {gpu: false as const, buildType: "prebuilt" as const};

/** A background build over a fresh engine key: the states it told, and how often its builder ran. */
function background(options: Partial<ConstructorParameters<typeof BackgroundBuild>[0]> = {}) {
    freshEngine(Math.random().toString(36).slice(2));
    const told: EngineBuildStatus[] = [];
    let calls = 0;
    const build = new BackgroundBuild({
        longRunning: true,
        enabled: () => true,
        onChange: (status) => told.push(status),
        missing: () => [],
        build: async () => {
            calls++;
            return {
                ok: false,
                log: "[12/277] Building CXX object ggml.c.o\nc++: fatal error: Killed signal terminated program cc1plus",
            };
        },
        ...options,
    });
    return {build, told, calls: () => calls};
}

test("without CMake or a C++ compiler nothing is built, and the Models screen is told what a build needs and how to get it", () => {
    const {build, told, calls} = background({missing: () => ["CMake", "a C++ compiler"]});
    build.consider(prebuilt);
    assert.equal(calls(), 0);
    assert.equal(build.status().state, "no-compiler");
    assert.match(
        inEnglish(told.at(-1)!.words!),
        /^an engine built for this CPU would generate about a fifth faster; the build needs CMake, a C\+\+ compiler: /,
    );
    assert.deepEqual(missingTools(tempDir()), ["CMake", "a C++ compiler"], "an empty PATH has neither");
});

test("a failed build says its last line, keeps the prebuilt binaries, and is not tried again in the same run", async () => {
    const {build, told, calls} = background();
    build.consider(prebuilt);
    while (build.status().state === "building") await new Promise((r) => setTimeout(r, 5));
    assert.equal(build.status().state, "failed");
    assert.equal(
        inEnglish(told.at(-1)!.words!),
        "the build of Cairn's engine for this CPU failed, so the prebuilt binaries stay in use: c++: fatal error: Killed signal terminated program cc1plus",
    );
    build.consider(prebuilt);
    assert.equal(calls(), 1);
});

test("no build where it is off (Settings, CAIRN_ENGINE_BUILD=off, a one-off command) or where the model runs on a GPU or a build made here", () => {
    const off = background({enabled: () => false});
    off.build.consider(prebuilt);
    assert.equal(off.build.status().state, "off");
    const oneOff = background({longRunning: false});
    oneOff.build.consider(prebuilt);
    assert.equal(oneOff.build.status().state, "prebuilt");
    process.env.CAIRN_ENGINE_BUILD = "off";
    const variable = background();
    variable.build.consider(prebuilt);
    delete process.env.CAIRN_ENGINE_BUILD;
    const gpu = background();
    gpu.build.consider({gpu: "cuda", buildType: "prebuilt"});
    const local = background();
    local.build.consider({gpu: false, buildType: "localBuild"});
    assert.deepEqual(
        [off, oneOff, variable, gpu, local].map((b) => b.calls()),
        [0, 0, 0, 0, 0],
    );
});

test("cairn doctor --json says engineBuild: prebuilt, building (another Cairn process builds, with its share) or built-here", async (t) => {
    if (!prebuiltBins())
        return t.skip(`no prebuilt binaries of node-llama-cpp for ${process.platform}-${process.arch}`);
    freshEngine("doctor");
    const doctor = () => {
        const result = spawnSync(process.execPath, [CLI, "doctor", "--cpu", "--json"], {
            encoding: "utf8",
            env: {...process.env, CAIRN_DATA_DIR: tempDir(), CAIRN_LLAMA_SERVER: ""},
        });
        assert.equal(result.status, 0, result.stderr);
        return JSON.parse(result.stdout) as {engineBuild: string; engineBuildPercent: number | null};
    };
    assert.equal(doctor().engineBuild, "prebuilt");
    // This process says it builds (as a serve's background build does): the doctor, another process, sees it.
    shareBuildStatus({state: "building", percent: 40, words: null});
    try {
        assert.deepEqual(doctor(), {...doctor(), engineBuild: "building", engineBuildPercent: 40});
    } finally {
        shareBuildStatus({state: "prebuilt", percent: null, words: null});
    }
    assert.equal(doctor().engineBuild, "prebuilt", "a build over is no longer said");
    const builder = quickBuilder();
    builder.release();
    await builder.build(() => {});
    assert.equal(doctor().engineBuild, "built-here");
});

test("the real build: node-llama-cpp's source with Cairn's patches, static, loaded beside the prebuilt binding", async (t) => {
    if (process.env.CAIRN_TEST_REAL_ENGINE_BUILD !== "1")
        return t.skip("a real build takes 7 minutes of 2 cores: CAIRN_TEST_REAL_ENGINE_BUILD=1 runs it");
    freshEngine("real");
    const lines: string[] = [];
    const built = await buildEngine((line) => lines.push(line), {lowPriority: true});
    assert.ok(built.ok, built.log.slice(-2000));
    assert.ok(engineBuilt());
    assert.match(lines.at(-1)!, /^building Cairn's engine for this CPU: 100% \(\d+ s\)$/);
    const {sharedLlama} = await import("../../main/llm/llama.js");
    const before = await sharedLlama(false, null);
    const engine = await sharedLlama(false, "here");
    assert.deepEqual([before.llama.buildType, engine.llama.buildType], ["prebuilt", "localBuild"]);
});
