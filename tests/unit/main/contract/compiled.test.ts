import assert from "node:assert/strict";
import {test} from "node:test";
import {Ajv} from "ajv";
import {AppEvent, calls, type CallName} from "../../../../shared/contract.js";
import {compiledValidator} from "../../../../main/contract/compiled.js";
import {createDispatcher, type Handlers} from "../../../../main/contract/dispatcher.js";
import {ok} from "../../../../shared/result.js";

// The build's validators (scripts/contractValidators.mjs, copied beside compiled.ts's module by
// scripts/buildTests.mjs): every schema of the contract has one, and it judges as ajv compiling the schema here.

/** Values that break a schema in many ways: the wrong types, a missing field, a field too many, long strings. */
const SAMPLES: unknown[] = [
    undefined,
    null,
    0,
    "text",
    [],
    {},
    {conversationId: 1},
    {conversationId: "c1", text: "x".repeat(300_000)},
    {id: "a", title: "", extra: true},
    {type: "turn.state", conversationId: "c", messageId: "m", state: "NOT_A_STATE"},
    {type: "message.delta", conversationId: "c", messageId: "m", delta: "😀".repeat(3)},
];

const requests = Object.entries(calls).map(([name, call]) => [`req:${name}`, call.req] as const);
const checks = [
    ...Object.entries(calls).map(([name, call]) => [`res:${name}`, call.res] as const),
    ...AppEvent.anyOf.map((schema) => [`event:${schema.properties.type.const}`, schema] as const),
];

for (const [set, entries, options] of [
    ["requests", requests, {allErrors: true, strict: true, coerceTypes: false}],
    ["checks", checks, {allErrors: true, strict: true}],
] as const) {
    test(`the build compiled every ${set} schema, and each judges as ajv does at run time`, () => {
        const ajv = new Ajv(options);
        for (const [name, schema] of entries) {
            const built = compiledValidator(name, schema, options);
            assert.ok(built, `${name} has no validator from the build`);
            const runtime = ajv.compile(schema);
            for (const sample of [...SAMPLES, firstValid(name), ...atLengthLimits(schema)]) {
                assert.equal(
                    built(sample),
                    runtime(sample),
                    `${name} on ${JSON.stringify(sample)?.slice(0, 80)}`,
                );
                assert.deepEqual(built.errors ?? null, runtime.errors ?? null, `${name}'s errors`);
            }
        }
    });
}

/** A value some schemas take: an event's type with nothing else, so that its other fields are judged. */
function firstValid(name: string): object {
    return name.startsWith("event:") ? {type: name.slice("event:".length)} : {};
}

/**
 * For each string field with a length limit, a value at the limit in emoji (two UTF-16 units each): ajv counts
 * characters, and so must the build's code.
 */
function atLengthLimits(schema: object): object[] {
    const properties = (schema as {properties?: Record<string, {maxLength?: number; minLength?: number}>})
        .properties;
    return Object.entries(properties ?? {}).flatMap(([field, property]) =>
        [property.maxLength, property.minLength]
            .filter((limit) => limit !== undefined && limit <= 10_000)
            .map((limit) => ({[field]: "😀".repeat(limit!)})),
    );
}

test("a schema that differs from the one the build compiled is not taken from the build", () => {
    const schema = calls["conversations.create"].req;
    const options = {allErrors: true, strict: true, coerceTypes: false};
    assert.ok(compiledValidator("req:conversations.create", schema, options));
    const changed = {...schema, properties: {...schema.properties, extra: {type: "string"}}};
    assert.equal(compiledValidator("req:conversations.create", changed, options), null);
    assert.equal(compiledValidator("req:no.such.call", schema, options), null);
});

test("a request against a changed schema is still validated: compiled at run time, as before", async () => {
    const name: CallName = "conversations.create";
    const original = calls[name].req;
    const handlers = {[name]: () => ok(null)} as unknown as Handlers;
    try {
        // The contract as a newer source has it (a build that is stale): the title must now be at most 3 long.
        Object.assign(calls[name], {
            req: {...original, properties: {...original.properties, title: {type: "string", maxLength: 3}}},
        });
        const dispatcher = createDispatcher(handlers, {log: () => {}});
        const refused = await dispatcher.call(name, {title: "Hello"});
        assert.equal(refused.ok, false);
        assert.match(!refused.ok ? refused.error.message : "", /title is longer than 3 characters/);
    } finally {
        Object.assign(calls[name], {req: original});
    }
});
