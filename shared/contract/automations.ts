// Automations: a prompt (or a research question) run on a schedule, as a conversation of its own, within a budget (steps, time, network).
import {Type, type Static} from "@sinclair/typebox";
import {Empty, Id, Name, Timestamp, WordsValue, call, closed, nullable, oneOf, req} from "./base.js";

/** "HH:MM", 24-hour, in the automation's time zone. */
const TimeOfDay = Type.String({pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"});

/**
 * When an automation runs: once at a time; every N minutes, hours or days from a first time (days keep its time
 * of day across DST); on weekdays at a time; or a five-field cron expression. All in the automation's time zone.
 */
export const Schedule = Type.Union([
    Type.Object({kind: Type.Literal("once"), at: Timestamp}, closed),
    Type.Object(
        {
            kind: Type.Literal("every"),
            count: Type.Integer({minimum: 1, maximum: 100_000}),
            unit: oneOf(["minutes", "hours", "days"]),
            /** The first run; the following ones are counted from it. */
            from: Timestamp,
        },
        closed,
    ),
    Type.Object({kind: Type.Literal("weekdays"), time: TimeOfDay}, closed),
    Type.Object(
        {kind: Type.Literal("cron"), expression: Type.String({minLength: 1, maxLength: 200})},
        closed,
    ),
]);

export type Schedule = Static<typeof Schedule>;

/** What a run may send off this computer: nothing, requests to model providers, or those and the web. */
export const NetworkBudget = oneOf(["none", "providers", "web"]);

export type NetworkBudget = Static<typeof NetworkBudget>;

export const RunBudget = Type.Object(
    {
        /** Steps with tools before the model must answer. */
        steps: Type.Integer({minimum: 1, maximum: 50}),
        /** Minutes a run may take, waiting for approvals included; then it is stopped. */
        minutes: Type.Integer({minimum: 1, maximum: 24 * 60}),
        network: NetworkBudget,
    },
    closed,
);

export type RunBudget = Static<typeof RunBudget>;

/** What an automation is, as it is added or changed. */
export const AutomationInput = Type.Object(
    {
        name: Name,
        prompt: Type.String({minLength: 1, maxLength: 20_000}),
        /**
         * The prompt is a research question: each run researches it (research mode, its plan run as the model
         * wrote it) within the run's budget, and its answer is the report. Offline research (the documents, the
         * page archive, the memories) unless the network budget is web. Absent: a prompt.
         */
        research: Type.Optional(Type.Boolean()),
        assistantId: nullable(Id),
        projectId: nullable(Id),
        /** The tools a run may use (none: it answers from the model alone). */
        tools: Type.Array(Type.String({minLength: 1, maxLength: 200}), {maxItems: 100}),
        schedule: Schedule,
        /** An IANA time zone ("Europe/Berlin"): the schedule's times are read in it. */
        timeZone: Type.String({minLength: 1, maxLength: 100}),
        budget: RunBudget,
        /** A run missed while Cairn was not running: skipped, or run once when Cairn is next running. */
        missed: oneOf(["skip", "once"]),
        /** Minutes an approval waits for an answer before it is denied. */
        approvalMinutes: Type.Integer({minimum: 1, maximum: 7 * 24 * 60}),
    },
    closed,
);

export type AutomationInput = Static<typeof AutomationInput>;

export const RunStatus = oneOf(["running", "waiting", "done", "failed", "skipped", "interrupted"]);

export type RunStatus = Static<typeof RunStatus>;

/** One run of an automation: when it was due, what happened, and the conversation it wrote. */
export const AutomationRun = Type.Object(
    {
        id: Id,
        automationId: Id,
        dueAt: Timestamp,
        /** What started it: its schedule, a missed time run late, Run now, or `cairn automations run-due`. */
        trigger: oneOf(["schedule", "late", "now", "due"]),
        startedAt: nullable(Timestamp),
        endedAt: nullable(Timestamp),
        status: RunStatus,
        conversationId: nullable(Id),
        error: nullable(Type.String()),
        errorWords: Type.Optional(WordsValue),
    },
    closed,
);

export type AutomationRun = Static<typeof AutomationRun>;

export const Automation = Type.Composite(
    [
        AutomationInput,
        Type.Object({
            id: Id,
            paused: Type.Boolean(),
            createdAt: Timestamp,
            /** The next run (null: paused, or a one-time run that has happened). */
            nextAt: nullable(Timestamp),
            lastRun: nullable(AutomationRun),
        }),
    ],
    closed,
);

export type Automation = Static<typeof Automation>;

const Automations = Type.Array(Automation);

export const automationsCalls = {
    "automations.list": call(Empty, Automations),
    "automations.add": call(AutomationInput, Automation),
    "automations.update": call(req({id: Id, automation: AutomationInput}), Automation),
    "automations.remove": call(req({id: Id}), Automations),
    "automations.setPaused": call(req({id: Id, paused: Type.Boolean()}), Automation),
    /** Runs it now, whatever its schedule (which is unchanged); the run's record. */
    "automations.runNow": call(req({id: Id}), AutomationRun),
    /** Its runs, newest first. */
    "automations.runs": call(req({id: Id}), Type.Array(AutomationRun)),
};
