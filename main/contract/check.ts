import {Ajv, type ValidateFunction} from "ajv";
import type {TSchema} from "@sinclair/typebox";
import {AppEvent, calls, type CallName} from "../../shared/contract.js";
import type {Result} from "../../shared/result.js";

/**
 * Checks what the core sends against the contract's schemas: each call's result and each event. The
 * dispatcher and the event bus use it when asked (CAIRN_CHECK_CONTRACT=1, as in `npm test`), so that
 * every test that goes through a transport also proves the schemas tell the truth.
 */
export class ContractCheck {
    private readonly ajv = new Ajv({allErrors: true, strict: true});
    private readonly compiled = new Map<TSchema, ValidateFunction>();
    private readonly events = new Map<string, TSchema>(
        AppEvent.anyOf.map((schema) => [schema.properties.type.const, schema]),
    );

    /** What is wrong with a call's result, or null when it matches the call's result schema. */
    result(name: CallName, result: Result<unknown>): string | null {
        if (!result.ok) return null;
        return this.problem(calls[name].res, result.value, `result of ${name}`);
    }

    /** What is wrong with an event, or null when it matches its type's schema. */
    event(event: AppEvent): string | null {
        const schema = this.events.get(event.type);
        if (!schema) return `event of unknown type ${String(event.type)}`;
        return this.problem(schema, event, `event ${event.type}`);
    }

    private problem(schema: TSchema, value: unknown, what: string): string | null {
        let validate = this.compiled.get(schema);
        if (!validate) {
            validate = this.ajv.compile(schema);
            this.compiled.set(schema, validate);
        }
        if (validate(value)) return null;
        return `${what} does not match the contract: ${this.ajv.errorsText(validate.errors)}`;
    }
}

/** The check when the environment asks for it (CAIRN_CHECK_CONTRACT=1), else none. */
export function contractCheckFromEnv(): ContractCheck | null {
    return process.env.CAIRN_CHECK_CONTRACT === "1" ? new ContractCheck() : null;
}
