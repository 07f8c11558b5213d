import assert from "node:assert/strict";
import {test} from "node:test";
import {fuseRanks} from "../../../../main/tools/toolVectors.js";

test("reciprocal rank fusion: a tool both sides rank comes before one ranked first by one side only", () => {
    const byWords = ["tickets.list", "tickets.get", "invoices.list"];
    const byMeaning = ["tickets.get", "helpdesk.search"];
    assert.deepEqual(fuseRanks([byWords, byMeaning]), [
        "tickets.get",
        "tickets.list",
        "helpdesk.search",
        "invoices.list",
    ]);
    assert.deepEqual(fuseRanks([byWords, []]), byWords, "one side alone keeps its order");
});
