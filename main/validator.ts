import {Ajv, type ErrorObject, type Options} from "ajv";

/** A compiled schema's check: true when `data` matches; `errors` holds why not after a false. */
export type Validator<T = unknown> = ((data: unknown) => data is T) & {errors?: ErrorObject[] | null};

/**
 * A validator compiled on its first use: a schema compiled when its module loads costs every start of
 * Cairn (and every CLI command) its compile time, whether or not it is ever used.
 */
export function validatorOf<T = unknown>(schema: object, options: Options): Validator<T> {
    let compiled: ReturnType<Ajv["compile"]> | null = null;
    const validate = ((data: unknown) => {
        compiled ??= new Ajv(options).compile(schema);
        const valid = compiled(data);
        validate.errors = compiled.errors;
        return valid;
    }) as Validator<T>;
    return validate;
}
