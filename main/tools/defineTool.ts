import type {SideEffect, Source} from "../../shared/contract.js";

/** What a tool gives back: text for the model, optional structured data for the UI. */
export type ToolOutput = {text: string; data?: unknown; error?: string; sources?: Source[]};

export type ToolContext = {
    signal: AbortSignal;
    conversationId: string;
    dataDir: string;
    /** Per-tool options from the tools config file. */
    options: Record<string, unknown>;
};

export type JsonSchemaObject = {
    type: "object";
    properties: Record<string, object>;
    required?: readonly string[];
    additionalProperties?: false;
};

export type ToolDefinition<Args = Record<string, unknown>> = {
    name: string;
    description: string;
    sideEffect: SideEffect;
    timeoutMs?: number;
    params: JsonSchemaObject;
    run(args: Args, ctx: ToolContext): Promise<ToolOutput>;
};

/** One object per tool: the model's function list, the validator, the UI listing and the policy derive from it. */
export function defineTool<Args = Record<string, unknown>>(tool: ToolDefinition<Args>): ToolDefinition {
    return tool as unknown as ToolDefinition;
}
