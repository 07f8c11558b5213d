import assert from "node:assert/strict";
import {test} from "node:test";
import {ArgumentValidator} from "../../../../main/tools/validate.js";

const v = new ArgumentValidator();
v.add("web_search", {
    type: "object",
    additionalProperties: false,
    properties: {
        query: {type: "string", minLength: 1},
        max_results: {type: "integer", default: 5},
        ratio: {type: "number"},
        safe: {type: "boolean"},
    },
    required: ["query"],
});

const check = (args: unknown) => v.validate("web_search", args);

test("valid arguments pass, with defaults filled in", () => {
    assert.deepEqual(check({query: "cairns"}), {ok: true, args: {query: "cairns", max_results: 5}});
});

test("a missing required argument is named", () => {
    const r = check({max_results: 3});
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.message, 'invalid_arguments: arguments is missing required "query"');
});

test("types are exact: no coercion", () => {
    for (const [args, where] of [
        [{query: "q", max_results: true}, "/max_results must be integer"],
        [{query: "q", max_results: "5"}, "/max_results must be integer"],
        [{query: "q", max_results: 2.5}, "/max_results must be integer"],
        [{query: "q", ratio: "0.5"}, "/ratio must be number"],
        [{query: "q", safe: "true"}, "/safe must be boolean"],
        [{query: 5}, "/query must be string"],
    ] as const) {
        const r = check(args);
        assert.equal(r.ok, false, JSON.stringify(args));
        assert.match(!r.ok ? r.message : "", new RegExp(where.replace("/", "\\/")));
    }
});

test("an integer is a number", () => {
    assert.equal(check({query: "q", ratio: 3}).ok, true);
});

test("arguments not in the schema are dropped, not refused", () => {
    assert.deepEqual(check({query: "q", max_results: 2, shell: "rm -rf /"}), {
        ok: true,
        args: {query: "q", max_results: 2},
    });
});

test("arguments must be an object; the caller's object is not changed", () => {
    assert.equal(!check(["q"]).ok && "array", "array");
    assert.match((check(null) as {message: string}).message, /must be a JSON object/);
    const input = {query: "q"};
    check(input);
    assert.deepEqual(input, {query: "q"});
});

test("an unknown tool is reported as such", () => {
    assert.deepEqual(v.validate("nope", {}), {ok: false, message: "unknown tool: nope"});
});

test("a foreign schema is refused at listing when too large, too deep, pointing nowhere or not JSON Schema; else compiled on first use", () => {
    const foreign = new ArgumentValidator();
    const refused = (schema: object) => {
        try {
            foreign.addForeign("t", schema);
            return null;
        } catch (error) {
            return (error as Error).message;
        }
    };
    assert.match(
        refused({type: "object", properties: {a: {description: "x".repeat(300_000)}}}) ?? "",
        /^its input schema is 293 KiB, over the 256 KiB a tool may declare$/,
    );
    let deep: object = {type: "string"};
    for (let i = 0; i < 40; i++) deep = {type: "object", properties: {n: deep}};
    assert.match(refused(deep) ?? "", /nested deeper than 32 levels/);
    assert.match(
        refused({$ref: "#/$defs/Gone"}) ?? "",
        /refers to #\/\$defs\/Gone, which it does not define/,
    );
    assert.match(refused({$ref: "https://example.com/s.json"}) ?? "", /refers to another document/);
    assert.match(refused({type: "object", properties: {a: {type: 5}}}) ?? "", /not valid JSON Schema/);
    // Valid at listing, compiled at the first call: a keyword ajv cannot compile is said then, per call.
    assert.equal(
        refused({type: "object", properties: {a: {$ref: "#/$defs/A"}}, $defs: {A: {type: "integer"}}}),
        null,
    );
    assert.equal(foreign.validate("t", {a: 3}).ok, true);
    assert.match(
        (foreign.validate("t", {a: "x"}) as {message: string}).message,
        /invalid_arguments: \/a must be integer/,
    );
});
