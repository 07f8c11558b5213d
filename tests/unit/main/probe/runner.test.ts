import assert from "node:assert/strict";
import {test} from "node:test";
import {bestStrategy, scoresOf, type StrategyScore, type TrialResult} from "../../../../main/probe/runner.js";

const trial = (category: TrialResult["category"], pass: boolean): TrialResult => ({
    id: category,
    category,
    phrasing: 0,
    pass,
});

test("scores by category and overall; the best strategy is the highest, the template's own on a tie", () => {
    const scored = scoresOf([
        trial("simple", true),
        trial("simple", false),
        trial("cairn", true),
        trial("types", false),
    ]);
    assert.equal(scored.overall, 0.5);
    assert.deepEqual(scored.categories.simple, {passed: 1, total: 2});
    assert.deepEqual(scored.categories.cairn, {passed: 1, total: 1});
    assert.deepEqual(scored.categories.parallel, {passed: 0, total: 0});
    const score = (strategy: StrategyScore["strategy"], overall: number): StrategyScore => ({
        strategy,
        overall,
        categories: scored.categories,
        trials: [],
    });
    assert.equal(bestStrategy([score("native", 0.4), score("grammar", 0.7), score("text", 0.6)]), "grammar");
    assert.equal(bestStrategy([score("text", 0.5), score("grammar", 0.5), score("native", 0.5)]), "native");
    assert.equal(bestStrategy([score("text", 0.5), score("grammar", 0.5)]), "grammar");
    assert.equal(bestStrategy([]), "native");
});
