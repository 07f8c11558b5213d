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
/**
 * Where a conversion is: the root for $refs, the $refs on the way here, the nodes left, the path from the
 * root (for errors), and whether what the grammar cannot express is an error (exact) or loosened.
 */
type Walk = {
    root: unknown;
    refs: string[];
    depth: number;
    budget: {nodes: number};
    path: string;
    exact: boolean;
};

/**
 * Keywords a grammar cannot enforce: a value the grammar allows may break them. Narrowing ones (a missing
 * `type` written as a scalar, `additionalProperties` closed) are not here: what they allow still validates.
 */
const UNENFORCEABLE = [
    "pattern",
    "patternProperties",
    "not",
    "allOf",
    "if",
    "then",
    "else",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "prefixItems",
    "dependentRequired",
    "dependentSchemas",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
] as const;
/** An exact schema keeps an enum whole up to this many values (each is an alternative in the grammar). */
const MAX_EXACT_ENUM = 1000;

/** A schema that must hold exactly (structured output) uses a keyword or a size the grammar cannot enforce. */
export class NotEnforceable extends Error {
    constructor(
        /** Where in the schema, as a JSON path from its root ("" for the root). */
        readonly at: string,
        readonly keyword: string,
        /** What cannot be enforced and what to do, in words. */
        readonly why: string,
    ) {
        super(`${at ? `${at}: ` : ""}${why}`);
    }
}

/**
 * A JSON Schema written for validation (a client's tool, an MCP server's) cut down to what node-llama-cpp
 * can turn into a grammar, cheaply: types, properties, items, enum, const, oneOf/anyOf, string lengths and
 * date formats, local $refs inlined. What the grammar cannot express, or not cheaply (a recursive $ref past
 * two levels, an enum of more than 64 values, more than 400 nodes, depth past 16), is loosened here and
 * still checked by ajv against the original schema.
 */
export function grammarSchema(schema: unknown, root: unknown = schema): GbnfJsonSchema {
    return convert(schema, {root, refs: [], depth: 0, budget: {nodes: MAX_NODES}, path: "", exact: false});
}

/**
 * The grammar of a schema that every answer must validate against (structured output): as grammarSchema,
 * but what the grammar cannot enforce throws NotEnforceable naming the keyword, instead of being loosened.
 */
export function exactGrammarSchema(schema: unknown): GbnfJsonSchema {
    return convert(schema, {
        root: schema,
        refs: [],
        depth: 0,
        budget: {nodes: MAX_NODES},
        path: "",
        exact: true,
    });
}

/** What the grammar cannot express: any scalar where loosening is allowed, else NotEnforceable. */
function loosened(walk: Walk, keyword: string, why: string): GbnfJsonSchema {
    if (walk.exact) throw new NotEnforceable(walk.path, keyword, why);
    return ANY_SCALAR;
}

function convert(schema: unknown, walk: Walk): GbnfJsonSchema {
    if (!isObject(schema)) return ANY_SCALAR;
    if (walk.depth > MAX_DEPTH) return loosened(walk, "depth", `nested deeper than ${MAX_DEPTH} levels`);
    if (walk.budget.nodes-- <= 0)
        return loosened(walk, "size", `the schema has more than ${MAX_NODES} parts`);
    if (walk.exact) checkEnforceable(schema, walk.path);
    const description = descriptionOf(schema);
    const inner = (child: unknown, at: string, ref?: string) =>
        convert(child, {
            ...walk,
            depth: walk.depth + 1,
            refs: ref ? [...walk.refs, ref] : walk.refs,
            path: walk.path ? `${walk.path}.${at}` : at,
        });
    if (typeof schema.$ref === "string") {
        const ref = schema.$ref;
        if (walk.refs.filter((r) => r === ref).length >= MAX_REF_REPEAT)
            return loosened(walk, "$ref", `$ref ${ref} is recursive`);
        const target = resolveRef(walk.root, ref);
        if (target === undefined && walk.exact)
            throw new NotEnforceable(walk.path, "$ref", `$ref ${ref} is not in this schema's $defs`);
        return inner(target, ref.replace(/^#\//, "").replaceAll("/", "."), ref);
    }
    if ("const" in schema && isScalar(schema.const)) return {const: schema.const, ...description};
    if (Array.isArray(schema.enum) && schema.enum.every(isScalar))
        return enumSchema(schema.enum, description, walk);
    const choices = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(choices) && choices.length > 0)
        return {
            oneOf: choices.map((c, i) => inner(c, `${"oneOf" in schema ? "oneOf" : "anyOf"}[${i}]`)),
            ...description,
        };
    const type = schema.type;
    if (Array.isArray(type)) {
        const types = type.filter((t): t is string => typeof t === "string");
        if (types.every((t) => SCALARS.has(t) && t !== "string"))
            return {type: types as ("number" | "integer" | "boolean" | "null")[], ...description};
        return {oneOf: types.map((t) => inner({...schema, type: t}, `type[${t}]`)), ...description};
    }
    if (type === "object") return objectSchema(schema, inner);
    if (type === "array") {
        return {
            type: "array",
            ...(schema.items !== undefined ? {items: inner(schema.items, "items")} : {}),
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

/** Throws NotEnforceable for the first keyword of `schema` a grammar cannot enforce. */
function checkEnforceable(schema: Json, at: string): void {
    const keyword = UNENFORCEABLE.find((k) => k in schema);
    if (keyword)
        throw new NotEnforceable(at, keyword, `llama.cpp's grammar cannot enforce "${keyword}": drop it`);
    if (typeof schema.format === "string" && !STRING_FORMATS.has(schema.format))
        throw new NotEnforceable(
            at,
            "format",
            `llama.cpp's grammar cannot enforce format "${schema.format}" (it can: ${[...STRING_FORMATS].join(", ")})`,
        );
    if (typeof schema.format === "string" && ("minLength" in schema || "maxLength" in schema))
        throw new NotEnforceable(at, "format", "a format and a length cannot both be enforced: drop one");
    if ("const" in schema && !isScalar(schema.const))
        throw new NotEnforceable(at, "const", "only a string, number, boolean or null const can be enforced");
    if (Array.isArray(schema.enum) && !schema.enum.every(isScalar))
        throw new NotEnforceable(
            at,
            "enum",
            "only enums of strings, numbers, booleans or null can be enforced",
        );
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
    const missing = required.find((k) => typeof k === "string" && !(k in properties));
    if (typeof missing === "string")
        throw new NotEnforceable(at, "required", `required names "${missing}", which is not in properties`);
}

/** A short enum as it is; a long one as a string (or any scalar), its size and first values described. */
function enumSchema(
    values: (string | number | boolean | null)[],
    description: {description?: string},
    walk: Walk,
) {
    if (values.length <= (walk.exact ? MAX_EXACT_ENUM : MAX_GRAMMAR_ENUM))
        return {enum: values, ...description};
    if (walk.exact) return loosened(walk, "enum", `an enum of more than ${MAX_EXACT_ENUM} values`);
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

function objectSchema(
    schema: Json,
    inner: (child: unknown, at: string) => GbnfJsonSchema,
): GbnfJsonObjectSchema {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required)
        ? schema.required.filter((k): k is string => typeof k === "string" && k in properties)
        : [];
    const extra = schema.additionalProperties;
    return {
        type: "object",
        properties: Object.fromEntries(
            Object.entries(properties).map(([key, value]) => [key, inner(value, `properties.${key}`)]),
        ),
        required,
        additionalProperties: isObject(extra) ? inner(extra, "additionalProperties") : false,
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
