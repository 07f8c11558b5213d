import type {Automation, AutomationInput, Schedule} from "../../../shared/contract.js";

// The new-automation form's fields as typed, made into an automation, and an automation's fields to change it.

export type Kind = Schedule["kind"];
export type Unit = "minutes" | "hours" | "days";
const MINUTE = 60_000;
const UNIT_MS: Record<Unit, number> = {minutes: MINUTE, hours: 60 * MINUTE, days: 24 * 60 * MINUTE};

/** The form's fields as typed; made into an automation when saved. */
export type Fields = {
    name: string;
    prompt: string;
    /** The prompt is a research question: each run researches it and writes a report. */
    research: boolean;
    kind: Kind;
    /** once: a local date and time ("2026-12-03T09:00" or with seconds). */
    at: string;
    count: string;
    unit: Unit;
    /** weekdays: HH:MM. */
    time: string;
    cron: string;
    timeZone: string;
    tools: string[];
    network: AutomationInput["budget"]["network"];
    steps: string;
    minutes: string;
    missed: AutomationInput["missed"];
    approvalMinutes: string;
    assistantId: string;
    projectId: string;
};

export const START: Fields = {
    name: "",
    prompt: "",
    research: false,
    kind: "every",
    at: "",
    count: "1",
    unit: "days",
    time: "09:00",
    cron: "0 9 * * 1-5",
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    tools: [],
    network: "none",
    steps: "6",
    minutes: "10",
    missed: "skip",
    approvalMinutes: "60",
    assistantId: "",
    projectId: "",
};

export const kindOf = (value: string): Kind =>
    value === "once" || value === "weekdays" || value === "cron" ? value : "every";
export const unitOf = (value: string): Unit => (value === "minutes" || value === "hours" ? value : "days");
export const networkOf = (value: string): Fields["network"] =>
    value === "providers" || value === "web" ? value : "none";

/** An automation's fields as the form shows them, to be changed. */
export function fieldsOf(a: Automation): Fields {
    const s = a.schedule;
    return {
        ...START,
        name: a.name,
        prompt: a.prompt,
        research: a.research ?? false,
        kind: s.kind,
        at: s.kind === "once" ? localInput(s.at) : "",
        count: s.kind === "every" ? String(s.count) : START.count,
        unit: s.kind === "every" ? s.unit : START.unit,
        time: s.kind === "weekdays" ? s.time : START.time,
        cron: s.kind === "cron" ? s.expression : START.cron,
        timeZone: a.timeZone,
        tools: a.tools,
        network: a.budget.network,
        steps: String(a.budget.steps),
        minutes: String(a.budget.minutes),
        missed: a.missed,
        approvalMinutes: String(a.approvalMinutes),
        assistantId: a.assistantId ?? "",
        projectId: a.projectId ?? "",
    };
}

/** A moment as a date-and-time field holds it, in this window's zone ("2026-12-03T09:00:00"). */
function localInput(ms: number): string {
    const d = new Date(ms);
    const two = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The automation the fields describe; the core checks it (a time passed, a cron that never fires). An interval
 * left as it was keeps counting from its first run (`was`).
 */
export function automationOf(f: Fields, now: number, was?: Schedule): AutomationInput {
    return {
        name: f.name.trim(),
        prompt: f.prompt.trim(),
        ...(f.research ? {research: true} : {}),
        assistantId: f.assistantId || null,
        projectId: f.projectId || null,
        // A research run searches and reads with research's own tools.
        tools: f.research ? [] : f.tools,
        schedule: scheduleOf(f, now, was),
        timeZone: f.timeZone.trim(),
        budget: {steps: Number(f.steps), minutes: Number(f.minutes), network: f.network},
        missed: f.missed,
        approvalMinutes: Number(f.approvalMinutes),
    };
}

function scheduleOf(f: Fields, now: number, was?: Schedule): Schedule {
    switch (f.kind) {
        case "once":
            return {kind: "once", at: new Date(f.at).getTime()};
        case "every": {
            const count = Number(f.count);
            const same = was?.kind === "every" && was.count === count && was.unit === f.unit;
            return {
                kind: "every",
                count,
                unit: f.unit,
                from: same ? was.from : now + count * UNIT_MS[f.unit],
            };
        }
        case "weekdays":
            return {kind: "weekdays", time: f.time};
        case "cron":
            return {kind: "cron", expression: f.cron.trim()};
    }
}
