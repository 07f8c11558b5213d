import assert from "node:assert/strict";
import {test} from "node:test";
import {runStory, type Story} from "../../main/stories/runner.js";
import {TEST_MODEL} from "../helpers/paths.js";

test("the story runner reports what a story expected and did not see", async () => {
    const story: Story = {
        story_id: "X1",
        title: "expectations that cannot hold",
        settings: {web: true},
        turns: [
            {query: "Read {site}/example", preflight: [{name: "web_fetch", args: {url: "{site}/example"}}]},
        ],
        expected_bus_events: {present: ["tool.request.web_search"], absent: ["tool.request.web_fetch"]},
        expected_requests: 0,
        tool_errors: ["fetch failed: 500"],
    };
    const result = await runStory(story, TEST_MODEL, false);
    assert.deepEqual(result.failures, [
        "missing bus event tool.request.web_search",
        "unexpected bus event tool.request.web_fetch",
        "expected 0 network requests, saw 1",
        'expected the tool error "fetch failed: 500", saw []',
    ]);
});

test("content checks are skipped, with the reason, for a model that cannot follow instructions", async () => {
    const story: Story = {
        story_id: "X2",
        title: "content",
        turns: [{query: "Hello", expected_content: ["never in a children's story: ZQX"]}],
    };
    const skipped = await runStory(story, TEST_MODEL, false);
    assert.deepEqual(skipped.failures, []);
    assert.deepEqual(skipped.skipped, [
        "content checks need a model that follows instructions (set CAIRN_TEST_MODEL)",
    ]);
    const checked = await runStory(story, TEST_MODEL, true);
    assert.deepEqual(checked.failures, [`the answer lacks "never in a children's story: ZQX"`]);
});
