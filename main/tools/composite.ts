import type {SideEffect, Source} from "../../shared/contract.js";
import type {Engine} from "../llm/engine/engine.js";
import {grammarParams} from "../llm/grammarSchema.js";
import {ModelTurn, runSteps} from "../llm/stepLoop.js";
import {TEMPLATE, type AgentConfig, type SequenceStep, type ToolsConfig} from "./config.js";
import {
    modelFunction,
    type ChildOutcome,
    type ParamsSchema,
    type ToolContext,
    type ToolDefinition,
    type ToolOutput,
} from "./defineTool.js";
import {messageOf} from "../../shared/format.js";

/** A composite tool's own time limit covers its steps, their approvals and a sub-agent's generation. */
const COMPOSITE_TIMEOUT_MS = 600_000;
const RANK: SideEffect[] = ["none", "network", "write", "exec"];

export type CompositeHost = {
    engine: Engine;
    /** Resolves a sub-agent's tools when it runs (MCP servers' come and go). */
    resolve(name: string): ToolDefinition | null;
    /** Starts servers that start on first use, so that a sub-agent's MCP tools exist. */
    prepare(): Promise<void>;
};

/**
 * The composite tools of tools.yaml as registry tools. A tool's side effect is the strongest of the tools it
 * uses (a tool not known yet, an MCP server's, counts as exec), so modes and web access gate it as they
 * would its parts. Unknown tools without a dot (not an MCP server's) are problems, and the tool is left out.
 */
export function compositeTools(
    config: ToolsConfig,
    known: ToolDefinition[],
    host: CompositeHost,
): {tools: ToolDefinition[]; problems: string[]} {
    const byName = new Map(known.map((t) => [t.name, t]));
    const problems: string[] = [];
    const traits = new Map<string, Traits | null>();
    const traitsOf = (name: string, seen: string[] = []): Traits | null => {
        if (traits.has(name)) return traits.get(name)!;
        const site = config.sites?.[name];
        let result: Traits | null;
        if (!site) {
            const tool = byName.get(name);
            result = tool
                ? {sideEffect: tool.sideEffect, openWorld: !!tool.openWorld, agentOnly: !!tool.agentOnly}
                : name.includes(".")
                  ? {sideEffect: "exec", openWorld: true, agentOnly: false}
                  : null;
        } else {
            const parts = site.refs.map((r) => ({ref: r, traits: traitsOf(r.name, [...seen, name])}));
            const missing = parts.find((p) => p.traits === null);
            if (missing) {
                const where = `${site.file}${missing.ref.line ? `:${missing.ref.line}` : ""}`;
                problems.push(`${where}: ${name}: uses ${missing.ref.name}, which is not a tool`);
                result = null;
            } else result = combine(parts.map((p) => p.traits!));
        }
        traits.set(name, result);
        return result;
    };
    const tools: ToolDefinition[] = [];
    for (const name of Object.keys(config.sites ?? {})) {
        const found = traitsOf(name);
        if (found) tools.push(definition(name, config, found, host));
    }
    return {tools, problems};
}

type Traits = {sideEffect: SideEffect; openWorld: boolean; agentOnly: boolean};

function combine(parts: Traits[]): Traits {
    const rank = Math.max(0, ...parts.map((p) => RANK.indexOf(p.sideEffect)));
    return {
        sideEffect: RANK[rank]!,
        openWorld: parts.some((p) => p.openWorld),
        agentOnly: parts.some((p) => p.agentOnly),
    };
}

function definition(name: string, config: ToolsConfig, traits: Traits, host: CompositeHost): ToolDefinition {
    const entry = config.tools[name]!;
    const input = entry.input ?? {type: "object", properties: {}};
    return {
        name,
        description: entry.description!,
        ...traits,
        source: "tools.yaml",
        composite: true,
        timeoutMs: COMPOSITE_TIMEOUT_MS,
        params: grammarParams(input) as ParamsSchema,
        inputSchema: input,
        run: (args, ctx) =>
            entry.agent
                ? runAgent(entry.agent, args, ctx, host, config.defaults.maxSteps)
                : runSequence(entry.steps ?? [], entry.result, args, ctx),
    };
}

/** Runs the steps in order; a step that does not succeed ends the tool with an error naming it. */
export async function runSequence(
    steps: SequenceStep[],
    result: string | undefined,
    input: Record<string, unknown>,
    ctx: ToolContext,
): Promise<ToolOutput> {
    const scope: Scope = {input, steps: {}};
    const sources: Source[] = [];
    const done: {id: string; tool: string; status: string}[] = [];
    let last = "";
    for (const step of steps) {
        let args: unknown;
        try {
            args = fill(step.args ?? {}, scope);
        } catch (error) {
            return {text: "", error: `step ${step.id}: ${messageOf(error)}`, data: {steps: done}};
        }
        const outcome = await callChild(ctx, step.tool, args);
        done.push({id: step.id, tool: step.tool, status: outcome.status});
        if (outcome.status !== "ok")
            return {text: "", error: `step ${step.id} (${step.tool}): ${outcome.text}`, data: {steps: done}};
        scope.steps[step.id] = stepValue(outcome);
        sources.push(...outcome.sources);
        last = outcome.text;
    }
    const text = result === undefined ? last : String(fillString(result, scope));
    return {text, data: {steps: done}, sources};
}

/**
 * A model loop with its own instructions and tools, on the agent loop (llm/stepLoop.ts): each step may call
 * tools (through the runner, as children of this call), until it answers without calls or reaches its step
 * limit (its own maxSteps, at most the iteration limit). Its answer is the result.
 */
export async function runAgent(
    agent: AgentConfig,
    input: Record<string, unknown>,
    ctx: ToolContext,
    host: CompositeHost,
    iterationLimit: number,
): Promise<ToolOutput> {
    await host.prepare();
    const functions = agent.tools.flatMap((name) => {
        const tool = host.resolve(name);
        return tool ? [modelFunction(tool)] : [];
    });
    const maxSteps = functions.length > 0 ? Math.min(agent.maxSteps ?? iterationLimit, iterationLimit) : 0;
    const task = agent.task ? String(fillString(agent.task, {input, steps: {}})) : JSON.stringify(input);
    const turn = new ModelTurn();
    const sources: Source[] = [];
    let calls = 0;
    let steps = 0;
    const end = await runSteps(
        {
            generate: async (step) => {
                const forced = !step.last && step.index === 0 && agent.toolChoice === "required";
                ctx.progress?.({
                    progress: step.index,
                    total: maxSteps + 1,
                    message: `step ${step.index + 1}`,
                });
                steps = step.index + 1;
                const result = await host.engine.step({
                    history: [
                        {type: "system", text: agent.instructions},
                        {type: "user", text: task},
                        turn.item(),
                    ],
                    signal: ctx.signal,
                    onText: () => {},
                    functions: step.last || forced ? undefined : functions,
                    force: forced ? functions : undefined,
                });
                if (result.ok) turn.add(result.value);
                return result;
            },
            runCalls: async (made) => {
                for (const call of made) {
                    const outcome = await callChild(ctx, call.name, call.params);
                    calls++;
                    sources.push(...outcome.sources);
                    turn.called([
                        {type: "functionCall", name: call.name, params: call.params, result: outcome.text},
                    ]);
                }
            },
        },
        maxSteps,
        ctx.signal,
    );
    if (!end.ok) return {text: "", error: `the sub-agent failed: ${end.error.message}`};
    if (end.stopped) return {text: "", error: "the sub-agent was stopped"};
    return {text: end.last.text.trim(), data: {steps, calls}, sources};
}

function callChild(ctx: ToolContext, name: string, args: unknown): Promise<ChildOutcome> {
    if (!ctx.call)
        return Promise.resolve({
            status: "error",
            text: "tools cannot be called here",
            data: null,
            sources: [],
        });
    return ctx.call(name, args);
}

type Scope = {input: Record<string, unknown>; steps: Record<string, unknown>};

/** What {{steps.<id>...}} reads: the step's data with its text beside it. */
function stepValue(outcome: ChildOutcome): unknown {
    const data = outcome.data;
    return data && typeof data === "object" && !Array.isArray(data)
        ? {...data, text: outcome.text}
        : {data, text: outcome.text};
}

/**
 * Arguments with their templates filled: a string that is one template takes the value as it is (a number
 * stays a number); templates inside longer text become text. A template with no value is an error.
 */
export function fill(value: unknown, scope: Scope): unknown {
    if (typeof value === "string") return fillString(value, scope);
    if (Array.isArray(value)) return value.map((v) => fill(v, scope));
    if (value && typeof value === "object")
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, scope)]));
    return value;
}

function fillString(text: string, scope: Scope): unknown {
    const whole = text.match(/^\{\{\s*([^{}]+?)\s*\}\}$/);
    if (whole) return lookup(whole[1]!, scope);
    return text.replace(TEMPLATE, (_, expression: string) => {
        const value = lookup(expression, scope);
        return typeof value === "string" ? value : JSON.stringify(value);
    });
}

/** A path such as steps.search.results[0].url read from the scope; no code is run. */
export function lookup(expression: string, scope: Scope): unknown {
    const parts = [...expression.matchAll(/([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]/g)];
    if (parts.map((p) => p[0]).join("").length !== expression.replace(/[.\s]/g, "").length)
        throw new Error(`{{${expression}}} is not a path like steps.search.results[0].url`);
    let value: unknown = scope;
    let path = "";
    for (const part of parts) {
        const key = part[1] ?? Number(part[2]);
        path += typeof key === "number" ? `[${key}]` : path ? `.${key}` : key;
        value =
            value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
        if (value === undefined) throw new Error(`{{${expression}}} has no value (${path} is missing)`);
    }
    return value;
}
