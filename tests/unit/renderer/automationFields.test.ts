import assert from "node:assert/strict";
import {test} from "node:test";
import {START, automationOf, fieldsOf} from "../../../renderer/src/automations/formFields.js";
import type {Automation, AutomationInput} from "../../../shared/contract.js";

// The automation form's fields: an automation opened to change it and saved untouched is the same automation
// (an interval keeps counting from its first run); a changed interval counts from now.

const NOW = Date.parse("2026-12-02T12:00:00Z");

function stored(input: AutomationInput): Automation {
    return {...input, id: "a1", paused: false, createdAt: NOW, nextAt: null, lastRun: null};
}

const base: AutomationInput = {
    name: "Digest",
    prompt: "Summarize the day.",
    assistantId: "as1",
    projectId: null,
    tools: ["rag_search"],
    schedule: {kind: "every", count: 3, unit: "hours", from: NOW - 10 * 3600_000},
    timeZone: "Europe/Berlin",
    budget: {steps: 4, minutes: 20, network: "providers"},
    missed: "once",
    approvalMinutes: 15,
};

test("an automation opened and saved untouched is the same automation, for each kind of schedule", () => {
    const schedules: AutomationInput["schedule"][] = [
        base.schedule,
        {kind: "weekdays", time: "07:45"},
        {kind: "cron", expression: "0 9 * * 1-5"},
        {kind: "once", at: NOW + 3 * 86_400_000},
    ];
    for (const schedule of schedules) {
        const automation = stored({...base, schedule});
        assert.deepEqual(
            automationOf(fieldsOf(automation), NOW, schedule),
            {...base, schedule},
            schedule.kind,
        );
    }
});

test("a changed interval counts from now; a new form's defaults are a day's interval with nothing sent out", () => {
    const fields = {...fieldsOf(stored(base)), count: "2"};
    assert.deepEqual(automationOf(fields, NOW, base.schedule).schedule, {
        kind: "every",
        count: 2,
        unit: "hours",
        from: NOW + 2 * 3600_000,
    });
    const fresh = automationOf({...START, name: " New ", prompt: "Hi"}, NOW);
    assert.equal(fresh.name, "New");
    assert.deepEqual(fresh.schedule, {kind: "every", count: 1, unit: "days", from: NOW + 86_400_000});
    assert.deepEqual(fresh.budget, {steps: 6, minutes: 10, network: "none"});
});
