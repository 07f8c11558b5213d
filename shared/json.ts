/**
 * JSON text read as what it is until checked: `unknown`, never `any` (JSON.parse's own type), so that each
 * reader narrows it (a schema, a type guard) before it uses a field. Throws JSON.parse's SyntaxError.
 */
export function parseJson(text: string): unknown {
    const value: unknown = JSON.parse(text);
    return value;
}

/**
 * A field of a value not typed yet (read from JSON, or a library's internals), as what it is until checked;
 * undefined where the value has no such field of its own.
 */
export function fieldOf(value: unknown, name: string): unknown {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, name)) return undefined;
    const field: unknown = Reflect.get(value, name);
    return field;
}
