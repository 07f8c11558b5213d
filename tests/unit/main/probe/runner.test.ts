import assert from "node:assert/strict";
import {test} from "node:test";
import {
    bestStrategy,
    callsInText,
    scoresOf,
    type StrategyScore,
    type TrialResult,
} from "../../../../main/probe/runner.js";

test("calls written as JSON in text are found, repaired where nearly right; words alone are no call", () => {
    assert.deepEqual(callsInText('{"calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]}'), {
        calls: [{name: "get_weather", params: {city: "Paris"}}],
    });
    // Said before the JSON, a trailing comma, single quotes and a missing closing brace.
    assert.deepEqual(callsInText("Sure! {'name': 'set_timer', 'arguments': {'minutes': 5,},"), {
        calls: [{name: "set_timer", params: {minutes: 5}}],
    });
    assert.deepEqual(callsInText('[{"name": "a", "parameters": {"x": 1}}, {"name": "b"}]'), {
        calls: [
            {name: "a", params: {x: 1}},
            {name: "b", params: {}},
        ],
    });
    assert.deepEqual(callsInText('{"answer": "Which city?"}'), {calls: []});
    assert.deepEqual(callsInText("It is sunny today."), {calls: []});
    const nameless = callsInText('{"calls": [{"arguments": {}}]}');
    assert.ok("error" in nameless && /no name/.test(nameless.error));
});

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
