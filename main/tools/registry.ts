import type {SideEffect, ToolInfo, ToolMode, ToolPolicy} from "../../shared/contract.js";
import type {ToolDefinition} from "./defineTool.js";
import type {ToolsConfig} from "./config.js";
import {ArgumentValidator, type Validated} from "./validate.js";

export type PolicyContext = {webAccess: boolean};

/** The enabled tools, their aliases and validators: everything derived from the tool definitions and config. */
export class ToolRegistry {
    private readonly tools = new Map<string, ToolDefinition>();
    private readonly aliases = new Map<string, string>();
    private readonly validator = new ArgumentValidator();
    /** Policies chosen by the user in Settings, over the config file's. */
    private policyOverrides: Record<string, ToolPolicy> = {};

    constructor(
        definitions: ToolDefinition[],
        readonly config: ToolsConfig,
    ) {
        for (const tool of definitions) {
            this.tools.set(tool.name, tool);
            this.validator.add(tool.name, tool.params);
            for (const alias of config.tools[tool.name]?.aliases ?? []) this.aliases.set(alias, tool.name);
        }
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

    /** The tools offered to the model: ask mode offers only tools without local side effects. */
    offered(mode: ToolMode, ctx: PolicyContext): ToolDefinition[] {
        return [...this.tools.values()].filter(
            (t) =>
                this.isEnabled(t.name) &&
                this.policy(t, ctx) !== "deny" &&
                (mode === "agent" || t.sideEffect === "none" || t.sideEffect === "network"),
        );
    }

    policy(tool: ToolDefinition, ctx: PolicyContext): ToolPolicy {
        // Web access off means no network tool, whatever its policy says.
        if (tool.sideEffect === "network" && !ctx.webAccess) return "deny";
        return (
            this.policyOverrides[tool.name] ??
            this.config.tools[tool.name]?.policy ??
            defaultPolicy(tool.sideEffect, ctx)
        );
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

    list(ctx: PolicyContext): ToolInfo[] {
        return [...this.tools.values()].map((t) => ({
            name: t.name,
            aliases: this.config.tools[t.name]?.aliases ?? [],
            description: t.description,
            sideEffect: t.sideEffect,
            policy: this.policy(t, ctx),
            enabled: this.isEnabled(t.name),
            params: t.params,
        }));
    }

    private isEnabled(name: string): boolean {
        return this.config.tools[name]?.enabled ?? true;
    }
}

export function defaultPolicy(sideEffect: SideEffect, ctx: PolicyContext): ToolPolicy {
    if (sideEffect === "none") return "allow";
    if (sideEffect === "network") return ctx.webAccess ? "allow" : "deny";
    return "ask";
}
