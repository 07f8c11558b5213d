import {Ajv, type ErrorObject, type ValidateFunction} from "ajv";

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
    private readonly compiled = new Map<string, ValidateFunction>();

    add(name: string, schema: object): void {
        this.compiled.set(name, this.ajv.compile(schema));
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
