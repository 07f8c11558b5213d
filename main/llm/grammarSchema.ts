import {clip} from "../../shared/format.js";
import type {GbnfJsonObjectSchema, GbnfJsonSchema as GbnfSchemaOf} from "node-llama-cpp";

/** A grammar schema without $defs: local references are inlined. */
type GbnfJsonSchema = GbnfSchemaOf<Record<never, never>>;

const ANY_SCALAR: GbnfJsonSchema = {type: ["string", "number", "boolean", "null"]};
const SCALARS = new Set(["string", "number", "integer", "boolean", "null"]);
const STRING_FORMATS = new Set(["date-time", "time", "date"]);
/** How often one $ref may repeat on a path (a recursive type): deeper, the value is any scalar. */
const MAX_REF_REPEAT = 2;
const MAX_DEPTH = 16;
/** An enum longer than this is a string in the grammar (each value would be an alternative). */
export const MAX_GRAMMAR_ENUM = 64;
/** The most schema nodes one tool's grammar gets: past it, values are any scalar. */
const MAX_NODES = 400;
/** The model reads descriptions in every prompt: a longer one is cut. */
const MAX_DESCRIPTION = 300;

type Json = Record<string, unknown>;
/** Where a conversion is: the root for $refs, the $refs on the way here, and the nodes left. */
type Walk = {root: unknown; refs: string[]; depth: number; budget: {nodes: number}};

/**
 * A JSON Schema written for validation (a client's tool, an MCP server's) cut down to what node-llama-cpp
 * can turn into a grammar, cheaply: types, properties, items, enum, const, oneOf/anyOf, string lengths and
 * date formats, local $refs inlined. What the grammar cannot express, or not cheaply (a recursive $ref past
 * two levels, an enum of more than 64 values, more than 400 nodes, depth past 16), is loosened here and
 * still checked by ajv against the original schema.
 */
export function grammarSchema(schema: unknown, root: unknown = schema): GbnfJsonSchema {
    return convert(schema, {root, refs: [], depth: 0, budget: {nodes: MAX_NODES}});
}

function convert(schema: unknown, walk: Walk): GbnfJsonSchema {
    if (!isObject(schema) || walk.depth > MAX_DEPTH || walk.budget.nodes-- <= 0) return ANY_SCALAR;
    const description = descriptionOf(schema);
    const inner = (child: unknown, ref?: string) =>
        convert(child, {...walk, depth: walk.depth + 1, refs: ref ? [...walk.refs, ref] : walk.refs});
    if (typeof schema.$ref === "string") {
        const ref = schema.$ref;
        if (walk.refs.filter((r) => r === ref).length >= MAX_REF_REPEAT) return ANY_SCALAR;
        return inner(resolveRef(walk.root, ref), ref);
    }
    if ("const" in schema && isScalar(schema.const)) return {const: schema.const, ...description};
    if (Array.isArray(schema.enum) && schema.enum.every(isScalar))
        return enumSchema(schema.enum, description);
    const choices = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(choices) && choices.length > 0)
        return {oneOf: choices.map((c) => inner(c)), ...description};
    const type = schema.type;
    if (Array.isArray(type)) {
        const types = type.filter((t): t is string => typeof t === "string");
        if (types.every((t) => SCALARS.has(t) && t !== "string"))
            return {type: types as ("number" | "integer" | "boolean" | "null")[], ...description};
        return {oneOf: types.map((t) => inner({...schema, type: t})), ...description};
    }
    if (type === "object") return objectSchema(schema, inner);
    if (type === "array") {
        return {
            type: "array",
            ...(schema.items !== undefined ? {items: inner(schema.items)} : {}),
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
    if (isObject(schema.properties)) return objectSchema(schema, inner);
    return ANY_SCALAR;
}

/** A short enum as it is; a long one as a string (or any scalar), its size and first values described. */
function enumSchema(values: (string | number | boolean | null)[], description: {description?: string}) {
    if (values.length <= MAX_GRAMMAR_ENUM) return {enum: values, ...description};
    const examples = values.slice(0, 5).map((v) => JSON.stringify(v));
    const about = `one of ${values.length} values, such as ${examples.join(", ")}`;
    const text = {description: description.description ? `${description.description} (${about})` : about};
    return values.every((v) => typeof v === "string")
        ? ({type: "string", ...text} as GbnfJsonSchema)
        : ({...ANY_SCALAR, ...text} as GbnfJsonSchema);
}

/** The grammar schema of a function's parameters: always an object. */
export function grammarParams(schema: unknown): GbnfJsonObjectSchema {
    const simplified = grammarSchema(isObject(schema) ? {type: "object", ...schema} : {type: "object"});
    return "type" in simplified && simplified.type === "object"
        ? simplified
        : {type: "object", properties: {}};
}

function objectSchema(schema: Json, inner: (child: unknown) => GbnfJsonSchema): GbnfJsonObjectSchema {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required)
        ? schema.required.filter((k): k is string => typeof k === "string" && k in properties)
        : [];
    const extra = schema.additionalProperties;
    return {
        type: "object",
        properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, inner(value)])),
        required,
        additionalProperties: isObject(extra) ? inner(extra) : false,
        ...descriptionOf(schema),
    };
}

function descriptionOf(schema: Json): {description?: string} {
    const text = schema.description;
    if (typeof text !== "string") return {};
    return {description: clip(text, MAX_DESCRIPTION)};
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
