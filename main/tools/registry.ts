import type {ToolInfo, ToolMode, ToolPolicy} from "../../shared/contract.js";
import {validationSchema, type ToolDefinition} from "./defineTool.js";
import type {ToolsConfig} from "./config.js";
import {decide, defaultPolicy} from "./policy.js";
import {ToolIndex} from "./toolIndex.js";
import {fuseRanks, type ToolVectors} from "./toolVectors.js";
import {ArgumentValidator, type Validated} from "./validate.js";
import {messageOf} from "../../shared/format.js";

/** A tool left out of the registry, and why. */
export type RefusedTool = {tool: string; reason: string};

export type PolicyContext = {
    webAccess: boolean;
    /** Tool names and sources switched off here. */ off?: string[];
};

/** The enabled tools, their aliases and validators: everything derived from the tool definitions and config. */
export class ToolRegistry {
    private readonly tools = new Map<string, ToolDefinition>();
    private readonly aliases = new Map<string, string>();
    private readonly validator = new ArgumentValidator();
    /** Policies chosen by the user in Settings, over the config file's. */
    private policyOverrides: Record<string, ToolPolicy> = {};
    /** Tools the person pinned: offered in every step however many tools there are. */
    private pins = new Set<string>();

    private readonly preparers: (() => Promise<void>)[] = [];
    /** Full-text search over every tool, updated as sources change (tool selection, find_tools). */
    private readonly index = new ToolIndex();
    /** Search by meaning beside the words, when an embedding model is chosen (none: words only). */
    private vectors: ToolVectors | null = null;

    constructor(
        definitions: ToolDefinition[],
        readonly config: ToolsConfig,
    ) {
        for (const tool of definitions) {
            this.tools.set(tool.name, tool);
            if (tool.inputSchema) this.validator.addForeign(tool.name, tool.inputSchema);
            else this.validator.addLater(tool.name, validationSchema(tool));
            for (const alias of config.tools[tool.name]?.aliases ?? []) this.aliases.set(alias, tool.name);
        }
        this.index.setSource("built-in", definitions);
    }

    /**
     * Replaces the tools one source offers (an MCP server's, as its list changes). A tool whose schema
     * cannot be compiled is left out, and named in the problems returned. Built-in names are never replaced.
     */
    setSource(source: string, definitions: ToolDefinition[]): RefusedTool[] {
        for (const [name, tool] of this.tools) {
            if (tool.source === source) {
                this.tools.delete(name);
                this.validator.remove(name);
            }
        }
        const problems: RefusedTool[] = [];
        for (const tool of definitions) {
            if (this.tools.has(tool.name)) {
                problems.push({tool: tool.name, reason: "a tool with this name already exists"});
                continue;
            }
            try {
                if (tool.inputSchema) this.validator.addForeign(tool.name, tool.inputSchema);
                else this.validator.add(tool.name, validationSchema(tool));
            } catch (error) {
                problems.push({tool: tool.name, reason: messageOf(error)});
                continue;
            }
            this.tools.set(tool.name, {...tool, source});
        }
        const listed = [...this.tools.values()].filter((t) => t.source === source);
        this.index.setSource(source, listed);
        this.vectors?.setSource(
            source,
            listed.filter((t) => this.isEnabled(t.name)),
        );
        return problems;
    }

    /**
     * Adds search by meaning: every enabled tool's text is embedded in the background, and as sources change
     * (a tool switched off in tools.yaml, such as generate_image until a server is set, is never offered).
     */
    useVectors(vectors: ToolVectors): void {
        this.vectors = vectors;
        const enabled = [...this.tools.values()].filter((t) => this.isEnabled(t.name));
        const sources = new Set(enabled.map((t) => t.source ?? "built-in"));
        for (const source of sources)
            vectors.setSource(
                source,
                enabled.filter((t) => (t.source ?? "built-in") === source),
            );
    }

    /** How far search by meaning is: tools with a vector, of all; null without it. */
    meaningProgress(): ReturnType<ToolVectors["progress"]> | null {
        return this.vectors?.progress() ?? null;
    }

    /** Resolves once every tool known now has its vector (or the embedding model failed). */
    meaningSettled(): Promise<void> {
        return this.vectors?.settled() ?? Promise.resolve();
    }

    /** Embeds a query for search() by meaning (a no-op without an embedding model). */
    readQuery(query: string): Promise<void> {
        return this.vectors?.read(query) ?? Promise.resolve();
    }

    /** Work that must be done before tools are offered (MCP servers that start on first use). */
    addPreparer(prepare: () => Promise<void>): void {
        this.preparers.push(prepare);
    }

    async prepare(): Promise<void> {
        await Promise.all(this.preparers.map((p) => p()));
    }

    /** A tool by name or alias, if it exists and is enabled. */
    resolve(name: string): ToolDefinition | null {
        const tool = this.tools.get(this.aliases.get(name) ?? name);
        return tool && this.isEnabled(tool.name) ? tool : null;
    }

    validate(name: string, args: unknown): Validated & {tool?: ToolDefinition} {
        const tool = this.resolve(name);
        if (!tool) return {ok: false, message: `unknown tool: ${name}`};
        return {...this.validator.validate(tool.name, args), tool};
    }

    /**
     * The tools offered to the model: those decide() does not deny in this mode with this web access, less
     * those switched off in the conversation (and those only some conversations are offered, outside them).
     */
    offered(mode: ToolMode, ctx: PolicyContext & {conversationId?: string}): ToolDefinition[] {
        return [...this.tools.values()].filter(
            (t) =>
                this.isEnabled(t.name) &&
                (t.offeredWhen?.(ctx.conversationId ?? null) ?? true) &&
                decide(t, {mode, webAccess: ctx.webAccess, policy: this.policy(t), off: ctx.off}).verdict !==
                    "deny",
        );
    }

    /**
     * Tool names matching a query, best first, among those `among` allows: by its words, and by its meaning
     * when it was read (readQuery) with an embedding model, the two fused by reciprocal rank.
     */
    search(query: string, k: number, among: (name: string) => boolean): string[] {
        const depth = k * 4 + 20;
        const words = this.index.search(query, depth, among);
        const meaning = this.vectors?.nearest(query, depth, among) ?? [];
        if (meaning.length === 0) return words.slice(0, k);
        return fuseRanks([words, meaning.map((m) => m.name)]).slice(0, k);
    }

    /** Every enabled tool, offered here or not (the tools menu lists them all). */
    enabled(): ToolDefinition[] {
        return [...this.tools.values()].filter((t) => this.isEnabled(t.name));
    }

    /** The policy chosen for a tool: in Settings, else in tools.yaml, else its side effect's default. */
    policy(tool: ToolDefinition): ToolPolicy {
        return (
            this.policyOverrides[tool.name] ??
            this.config.tools[tool.name]?.policy ??
            (tool.composite ? "allow" : defaultPolicy(tool.sideEffect))
        );
    }

    pinned(): ReadonlySet<string> {
        return this.pins;
    }

    setPinned(names: readonly string[]): void {
        this.pins = new Set(names);
    }

    setPolicyOverrides(overrides: Record<string, ToolPolicy>): void {
        this.policyOverrides = {...overrides};
    }

    timeoutMs(tool: ToolDefinition): number {
        return this.config.tools[tool.name]?.timeoutMs ?? tool.timeoutMs ?? this.config.defaults.timeoutMs;
    }

    options(tool: ToolDefinition): Record<string, unknown> {
        return this.config.tools[tool.name]?.options ?? {};
    }

    list(): ToolInfo[] {
        return [...this.tools.values()].map((t) => ({
            name: t.name,
            aliases: this.config.tools[t.name]?.aliases ?? [],
            description: t.description,
            source: t.source ?? "built-in",
            sideEffect: t.sideEffect,
            openWorld: t.openWorld ?? false,
            policy: this.policy(t),
            enabled: this.isEnabled(t.name),
            pinned: this.pins.has(t.name),
            params: t.params,
        }));
    }

    private isEnabled(name: string): boolean {
        return this.config.tools[name]?.enabled ?? true;
    }
}
