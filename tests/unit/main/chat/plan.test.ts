import assert from "node:assert/strict";
import {test} from "node:test";
import {readPlan} from "../../../../main/chat/plan.js";
import {BUILTIN_DEFAULTS} from "../../../../main/tools/config.js";
import {defineTool} from "../../../../main/tools/defineTool.js";
import {ToolRegistry} from "../../../../main/tools/registry.js";

const stats = defineTool({
    name: "system_stats",
    description: "How busy this computer is",
    sideEffect: "none",
    params: {type: "object", properties: {}},
    run: async () => ({text: "ok"}),
});
const registry = new ToolRegistry([stats], {defaults: BUILTIN_DEFAULTS, tools: {}});

const written = (work: number, answer: boolean) =>
    JSON.stringify({
        steps: [
            ...Array.from({length: work}, (_, i) => ({
                label: `Look ${i + 1}`,
                action: "tool",
                tool: "system_stats",
                args: {},
            })),
            ...(answer ? [{label: "Answer", action: "completion"}] : []),
        ],
    });

test("a plan has at most maxSteps steps, its answer among them (docs/tools.md's 'at most 6')", () => {
    for (const [work, answer] of [
        [6, false],
        [6, true],
        [5, true],
        [9, true],
    ] as const) {
        const plan = readPlan(written(work, answer), registry, 6);
        assert.ok(plan.ok);
        assert.equal(plan.value.steps.length, Math.min(work + 1, 6), `${work} tool steps, answer ${answer}`);
        assert.equal(plan.value.steps.at(-1)!.action, "completion");
        assert.deepEqual(
            plan.value.steps.map((s) => s.id),
            plan.value.steps.map((_, i) => String(i + 1)),
        );
    }
    const one = readPlan(written(3, true), registry, 1);
    assert.ok(one.ok);
    assert.deepEqual(
        one.value.steps.map((s) => s.action),
        ["completion"],
    );
});
