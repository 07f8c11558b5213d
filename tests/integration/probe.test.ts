import assert from "node:assert/strict";
import {test} from "node:test";
import {modelFunction} from "../../main/tools/defineTool.js";
import {
    chooseStrategy,
    choosingTrials,
    probeStrategy,
    STRATEGIES,
    type StrategyScore,
} from "../../main/probe/runner.js";
import {CATEGORIES, casesFor, type ProbeCase} from "../../main/probe/suite.js";
import {probeTool} from "../../main/probe/tools.js";
import type {ModelFunction} from "../../main/llm/stepTypes.js";
import {openTestCore, type TestCore} from "../helpers/core.js";

/** A case's tools as the model is offered them: the probe's own, and Cairn's from the registry. */
function toolsOf(t: TestCore) {
    return (c: ProbeCase): ModelFunction[] =>
        c.tools.map((name) => {
            const own = probeTool(name);
            if (own) return own;
            const cairn = t.core.tools.resolve(name);
            assert.ok(cairn, `Cairn has no tool ${name}`);
            return modelFunction(cairn);
        });
}

// stories260K has no intelligence: its scores prove the path (template, grammar, parsing, scoring), not skill.
test("the quick probe asks every case through the loaded model in each strategy, scores every category, and scores the same twice", async () => {
    const t = await openTestCore();
    try {
        const cases = casesFor(true);
        const run = (
            strategy: (typeof STRATEGIES)[number],
            onTrial?: (done: number, total: number) => void,
            asked: readonly ProbeCase[] = cases,
        ) =>
            probeStrategy(t.core.engine, strategy, asked, toolsOf(t), {
                signal: new AbortController().signal,
                phrasings: 1,
                maxTokens: 32,
                ...(onTrial ? {onTrial} : {}),
            });
        const scores: StrategyScore[] = [];
        for (const strategy of STRATEGIES) {
            const progress: number[] = [];
            const score = await run(strategy, (done, total) => {
                assert.equal(total, cases.length);
                progress.push(done);
            });
            assert.deepEqual(
                progress,
                cases.map((_, i) => i + 1),
                "progress after each trial",
            );
            assert.equal(score.trials.length, cases.length);
            for (const category of CATEGORIES) {
                const expected = cases.filter((c) => c.category === category).length;
                assert.equal(score.categories[category].total, expected, category);
            }
            const passed = score.trials.filter((r) => r.pass).length;
            assert.equal(score.overall, passed / cases.length);
            // A failed trial says why, in words.
            for (const trial of score.trials)
                if (!trial.pass) assert.ok(trial.reason && trial.reason.length > 5, JSON.stringify(trial));
            scores.push(score);
        }
        // Greedy and seeded: the same trials again, passed and failed alike (a case of each category: eight, not thirty).
        const some = CATEGORIES.map((category) => cases.find((c) => c.category === category)!);
        const again = await run("grammar", undefined, some);
        assert.deepEqual(
            again.trials,
            some.map((c) => scores[1]!.trials.find((trial) => trial.id === c.id)),
        );
    } finally {
        await t.core.dispose();
    }
});

test("a probe stopped midway ends at once with the stop's reason", async () => {
    const t = await openTestCore();
    try {
        const stop = new AbortController();
        const stopped = probeStrategy(t.core.engine, "native", casesFor(true), toolsOf(t), {
            signal: stop.signal,
            phrasings: 1,
            maxTokens: 16,
            onTrial: (done) => {
                if (done === 3) stop.abort(new Error("stopped by the user"));
            },
        });
        await assert.rejects(stopped, /stopped by the user/);
    } finally {
        await t.core.dispose();
    }
});

test("a full run keeps the quick look's trials in its way rather than asking them again", async () => {
    const t = await openTestCore();
    try {
        const cases = casesFor(true).slice(0, 3);
        const options = {signal: new AbortController().signal, phrasings: 1, maxTokens: 16};
        const first = await probeStrategy(t.core.engine, "text", cases, toolsOf(t), options);
        const known = first.trials.slice(0, 2).map((trial) => ({...trial, reason: "kept from before"}));
        const progress: [number, number][] = [];
        const again = await probeStrategy(t.core.engine, "text", cases, toolsOf(t), {
            ...options,
            phrasings: 2,
            known,
            onTrial: (done, total) => progress.push([done, total]),
        });
        // 3 cases × 2 phrasings, 2 of them known: 4 asked, and all 6 scored.
        assert.deepEqual(progress, [
            [1, 4],
            [2, 4],
            [3, 4],
            [4, 4],
        ]);
        assert.equal(again.trials.length, 6);
        assert.deepEqual(
            again.trials.filter((trial) => trial.reason === "kept from before"),
            known,
        );
    } finally {
        await t.core.dispose();
    }
});

test("the ways of asking are compared in rounds: every way on a third of the cases, the two best on two thirds, the best on all", async () => {
    const t = await openTestCore();
    try {
        const cases = casesFor(true);
        const asked: Record<string, string[]> = {native: [], grammar: [], text: []};
        const {scores, best} = await chooseStrategy(t.core.engine, cases, toolsOf(t), {
            signal: new AbortController().signal,
            maxTokens: 16,
            onTrial: (strategy, trial) => asked[strategy]!.push(trial.id),
        });
        const counts = STRATEGIES.map((s) => asked[s]!.length);
        assert.deepEqual([...counts].sort(), [10, 20, 30]);
        assert.equal(asked[best]!.length, 30, "the way left asked every case");
        assert.equal(choosingTrials(cases.length), 60);
        // The first third holds every category (the cases in turn by category).
        const first = new Set(
            asked.native!.slice(0, 10).map((id) => cases.find((c) => c.id === id)!.category),
        );
        assert.equal(first.size, CATEGORIES.length);
        // A way dropped after a round scored no better than those kept (ties go to the earlier way).
        const dropped = scores.find((s) => asked[s.strategy]!.length === 10)!;
        const kept = scores.filter((s) => s !== dropped);
        const firstThird = (s: StrategyScore) => s.trials.slice(0, 10).filter((r) => r.pass).length;
        for (const k of kept)
            assert.ok(firstThird(k) >= firstThird(dropped), `${k.strategy} over ${dropped.strategy}`);
        assert.equal(scores.find((s) => s.strategy === best)!.trials.length, 30);
    } finally {
        await t.core.dispose();
    }
});
