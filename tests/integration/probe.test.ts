import assert from "node:assert/strict";
import {test} from "node:test";
import {modelFunction} from "../../main/tools/defineTool.js";
import {probeStrategy, STRATEGIES, type StrategyScore} from "../../main/probe/runner.js";
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
        ) =>
            probeStrategy(t.core.engine, strategy, cases, toolsOf(t), {
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
        // Greedy and seeded: the same trials again, passed and failed alike.
        const again = await run("grammar");
        assert.deepEqual(again.trials, scores[1]!.trials);
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
