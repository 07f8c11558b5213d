import type {ChatHistoryItem, GbnfJsonSchema} from "node-llama-cpp";
import type {StepRequest} from "../llm/stepTypes.js";
import type {Plan, PlanStep, PlanStepInput, ToolCallStatus} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {RECALL_TOOL, REMEMBER_TOOL} from "../tools/builtin/memory.js";
import type {ToolDefinition} from "../tools/defineTool.js";
import type {ToolRegistry} from "../tools/registry.js";

/** The tool a memory step calls: the user's documents, this conversation's and the global collections. */
export const MEMORY_TOOL = "rag_search";
const LABEL: GbnfJsonSchema = {type: "string", minLength: 1, maxLength: 80};
/** Strings in a plan's arguments are cut at this length, so that a plan always ends. */
const MAX_ARG_STRING = 400;
const ANSWER_LABEL = "Write the answer";

/** A plan is JSON in a grammar: it gets at least this many tokens, whatever the answer's limit. */
const PLAN_TOKENS = 1024;

const PLANNER_PROMPT = [
    "Plan how to answer the user's last message before anything runs. Write JSON only.",
    "Each step has a label (a few words the user will read) and an action:",
    '- "memory": search the user\'s documents (args.query);',
    '- "tool": call one of the tools with its arguments;',
    '- "completion": write the answer from what the steps found (always the last step).',
    "depends_on lists the numbers of earlier steps whose results a step needs.",
].join("\n");

/**
 * What the model is asked for a plan: the planner's instructions with the tools on offer, the conversation,
 * the plan's grammar, and room enough for it.
 */
export function plannerStep(
    offered: ToolDefinition[],
    maxSteps: number,
    history: ChatHistoryItem[],
    maxTokens: number | undefined,
): Pick<StepRequest, "history" | "format" | "maxTokens"> {
    // Memories are recalled before every turn and kept when the person says so: a plan neither searches nor
    // writes them (and every tool makes the plan's grammar longer, which llama.cpp caps).
    offered = offered.filter((t) => t.name !== RECALL_TOOL && t.name !== REMEMBER_TOOL);
    const listed = offered.map((t) => `- ${t.name}: ${t.description}`).join("\n");
    return {
        history: [
            {type: "system", text: `${PLANNER_PROMPT}\nAt most ${maxSteps} steps.\n\nTools:\n${listed}`},
            ...history,
        ],
        format: {type: "schema", schema: planGrammar(offered, maxSteps)},
        maxTokens: Math.max(maxTokens ?? 0, PLAN_TOKENS),
    };
}

/** The earlier step a step needs that did not succeed (its id), or null when it may run. */
export function blockedBy(step: PlanStep, steps: PlanStep[]): string | null {
    return step.dependsOn?.find((id) => steps.find((s) => s.id === id)?.status !== "ok") ?? null;
}

/** What running a plan needs from its caller: a chat turn, or a local API completion. */
export type PlanRun = {
    signal: AbortSignal;
    /** Runs a work step's call (callOf(step)); what its trace recorded. */
    call(step: PlanStep, index: number): Promise<{id: string; status: ToolCallStatus; error: string | null}>;
    /**
     * Writes the answer step and sets its status; none: the caller answers after the plan (the local API's
     * completion is the answer), and the answer step is left pending.
     */
    answer?(step: PlanStep, index: number): Promise<void>;
    /** Each change of a step's status, as it happens. */
    changed(plan: Plan): void;
};

/**
 * Runs a plan's steps in order, each status set and told as it changes. A step whose dependencies did not
 * succeed is skipped, one whose arguments were refused (its problem) fails, and a failed step does not stop
 * the others; stopping skips what had not run. The plan ends "done", or "stopped".
 */
export async function runPlan(plan: Plan, run: PlanRun): Promise<void> {
    plan.state = "running";
    run.changed(plan);
    for (const [index, step] of plan.steps.entries()) {
        if (step.action === "completion" && !run.answer) continue;
        const blocked = blockedBy(step, plan.steps);
        if (run.signal.aborted || blocked || step.problem) {
            step.status = step.problem ? "error" : "skipped";
            step.error =
                step.problem ?? (blocked ? `step ${blocked} did not succeed` : "the plan was stopped");
        } else {
            step.status = "running";
            run.changed(plan);
            if (step.action === "completion") await run.answer!(step, index);
            else {
                const ran = await run.call(step, index);
                step.toolCallId = ran.id;
                step.status = ran.status === "ok" ? "ok" : "error";
                if (ran.status !== "ok") step.error = ran.error ?? ran.status;
            }
        }
        run.changed(plan);
    }
    plan.state = run.signal.aborted ? "stopped" : "done";
    run.changed(plan);
}

/**
 * The grammar of a plan: steps of memory, a call of one of the offered tools with its own parameters, or the
 * answer; at most maxSteps of them. Strings have a length limit, so generation always ends.
 */
export function planGrammar(offered: ToolDefinition[], maxSteps: number): GbnfJsonSchema {
    const depends: GbnfJsonSchema = {type: "array", items: {type: "integer"}, maxItems: 4};
    const memory = offered.some((t) => t.name === MEMORY_TOOL);
    const variants: GbnfJsonSchema[] = [
        ...(memory
            ? [
                  {
                      type: "object",
                      properties: {
                          label: LABEL,
                          action: {const: "memory"},
                          args: {
                              type: "object",
                              properties: {query: {type: "string", minLength: 1, maxLength: 200}},
                              required: ["query"],
                          },
                          depends_on: depends,
                      },
                      required: ["label", "action", "args"],
                  } as const satisfies GbnfJsonSchema,
              ]
            : []),
        ...offered
            .filter((t) => t.name !== MEMORY_TOOL)
            .map((t): GbnfJsonSchema => ({
                type: "object",
                properties: {
                    label: LABEL,
                    action: {const: "tool"},
                    tool: {const: t.name},
                    args: bounded(t.params) as GbnfJsonSchema,
                    depends_on: depends,
                },
                required: ["label", "action", "tool", "args"],
            })),
        {
            type: "object",
            properties: {label: LABEL, action: {const: "completion"}},
            required: ["label", "action"],
        },
    ];
    return {
        type: "object",
        properties: {steps: {type: "array", minItems: 1, maxItems: maxSteps, items: {oneOf: variants}}},
        required: ["steps"],
    };
}

/** A schema with a length limit on every string that has none (a tool's file content, say). */
function bounded(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map(bounded);
    if (!schema || typeof schema !== "object") return schema;
    const out = Object.fromEntries(
        Object.entries(schema).map(([k, v]) => [k, k === "const" ? v : bounded(v)]),
    );
    if (out.type === "string" && out.maxLength === undefined && out.enum === undefined)
        out.maxLength = MAX_ARG_STRING;
    return out;
}

type Written = {
    label: string;
    action: PlanStep["action"];
    tool?: string;
    args?: object;
    depends_on?: number[];
};

/**
 * The plan as the model wrote it, made whole: steps numbered 1, 2, ...; dependencies only on earlier steps;
 * one answer step, last, within maxSteps in all. Each tool step's arguments are checked as a call would be: a problem is noted on
 * the step (the person fixes it before running) rather than refusing the plan.
 */
export function readPlan(text: string, registry: ToolRegistry, maxSteps: number): Result<Plan> {
    let written: {steps: Written[]};
    try {
        written = JSON.parse(text) as {steps: Written[]};
    } catch {
        return fail(
            "INTERNAL",
            "the model's plan was cut off before it was complete; try again or raise Max tokens",
        );
    }
    // The answer is one of the plan's steps: the work before it takes at most maxSteps - 1.
    const work = written.steps.filter((s) => s.action !== "completion").slice(0, Math.max(0, maxSteps - 1));
    const answer = written.steps.findLast((s) => s.action === "completion");
    const steps: PlanStep[] = work.map((s, i) => {
        const step: PlanStep = {
            id: String(i + 1),
            label: s.label,
            action: s.action,
            ...(s.action === "tool" ? {tool: s.tool} : {}),
            args: {...(s.args as Record<string, unknown>)},
            status: "pending",
        };
        const deps = (s.depends_on ?? []).filter((n) => n >= 1 && n <= i).map(String);
        if (deps.length > 0) step.dependsOn = [...new Set(deps)];
        const problem = argumentProblem(step, registry);
        if (problem) step.problem = problem;
        return step;
    });
    steps.push(answerStep(String(steps.length + 1), answer?.label ?? ANSWER_LABEL));
    return ok({state: "proposed", steps});
}

function answerStep(id: string, label: string): PlanStep {
    return {id, label, action: "completion", status: "pending"};
}

/** What a step would call: memory steps search the documents everywhere. */
export function callOf(step: Pick<PlanStep, "action" | "tool" | "args">): {name: string; args: unknown} {
    if (step.action === "memory") return {name: MEMORY_TOOL, args: {query: step.args?.query, scope: "all"}};
    return {name: step.tool ?? "", args: step.args ?? {}};
}

function argumentProblem(step: PlanStep, registry: ToolRegistry): string | null {
    if (step.action === "completion") return null;
    const {name, args} = callOf(step);
    const checked = registry.validate(name, args);
    return checked.ok ? null : checked.message;
}

/**
 * A plan as the person edited it, checked before it runs: ids unique, dependencies on earlier steps only,
 * each tool offered in this conversation now and its arguments valid, one answer step and last (added when
 * missing). Any problem refuses the run, in words naming the step.
 */
export function checkPlan(
    input: PlanStepInput[],
    offered: ToolDefinition[],
    registry: ToolRegistry,
): Result<PlanStep[]> {
    const seen: string[] = [];
    const steps: PlanStep[] = [];
    const answers = input.filter((s) => s.action === "completion");
    if (answers.length > 1 || (answers.length === 1 && input.at(-1)?.action !== "completion"))
        return failSaying("VALIDATION", "planAnswerLast");
    for (const s of input) {
        const where = `step ${s.id} (${s.label || s.action})`;
        const step = {id: s.id, label: s.label || s.action};
        if (seen.includes(s.id)) return failSaying("VALIDATION", "planSameId", {id: s.id});
        const late = s.dependsOn?.find((d) => !seen.includes(d));
        if (late) return failSaying("VALIDATION", "planLateStep", {...step, late});
        seen.push(s.id);
        if (s.action === "completion") {
            steps.push({...s, status: "pending"});
            continue;
        }
        if (s.action === "tool" && !s.tool) return failSaying("VALIDATION", "planNoTool", step);
        const {name, args} = callOf(s);
        if (!offered.some((t) => t.name === registry.resolve(name)?.name))
            return failSaying("VALIDATION", "planToolUnavailable", {...step, tool: name});
        const checked = registry.validate(name, args);
        if (!checked.ok) return fail("VALIDATION", `${where}: ${checked.message}`);
        const {query} = (s.args ?? {}) as {query?: unknown};
        steps.push({
            ...s,
            args: s.action === "memory" ? {query} : checked.args,
            status: "pending",
        });
    }
    if (answers.length === 0) steps.push(answerStep(nextId(seen), ANSWER_LABEL));
    return ok(steps);
}

function nextId(ids: string[]): string {
    const numbers = ids.map(Number).filter(Number.isInteger);
    return String(Math.max(0, ...numbers) + 1);
}
