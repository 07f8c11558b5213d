/**
 * JSON text read as what it is until checked: `unknown`, never `any` (JSON.parse's own type), so that each
 * reader narrows it (a schema, a type guard) before it uses a field. Throws JSON.parse's SyntaxError.
 */
export function parseJson(text: string): unknown {
    const value: unknown = JSON.parse(text);
    return value;
}
