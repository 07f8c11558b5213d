import {Ajv, type ErrorObject, type ValidateFunction} from "ajv";
import addFormats from "ajv-formats";

export type Validated = {ok: true; args: Record<string, unknown>} | {ok: false; message: string};

/**
 * Strict argument checking: no type coercion, defaults filled in, unknown arguments dropped.
 * Numeric ranges are checked in code by each tool, as grammars cannot express them.
 */
export class ArgumentValidator {
    private readonly ajv = new Ajv({
        allErrors: true,
        strict: true,
        coerceTypes: false,
        useDefaults: true,
        removeAdditional: "all",
    });
    /**
     * Schemas written elsewhere (MCP servers): the same strict checking of arguments (no coercion), but
     * their schema's own keywords and formats are accepted and extra arguments are left to the server.
     */
    private readonly foreignAjv = addFormats.default(
        new Ajv({allErrors: true, strict: false, coerceTypes: false, useDefaults: true}),
    );
    private readonly compiled = new Map<string, ValidateFunction>();

    add(name: string, schema: object): void {
        this.compiled.set(name, this.ajv.compile(schema));
    }

    /** Throws when the schema cannot be compiled: the caller says which tool and why. */
    addForeign(name: string, schema: object): void {
        const {$schema: _draft, ...rest} = schema as Record<string, unknown>;
        this.compiled.set(name, this.foreignAjv.compile(rest));
    }

    remove(name: string): void {
        this.compiled.delete(name);
    }

    validate(name: string, args: unknown): Validated {
        const validate = this.compiled.get(name);
        if (!validate) return {ok: false, message: `unknown tool: ${name}`};
        if (typeof args !== "object" || args === null || Array.isArray(args)) {
            return {ok: false, message: "invalid_arguments: arguments must be a JSON object"};
        }
        const copy = structuredClone(args) as Record<string, unknown>;
        if (validate(copy)) return {ok: true, args: copy};
        return {ok: false, message: `invalid_arguments: ${describe(validate.errors ?? [])}`};
    }
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
