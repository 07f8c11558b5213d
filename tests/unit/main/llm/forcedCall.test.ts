import assert from "node:assert/strict";
import {test} from "node:test";
import {ForcedCallStream, type CallChunk} from "../../../../main/llm/forcedCall.js";

function follow(text: string, step: number): CallChunk[] {
    const chunks: CallChunk[] = [];
    const stream = new ForcedCallStream((c) => chunks.push(c));
    for (let i = 0; i < text.length; i += step) stream.push(text.slice(i, i + step));
    return chunks;
}

test("a forced call's JSON is reported as the name, then its arguments as they grow, never the outer brace", () => {
    const args = '{"query": "a \\"quoted\\" }", "max_results": 3}';
    const text = `{"name": "web_search", "arguments": ${args}}`;
    for (const step of [1, 2, 7, text.length]) {
        const chunks = follow(text, step);
        assert.ok(
            chunks.every((c) => c.name === "web_search" && c.index === 0),
            `step ${step}`,
        );
        assert.equal(chunks.map((c) => c.text).join(""), args, `step ${step}`);
    }
    // Character by character, the arguments arrive in many pieces, as a client sees a native call.
    assert.ok(follow(text, 1).length > 10);
});

test("empty arguments and escaped names come through; nothing is reported before the name is complete", () => {
    assert.deepEqual(
        follow('{"name":"system_stats","arguments":{}}', 1)
            .map((c) => c.text)
            .join(""),
        "{}",
    );
    assert.equal(follow('{"name":"a\\u0062c","arguments":{"x":1}}', 3)[0]!.name, "abc");
    assert.deepEqual(follow('{"name": "web_se', 100), []);
});
