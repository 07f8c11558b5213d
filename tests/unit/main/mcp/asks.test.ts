import assert from "node:assert/strict";
import {test} from "node:test";
import {EventBus} from "../../../../main/events.js";
import {answerWithDefaults, McpAsks} from "../../../../main/mcp/asks.js";

const form = {
    type: "object",
    properties: {
        name: {type: "string", default: "Ada"},
        age: {type: "integer", default: 36},
        note: {type: "string"},
    },
    required: ["name"],
};

test("--elicit defaults: a form whose required fields have defaults is accepted with every default; else declined", async () => {
    assert.deepEqual(answerWithDefaults(form), {action: "accept", content: {name: "Ada", age: 36}});
    assert.deepEqual(answerWithDefaults({...form, required: ["name", "note"]}), {action: "decline"});
    const signal = new AbortController().signal;
    const byDefaults = new McpAsks(new EventBus(), "defaults");
    const asked = {kind: "elicitation" as const, server: "s", message: "Who?", schema: form};
    assert.equal((await byDefaults.ask(asked, signal)).action, "accept");
    const sampling = {kind: "sampling" as const, server: "s", messages: [], systemPrompt: null, maxTokens: 9};
    assert.equal(
        (await byDefaults.ask(sampling, signal)).action,
        "decline",
        "a reply to write needs a person",
    );
    assert.equal((await new McpAsks(new EventBus(), "decline").ask(asked, signal)).action, "decline");
});
