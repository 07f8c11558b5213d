import assert from "node:assert/strict";
import {test} from "node:test";
import {errorForModel, MODEL_ERROR_CHARS} from "../../../../main/tools/runner.js";

// What of a tool's error the model reads: a short one whole, a long one cut with how much more the trace has.

test("a short error reaches the model whole; a 1.7 MB one as its start and a count of the rest", () => {
    assert.equal(errorForModel("fetch failed: 404"), "fetch failed: 404");
    const long = `MCP error -32602: ${"x".repeat(1_756_982)}`;
    const read = errorForModel(long);
    assert.ok(read.length <= MODEL_ERROR_CHARS, `${read.length} characters`);
    assert.ok(read.startsWith("MCP error -32602: xxx"));
    assert.match(read, /… \(1756500 more characters of this error are in the trace\)$/);
});
