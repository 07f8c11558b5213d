import assert from "node:assert/strict";
import {test} from "node:test";
import {defineTool, validationSchema} from "../../../../main/tools/defineTool.js";
import {ArgumentValidator} from "../../../../main/tools/validate.js";

const ctx = {signal: new AbortController().signal, conversationId: "c", dataDir: "/tmp", options: {}};

const pick = defineTool({
    name: "pick",
    description: "Pick a count of a fruit.",
    sideEffect: "none",
    params: {
        type: "object",
        additionalProperties: false,
        required: ["fruit"],
        properties: {fruit: {enum: ["apple", "pear"]}, count: {type: "integer"}},
    },
    validate: {properties: {count: {minimum: 1, maximum: 9, default: 1}}},
    // The argument type follows from the schema: fruit is required and one of two words, count optional.
    async run({fruit, count}) {
        const checked: "apple" | "pear" = fruit;
        const maybe: number | undefined = count;
        return {text: `${maybe ?? 0} ${checked}`};
    },
});

test("the validator gets the grammar's schema with the validate-only keywords merged in", async () => {
    assert.deepEqual(validationSchema(pick), {
        type: "object",
        additionalProperties: false,
        required: ["fruit"],
        properties: {
            fruit: {enum: ["apple", "pear"]},
            count: {type: "integer", minimum: 1, maximum: 9, default: 1},
        },
    });
    const validator = new ArgumentValidator();
    validator.add("pick", validationSchema(pick));
    assert.deepEqual(validator.validate("pick", {fruit: "pear"}), {
        ok: true,
        args: {fruit: "pear", count: 1},
    });
    assert.match(
        (validator.validate("pick", {fruit: "pear", count: 10}) as {message: string}).message,
        /count must be <= 9/,
    );
    assert.equal((await pick.run({fruit: "apple", count: 2}, ctx)).text, "2 apple");
});

test("a schema the grammar cannot express, or a handler of the wrong type, does not compile", () => {
    defineTool({
        name: "bad_range",
        description: "x",
        sideEffect: "none",
        // @ts-expect-error minimum is not in node-llama-cpp's grammar schema: it belongs in `validate`.
        params: {type: "object", properties: {n: {type: "integer", minimum: 1}}},
        run: async () => ({text: ""}),
    });
    defineTool({
        name: "bad_handler",
        description: "x",
        sideEffect: "none",
        params: {type: "object", required: ["n"], properties: {n: {type: "integer"}}},
        // @ts-expect-error n is a number, not a string.
        run: async ({n}: {n: string}) => ({text: n}),
    });
    assert.ok(true, "checked by tsc -b (an unused @ts-expect-error fails the build)");
});
