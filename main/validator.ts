import {Ajv, type ErrorObject, type Options} from "ajv";

/** A compiled schema's check: true when `data` matches; `errors` holds why not after a false. */
export type Validator<T = unknown> = ((data: unknown) => data is T) & {errors?: ErrorObject[] | null};

/**
 * A validator compiled on its first use: a schema compiled when its module loads costs every start of
 * Cairn (and every CLI command) its compile time, whether or not it is ever used. The schemas are Cairn's own,
 * so ajv does not check them against its meta-schema first (`validateSchema: false`): the tools' config, read at
 * every start, took 38–44 ms of CPU against 67–89 (2026-12-04); a schema ajv cannot compile still throws.
 */
export function validatorOf<T = unknown>(schema: object, options: Options): Validator<T> {
    let compiled: ReturnType<Ajv["compile"]> | null = null;
    const validate = ((data: unknown) => {
        compiled ??= new Ajv({validateSchema: false, ...options}).compile(schema);
        const valid = compiled(data);
        validate.errors = compiled.errors;
        return valid;
    }) as Validator<T>;
    return validate;
}
