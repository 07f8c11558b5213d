import {Ajv, type ValidateFunction} from "ajv";
import type {CallName, CallReq, CallRes} from "../../shared/contract.js";
import {calls, MAX_FRAME_BYTES} from "../../shared/contract.js";
import {fail, type Result} from "../../shared/result.js";
import {wordsOf} from "../../shared/coreWords.js";
import {isDiskFull} from "../paths.js";
import {failWith} from "../words.js";
import type {ContractCheck} from "./check.js";
import {compiledValidator} from "./compiled.js";
import {requestProblem} from "./problems.js";
import {codeOf, messageOf} from "../../shared/format.js";

export type Handlers = {[N in CallName]: (req: CallReq<N>) => Promise<CallRes<N>> | CallRes<N>};

/** The handlers of the calls whose names start with one of the prefixes ("models." …): one domain's slice. */
export type HandlerSlice<Prefix extends string> = Pick<Handlers, Extract<CallName, `${Prefix}${string}`>>;

export type Dispatcher = {
    /** Validates and runs one call; never throws. */
    call(name: unknown, req: unknown): Promise<Result<unknown>>;
};

type Log = (message: string, error?: unknown) => void;

const defaultLog: Log = (message, error) => console.error(`[cairn] ${message}`, error ?? "");

type DispatcherOptions = {
    log?: Log;
    /** When given, a result that does not match its schema becomes an INTERNAL error (tests). */
    check?: ContractCheck | null;
};

/** How requests are validated: every problem listed, nothing coerced (the build compiles them the same way). */
const REQUEST_OPTIONS = {allErrors: true, strict: true, coerceTypes: false} as const;

export function createDispatcher(
    handlers: Handlers,
    {log = defaultLog, check}: DispatcherOptions = {},
): Dispatcher {
    // Each call's validator comes from the build (compiled.ts), or is compiled on its first use where the build has
    // none for its schema: all of them compiled at once cost every start ~0.3 s.
    let ajv: Ajv | null = null;
    const validators = new Map<string, ValidateFunction>();
    const validatorOf = (name: string) => {
        let validate = validators.get(name);
        if (!validate) {
            const schema = calls[name as CallName].req;
            validate =
                compiledValidator(`req:${name}`, schema, REQUEST_OPTIONS) ??
                (ajv ??= new Ajv(REQUEST_OPTIONS)).compile(schema);
            validators.set(name, validate);
        }
        return validate;
    };

    return {
        async call(name, req) {
            if (typeof name !== "string" || !Object.hasOwn(calls, name)) {
                return fail("VALIDATION", `unknown call: ${String(name).slice(0, 100)}`);
            }
            const size = serializedSize(req);
            if (size > MAX_FRAME_BYTES) {
                return fail("VALIDATION", `request too large: ${size} bytes (limit ${MAX_FRAME_BYTES})`);
            }
            const validate = validatorOf(name);
            if (!validate(req)) {
                return fail("VALIDATION", `invalid request for ${name}: ${requestProblem(validate.errors)}`);
            }
            try {
                const handler = handlers[name as CallName] as (req: unknown) => Promise<Result<unknown>>;
                const result = await handler(req);
                const problem = check?.result(name as CallName, result);
                return problem ? fail("INTERNAL", problem) : result;
            } catch (error) {
                if (codeOf(error) === "SQLITE_READONLY") {
                    return fail(
                        "DENIED",
                        "this library is open read-only (it was written by a newer Cairn): update Cairn to change it",
                    );
                }
                // A full disk is the person's to fix, in words, not a bug to log.
                if (isDiskFull(error))
                    return failWith("UNAVAILABLE", wordsOf("libraryNotWritten", {detail: errorText(error)}));
                log(`call ${name} failed unexpectedly`, error);
                return fail("INTERNAL", `internal error in ${name}: ${errorText(error)}`);
            }
        },
    };
}

function serializedSize(value: unknown): number {
    try {
        return Buffer.byteLength(JSON.stringify(value) ?? "");
    } catch {
        return Infinity;
    }
}

export function errorText(error: unknown): string {
    return messageOf(error);
}
