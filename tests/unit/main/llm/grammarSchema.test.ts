import assert from "node:assert/strict";
import {test} from "node:test";
import {
    exactGrammarSchema,
    grammarParams,
    grammarSchema,
    NotEnforceable,
} from "../../../../main/llm/grammarSchema.js";
import {sharedLlama} from "../../../../main/llm/llama.js";

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
    const {llama} = await sharedLlama(false);
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

test("costly declarations are loosened for the grammar: a long enum is a described string, recursion and size are bounded", () => {
    const codes = Array.from({length: 5000}, (_, i) => `R${i}`);
    assert.deepEqual(grammarSchema({enum: codes, description: "A region"}), {
        type: "string",
        description: 'A region (one of 5000 values, such as "R0", "R1", "R2", "R3", "R4")',
    });
    assert.deepEqual(grammarSchema({enum: ["a", "b"]}), {enum: ["a", "b"]});
    // A binary tree by reference: each $ref is followed twice on a path, then any scalar.
    const tree = {
        $defs: {N: {type: "object", properties: {l: {$ref: "#/$defs/N"}, r: {$ref: "#/$defs/N"}}}},
        $ref: "#/$defs/N",
    };
    const nodes = (s: unknown): number =>
        typeof s === "object" && s !== null
            ? 1 + Object.values(s).reduce((n: number, v) => n + nodes(v), 0)
            : 0;
    assert.ok(nodes(grammarSchema(tree)) < 200, `${nodes(grammarSchema(tree))} nodes`);
    // A thousand properties: the grammar gets at most 400 schema nodes, the rest are any scalar.
    const wide = {
        type: "object",
        properties: Object.fromEntries(
            Array.from({length: 1000}, (_, i) => [
                `p${i}`,
                {type: "object", properties: {x: {type: "string"}}},
            ]),
        ),
    };
    const loosened = grammarSchema(wide) as {properties: Record<string, unknown>};
    assert.equal(Object.keys(loosened.properties).length, 1000);
    assert.deepEqual(loosened.properties.p999, {type: ["string", "number", "boolean", "null"]});
    assert.equal(
        (grammarSchema({type: "string", description: "d".repeat(5000)}) as {description: string}).description
            .length,
        300,
    );
});

test("an exact schema (structured output) keeps what the grammar enforces and names the first keyword it cannot", () => {
    const person = {
        type: "object",
        properties: {
            name: {type: "string", maxLength: 10},
            born: {type: "string", format: "date"},
            kind: {enum: Array.from({length: 200}, (_, i) => `k${i}`)},
            pets: {type: "array", items: {$ref: "#/$defs/Pet"}},
        },
        required: ["name"],
        $defs: {Pet: {type: "object", properties: {name: {type: "string"}}}},
    };
    const exact = exactGrammarSchema(person) as {properties: Record<string, {enum?: unknown[]}>};
    // An enum too long for a tool's grammar stays whole: the answer must be one of its values.
    assert.equal(exact.properties.kind!.enum!.length, 200);
    const refused = (schema: unknown): NotEnforceable => {
        try {
            exactGrammarSchema(schema);
        } catch (error) {
            if (error instanceof NotEnforceable) return error;
            throw error;
        }
        assert.fail(`${JSON.stringify(schema)} was accepted`);
    };
    const minimum = refused({type: "object", properties: {age: {type: "integer", minimum: 0}}});
    assert.deepEqual([minimum.at, minimum.keyword], ["properties.age", "minimum"]);
    assert.match(minimum.message, /^properties\.age: llama\.cpp's grammar cannot enforce "minimum"/);
    const email = refused({
        ...person,
        properties: {...person.properties, mail: {type: "string", format: "email"}},
    });
    assert.deepEqual([email.at, email.keyword], ["properties.mail", "format"]);
    assert.equal(refused({type: "string", pattern: "^a"}).at, "");
    assert.equal(refused({type: "object", properties: {}, required: ["x"]}).keyword, "required");
    const pet = refused({...person, $defs: {Pet: {type: "object", allOf: []}}});
    assert.deepEqual([pet.at, pet.keyword], ["properties.pets.items.$defs.Pet", "allOf"]);
    const tree = {$defs: {N: {type: "object", properties: {l: {$ref: "#/$defs/N"}}}}, $ref: "#/$defs/N"};
    assert.equal(refused(tree).keyword, "$ref", "a recursive type cannot be enforced past its depth");
    assert.equal(refused({$ref: "https://example.com/s.json"}).keyword, "$ref");
    // The same schemas for a tool's arguments are loosened, not refused: ajv checks the call.
    assert.deepEqual(grammarSchema({type: "integer", minimum: 0}), {type: "integer"});
});
