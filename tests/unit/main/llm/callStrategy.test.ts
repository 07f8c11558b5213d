import assert from "node:assert/strict";
import {test} from "node:test";
import type {ChatHistoryItem} from "node-llama-cpp";
import {
    callsAsText,
    callsInText,
    JsonAnswerStream,
    TextAnswerStream,
} from "../../../../main/llm/callStrategy.js";

test("calls written as JSON in text are found, repaired where nearly right; words alone are no call", () => {
    assert.deepEqual(callsInText('{"calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]}'), {
        calls: [{name: "get_weather", params: {city: "Paris"}}],
        before: "",
    });
    // Said before the JSON, a trailing comma, single quotes and a missing closing brace.
    assert.deepEqual(callsInText("Sure! {'name': 'set_timer', 'arguments': {'minutes': 5,},"), {
        calls: [{name: "set_timer", params: {minutes: 5}}],
        before: "Sure!",
    });
    assert.deepEqual(callsInText('[{"name": "a", "parameters": {"x": 1}}, {"name": "b"}]'), {
        calls: [
            {name: "a", params: {x: 1}},
            {name: "b", params: {}},
        ],
        before: "",
    });
    // In a code fence, with words after it.
    assert.deepEqual(
        callsInText(
            'Let me check.\n```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```\nDone.',
        ),
        {calls: [{name: "get_weather", params: {city: "Oslo"}}], before: "Let me check."},
    );
    const nameless = callsInText('{"calls": [{"arguments": {}}]}');
    assert.ok("error" in nameless && /no name/.test(nameless.error));
});

test("an answer with brackets, citations or code is an answer, not a call", () => {
    for (const text of [
        "It is sunny today.",
        "Paris is the capital of France [1].",
        'Use `x = {"a": 1}` in Python: {"a": 1} is a dict.',
        '```python\nprint({"a": 1})\n```',
    ])
        assert.deepEqual(callsInText(text), {calls: [], before: text}, text);
});

test("earlier calls and results become the JSON the model wrote and the user's message of results", () => {
    const history: ChatHistoryItem[] = [
        {type: "system", text: "S"},
        {type: "user", text: "Weather in Paris and Oslo?"},
        {
            type: "model",
            response: [
                "Checking.",
                {type: "functionCall", name: "get_weather", params: {city: "Paris"}, result: "12 °C"},
                {type: "functionCall", name: "get_weather", params: {city: "Oslo"}, result: {temp: 3}},
                "Paris is 12 °C",
            ],
        },
    ];
    assert.deepEqual(callsAsText(history), [
        history[0],
        history[1],
        {
            type: "model",
            response: [
                "Checking.",
                '{"calls":[{"name":"get_weather","arguments":{"city":"Paris"}},{"name":"get_weather","arguments":{"city":"Oslo"}}]}',
            ],
        },
        {type: "user", text: 'Result of get_weather: 12 °C\nResult of get_weather: {"temp":3}'},
        {type: "model", response: ["Paris is 12 °C"]},
    ]);
});

/** What a stream says when the model's text comes one character at a time. */
function streamed(make: (onText: (t: string) => void) => {push(t: string): void}, text: string): string {
    let said = "";
    const stream = make((t) => (said += t));
    for (const ch of text) stream.push(ch);
    return said;
}

test("the grammar strategy streams the answer's words, unescaped, and never its JSON or a call", () => {
    assert.equal(
        streamed((o) => new JsonAnswerStream(o), '{ "answer" : "Line one\\nsays \\"hi\\" \\u00e9" }'),
        'Line one\nsays "hi" é',
    );
    assert.equal(
        streamed((o) => new JsonAnswerStream(o), '{"calls": [{"name": "a", "arguments": {}}]}'),
        "",
    );
});

test("the text strategy streams words at once, holds a call's JSON, and lets a citation through", () => {
    const call = 'I will look. {"name": "web_search", "arguments": {"query": "x"}}';
    let said = "";
    const stream = new TextAnswerStream((t) => (said += t));
    for (const ch of call) stream.push(ch);
    assert.equal(said, "I will look. ", "the words before the JSON, as they came");
    stream.end(true);
    assert.equal(said, "I will look. ", "the call's JSON is never shown");
    const cited = "Paris [1] and {braces} stay.";
    assert.equal(
        streamed((o) => new TextAnswerStream(o), cited),
        cited,
    );
    // JSON that was not a call (it could not be read) is shown at the end.
    let held = "";
    const unread = new TextAnswerStream((t) => (held += t));
    unread.push('{"name" oops');
    unread.end(false);
    assert.equal(held, '{"name" oops');
});
