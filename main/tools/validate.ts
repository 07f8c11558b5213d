import {Ajv, type ErrorObject, type ValidateFunction} from "ajv";
import addFormats, {type FormatsPlugin} from "ajv-formats";
import {formatBytes, messageOf} from "../../shared/format.js";

/** The largest input schema a foreign tool may declare, as JSON, and its deepest nesting. */
/** ajv-formats' plugin (its CommonJS module's export is the plugin itself, as Node's ESM import delivers it). */
const formatsPlugin: FormatsPlugin = addFormats;

export const MAX_SCHEMA_BYTES = 256 * 1024;
export const MAX_SCHEMA_DEPTH = 32;

export type Validated = {ok: true; args: Record<string, unknown>} | {ok: false; message: string};

/**
 * Strict argument checking: no type coercion, defaults filled in, unknown arguments dropped.
 * Numeric ranges are checked in code by each tool, as grammars cannot express them.
 */
export class ArgumentValidator {
    private ownAjv: Ajv | null = null;
    private foreign: Ajv | null = null;
    private readonly compiled = new Map<string, ValidateFunction>();
    /**
     * Schemas not compiled yet, compiled on a tool's first call: foreign ones (checked when added) and Cairn's own
     * (tests/integration/tools.test.ts compiles them all).
     */
    private readonly pending = new Map<string, {schema: object; own: boolean}>();

    /** Compiles a schema now: a schema that cannot be compiled throws (the caller says which tool and why). */
    add(name: string, schema: object): void {
        this.compiled.set(name, this.ajv.compile(schema));
    }

    /**
     * Takes a schema of Cairn's own tools and compiles it on the tool's first call: compiling every built-in tool's
     * at start cost each start of the core, and each CLI command, about 0.1 s of the event loop.
     */
    addLater(name: string, schema: object): void {
        this.compiled.delete(name);
        this.pending.set(name, {schema, own: true});
    }

    /** Strict, for Cairn's own schemas: no coercion, defaults filled in, unknown arguments dropped. */
    private get ajv(): Ajv {
        this.ownAjv ??= new Ajv({
            allErrors: true,
            strict: true,
            coerceTypes: false,
            useDefaults: true,
            removeAdditional: "all",
        });
        return this.ownAjv;
    }

    /**
     * Schemas written elsewhere (MCP servers): the same strict checking of arguments (no coercion), but
     * their schema's own keywords and formats are accepted and extra arguments are left to the server.
     */
    private get foreignAjv(): Ajv {
        this.foreign ??= formatsPlugin(
            new Ajv({allErrors: true, strict: false, coerceTypes: false, useDefaults: true}),
        );
        return this.foreign;
    }

    /**
     * Checks a schema written elsewhere at once (its size, its depth, JSON Schema's own rules), and compiles
     * it on the tool's first call: a server listing 2,000 tools costs milliseconds, not seconds of compiling.
     * Throws when the schema is refused: the caller says which tool and why.
     */
    addForeign(name: string, schema: object): void {
        const {$schema: _draft, ...rest} = schema as Record<string, unknown>;
        const problem = schemaProblem(rest);
        if (problem) throw new Error(problem);
        if (!this.foreignAjv.validateSchema(rest))
            throw new Error(
                `its input schema is not valid JSON Schema (${this.foreignAjv.errorsText(this.foreignAjv.errors, {dataVar: "schema"})})`,
            );
        this.compiled.delete(name);
        this.pending.set(name, {schema: rest, own: false});
    }

    remove(name: string): void {
        this.compiled.delete(name);
        this.pending.delete(name);
    }

    validate(name: string, args: unknown): Validated {
        const validate = this.compiledFor(name);
        if (typeof validate === "string") return {ok: false, message: validate};
        if (typeof args !== "object" || args === null || Array.isArray(args)) {
            return {ok: false, message: "invalid_arguments: arguments must be a JSON object"};
        }
        const copy = structuredClone(args) as Record<string, unknown>;
        if (validate(copy)) return {ok: true, args: copy};
        return {ok: false, message: `invalid_arguments: ${describe(validate.errors ?? [])}`};
    }

    /** A tool's validator, compiling a foreign schema on first use; a string says why there is none. */
    private compiledFor(name: string): ValidateFunction | string {
        const done = this.compiled.get(name);
        if (done) return done;
        const waiting = this.pending.get(name);
        if (!waiting) return `unknown tool: ${name}`;
        try {
            const validate = (waiting.own ? this.ajv : this.foreignAjv).compile(waiting.schema);
            this.compiled.set(name, validate);
            this.pending.delete(name);
            return validate;
        } catch (error) {
            return `the tool's input schema cannot be used: ${messageOf(error)}`;
        }
    }
}

/** Why a foreign schema is refused before compiling it (too large, too deep); null when it is not. */
export function schemaProblem(schema: object): string | null {
    const bytes = JSON.stringify(schema).length;
    if (bytes > MAX_SCHEMA_BYTES)
        return `its input schema is ${formatBytes(bytes)}, over the ${formatBytes(MAX_SCHEMA_BYTES)} a tool may declare`;
    if (depthOf(schema) > MAX_SCHEMA_DEPTH)
        return `its input schema is nested deeper than ${MAX_SCHEMA_DEPTH} levels`;
    for (const ref of refsOf(schema)) {
        if (!ref.startsWith("#"))
            return `its input schema refers to another document (${ref.slice(0, 80)}), which is not fetched`;
        if (ref.startsWith("#/") && pointerTarget(schema, ref) === undefined)
            return `its input schema refers to ${ref.slice(0, 80)}, which it does not define`;
    }
    return null;
}

function refsOf(value: unknown, found: string[] = []): string[] {
    if (typeof value !== "object" || value === null) return found;
    for (const [key, child] of Object.entries(value)) {
        if (key === "$ref" && typeof child === "string") found.push(child);
        else refsOf(child, found);
    }
    return found;
}

/** What a local JSON pointer ("#/$defs/Node") points at in the schema. */
function pointerTarget(schema: object, ref: string): unknown {
    let node: unknown = schema;
    for (const raw of ref.slice(2).split("/")) {
        const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
        if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
        node = (node as Record<string, unknown>)[key];
    }
    return node;
}

function depthOf(value: unknown, depth = 0): number {
    if (typeof value !== "object" || value === null || depth > MAX_SCHEMA_DEPTH) return depth;
    let deepest = depth;
    for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
    return deepest;
}

function describe(errors: ErrorObject[]): string {
    return errors
        .map((e) => {
            const where = e.instancePath || "arguments";
            if (e.keyword === "required")
                return `${where} is missing required "${(e.params as {missingProperty: string}).missingProperty}"`;
            return `${where} ${e.message}`;
        })
        .join("; ");
}
