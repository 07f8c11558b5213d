import assert from "node:assert/strict";
import {test} from "node:test";
import {Ajv} from "ajv";
import {readFile} from "../../../../main/tools/builtin/files.js";
import {webSearch} from "../../../../main/tools/builtin/webSearch.js";
import {ANY_VALUE, OMITTED, type AcceptedValue, type ExpectedCall} from "../../../../main/probe/score.js";
import {CATEGORIES, SUITE, casesFor} from "../../../../main/probe/suite.js";
import {CAIRN_TOOLS, PROBE_TOOLS} from "../../../../main/probe/tools.js";

/** Every tool a case may offer, with the schema a right call must satisfy (system_stats and rag_search by name). */
const SCHEMAS = new Map<string, object | null>([
    ...PROBE_TOOLS.map((t) => [t.name, t.params] as const),
    [webSearch.name, webSearch.params],
    [readFile.name, readFile.params],
    ["rag_search", null],
    ["system_stats", null],
]);

test("the suite: at least 120 cases in every category, each asked three different ways, ids unique", () => {
    assert.ok(SUITE.length >= 120, `${SUITE.length} cases`);
    assert.equal(new Set(SUITE.map((c) => c.id)).size, SUITE.length);
    for (const category of CATEGORIES) {
        const count = SUITE.filter((c) => c.category === category).length;
        assert.ok(count >= 10, `${category}: ${count} cases`);
    }
    for (const c of SUITE) {
        assert.equal(new Set(c.phrasings).size, 3, `${c.id}: three different phrasings`);
        assert.ok(c.steps.length >= 1, c.id);
    }
    for (const name of CAIRN_TOOLS) assert.ok(SCHEMAS.has(name), name);
});

test("every case offers tools that exist, expects only offered ones, and 'multiple' offers 5 to 20", () => {
    for (const c of SUITE) {
        for (const tool of c.tools) assert.ok(SCHEMAS.has(tool), `${c.id}: no tool ${tool}`);
        for (const step of c.steps)
            if ("calls" in step.expect)
                for (const call of step.expect.calls)
                    assert.ok(c.tools.includes(call.name), `${c.id}: ${call.name}`);
        if (c.category === "multiple")
            assert.ok(c.tools.length >= 5 && c.tools.length <= 20, `${c.id}: ${c.tools.length}`);
        // A step that returns a result leads to another step.
        c.steps.forEach((s, i) =>
            assert.equal(s.result !== undefined, i < c.steps.length - 1, `${c.id} step ${i}`),
        );
    }
});

test("each accepted answer is a valid call: it satisfies its tool's schema (required arguments, enums, bounds)", () => {
    const ajv = new Ajv({strict: false, allErrors: true});
    let checked = 0;
    for (const c of SUITE)
        for (const step of c.steps) {
            if (!("calls" in step.expect)) continue;
            for (const call of step.expect.calls) {
                const schema = SCHEMAS.get(call.name);
                if (!schema) continue;
                const validate = ajv.compile(schema);
                for (const args of answersOf(call))
                    assert.ok(
                        validate(args),
                        `${c.id}: ${JSON.stringify(args)}: ${ajv.errorsText(validate.errors)}`,
                    );
                checked++;
            }
        }
    assert.ok(checked >= 100, `${checked} calls checked`);
});

test("--quick asks 30 cases at most, some of every category; the whole suite asks every case", () => {
    const quick = casesFor(true);
    assert.ok(quick.length <= 30 && quick.length >= 24, `${quick.length}`);
    assert.equal(new Set(quick.map((c) => c.id)).size, quick.length, "no case twice");
    // Spread across each category, not its first cases only (four weather questions say little).
    assert.ok(new Set(quick.filter((c) => c.category === "simple").map((c) => c.tools[0])).size >= 3);
    for (const category of CATEGORIES)
        assert.ok(
            quick.some((c) => c.category === category),
            category,
        );
    assert.equal(casesFor(false).length, SUITE.length);
});

/** Each accepted value of each argument in turn, the others at their first accepted value (omitted where allowed). */
function answersOf(call: ExpectedCall): Record<string, unknown>[] {
    const first = Object.fromEntries(
        Object.entries(call.args).flatMap(([name, accepted]) => {
            const value = accepted.find((a) => a !== OMITTED && a !== ANY_VALUE);
            return value === undefined ? [] : [[name, concrete(value)]];
        }),
    );
    const answers = [first];
    for (const [name, accepted] of Object.entries(call.args))
        for (const value of accepted) {
            if (value === ANY_VALUE) continue;
            if (value === OMITTED) {
                const {[name]: _, ...rest} = first;
                answers.push(rest);
            } else answers.push({...first, [name]: concrete(value)});
        }
    return answers;
}

/** A value as a model would write it: free text as its words. */
function concrete(value: AcceptedValue): unknown {
    return typeof value === "object" && value !== null && "words" in value && Array.isArray(value.words)
        ? value.words.join(" ")
        : value;
}
