import readline from "node:readline";
import type {Readable, Writable} from "node:stream";
import type {McpAnswer, Question} from "../mcp/asks.js";
import {fieldOf} from "../../shared/json.js";

type Value = string | number | boolean | string[];
type Field = {key: string; schema: unknown; required: boolean};
/** How many times a field is asked again after an answer it cannot take. */
const TRIES = 3;

/**
 * Answers a server's form on the terminal (`--elicit ask`, the default where stdin is a terminal): each field
 * asked in turn with its type, choices and default. Enter keeps the default or skips an optional field, "-"
 * declines the whole form; an answer the field cannot take is said and asked again. Anything other than a form
 * (a reply for the model to write, a page to open) is declined.
 */
export function terminalAnswerer(
    input: Readable,
    output: Writable,
): (question: Question) => Promise<McpAnswer> {
    let queue = Promise.resolve<McpAnswer>({action: "decline"});
    // One form at a time: two servers asking at once are asked one after the other.
    return (question) => (queue = queue.then(() => askForm(question, input, output)));
}

async function askForm(question: Question, input: Readable, output: Writable): Promise<McpAnswer> {
    if (question.kind !== "elicitation") return {action: "decline"};
    const reader = readline.createInterface({input, terminal: false});
    // Lines are taken in turn as they come: a pipe's lines arrive at once and wait here for their question.
    const lines = reader[Symbol.asyncIterator]();
    try {
        output.write(
            `${question.server} asks: ${question.message}\n(Enter keeps the default or skips; "-" declines)\n`,
        );
        const content: Record<string, Value> = {};
        for (const field of fieldsOf(question.schema)) {
            const answer = await askField(field, lines, output);
            if (answer === "decline") return {action: "decline"};
            if (answer !== "skip") content[field.key] = answer.value;
        }
        return {action: "accept", content};
    } finally {
        reader.close();
    }
}

function fieldsOf(schema: unknown): Field[] {
    const properties = fieldOf(schema, "properties");
    const required = fieldOf(schema, "required");
    const needed: unknown[] = Array.isArray(required) ? required : [];
    const fields: Record<string, unknown> =
        typeof properties === "object" && properties ? {...properties} : {};
    return Object.entries(fields).map(([key, schema]) => ({key, schema, required: needed.includes(key)}));
}

async function askField(
    field: Field,
    lines: AsyncIterator<string>,
    output: Writable,
): Promise<{value: Value} | "decline" | "skip"> {
    for (let tries = 0; tries < TRIES; tries++) {
        output.write(`${promptOf(field)}: `);
        const line = await lines.next();
        if (line.done === true) return "decline";
        const text = line.value.trim();
        if (text === "-") return "decline";
        const fallback = fieldOf(field.schema, "default");
        if (text === "") {
            if (isValue(fallback)) return {value: fallback};
            if (!field.required) return "skip";
            output.write("  this one is needed\n");
            continue;
        }
        const read = readAnswer(field.schema, text);
        if ("value" in read) return read;
        output.write(`  ${read.problem}\n`);
    }
    return "decline";
}

/** The field's name, what it is, its choices and default, as one prompt. */
function promptOf({key, schema, required}: Field): string {
    const title = fieldOf(schema, "title");
    const description = fieldOf(schema, "description");
    const choices = choicesOf(schema);
    const fallback = fieldOf(schema, "default");
    const about = [
        typeOf(schema),
        choices.length ? `one of ${choices.join(", ")}` : "",
        isValue(fallback) ? `default ${String(fallback)}` : "",
        required ? "required" : "",
    ].filter(Boolean);
    const name = typeof title === "string" ? title : key;
    return `${name}${typeof description === "string" ? ` (${description})` : ""} [${about.join("; ")}]`;
}

function typeOf(schema: unknown): string {
    const type = fieldOf(schema, "type");
    return typeof type === "string" ? type : "text";
}

function choicesOf(schema: unknown): string[] {
    const own = fieldOf(schema, "enum") ?? fieldOf(fieldOf(schema, "items"), "enum");
    return Array.isArray(own) ? own.map(String) : [];
}

/** The typed value of an answer, or why the field cannot take it. */
function readAnswer(schema: unknown, text: string): {value: Value} | {problem: string} {
    const type = fieldOf(schema, "type");
    const choices = choicesOf(schema);
    if (type === "boolean") {
        if (/^(y|yes|true)$/i.test(text)) return {value: true};
        if (/^(n|no|false)$/i.test(text)) return {value: false};
        return {problem: "answer yes or no"};
    }
    if (type === "number" || type === "integer") {
        const number = Number(text);
        if (!Number.isFinite(number) || (type === "integer" && !Number.isInteger(number)))
            return {problem: `answer ${type === "integer" ? "a whole number" : "a number"}`};
        return {value: number};
    }
    if (type === "array") {
        const picked = text
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean);
        const wrong = picked.find((part) => choices.length > 0 && !choices.includes(part));
        return wrong === undefined
            ? {value: picked}
            : {problem: `${wrong} is not one of ${choices.join(", ")}`};
    }
    if (choices.length > 0 && !choices.includes(text))
        return {problem: `answer one of ${choices.join(", ")}`};
    return {value: text};
}

function isValue(value: unknown): value is string | number | boolean {
    return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}
