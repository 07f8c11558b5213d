import fs from "node:fs";
import {Ajv} from "ajv";
import {validatorOf} from "../validator.js";
import {isMap, isScalar, LineCounter, parseDocument} from "yaml";
import type {ToolPolicy} from "../../shared/contract.js";

export type ToolConfig = {
    enabled?: boolean;
    policy?: ToolPolicy;
    timeoutMs?: number;
    aliases?: string[];
    options?: Record<string, unknown>;
} & Partial<CompositeConfig>;

/** One step of a sequence: a tool and its arguments, which may hold {{input.x}} and {{steps.id.y}}. */
export type SequenceStep = {id: string; tool: string; args?: Record<string, unknown>};

/** A sub-agent: a model loop with its own instructions and tools, whose final text is the result. */
export type AgentConfig = {
    instructions: string;
    tools: string[];
    /** Generation steps at most (each may call tools); the iteration limit by default. */
    maxSteps?: number;
    /** required: the first step must call one of its tools. */
    toolChoice?: "auto" | "required";
    /** What the agent is asked; {{input.x}} templates. Default: the inputs as JSON. */
    task?: string;
};

/** A tool made of tools, defined in tools.yaml: a sequence of steps, or a sub-agent. */
export type CompositeConfig = {
    description: string;
    /** JSON Schema of the inputs (an object). */
    input?: Record<string, unknown>;
    steps?: SequenceStep[];
    agent?: AgentConfig;
    /** A sequence's result text, a template; default: the last step's text. */
    result?: string;
};

export type ToolsConfig = {
    defaults: {timeoutMs: number; maxSteps: number; maxParallel: number};
    tools: Record<string, ToolConfig>;
    /** Where each composite tool is defined, and the line of each tool it refers to. */
    sites?: Record<string, CompositeSite>;
};

export type CompositeSite = {file: string; line: number | null; refs: {name: string; line: number | null}[]};

export type ConfigProblem = {file: string; line: number | null; message: string};

export const BUILTIN_DEFAULTS: ToolsConfig["defaults"] = {timeoutMs: 15_000, maxSteps: 6, maxParallel: 4};

const schema = {
    type: "object",
    additionalProperties: false,
    properties: {
        defaults: {
            type: "object",
            additionalProperties: false,
            properties: {
                timeoutMs: {type: "integer", minimum: 100, maximum: 600_000},
                maxSteps: {type: "integer", minimum: 0, maximum: 50},
                maxParallel: {type: "integer", minimum: 1, maximum: 16},
            },
        },
        tools: {
            type: "object",
            additionalProperties: {
                type: "object",
                additionalProperties: false,
                properties: {
                    enabled: {type: "boolean"},
                    policy: {enum: ["ask", "allow", "deny"]},
                    timeoutMs: {type: "integer", minimum: 100, maximum: 600_000},
                    aliases: {type: "array", items: {type: "string", pattern: "^[a-z][a-z0-9_]*$"}},
                    options: {type: "object"},
                    description: {type: "string", minLength: 1},
                    input: {type: "object"},
                    steps: {
                        type: "array",
                        minItems: 1,
                        items: {
                            type: "object",
                            additionalProperties: false,
                            required: ["id", "tool"],
                            properties: {
                                id: {type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_-]*$"},
                                tool: {type: "string", minLength: 1},
                                args: {type: "object"},
                            },
                        },
                    },
                    agent: {
                        type: "object",
                        additionalProperties: false,
                        required: ["instructions", "tools"],
                        properties: {
                            instructions: {type: "string", minLength: 1},
                            tools: {type: "array", items: {type: "string", minLength: 1}},
                            maxSteps: {type: "integer", minimum: 1, maximum: 50},
                            toolChoice: {enum: ["auto", "required"]},
                            task: {type: "string"},
                        },
                    },
                    result: {type: "string"},
                },
                dependencies: {steps: ["description"], agent: ["description"]},
            },
        },
    },
} as const;

const validate = validatorOf(schema, {allErrors: true, strict: false});

/**
 * Reads the default tools file, then the user's override on top of it. A missing file is not an error;
 * a malformed one is reported with its file and line and ignored, so the defaults still work.
 */
export function loadToolsConfig(files: string[]): {config: ToolsConfig; problems: ConfigProblem[]} {
    const config = {
        defaults: {...BUILTIN_DEFAULTS},
        tools: {} as ToolsConfig["tools"],
        sites: {} as Record<string, CompositeSite>,
    };
    const problems: ConfigProblem[] = [];
    for (const file of files) {
        let text: string;
        try {
            text = fs.readFileSync(file, "utf8");
        } catch {
            continue;
        }
        const parsed = parseConfig(file, text);
        if ("problems" in parsed) {
            problems.push(...parsed.problems);
            continue;
        }
        Object.assign(config.defaults, parsed.value.defaults);
        for (const [name, entry] of Object.entries(parsed.value.tools ?? {})) {
            config.tools[name] = {...config.tools[name], ...entry};
            if (entry.steps || entry.agent) config.sites[name] = siteOf(name, entry, file, parsed.lineOf);
        }
    }
    problems.push(...checkComposites(config));
    return {config, problems};
}

type LineOf = (keys: (string | number)[]) => number | null;

function siteOf(name: string, entry: ToolConfig, file: string, lineOf: LineOf): CompositeSite {
    const at = ["tools", name];
    const refs = [
        ...(entry.steps ?? []).map((step, i) => ({
            name: step.tool,
            line: lineOf([...at, "steps", i, "tool"]),
        })),
        ...(entry.agent?.tools ?? []).map((tool, i) => ({
            name: tool,
            line: lineOf([...at, "agent", "tools", i]),
        })),
    ];
    return {file, line: lineOf(at), refs};
}

function parseConfig(
    file: string,
    text: string,
): {value: Partial<ToolsConfig>; lineOf: LineOf} | {problems: ConfigProblem[]} {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, {lineCounter});
    if (doc.errors.length > 0) {
        return {
            problems: doc.errors.map((e) => ({file, line: e.linePos?.[0]?.line ?? null, message: e.message})),
        };
    }
    const value: unknown = doc.toJS() ?? {};
    const lineAt = (node: unknown) => {
        const offset = (node as {range?: [number, number]} | null)?.range?.[0];
        return offset === undefined ? null : lineCounter.linePos(offset).line;
    };
    // A map entry's line is its key's (where "research:" is written), any other node's its own.
    const lineOf: LineOf = (keys) => {
        if (keys.length === 0 || !isMap(doc.contents)) return lineAt(doc.contents);
        const parent = keys.length === 1 ? doc.contents : doc.getIn(keys.slice(0, -1), true);
        const last = keys[keys.length - 1];
        const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && p.key.value === last) : null;
        return lineAt(pair ? pair.key : doc.getIn(keys, true));
    };
    if (validate(value)) return {value: value as Partial<ToolsConfig>, lineOf};
    return {
        problems: (validate.errors ?? []).map((e) => {
            const keys = e.instancePath.split("/").filter(Boolean);
            return {file, line: lineOf(keys), message: `${e.instancePath || "(top)"} ${e.message}`};
        }),
    };
}

const COMPOSITE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Composite tools that cannot work are refused, each with its file and line: a bad name, steps and an
 * agent together, repeated step ids, templates naming what does not exist yet, an input schema that is not
 * an object schema, and cycles (a tool that reaches itself through others). Refused ones are removed.
 */
function checkComposites(config: ToolsConfig & {sites: Record<string, CompositeSite>}): ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    const refuse = (name: string, message: string, line = config.sites[name]?.line ?? null) => {
        problems.push({file: config.sites[name]?.file ?? "tools.yaml", line, message: `${name}: ${message}`});
        delete config.tools[name];
        delete config.sites[name];
    };
    for (const name of Object.keys(config.sites)) {
        const entry = config.tools[name]!;
        const problem = compositeProblem(name, entry);
        if (problem) refuse(name, problem);
    }
    for (const cycle of findCycles(config.sites)) {
        const [first] = cycle;
        const site = config.sites[first!];
        const closing = site?.refs.find((r) => r.name === cycle[1 % cycle.length]);
        const path = [...cycle, first].join(" → ");
        for (const name of cycle)
            if (config.sites[name])
                refuse(
                    name,
                    `calls itself (${path}); composite tools may not form a cycle`,
                    name === first ? (closing?.line ?? null) : undefined,
                );
    }
    return problems;
}

function compositeProblem(name: string, entry: ToolConfig): string | null {
    if (!COMPOSITE_NAME.test(name))
        return "a composite tool's name is letters, digits, _ and - (dots name MCP servers' tools)";
    if (entry.steps && entry.agent)
        return "has both steps and an agent; a composite tool is one or the other";
    if (entry.input && !isObjectSchema(entry.input))
        return "input must be a JSON Schema of type object that compiles";
    const seen: string[] = [];
    for (const step of entry.steps ?? []) {
        if (seen.includes(step.id)) return `two steps are named ${step.id}`;
        const bad = badReference(step.args ?? {}, seen);
        if (bad) return `step ${step.id}: ${bad}`;
        seen.push(step.id);
    }
    const resultBad = entry.result === undefined ? null : badReference(entry.result, seen);
    if (resultBad) return `result: ${resultBad}`;
    const taskBad = entry.agent?.task === undefined ? null : badReference(entry.agent.task, []);
    return taskBad ? `agent.task: ${taskBad}` : null;
}

function isObjectSchema(schema: Record<string, unknown>): boolean {
    if (schema.type !== "object") return false;
    try {
        new Ajv({strict: false}).compile(schema);
        return true;
    } catch {
        return false;
    }
}

/** The first template in a value that names neither the inputs nor an earlier step, said in words. */
function badReference(value: unknown, earlier: string[]): string | null {
    for (const expression of templatesIn(value)) {
        const root = expression.match(/^(input|steps)\b(?:\.([A-Za-z_][A-Za-z0-9_-]*))?/);
        if (!root) return `{{${expression}}} must start with input or steps.<id>`;
        if (root[1] === "steps" && !earlier.includes(root[2] ?? ""))
            return `{{${expression}}} names a step that has not run before it`;
    }
    return null;
}

/** Every {{...}} expression in a value (strings at any depth). */
export function templatesIn(value: unknown): string[] {
    if (typeof value === "string") return [...value.matchAll(TEMPLATE)].map((m) => m[1]!);
    if (Array.isArray(value)) return value.flatMap(templatesIn);
    if (value && typeof value === "object") return Object.values(value).flatMap(templatesIn);
    return [];
}

export const TEMPLATE = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** Each cycle among composite tools once, as the names along it. */
function findCycles(sites: Record<string, CompositeSite>): string[][] {
    const cycles: string[][] = [];
    const done = new Set<string>();
    const visit = (name: string, stack: string[]) => {
        if (done.has(name) || !sites[name]) return;
        const at = stack.indexOf(name);
        if (at >= 0) {
            cycles.push(stack.slice(at));
            return;
        }
        for (const ref of sites[name].refs) visit(ref.name, [...stack, name]);
        done.add(name);
    };
    for (const name of Object.keys(sites)) visit(name, []);
    return cycles;
}
