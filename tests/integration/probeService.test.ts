import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {ProbeProgress, ToolUseScore} from "../../shared/contract.js";
import {ToolUseStore} from "../../main/store/toolUse.js";
import {runCli} from "../helpers/cli.js";
import {deciderModel} from "../helpers/deciderModel.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {TEST_FLASH_ATTENTION, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {waitFor} from "../helpers/waitFor.js";

// The tool-use test as people run it: `cairn models probe`, the Models screen's calls and events, the score
// kept until the file changes, and the strategy it chose used by real turns. stories260K has no intelligence:
// its scores prove the path, not skill (docs/models.md has the deciding model's real score).

/** A copy of a test model: its identity (size, time) can change without touching the fixture. */
function modelCopy(source = TEST_MODEL): string {
    const file = path.join(tempDir("cairn-probe-model-"), `copy-of-${path.basename(source)}`);
    fs.copyFileSync(source, file);
    return file;
}

// The deciding test model's honest quick score (docs/models.md): trained on Cairn's tools and its five stories'
// sentences, it calls none of the suite's made-up tools and leaves most questions that need no call without one.
// Greedy and seeded: the same figures every run. What it proves is the path and the scoring, not skill. One run
// (about 55 s of CPU) checks both the path and the figures.
test("cairn models probe --quick scores every strategy on 30 cases (the deciding model: 20% the template's way, as docs/models.md says), keeps the score, and loses it when the file changes", async () => {
    const model = modelCopy(deciderModel());
    const dataDir = tempDir();
    const run = await runCli(
        ["models", "probe", model, "--quick", "--json", "--data", dataDir, "--threads", "1", "--cpu"],
        {CAIRN_FLASH_ATTENTION: TEST_FLASH_ATTENTION},
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /60 of 60 trials/, "progress on stderr");
    const score = JSON.parse(run.stdout) as ToolUseScore;
    assert.equal(score.file, model);
    assert.equal(score.quick, true);
    assert.equal(score.trials, 30);
    assert.deepEqual(
        score.strategies.map((s) => s.strategy),
        ["native", "grammar", "text"],
    );
    // Successive halving: every way on 10 cases, two on 20, the best on all 30.
    const asked = score.strategies.map((s) => Object.values(s.categories).reduce((n, c) => n + c.total, 0));
    assert.deepEqual([...asked].sort(), [10, 20, 30]);
    for (const s of score.strategies) {
        const trials = Object.values(s.categories).reduce((n, c) => n + c.total, 0);
        const passed = Object.values(s.categories).reduce((n, c) => n + c.passed, 0);
        assert.equal(s.failures.length, trials - passed, "each failed trial kept with why");
    }
    const best = score.strategies.find((s) => s.strategy === score.best)!;
    assert.equal(
        Object.values(best.categories).reduce((n, c) => n + c.total, 0),
        30,
        "the best asked all 30",
    );
    assert.deepEqual(score.suite, best);
    // The figures docs/models.md gives.
    assert.equal(score.best, "native");
    assert.equal(score.suite.overall, 0.2);
    assert.deepEqual(score.suite.categories.irrelevance, {passed: 3, total: 4});
    assert.deepEqual(score.suite.categories.missing, {passed: 3, total: 4});
    assert.equal(score.suite.categories.simple.passed, 0, "no made-up tool is ever called");

    // The tested file joins the installed models, its score beside it.
    const listed = await runCli(["models", "list", "--data", dataDir]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /tool use 20% \(quick test, asked the native way\)/);

    // The window's call lists it while the file is as tested.
    const t = await openTestCore({dataDir});
    try {
        assert.deepEqual(unwrap(await t.api.invoke("models.toolUse", {})), [score]);
        const later = new Date(Date.now() + 60_000);
        fs.utimesSync(model, later, later);
        assert.deepEqual(
            unwrap(await t.api.invoke("models.toolUse", {})),
            [],
            "a changed file loses its score",
        );
    } finally {
        await t.core.dispose();
    }
});

test("the Models screen's test reports each trial, stops when asked, keeps nothing, and leaves the model in use loaded", async () => {
    const t = await openTestCore();
    try {
        const model = modelCopy();
        const seen: ProbeProgress[] = [];
        t.api.onEvent((e) => {
            if (e.type !== "probe.progress") return;
            seen.push(e.progress);
            if (e.progress.done === 5) void t.api.invoke("models.stopProbe", {probeId: e.progress.probeId});
        });
        const {probeId} = unwrap(await t.api.invoke("models.probe", {path: model, quick: true}));
        const second = await t.api.invoke("models.probe", {quick: true});
        assert.ok(!second.ok && second.error.code === "BUSY", "one test at a time");
        await waitFor("the stopped test", () => seen.find((p) => p.state === "stopped"));
        assert.equal(seen[0]?.state, "loading");
        const counts = seen.filter((p) => p.state === "running").map((p) => p.done);
        assert.deepEqual(counts.slice(0, 5), [1, 2, 3, 4, 5]);
        assert.ok(seen.every((p) => p.probeId === probeId && p.total === 60));
        assert.deepEqual(unwrap(await t.api.invoke("models.toolUse", {})), []);
        await waitFor("the model in use loaded again", () =>
            t.core.engine.status().modelPath === TEST_MODEL && t.core.engine.isLoaded() ? true : undefined,
        );
        const missing = await t.api.invoke("models.probe", {
            path: path.join(tempDir(), "none.gguf"),
            quick: true,
        });
        assert.ok(!missing.ok && /no model file/.test(missing.error.message));
    } finally {
        await t.core.dispose();
    }
});

/** What the model read in the last step of a turn whose first step was forced to call system_stats. */
async function lastPromptOfTurn(t: TestCore): Promise<string> {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {conversationId: id, text: "How busy?", toolChoice: "system_stats"}),
    );
    const message = await done;
    assert.equal(message.toolCalls[0]?.tool, "system_stats");
    return t.core.engine.lastPrompt()?.text ?? "";
}

test("turns ask the model the way its test found best, or the way Settings says", async () => {
    const t = await openTestCore({contextSize: 4096, generation: {maxTokens: 4, seed: 1}});
    try {
        // Untested and automatic: the chat template's own function calling.
        assert.doesNotMatch(await lastPromptOfTurn(t), /reply with only JSON|Reply with JSON/);
        // Settings: tools in words; the forced call before is written as JSON, its result as a message.
        unwrap(await t.api.invoke("settings.set", {engine: {toolCalls: "text"}}));
        const text = await lastPromptOfTurn(t);
        assert.match(text, /To use tools, reply with only JSON/);
        assert.match(text, /\{"calls":\[\{"name":"system_stats"/);
        assert.match(text, /Result of system_stats: /);
        // Automatic again, with a kept test whose best was the grammar: that way.
        unwrap(await t.api.invoke("settings.set", {engine: {toolCalls: "auto"}}));
        const stat = fs.statSync(TEST_MODEL);
        new ToolUseStore(t.core.db).save(keptScore(TEST_MODEL, "grammar"), {
            sizeBytes: stat.size,
            modifiedMs: stat.mtimeMs,
        });
        assert.match(await lastPromptOfTurn(t), /Reply with JSON: \{"calls"/);
    } finally {
        await t.core.dispose();
    }
});

function keptScore(file: string, best: ToolUseScore["best"]): ToolUseScore {
    const none = {passed: 0, total: 0};
    const categories = {
        simple: none,
        multiple: none,
        parallel: none,
        irrelevance: none,
        missing: none,
        types: none,
        multiTurn: none,
        cairn: none,
    };
    const suite = {strategy: best, overall: 1, categories, failures: []};
    return {
        file,
        quick: true,
        best,
        suite,
        trials: 0,
        strategies: [suite],
        testedAt: Date.now(),
        cairnVersion: "test",
        seconds: 0,
    };
}
