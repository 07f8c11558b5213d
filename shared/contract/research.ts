// Research runs: a plan of questions the person may edit, then a bounded loop of searches, reads and notes,
// each step saved, and a report whose citations are checked against the text read.
import {Type, type Static} from "@sinclair/typebox";
import {Id, call, closed, nullable, oneOf, req} from "./base.js";
import {RESEARCH_LIMITS} from "../researchLimits.js";

export {RESEARCH_DEFAULTS, RESEARCH_LIMITS} from "../researchLimits.js";

export const ResearchBudget = Type.Object(
    {
        steps: Type.Integer({minimum: 1, maximum: RESEARCH_LIMITS.maxSteps}),
        minutes: Type.Number({exclusiveMinimum: 0, maximum: RESEARCH_LIMITS.maxMinutes}),
        /** The model's tokens, read and written. */
        tokens: Type.Integer({minimum: 1, maximum: RESEARCH_LIMITS.maxTokens}),
    },
    closed,
);

export type ResearchBudget = Static<typeof ResearchBudget>;

/** proposed: the plan waits for the person; paused, interrupted (Cairn stopped under it): it may resume. */
export const ResearchState = oneOf([
    "proposed",
    "running",
    "paused",
    "interrupted",
    "done",
    "failed",
    "cancelled",
]);

export type ResearchState = Static<typeof ResearchState>;

export const ResearchPhase = oneOf([
    "planning",
    "searching",
    "reading",
    "following",
    "condensing",
    "writing",
]);

export type ResearchPhase = Static<typeof ResearchPhase>;

export const ResearchQuestion = Type.String({minLength: 1, maxLength: RESEARCH_LIMITS.question});

export const ResearchRun = Type.Object(
    {
        question: Type.String(),
        /** Searches the documents, the page archive and the memories only: nothing leaves the machine. */
        offline: Type.Boolean(),
        /** The plan: one question per section of the report. */
        questions: Type.Array(ResearchQuestion, {maxItems: RESEARCH_LIMITS.questions}),
        state: ResearchState,
        budget: ResearchBudget,
        used: Type.Object(
            {
                steps: Type.Integer({minimum: 0}),
                ms: Type.Number({minimum: 0}),
                tokens: Type.Integer({minimum: 0}),
            },
            closed,
        ),
        /** What the run does now (null: nothing runs). */
        phase: nullable(ResearchPhase),
        /** The step running now, in words ("Searching: …"). */
        doing: nullable(Type.String()),
        /** Sources read and notes taken so far. */
        sources: Type.Integer({minimum: 0}),
        notes: Type.Integer({minimum: 0}),
        /** Sub-questions the run followed (below the plan's questions). */
        followUps: Type.Array(Type.String()),
        error: Type.Optional(Type.String()),
    },
    closed,
);

export type ResearchRun = Static<typeof ResearchRun>;

/** How a research question is sent: offline or not, its budget, and whether it starts without the plan shown. */
export const ResearchRequest = Type.Object(
    {
        offline: Type.Optional(Type.Boolean()),
        budget: Type.Optional(Type.Partial(ResearchBudget)),
        /** Runs the plan as written, without waiting for the person (the CLI and the local API). */
        start: Type.Optional(Type.Boolean()),
    },
    closed,
);

export type ResearchRequest = Static<typeof ResearchRequest>;

export const researchCalls = {
    /** Runs a proposed research plan with the person's questions (and budget). */
    "research.run": call(
        req({
            messageId: Id,
            questions: Type.Array(ResearchQuestion, {minItems: 1, maxItems: RESEARCH_LIMITS.questions}),
            budget: Type.Optional(Type.Partial(ResearchBudget)),
        }),
        Type.Object({messageId: Type.String()}, closed),
    ),
    /** Goes on with a paused or interrupted run from its last saved step. */
    "research.resume": call(req({messageId: Id}), Type.Object({messageId: Type.String()}, closed)),
    /** Pauses a running run (its steps are kept; it may resume). */
    "research.pause": call(req({messageId: Id}), Type.Object({paused: Type.Boolean()}, closed)),
    /** Ends a run for good: a proposed plan set aside, or a run stopped without its report. */
    "research.cancel": call(req({messageId: Id}), Type.Object({cancelled: Type.Boolean()}, closed)),
};
