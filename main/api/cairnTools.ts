import type {ChatModelFunctionCall} from "node-llama-cpp";
import type {SourceKind, ToolCallStatus} from "../../shared/contract.js";
import {EventBus} from "../events.js";
import type {Db} from "../store/db.js";
import {ToolCallStore} from "../store/toolCalls.js";
import type {Approver} from "../tools/approvals.js";
import type {ToolDefinition} from "../tools/defineTool.js";
import {decide} from "../tools/policy.js";
import type {ToolRegistry} from "../tools/registry.js";
import {ToolRunner, type CallOutcome} from "../tools/runner.js";
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
export type CairnToolPlan = {tools: ToolDefinition[]; preflight: {name: string; args: unknown}[]};
export type ToolRound = {items: ChatModelFunctionCall[]; steps: Step[]; citations: ApiCitation[]};

const SUMMARY_CHARS = 300;
const REFUSAL =
    "asks before it runs, and nobody can answer over the API: set its policy to Allow in Settings → Tools, or allow it always once in the app";

/** API calls are stateless: their tool calls are checked and run like the app's, but not stored. */
class UnrecordedCalls extends ToolCallStore {
    override save(): void {}
}

/**
 * Cairn's own tools for API callers (`metadata.tools`, `metadata.tool_calls`): the same registry,
 * validation, policy, grants and time limits as in the app. A tool whose policy is "ask" is refused
 * unless a grant exists, since nobody is there to answer.
 */
export class ApiTools {
    private readonly runner: ToolRunner;
    private readonly recordingRunner: ToolRunner;
    private readonly refuse: Approver = () =>
        Promise.resolve({decision: "deny", by: "cli", message: REFUSAL});

    constructor(
        private readonly registry: ToolRegistry,
        db: Db,
        dataDir: string,
        private readonly webAccess: () => boolean,
        bus: EventBus = new EventBus(),
    ) {
        this.runner = new ToolRunner(registry, new UnrecordedCalls(db), new EventBus(), dataDir);
        // For exchanges recorded as a conversation (metadata.conversation_id): stored and shown live.
        this.recordingRunner = new ToolRunner(registry, new ToolCallStore(db), bus, dataDir);
    }

    /** Reads `metadata`: the allow-list and the preflight calls; a tool that may not run is a 400 saying why. */
    plan(metadata: Record<string, unknown> | null | undefined): CairnToolPlan | null {
        if (!metadata || (metadata.tools === undefined && metadata.tool_calls === undefined)) return null;
        const names = stringList(metadata.tools, "metadata.tools");
        const preflight = preflightList(metadata.tool_calls);
        const tools = [...new Set([...names, ...preflight.map((p) => p.name)])].map((name) =>
            this.allowed(name),
        );
        return {tools, preflight};
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
        const runner = recordIn ? this.recordingRunner : this.runner;
        for (const call of calls) {
            const outcome = await runner.run(call.name, call.params, {
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

    private allowed(name: string): ToolDefinition {
        const tool = this.registry.resolve(name);
        if (!tool) {
            const known = this.registry.offered("agent", {webAccess: true}).map((t) => t.name);
            throw invalid(
                `metadata.tools: no Cairn tool is named ${name} (known: ${known.join(", ")})`,
                "metadata.tools",
            );
        }
        const verdict = decide(tool, {
            mode: "agent",
            webAccess: this.webAccess(),
            policy: this.registry.policy(tool),
            repeated: false,
        });
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

function withSources(text: string, citations: ApiCitation[]): string {
    if (citations.length === 0) return text;
    const lines = citations.map((c) => `[${c.number}] ${c.title}${c.url ? ` (${c.url})` : ""}`);
    return `${text}\n\nSources:\n${lines.join("\n")}`;
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
