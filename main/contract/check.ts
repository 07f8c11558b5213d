import {Ajv, type ValidateFunction} from "ajv";
import type {TSchema} from "@sinclair/typebox";
import {AppEvent, calls, type CallName} from "../../shared/contract.js";
import type {Result} from "../../shared/result.js";
import {compiledValidator} from "./compiled.js";

/**
 * Checks what the core sends against the contract's schemas: each call's result and each event. The
 * dispatcher and the event bus use it when asked (CAIRN_CHECK_CONTRACT=1, as in `npm test`), so that
 * every test that goes through a transport also proves the schemas tell the truth.
 */
export class ContractCheck {
    private readonly events = new Map<string, TSchema>(
        AppEvent.anyOf.map((schema) => [schema.properties.type.const, schema]),
    );

    /** What is wrong with a call's result, or null when it matches the call's result schema. */
    result(name: CallName, result: Result<unknown>): string | null {
        if (!result.ok) return null;
        return this.problem(`res:${name}`, calls[name].res, result.value, `result of ${name}`);
    }

    /** What is wrong with an event, or null when it matches its type's schema. */
    event(event: AppEvent): string | null {
        const schema = this.events.get(event.type);
        if (!schema) return `event of unknown type ${String(event.type)}`;
        return this.problem(`event:${event.type}`, schema, event, `event ${event.type}`);
    }

    private problem(name: string, schema: TSchema, value: unknown, what: string): string | null {
        const validate = validatorOf(name, schema);
        if (validate(value)) return null;
        return `${what} does not match the contract: ${ajv().errorsText(validate.errors)}`;
    }
}

/**
 * One check per schema in a process, whatever the number of cores it opens: the build's (compiled.ts), or compiled
 * here where the build has none for the schema. Compiling was a fifth of the CPU of a test file that opens a core
 * per test (chat.test.ts: 12.9 s against 10.6 s compiled once), and about 0.5 s of each `cairn serve`'s.
 */
const CHECK_OPTIONS = {allErrors: true, strict: true} as const;
let checker: Ajv | null = null;
const compiled = new Map<TSchema, ValidateFunction>();

function ajv(): Ajv {
    checker ??= new Ajv(CHECK_OPTIONS);
    return checker;
}

function validatorOf(name: string, schema: TSchema): ValidateFunction {
    let validate = compiled.get(schema);
    if (!validate) {
        validate = compiledValidator(name, schema, CHECK_OPTIONS) ?? ajv().compile(schema);
        compiled.set(schema, validate);
    }
    return validate;
}

/** The check when the environment asks for it (CAIRN_CHECK_CONTRACT=1), else none. */
export function contractCheckFromEnv(): ContractCheck | null {
    return process.env.CAIRN_CHECK_CONTRACT === "1" ? new ContractCheck() : null;
}
