import assert from "node:assert/strict";
import {test} from "node:test";
import {buildPercent, cpuBuildLines, runBuild} from "../../../../main/llm/cpuBuild.js";

test("a cmake build's progress is read from Ninja's [n/total] or make's [ n%], the newest one", () => {
    assert.equal(buildPercent("-- Configuring done\n"), null);
    assert.equal(
        buildPercent("[1/277] Building C object a.o\n[28/277] Linking CXX shared library b.so\n"),
        10,
    );
    assert.equal(buildPercent("[277/277] Linking CXX shared library Release/llama-addon.node\n"), 100);
    assert.equal(buildPercent("[  9%] Building CXX object x.o\n[ 45%] Building CXX object y.o\n"), 45);
});

test("the doctor says which CPU build runs, and offers a native one over the prebuilt binaries", () => {
    const prebuilt = cpuBuildLines({
        kind: "prebuilt",
        variant: "haswell",
        features: ["AVX2", "FMA"],
        openmp: false,
    });
    assert.equal(
        prebuilt[0],
        "CPU build: prebuilt binaries, variant haswell (AVX2, FMA; ggml's own thread pool, no OpenMP)",
    );
    assert.match(prebuilt[1]!, /cairn doctor --build-native \(5-8 minutes on 2 cores, once/);
    const native = cpuBuildLines({kind: "built here", variant: null, features: ["AVX2"], openmp: true});
    assert.deepEqual(native, ["CPU build: built here from llama.cpp's source (AVX2; OpenMP threads)"]);
});

test("a build's progress is said at each further tenth, and its output and exit code come back", async () => {
    const lines: string[] = [];
    const script = "console.log('[1/4] one'); setTimeout(() => console.error('[4/4] four'), 50)";
    const {code, log} = await runBuild(process.execPath, ["-e", script], "building x", (l) => lines.push(l));
    assert.equal(code, 0);
    assert.match(log, /\[1\/4\] one[\s\S]*\[4\/4\] four/);
    assert.match(lines.at(-1)!, /^building x: 100% \(\d+ s\)$/);
    assert.ok(lines.length <= 2, lines.join("\n"));
    const failed = await runBuild(process.execPath, ["-e", "process.exit(3)"], "building y", () => {});
    assert.equal(failed.code, 3);
});
