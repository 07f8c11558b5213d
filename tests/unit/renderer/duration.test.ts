import assert from "node:assert/strict";
import {test} from "node:test";
import {formatDuration} from "../../../renderer/src/ui/duration.js";

test("a duration in the unit that reads best, as the language writes it", () => {
    assert.equal(formatDuration(840, "en"), "840 ms");
    assert.equal(formatDuration(4_230, "en"), "4.2 sec");
    assert.equal(formatDuration(42_000, "en"), "42 sec");
    assert.equal(formatDuration(315_063, "en"), "5.3 min");
    assert.equal(formatDuration(5_400_000, "en"), "1.5 hr");
    assert.equal(formatDuration(4_230, "de"), "4,2 Sek.");
});
