import type {GbnfJsonObjectSchema, GbnfJsonSchema, GbnfJsonSchemaToType} from "node-llama-cpp";
import type {Attachment, SideEffect, Source, ToolCallStatus} from "../../shared/contract.js";
import type {ModelFunction} from "../llm/stepTypes.js";
import type {Network} from "../net/network.js";
import type {Words} from "../../shared/result.js";

/**
 * What a tool gives back: text for the model, optional structured data for the UI. An error's words
 * (shared/coreWords.ts), where it has them, are said in the window's language; the model reads `error`.
 */
export type ToolOutput = {
    text: string;
    data?: unknown;
    error?: string;
    /** An error's whole text for the trace, where the model reads only `error` (a summary of it). */
    trace?: string;
    errorWords?: Words;
    sources?: Source[];
};

export type ToolContext = {
    signal: AbortSignal;
    conversationId: string;
    dataDir: string;
    /** Per-tool options from the tools config file. */
    options: Record<string, unknown>;
    /**
     * The folder file tools work in: the conversation's, else the one in Settings, else the tool's
     * options.root; unset: <data>/workspace.
     */
    workspace?: string;
    /** How far the call has got (an MCP server's progress notifications), shown in the trace. */
    progress?: (update: {progress: number; total?: number; message?: string}) => void;
    /** Keeps what a file held before this call wrote it (null: it did not exist), for undo from the trace. */
    keepPrevious?(file: string, before: Buffer | null, after: string | Buffer): void;
    /**
     * Runs another tool inside this call (a composite tool's step): validated, decided by its own policy and
     * approvals, traced as a child of this call. Never throws.
     */
    call?(name: string, args: unknown): Promise<ChildOutcome>;
    /**
     * Searches the tools this answer may use but were not offered (find_tools); what it returns is offered
     * from the next step on. Absent where there is no tool selection.
     */
    findTools?(query: string, k: number): Promise<{name: string; description: string}[]>;
    /** Offline mode and the egress log: network tools send their requests through it. */
    network?: Network;
    /** Whether a person started this call and can be asked things while it runs (false: the API, the CLI). */
    interactive?: boolean;
    /** The MCP server whose app asked for this call: that app shows its result itself. */
    askedByApp?: string;
    /**
     * Keeps an image the tool made (checked and downscaled like an attachment) and shows it with the answer
     * this call belongs to. Absent for a call that belongs to no conversation.
     */
    attach?: (image: Buffer, name: string) => Promise<Attachment>;
};

/** How a child call ended: its status, the text the model would see (or the error), data and sources. */
export type ChildOutcome = {status: ToolCallStatus; text: string; data: unknown; sources: Source[]};

/** What a write will do, shown in the approval dialog before it runs. */
export type ToolPreview = {path: string; diff: string};

/**
 * A tool's parameters: an object schema node-llama-cpp can turn into a grammar, so the compiler refuses
 * keywords the grammar cannot express (ranges, defaults: they go in the tool's `validate` part).
 */
export type ParamsSchema = GbnfJsonObjectSchema & {
    readonly properties: Readonly<Record<string, GbnfJsonSchema>>;
    readonly required?: readonly string[];
};

/** The JSON Schema keywords node-llama-cpp's grammar understands. */
type GrammarKeyword =
    | "type"
    | "properties"
    | "required"
    | "additionalProperties"
    | "enum"
    | "const"
    | "oneOf"
    | "items"
    | "prefixItems"
    | "minLength"
    | "maxLength"
    | "minItems"
    | "maxItems"
    | "minProperties"
    | "maxProperties"
    | "format"
    | "description";

/**
 * The schema with every keyword outside the grammar's set made `never`, at any depth: generic inference
 * does not check excess properties, so without it `minimum` would slip through unnoticed.
 */
export type GrammarOnly<S> = S extends readonly (infer E)[]
    ? readonly GrammarOnly<E>[]
    : S extends object
      ? {
            [K in keyof S]: K extends GrammarKeyword
                ? K extends "properties"
                    ? {[Name in keyof S[K]]: GrammarOnly<S[K][Name]>}
                    : K extends "items" | "oneOf" | "prefixItems" | "additionalProperties"
                      ? GrammarOnly<S[K]>
                      : S[K]
                : never;
        }
      : S;

/** Keywords only the validator checks (ajv), merged into each named property's schema. */
export type ValidateOnly = {readonly properties: Readonly<Record<string, object>>};

type Required<P extends ParamsSchema> = P["required"] extends readonly (infer R)[] ? R : never;

/** The arguments a params schema describes: its required keys as they are, the others optional. */
export type ArgsOf<P extends ParamsSchema> = {
    -readonly [
        K in keyof P["properties"] & string as K extends Required<P> ? K : never
    ]: GbnfJsonSchemaToType<P["properties"][K]>;
} & {
    -readonly [
        K in keyof P["properties"] & string as K extends Required<P> ? never : K
    ]?: GbnfJsonSchemaToType<P["properties"][K]>;
};

/** A tool as its file writes it: the handler's argument type follows from `params`. */
export type ToolSpec<P extends ParamsSchema> = {
    name: string;
    description: string;
    sideEffect: SideEffect;
    timeoutMs?: number;
    /** Offered and run in agent mode only, whatever its side effect (the workspace file tools). */
    agentOnly?: boolean;
    /** A write the person may approve in every mode (remember: memory is theirs, not the workspace). */
    everyMode?: boolean;
    /**
     * Offered to the model only while this holds (recall: once something is remembered); conversationId: where
     * it would be offered (null: no conversation, the local API's).
     */
    offeredWhen?: (conversationId: string | null) => boolean;
    params: P & GrammarOnly<P>;
    validate?: ValidateOnly;
    run(args: ArgsOf<P>, ctx: ToolContext): Promise<ToolOutput> | ToolOutput;
    preview?: (args: ArgsOf<P>, ctx: ToolContext) => Promise<ToolPreview | null>;
};

/** A tool as the registry holds it, whatever its parameters. */
export type ToolDefinition = {
    name: string;
    description: string;
    sideEffect: SideEffect;
    /** "built-in" unless set: "mcp:<server>" for an MCP server's tool. */
    source?: string;
    /** Reaches outside this computer although it changes nothing there: needs web access on. */
    openWorld?: boolean;
    agentOnly?: boolean;
    everyMode?: boolean;
    offeredWhen?: (conversationId: string | null) => boolean;
    /** Made of other tools (tools.yaml): allowed by default, since each inner call is decided on its own. */
    composite?: boolean;
    timeoutMs?: number;
    params: ParamsSchema;
    validate?: ValidateOnly;
    /**
     * A schema written elsewhere (an MCP server's): validated as it is, while `params` is its cut-down
     * form for the grammar.
     */
    inputSchema?: object;
    run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput>;
    preview?: (args: Record<string, unknown>, ctx: ToolContext) => Promise<ToolPreview | null>;
};

/**
 * One object per tool: the model's function list and grammar (`params`), the validator (`params` with
 * `validate`), the UI listing and the policy derive from it.
 */
export function defineTool<const P extends ParamsSchema>(spec: ToolSpec<P>): ToolDefinition {
    // The runner calls a tool only with arguments its validator accepted against this schema.
    const {preview} = spec;
    return {
        ...spec,
        run: (args, ctx) => Promise.resolve(spec.run(args as ArgsOf<P>, ctx)),
        preview: preview && ((args, ctx) => preview(args as ArgsOf<P>, ctx)),
    };
}

/** The schema the validator compiles: the grammar's schema with the validate-only keywords merged in. */
export function validationSchema(tool: Pick<ToolDefinition, "params" | "validate">): object {
    const extra = tool.validate?.properties ?? {};
    const properties = Object.fromEntries(
        Object.entries(tool.params.properties).map(([key, schema]) => [key, {...schema, ...extra[key]}]),
    );
    return {...tool.params, properties};
}

/** A tool as the model is told of it: its name, description and the grammar's form of its parameters. */
export function modelFunction(tool: Pick<ToolDefinition, "name" | "description" | "params">): ModelFunction {
    return {name: tool.name, description: tool.description, params: tool.params};
}
