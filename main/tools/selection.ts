import type {ToolDefinition} from "./defineTool.js";
import type {ToolRegistry} from "./registry.js";
import {DEFAULT_TOOL_SHARE} from "../store/settings.js";
import {formatCount} from "../../shared/format.js";

/** The built-in tool the model searches the tools left out with; offered only when some are left out. */
export const FIND_TOOLS = "find_tools";
/** The most tools chosen by relevance alone: more cost prompt time and confuse small models. */
export const MOST_RELEVANT = 8;
/** Each tool definition's wrapping in a chat format (names, braces, separators), over its own text. */
const FORMAT_TOKENS = 12;

export type OfferReason = "built-in" | "pinned" | "used" | "found" | "relevant";

/** The tools one step offers the model, and why. */
export type ToolSelection = {
    tools: ToolDefinition[];
    /** How many could have been offered (the mode, web access and switches allow them). */
    of: number;
    /** Some were left out to keep within the budget: find_tools is offered for them. */
    cut: boolean;
    why: Record<OfferReason, number>;
    /** What the chosen definitions cost, estimated in the model's tokens, and the budget they had. */
    tokens: number;
    budget: number;
};

export type SelectionRequest = {
    /** The tools the mode, web access and this conversation's switches allow, in the registry's order. */
    offered: ToolDefinition[];
    /** What the tools are chosen for: the person's message. */
    query: string;
    /** Tools the person pinned: always offered. */
    pinned: ReadonlySet<string>;
    /** Tools called earlier in the conversation, the newest last. */
    used: readonly string[];
    /** Tools find_tools found in this answer. */
    found: readonly string[];
    /** Tokens the definitions may take. */
    budget: number;
    /** A tool's definition in tokens. */
    cost: (tool: ToolDefinition) => number;
    /** Tool names matching the query, best first, among those `among` allows. */
    rank: (query: string, k: number, among: (name: string) => boolean) => string[];
};

/**
 * Chooses the tool definitions a step offers under a token budget: all of them when they fit; otherwise
 * Cairn's own tools and the pinned ones (always), find_tools, the ones find_tools found, the ones used before
 * (newest first), then the most relevant to the message, while the budget lasts. When that leaves nothing
 * out, all are offered without find_tools. The result keeps a stable order (built-in, pinned and find_tools
 * first, then the registry's order) so that the prompt's start stays the same, and reusable, across turns.
 */
export function selectTools(request: SelectionRequest): ToolSelection {
    const {offered, budget, cost} = request;
    const finder = offered.find((t) => t.name === FIND_TOOLS);
    const candidates = offered.filter((t) => t !== finder);
    const why: Record<OfferReason, number> = {"built-in": 0, pinned: 0, used: 0, found: 0, relevant: 0};
    const all = candidates.reduce((sum, t) => sum + cost(t), 0);
    if (all <= budget)
        return {tools: candidates, of: candidates.length, cut: false, why, tokens: all, budget};
    const byName = new Map(candidates.map((t) => [t.name, t]));
    const chosen = new Map<string, OfferReason>();
    let tokens = finder ? cost(finder) : 0;
    const take = (name: string, reason: OfferReason, always = false): void => {
        const tool = byName.get(name);
        if (!tool || chosen.has(name)) return;
        const more = cost(tool);
        if (!always && tokens + more > budget) return;
        chosen.set(name, reason);
        tokens += more;
        why[reason]++;
    };
    for (const t of candidates) if (isBuiltIn(t)) take(t.name, "built-in", true);
    for (const t of candidates) if (request.pinned.has(t.name)) take(t.name, "pinned", true);
    // The model asked for these: offered even past the budget (the context check still applies).
    for (const name of request.found) take(name, "found", true);
    for (const name of [...request.used].reverse()) take(name, "used");
    const relevant = request.rank(request.query, MOST_RELEVANT + chosen.size, (name) => byName.has(name));
    for (const name of relevant) if (why.relevant < MOST_RELEVANT) take(name, "relevant");
    if (chosen.size === candidates.length)
        return {tools: candidates, of: candidates.length, cut: false, why, tokens: all, budget};
    // Always-offered tools first, in the registry's order: the prompt starts as it does with no other tools.
    const always = (t: ToolDefinition) => ["built-in", "pinned"].includes(chosen.get(t.name)!);
    const tools = [
        ...candidates.filter(always),
        ...(finder ? [finder] : []),
        ...candidates.filter((t) => chosen.has(t.name) && !always(t)),
    ];
    return {tools, of: candidates.length, cut: true, why, tokens, budget};
}

/** "12 of 2,017 tools offered: 3 pinned, 2 used before, 7 by relevance" (the trace's words). */
export function describeSelection(s: ToolSelection): string {
    const offered = s.tools.filter((t) => t.name !== FIND_TOOLS).length;
    if (!s.cut) return `all ${formatCount(s.of)} tools offered`;
    const parts = [
        s.why["built-in"] && `${s.why["built-in"]} built-in`,
        s.why.pinned && `${s.why.pinned} pinned`,
        s.why.found && `${s.why.found} found by find_tools`,
        s.why.used && `${s.why.used} used before`,
        s.why.relevant && `${s.why.relevant} by relevance`,
    ].filter(Boolean);
    return (
        `${formatCount(offered)} of ${formatCount(s.of)} tools offered` +
        `${parts.length ? `: ${parts.join(", ")}` : ""}` +
        (s.tools.some((t) => t.name === FIND_TOOLS) ? "; find_tools searches the rest" : "")
    );
}

function isBuiltIn(tool: ToolDefinition): boolean {
    return (tool.source ?? "built-in") === "built-in";
}

/**
 * A tool definition's cost in tokens, counted once per definition (a changed tool list makes new ones):
 * its name, description and parameters as the model reads them, with the chat format's wrapping.
 */
export function definitionCost(count: (text: string) => number | null): (tool: ToolDefinition) => number {
    const known = new WeakMap<ToolDefinition, number>();
    return (tool) => {
        let tokens = known.get(tool);
        if (tokens === undefined) {
            const text = `${tool.name}\n${tool.description}\n${JSON.stringify(tool.params)}`;
            tokens = (count(text) ?? Math.ceil(text.length / 4)) + FORMAT_TOKENS;
            known.set(tool, tokens);
        }
        return tokens;
    };
}

/** A remote model's budget for tool definitions: its context is not known here. */
const REMOTE_BUDGET = 16_000;

/** What the chooser needs of the model that answers: its context size and tokenizer, when it has them. */
export type ToolRoom = {
    contextSize?(): number | null;
    countTokens?(text: string): number | null;
};

/**
 * Chooses each step's tools for a model (selectTools) from the registry: its search, its pinned tools, the
 * share of the context chosen in Settings; each definition's cost counted once per model.
 */
export class ToolChooser {
    private readonly costs = new WeakMap<ToolRoom, (tool: ToolDefinition) => number>();

    constructor(
        private readonly registry: ToolRegistry,
        private readonly share: () => number = () => DEFAULT_TOOL_SHARE,
    ) {}

    /** The budget in tokens for a model's tool definitions: the share of its context, or a remote's. */
    budget(room: ToolRoom): number {
        const size = room.contextSize?.() ?? null;
        return size === null ? REMOTE_BUDGET : Math.floor((size * this.share()) / 100);
    }

    choose(
        offered: ToolDefinition[],
        room: ToolRoom,
        context: {
            query: string;
            used: readonly string[];
            found: readonly string[];
            pinned?: readonly string[];
        },
    ): ToolSelection {
        const pinned = this.registry.pinned();
        return selectTools({
            offered,
            ...context,
            // The person's pins, and those of the conversation (its assistant's).
            pinned: context.pinned?.length ? new Set([...pinned, ...context.pinned]) : pinned,
            budget: this.budget(room),
            cost: this.costFor(room),
            rank: (query, k, among) => this.registry.search(query, k, among),
        });
    }

    /** Whether these tools are more than fit the budget, so that a step must choose among them. */
    mustChoose(offered: ToolDefinition[], room: ToolRoom): boolean {
        const cost = this.costFor(room);
        return offered.reduce((sum, t) => sum + cost(t), 0) > this.budget(room);
    }

    /** A tool's cost in this model's tokens (an estimate from its length when it cannot count). */
    costFor(room: ToolRoom): (tool: ToolDefinition) => number {
        let cost = this.costs.get(room);
        if (!cost) {
            cost = definitionCost((text) => room.countTokens?.(text) ?? null);
            this.costs.set(room, cost);
        }
        return cost;
    }
}
