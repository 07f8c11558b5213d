import type {ChatModelFunctionCall} from "node-llama-cpp";
import {validatorOf} from "../validator.js";
import {
    PlanStepInput,
    type Plan,
    type PlanStep,
    type SourceKind,
    type ToolCallStatus,
} from "../../shared/contract.js";
import {checkPlan, readPlan} from "../chat/plan.js";
import {withSources} from "../llm/stepLoop.js";
import type {Approver} from "../tools/approvals.js";
import type {ToolDefinition} from "../tools/defineTool.js";
import {decide} from "../tools/policy.js";
import type {ToolRegistry} from "../tools/registry.js";
import {FIND_TOOLS, type ToolChooser, type ToolRoom} from "../tools/selection.js";
import type {CallOutcome, ToolRunner} from "../tools/runner.js";
import {invalid} from "./errors.js";

/** One Cairn tool call made for an API caller, as the seed's `steps` report it. */
export type Step = {
    id: string;
    tool: string;
    args: unknown;
    status: ToolCallStatus;
    duration_ms: number;
    /** The start of what the tool returned (the model saw all of it). */
    result: string | null;
    error: string | null;
};
export type ApiCitation = {
    number: number;
    kind: SourceKind;
    title: string;
    url?: string;
    /** For documents: where in the document. */
    location?: Record<string, unknown>;
    tool_call_id: string;
};
/** metadata.plan: make a plan over the allowed tools and run it, or run the steps given. */
export type PlanRequest = {make: true} | {run: PlanStep[]};
export type CairnToolPlan = {
    tools: ToolDefinition[];
    preflight: {name: string; args: unknown}[];
    planned?: PlanRequest;
};
export type ToolRound = {items: ChatModelFunctionCall[]; steps: Step[]; citations: ApiCitation[]};

const SUMMARY_CHARS = 300;
const validStep = validatorOf<PlanStepInput>(PlanStepInput, {strict: false});

/** A step as the contract defines it; a plan returned earlier may be sent back: its statuses are dropped. */
function stepInput(step: unknown): PlanStepInput | null {
    if (!step || typeof step !== "object") return null;
    const {status: _s, toolCallId: _t, error: _e, problem: _p, ...input} = step as Record<string, unknown>;
    return validStep(input) ? input : null;
}
const REFUSAL =
    "asks before it runs, and nobody can answer over the API: set its policy to Allow in Settings → Tools, or allow it always once in the app";

/** What the API's tool use is bound by: the app's own limits. */
export type ApiToolLimits = {
    /** Steps with Cairn's tools before the model must answer without them (tools.yaml's defaults.maxSteps). */
    maxSteps(): number;
    /** The most steps a plan has (Settings' plan limit). */
    planMaxSteps(): number;
};

/**
 * Cairn's own tools for API callers (`metadata.tools`, `metadata.tool_calls`): the app's registry and
 * runner, so the same validation, policy, grants, time limits and workspace as in the app. A tool whose
 * policy is "ask" is refused unless a grant exists, since nobody is there to answer. Calls of an exchange
 * recorded as a conversation (metadata.conversation_id) are stored, shown live and kept for undo; others are
 * not stored.
 */
export class ApiTools {
    private readonly refuse: Approver = () =>
        Promise.resolve({decision: "deny", by: "cli", message: REFUSAL});

    constructor(
        private readonly registry: ToolRegistry,
        private readonly runner: ToolRunner,
        private readonly webAccess: () => boolean,
        readonly limits: ApiToolLimits,
        private readonly selection: {chooser: ToolChooser; room: ToolRoom} | null = null,
    ) {}

    /**
     * Reads `metadata`: the allow-list ("*" for every tool the API may run, "mcp:<server>" or "built-in" for
     * a source's) and the preflight calls; a tool named that may not run is a 400 saying why. When the
     * allowed tools cannot all fit, the request is offered those chosen for `question`, as in the app.
     */
    plan(metadata: Record<string, unknown> | null | undefined, question = ""): CairnToolPlan | null {
        if (!metadata || [metadata.tools, metadata.tool_calls, metadata.plan].every((v) => v === undefined))
            return null;
        const names = stringList(metadata.tools, "metadata.tools");
        const preflight = preflightList(metadata.tool_calls);
        const listed = [...new Set(names.flatMap((name) => this.expand(name)))];
        const chosen = this.choose(
            listed.map((name) => this.allowed(name)),
            question,
        );
        const called = preflight.map((p) => this.allowed(p.name)).filter((t) => !chosen.includes(t));
        const tools = [...chosen, ...called];
        const planned = this.planRequest(metadata.plan, tools);
        return {tools, preflight, ...(planned ? {planned} : {})};
    }

    /** A name, or the tools a wildcard stands for: "*", "built-in", "mcp:<server>" (those allowed here). */
    private expand(name: string): string[] {
        if (name !== "*" && name !== "built-in" && !name.startsWith("mcp:")) return [name];
        const all = this.registry.offered("agent", {webAccess: this.webAccess()});
        const matching = all.filter(
            (t) => t.name !== FIND_TOOLS && (name === "*" || (t.source ?? "built-in") === name),
        );
        if (matching.length === 0)
            throw invalid(`metadata.tools: ${name} names no tool that may run here`, "metadata.tools");
        return matching.map((t) => t.name);
    }

    /** The tools a request offers: all named when they fit the budget, else the selection for the question. */
    private choose(tools: ToolDefinition[], question: string): ToolDefinition[] {
        if (!this.selection) return tools;
        const chosen = this.selection.chooser.choose(tools, this.selection.room, {
            query: question,
            used: [],
            found: [],
        });
        return chosen.tools;
    }

    /** metadata.plan: true (plan over metadata.tools, then run), or {steps} as a plan returned earlier, edited. */
    private planRequest(value: unknown, tools: ToolDefinition[]): PlanRequest | undefined {
        if (value === undefined || value === false) return undefined;
        if (value === true) return {make: true};
        const given = typeof value === "object" && value !== null ? (value as {steps?: unknown}).steps : null;
        const steps = Array.isArray(given) ? given.map(stepInput) : [];
        if (steps.length === 0 || steps.some((s) => s === null))
            throw invalid(
                "metadata.plan must be true, or {steps: [...]} with each step {id, label, action, tool?, args?, dependsOn?}",
                "metadata.plan",
            );
        const checked = checkPlan(steps as PlanStepInput[], tools, this.registry);
        if (!checked.ok) throw invalid(`metadata.plan: ${checked.error.message}`, "metadata.plan");
        return {run: checked.value};
    }

    /** The model's plan read and made whole; its tools are checked against this registry. */
    readPlan(text: string, maxSteps: number): Plan | string {
        const read = readPlan(text, this.registry, maxSteps);
        return read.ok ? read.value : read.error.message;
    }

    /** Runs calls in order; each becomes a function call item with its result, a step and its sources. */
    async run(
        calls: {name: string; params: unknown}[],
        origin: "model" | "client",
        signal: AbortSignal,
        firstCitation: number,
        recordIn: {conversationId: string; messageId: string} | null = null,
    ): Promise<ToolRound> {
        const round: ToolRound = {items: [], steps: [], citations: []};
        for (const call of calls) {
            const outcome = await this.runner.run(call.name, call.params, {
                conversationId: recordIn?.conversationId ?? "api",
                messageId: recordIn?.messageId ?? "api",
                step: 0,
                origin,
                mode: "agent",
                webAccess: this.webAccess(),
                signal,
                approver: this.refuse,
                reason: () => "",
                seen: new Set(),
                interactive: false,
                recorded: recordIn !== null,
            });
            const numbered = outcome.sources.map((source, i): ApiCitation => ({
                number: firstCitation + round.citations.length + i,
                kind: source.kind,
                title: source.title,
                ...(source.url ? {url: source.url} : {}),
                ...(source.location ? {location: source.location} : {}),
                tool_call_id: outcome.record.id,
            }));
            round.citations.push(...numbered);
            round.steps.push(step(outcome));
            round.items.push({
                type: "functionCall",
                name: outcome.record.tool,
                params: outcome.record.args ?? call.params,
                result: withSources(outcome.modelText, numbered),
            });
        }
        return round;
    }

    isCairnTool(name: string, plan: CairnToolPlan): boolean {
        const tool = this.registry.resolve(name);
        return tool !== null && plan.tools.includes(tool);
    }

    /** Whether the API may run this tool now (it exists and its policy does not deny it). */
    mayRun(name: string): boolean {
        const tool = this.registry.resolve(name);
        return tool !== null && this.verdictOf(tool).verdict !== "deny";
    }

    private verdictOf(tool: ToolDefinition) {
        return decide(tool, {
            mode: "agent",
            webAccess: this.webAccess(),
            policy: this.registry.policy(tool),
            repeated: false,
        });
    }

    private allowed(name: string): ToolDefinition {
        const tool = this.registry.resolve(name);
        if (!tool) {
            const known = this.registry.offered("agent", {webAccess: true}).map((t) => t.name);
            const shown =
                known.length > 20
                    ? `${known.slice(0, 20).join(", ")} and ${known.length - 20} more`
                    : known.join(", ");
            throw invalid(
                `metadata.tools: no Cairn tool is named ${name} (known: ${shown})`,
                "metadata.tools",
            );
        }
        const verdict = this.verdictOf(tool);
        if (verdict.verdict === "deny")
            throw invalid(`metadata.tools: ${tool.name} may not run: ${verdict.message}`, "metadata.tools");
        return tool;
    }
}

function step(outcome: CallOutcome): Step {
    const {record} = outcome;
    return {
        id: record.id,
        tool: record.tool,
        args: record.args ?? record.rawArgs,
        status: record.status,
        duration_ms: (record.finishedAt ?? record.startedAt) - record.startedAt,
        result: record.status === "ok" ? outcome.modelText.slice(0, SUMMARY_CHARS) : null,
        error: record.status === "ok" ? null : record.error,
    };
}

function stringList(value: unknown, param: string): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string"))
        throw invalid(`${param} must be a list of Cairn tool names`, param);
    return value;
}

/** Preflight calls as names or `{name, args}`, as the seed sends them. */
function preflightList(value: unknown): {name: string; args: unknown}[] {
    if (value === undefined) return [];
    const param = "metadata.tool_calls";
    if (!Array.isArray(value)) throw invalid(`${param} must be a list of tool names or {name, args}`, param);
    return value.map((item, i) => {
        if (typeof item === "string") return {name: item, args: {}};
        if (
            typeof item === "object" &&
            item !== null &&
            typeof (item as {name?: unknown}).name === "string"
        ) {
            const {name, args} = item as {name: string; args?: unknown};
            return {name, args: args ?? {}};
        }
        throw invalid(`${param}[${i}] must be a tool name or {name, args}`, `${param}[${i}]`);
    });
}
