import assert from "node:assert/strict";
import {test} from "node:test";
import {getLlama} from "node-llama-cpp";
import {grammarParams, grammarSchema} from "../../../../main/llm/grammarSchema.js";

test("a validation schema is cut to what the grammar can express; the rest is left to ajv", () => {
    const schema = {
        type: "object",
        title: "Booking",
        properties: {
            code: {type: "string", pattern: "^ZZ-\\d+$", minLength: 3},
            when: {type: "string", format: "date"},
            email: {type: "string", format: "email"},
            count: {type: "integer", minimum: 1, maximum: 9},
            tags: {type: "array", items: {type: "string"}, maxItems: 3, uniqueItems: true},
            kind: {enum: ["a", "b"]},
            maybe: {type: ["integer", "null"]},
            either: {anyOf: [{type: "string"}, {type: "object", properties: {x: {type: "number"}}}]},
            ref: {$ref: "#/$defs/Point"},
        },
        required: ["code", "nonexistent"],
        $defs: {Point: {type: "object", properties: {x: {type: "number"}}, required: ["x"]}},
    };
    assert.deepEqual(grammarSchema(schema), {
        type: "object",
        properties: {
            code: {type: "string", minLength: 3},
            when: {type: "string", format: "date"},
            email: {type: "string"},
            count: {type: "integer"},
            tags: {type: "array", items: {type: "string"}, maxItems: 3},
            kind: {enum: ["a", "b"]},
            maybe: {type: ["integer", "null"]},
            either: {
                oneOf: [
                    {type: "string"},
                    {
                        type: "object",
                        properties: {x: {type: "number"}},
                        required: [],
                        additionalProperties: false,
                    },
                ],
            },
            ref: {
                type: "object",
                properties: {x: {type: "number"}},
                required: ["x"],
                additionalProperties: false,
            },
        },
        required: ["code"],
        additionalProperties: false,
    });
});

test("a recursive $ref stops at a depth limit instead of looping", () => {
    const tree = {
        $defs: {Node: {type: "object", properties: {child: {$ref: "#/$defs/Node"}}}},
        $ref: "#/$defs/Node",
    };
    const result = JSON.stringify(grammarSchema(tree));
    assert.ok(result.length < 20_000, `${result.length} characters`);
});

test("the parameters of any client tool become a grammar node-llama-cpp accepts", async () => {
    const llama = await getLlama({gpu: false, build: "never"});
    for (const params of [
        undefined,
        {},
        {type: "object", properties: {q: {type: "string", format: "uri"}}, required: ["q"]},
        {type: "object", properties: {n: {type: ["number", "string"]}, list: {type: "array"}}},
        {properties: {deep: {type: "object", additionalProperties: {type: "integer"}}}},
    ]) {
        const schema = grammarParams(params);
        assert.equal(schema.type, "object");
        await assert.doesNotReject(llama.createGrammarForJsonSchema(schema), JSON.stringify(params));
    }
});
