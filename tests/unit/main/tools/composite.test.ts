import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {compositeTools, fill, lookup} from "../../../../main/tools/composite.js";
import {loadToolsConfig} from "../../../../main/tools/config.js";
import {defineTool} from "../../../../main/tools/defineTool.js";
import type {Engine} from "../../../../main/llm/engine/engine.js";
import {tempDir} from "../../../helpers/paths.js";

const write = (text: string) => {
    const file = path.join(tempDir(), "tools.yaml");
    fs.writeFileSync(file, text);
    return file;
};

const scope = {
    input: {query: "cairns", n: 2},
    steps: {search: {results: [{url: "https://a.example/1", rank: 1}], text: "found"}},
};

test("templates read paths: a whole-string template keeps its type, one inside text becomes text", () => {
    assert.equal(lookup("steps.search.results[0].url", scope), "https://a.example/1");
    assert.deepEqual(
        fill({q: "{{input.query}}", n: "{{ input.n }}", list: ["{{steps.search.text}}"]}, scope),
        {
            q: "cairns",
            n: 2,
            list: ["found"],
        },
    );
    assert.equal(
        fill("top: {{steps.search.results[0]}}!", scope),
        'top: {"url":"https://a.example/1","rank":1}!',
    );
    assert.throws(
        () => lookup("steps.search.results[3].url", scope),
        /has no value \(steps\.search\.results\[3\] is missing\)/,
    );
    assert.throws(() => lookup("input.query.toString()", scope), /is not a path/);
});

const COMPOSITE = (name: string, calls: string) =>
    `    ${name}:\n        description: ${name}\n        steps:\n            - id: a\n              tool: ${calls}\n`;

test("a cycle in composite definitions is refused with the file and the line that closes it", () => {
    const file = write(
        `tools:\n${COMPOSITE("one", "two")}${COMPOSITE("two", "one")}${COMPOSITE("fine", "system_stats")}`,
    );
    const {config, problems} = loadToolsConfig([file]);
    assert.equal(problems.length, 2, JSON.stringify(problems));
    assert.deepEqual(
        problems.map((p) => [p.file, p.line]),
        [
            [file, 6],
            [file, 7],
        ],
    );
    assert.match(
        problems[0]!.message,
        /^one: calls itself \(one → two → one\); composite tools may not form a cycle/,
    );
    assert.deepEqual(Object.keys(config.sites ?? {}), ["fine"]);
    assert.equal(config.tools.one, undefined);

    const self = loadToolsConfig([write(`tools:\n${COMPOSITE("loop", "loop")}`)]);
    assert.match(self.problems[0]!.message, /loop → loop/);
    assert.equal(self.problems[0]!.line, 6);
});

test("bad composite definitions are refused in words at their line", () => {
    const cases: [string, RegExp][] = [
        [
            `tools:\n    x:\n        description: x\n        steps:\n            - {id: a, tool: t, args: {u: "{{steps.b.url}}"}}\n            - {id: b, tool: t}\n`,
            /step a: \{\{steps\.b\.url\}\} names a step that has not run before it/,
        ],
        [
            `tools:\n    x:\n        description: x\n        steps:\n            - {id: a, tool: t, args: {u: "{{env.HOME}}"}}\n`,
            /must start with input or steps/,
        ],
        [
            `tools:\n    x:\n        description: x\n        steps: [{id: a, tool: t}, {id: a, tool: t}]\n`,
            /two steps are named a/,
        ],
        [
            `tools:\n    x:\n        description: x\n        input: {type: string}\n        steps: [{id: a, tool: t}]\n`,
            /input must be a JSON Schema of type object/,
        ],
        [
            `tools:\n    x:\n        description: x\n        steps: [{id: a, tool: t}]\n        agent: {instructions: i, tools: [t]}\n`,
            /both steps and an agent/,
        ],
        [`tools:\n    x:\n        steps: [{id: a, tool: t}]\n`, /description/],
    ];
    for (const [yaml, message] of cases) {
        const {problems, config} = loadToolsConfig([write(yaml)]);
        assert.equal(problems.length, 1, yaml);
        assert.match(problems[0]!.message, message);
        assert.equal(problems[0]!.line, 2, yaml);
        assert.equal(config.sites?.x, undefined);
    }
});

test("a composite's side effect is the strongest of its parts; a tool that does not exist is a problem", () => {
    const known = [
        defineTool({
            name: "look",
            description: "l",
            sideEffect: "none",
            params: {type: "object", properties: {}},
            run: async () => ({text: ""}),
        }),
        defineTool({
            name: "save",
            description: "s",
            sideEffect: "write",
            agentOnly: true,
            params: {type: "object", properties: {}},
            run: async () => ({text: ""}),
        }),
    ];
    const {config} = loadToolsConfig([
        write(
            `tools:\n${COMPOSITE("reader", "look")}${COMPOSITE("writer", "save")}${COMPOSITE("outer", "writer")}${COMPOSITE("remote", "srv.tool")}${COMPOSITE("ghost", "nothing_here")}`,
        ),
    ]);
    const host = {engine: {} as Engine, resolve: () => null, prepare: async () => {}};
    const {tools, problems} = compositeTools(config, known, host);
    const traits = Object.fromEntries(
        tools.map((t) => [t.name, [t.sideEffect, !!t.agentOnly, !!t.openWorld]]),
    );
    assert.deepEqual(traits, {
        reader: ["none", false, false],
        writer: ["write", true, false],
        outer: ["write", true, false],
        remote: ["exec", false, true],
    });
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /tools\.yaml:26: ghost: uses nothing_here, which is not a tool$/);
});
