import assert from "node:assert/strict";
import {test} from "node:test";
import {toHistory} from "../../../../main/api/history.js";
import {ApiError} from "../../../../main/api/errors.js";

const call = (id: string, name: string, args = "{}") => ({
    id,
    type: "function" as const,
    function: {name, arguments: args},
});

test("OpenAI messages become node-llama-cpp history: calls carry their tool results, text goes on in the same turn", () => {
    const history = toHistory([
        {role: "developer", content: "Be brief."},
        {
            role: "user",
            content: [
                {type: "text", text: "Weather "},
                {type: "text", text: "and time?"},
            ],
        },
        {
            role: "assistant",
            content: null,
            tool_calls: [call("a", "weather", '{"city":"Oslo"}'), call("b", "time")],
        },
        {role: "tool", tool_call_id: "b", content: "12:00"},
        {role: "tool", tool_call_id: "a", content: "Rain"},
        {role: "assistant", content: "Rain at noon."},
        {role: "user", content: "Thanks"},
    ]);
    assert.deepEqual(history, [
        {type: "system", text: "Be brief."},
        {type: "user", text: "Weather and time?"},
        {
            type: "model",
            response: [
                {type: "functionCall", name: "weather", params: {city: "Oslo"}, result: "Rain"},
                {type: "functionCall", name: "time", params: {}, result: "12:00"},
                "Rain at noon.",
            ],
        },
        {type: "user", text: "Thanks"},
    ]);
});

test("a tool message answering no call, an unanswered call and bad arguments are 400s naming the field", () => {
    const refused = (messages: Parameters<typeof toHistory>[0], param: string) =>
        assert.throws(
            () => toHistory(messages),
            (e: unknown) => e instanceof ApiError && e.status === 400 && e.param === param,
        );
    refused(
        [
            {role: "user", content: "x"},
            {role: "tool", tool_call_id: "zz", content: "r"},
        ],
        "messages[1].tool_call_id",
    );
    refused([{role: "assistant", content: null, tool_calls: [call("a", "f")]}], "messages");
    refused(
        [{role: "assistant", content: null, tool_calls: [call("a", "f", "{oops")]}],
        "messages[0].tool_calls[0].function.arguments",
    );
    refused([{role: "user", content: null}], "messages[0].content");
});
