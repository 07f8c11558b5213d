import assert from "node:assert/strict";
import fs from "node:fs";
import {test} from "node:test";
import {inEnglish} from "../../../../main/words.js";
import {
    buildPercent,
    BuildPause,
    type CpuBuild,
    cpuBuildLine,
    nativeBuildAdvice,
    runBuild,
} from "../../../../main/llm/cpuBuild.js";

test("a cmake build's progress is read from Ninja's [n/total] or make's [ n%], the newest one", () => {
    assert.equal(buildPercent("-- Configuring done\n"), null);
    assert.equal(
        buildPercent("[1/277] Building C object a.o\n[28/277] Linking CXX shared library b.so\n"),
        10,
    );
    assert.equal(buildPercent("[277/277] Linking CXX shared library Release/llama-addon.node\n"), 100);
    assert.equal(buildPercent("[  9%] Building CXX object x.o\n[ 45%] Building CXX object y.o\n"), 45);
});

test("the doctor says which CPU build runs: its code, instructions and threads", () => {
    const prebuilt: CpuBuild = {
        kind: "prebuilt",
        variant: "haswell",
        features: ["AVX2", "FMA"],
        openmp: false,
    };
    assert.equal(
        cpuBuildLine(prebuilt),
        "CPU build: prebuilt binaries, variant haswell (AVX2, FMA; ggml's threads, started again for every token)",
    );
    assert.equal(
        cpuBuildLine({kind: "built here", variant: null, features: ["AVX2"], openmp: false}),
        "CPU build: built here from llama.cpp's source (AVX2; one ggml thread pool kept per model context)",
    );
    assert.equal(
        cpuBuildLine({kind: "built here", variant: null, features: ["AVX2"], openmp: true}),
        "CPU build: built here from llama.cpp's source (AVX2; OpenMP threads)",
    );
});

test("a build for this CPU is advised over the prebuilt binaries and over a build with OpenMP, not over one made now", () => {
    assert.match(
        inEnglish(nativeBuildAdvice({kind: "prebuilt", variant: "zen4", features: [], openmp: false})!),
        /^prebuilt binaries \(zen4\); a build for this CPU, .* faster with 2 threads .*\(5-8 minutes on 2 cores, once/,
    );
    assert.match(
        inEnglish(nativeBuildAdvice({kind: "built here", variant: null, features: [], openmp: true})!),
        /^built here with OpenMP by an earlier Cairn; one built now keeps a thread pool per context/,
    );
    assert.equal(nativeBuildAdvice({kind: "built here", variant: null, features: [], openmp: false}), null);
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

test("a background build runs at the lowest priority with what it starts, and its signal ends them all", async (t) => {
    if (process.platform !== "linux") return t.skip("read from Linux's /proc");
    // The build starts a child of its own (as cmake starts the compilers), which says its priority as progress.
    const grandchild =
        "console.log('[1/1] child ' + require('node:os').getPriority()); setInterval(() => {}, 1000)";
    const script = `
        const {spawn} = require("node:child_process");
        console.log("build " + require("node:os").getPriority());
        spawn(process.execPath, ["-e", ${JSON.stringify(grandchild)}], {stdio: "inherit"});
        setInterval(() => {}, 1000);`;
    const stop = new AbortController();
    let told: () => void = () => {};
    const progressed = new Promise<void>((resolve) => (told = resolve));
    const running = runBuild(process.execPath, ["-e", script], "building z", () => told(), {
        lowPriority: true,
        signal: stop.signal,
    });
    await progressed;
    const pid = childOf(childOf(process.pid, "build "), "[1/1] child");
    assert.ok(pid, "the build's own child is running");
    stop.abort();
    const {log} = await running;
    assert.match(log, /^build 19$/m);
    assert.match(log, /^\[1\/1\] child 19$/m);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(alive(pid), false, "the build's child ended with it");
});

/** The pid of a child of `parent` whose command line includes `text` (Linux's /proc), or null. */
function childOf(parent: number | null, text: string): number | null {
    if (parent === null || !fs.existsSync("/proc")) return null;
    for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
        try {
            const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
            const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
            const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
            if (ppid === parent && cmd.includes(text)) return Number(entry);
        } catch {
            // gone meanwhile
        }
    }
    return null;
}

function alive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
    } catch {
        return false;
    }
}

test("a build is paused while an answer is written: every process of its session stopped (a child in a group of its own too), then continued, and it still ends when stopped", async (t) => {
    if (process.platform !== "linux") return t.skip("read from Linux's /proc");
    // The child in a process group of its own, as ninja starts each compiler (perl's setpgrp, then exec).
    const grandchild = "console.log('[1/2] child'); setInterval(() => {}, 1000)";
    const argv = ["-e", "setpgrp(0, 0); exec @ARGV", process.execPath, "-e", grandchild];
    const script = `
        require("node:child_process").spawn("perl", ${JSON.stringify(argv)}, {stdio: "inherit"});
        setInterval(() => {}, 1000);`;
    const stop = new AbortController();
    const pause = new BuildPause();
    let told: () => void = () => {};
    const progressed = new Promise<void>((resolve) => (told = resolve));
    const running = runBuild(process.execPath, ["-e", script], "building p", () => told(), {
        signal: stop.signal,
        pause,
    });
    await progressed;
    const build = childOf(process.pid, 'require("node:child_process")')!;
    const child = childOf(build, "[1/2] child")!;
    assert.notEqual(groupOf(child), groupOf(build), "the child has a process group of its own");
    assert.ok(build && child, "the build and its child run");
    const states = () => [build, child].map(stateOf);
    pause.set(true);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(states(), ["T", "T"], "both stopped");
    pause.set(false);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(
        states().map((s) => s === "T"),
        [false, false],
        "both continued",
    );
    pause.set(true);
    stop.abort();
    await running;
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(alive(child), false, "a paused build still ends when stopped");
});

/** A process's group, from /proc. */
function groupOf(pid: number): number {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

/** A process's state letter in /proc (R, S, T for stopped…). */
function stateOf(pid: number): string {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!;
}
