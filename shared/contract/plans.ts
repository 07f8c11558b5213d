// Plans: their steps (memory, a tool call, the answer), as proposed, edited and run.
import {Type, type Static} from "@sinclair/typebox";
import {Json, Name, closed, oneOf} from "./base.js";

/** One step of a plan: look in the documents, call a tool, or write the answer; and how it went. */
export const PlanAction = oneOf(["memory", "tool", "completion"]);

export type PlanAction = Static<typeof PlanAction>;

export const PlanStepStatus = oneOf(["pending", "running", "ok", "error", "skipped"]);

export type PlanStepStatus = Static<typeof PlanStepStatus>;

export const planStepFields = {
    id: Type.String({minLength: 1, maxLength: 40}),
    label: Type.String({maxLength: 300}),
    action: PlanAction,
    /** The tool a tool step calls (memory steps call rag_search). */
    tool: Type.Optional(Name),
    /** The tool's arguments; a memory step's {query}. */
    args: Type.Optional(Json),
    description: Type.Optional(Type.String({maxLength: 1000})),
    /** Steps (ids) whose results this one needs: it is skipped when one of them did not succeed. */
    dependsOn: Type.Optional(Type.Array(Type.String({minLength: 1, maxLength: 40}), {maxItems: 20})),
};

/** A step as the person edits it before running the plan. */
export const PlanStepInput = Type.Object(planStepFields, closed);

export type PlanStepInput = Static<typeof PlanStepInput>;

export const PlanStep = Type.Object(
    {
        ...planStepFields,
        status: PlanStepStatus,
        /** The tool call that ran it, in the answer's trace. */
        toolCallId: Type.Optional(Type.String()),
        error: Type.Optional(Type.String()),
        /** What is wrong with the step as the model wrote it (arguments its tool refuses): fix before running. */
        problem: Type.Optional(Type.String()),
    },
    closed,
);

export type PlanStep = Static<typeof PlanStep>;

/** proposed: waiting for the person to run or cancel it; then running, and done, stopped or cancelled. */
export const PlanState = oneOf(["proposed", "running", "done", "stopped", "cancelled"]);

export type PlanState = Static<typeof PlanState>;

export const Plan = Type.Object({state: PlanState, steps: Type.Array(PlanStep, {maxItems: 20})}, closed);

export type Plan = Static<typeof Plan>;
