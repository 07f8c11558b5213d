import type {GbnfJsonObjectSchema, GbnfJsonSchema as GbnfSchemaOf} from "node-llama-cpp";

/** A grammar schema without $defs: local references are inlined. */
type GbnfJsonSchema = GbnfSchemaOf<Record<never, never>>;

const ANY_SCALAR: GbnfJsonSchema = {type: ["string", "number", "boolean", "null"]};
const SCALARS = new Set(["string", "number", "integer", "boolean", "null"]);
const STRING_FORMATS = new Set(["date-time", "time", "date"]);
const MAX_REF_DEPTH = 8;

type Json = Record<string, unknown>;

/**
 * A JSON Schema written for validation (a client's tool, an MCP server's) cut down to what node-llama-cpp
 * can turn into a grammar: types, properties, items, enum, const, oneOf/anyOf, string lengths and date
 * formats, local $refs inlined. What the grammar cannot express is dropped here and still checked by ajv
 * against the original schema.
 */
export function grammarSchema(schema: unknown, root: unknown = schema, depth = 0): GbnfJsonSchema {
    if (!isObject(schema) || depth > MAX_REF_DEPTH) return ANY_SCALAR;
    const description = typeof schema.description === "string" ? {description: schema.description} : {};
    if (typeof schema.$ref === "string") return grammarSchema(resolveRef(root, schema.$ref), root, depth + 1);
    if ("const" in schema && isScalar(schema.const)) return {const: schema.const, ...description};
    if (Array.isArray(schema.enum) && schema.enum.every(isScalar)) return {enum: schema.enum, ...description};
    const choices = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(choices) && choices.length > 0)
        return {oneOf: choices.map((c) => grammarSchema(c, root, depth + 1)), ...description};
    const type = schema.type;
    if (Array.isArray(type)) {
        const types = type.filter((t): t is string => typeof t === "string");
        if (types.every((t) => SCALARS.has(t) && t !== "string"))
            return {type: types as ("number" | "integer" | "boolean" | "null")[], ...description};
        return {
            oneOf: types.map((t) => grammarSchema({...schema, type: t}, root, depth + 1)),
            ...description,
        };
    }
    if (type === "object") return objectSchema(schema, root, depth);
    if (type === "array") {
        return {
            type: "array",
            ...(schema.items !== undefined ? {items: grammarSchema(schema.items, root, depth + 1)} : {}),
            ...numberField(schema, "minItems"),
            ...numberField(schema, "maxItems"),
            ...description,
        };
    }
    if (type === "string") {
        const format =
            typeof schema.format === "string" && STRING_FORMATS.has(schema.format)
                ? {format: schema.format as "date-time" | "time" | "date"}
                : {};
        return {
            type: "string",
            ...format,
            ...(format.format
                ? {}
                : {...numberField(schema, "minLength"), ...numberField(schema, "maxLength")}),
            ...description,
        };
    }
    if (typeof type === "string" && SCALARS.has(type))
        return {type: type as "number" | "integer" | "boolean" | "null", ...description};
    if (isObject(schema.properties)) return objectSchema(schema, root, depth);
    return ANY_SCALAR;
}

/** The grammar schema of a function's parameters: always an object. */
export function grammarParams(schema: unknown): GbnfJsonObjectSchema {
    const simplified = grammarSchema(isObject(schema) ? {type: "object", ...schema} : {type: "object"});
    return "type" in simplified && simplified.type === "object"
        ? simplified
        : {type: "object", properties: {}};
}

function objectSchema(schema: Json, root: unknown, depth: number): GbnfJsonObjectSchema {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required)
        ? schema.required.filter((k): k is string => typeof k === "string" && k in properties)
        : [];
    const extra = schema.additionalProperties;
    return {
        type: "object",
        properties: Object.fromEntries(
            Object.entries(properties).map(([key, value]) => [key, grammarSchema(value, root, depth + 1)]),
        ),
        required,
        additionalProperties: isObject(extra) ? grammarSchema(extra, root, depth + 1) : false,
        ...(typeof schema.description === "string" ? {description: schema.description} : {}),
    };
}

function resolveRef(root: unknown, ref: string): unknown {
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    if (!match || !isObject(root)) return undefined;
    const defs = root[match[1]!];
    return isObject(defs) ? defs[decodeURIComponent(match[2]!)] : undefined;
}

function numberField(schema: Json, key: string): Record<string, number> {
    const value = schema[key];
    return typeof value === "number" && Number.isInteger(value) && value >= 0 ? {[key]: value} : {};
}

function isObject(value: unknown): value is Json {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean | null {
    return value === null || ["string", "number", "boolean"].includes(typeof value);
}
