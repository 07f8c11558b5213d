import type {ErrorObject} from "ajv";
import {formatCount} from "../../shared/format.js";

/** Schema errors that only say "one of the branches failed": the branch's own error says more. */
const WRAPPERS = new Set(["if", "then", "else", "anyOf", "oneOf", "allOf", "not"]);

/**
 * A request's first schema error in words a person reads ("text is longer than 200,000 characters"), not
 * ajv's ("data/text must NOT have more than 200000 characters").
 */
export function requestProblem(errors: ErrorObject[] | null | undefined, whole = "the request"): string {
    const all = errors ?? [];
    const error = all.find((e) => !WRAPPERS.has(e.keyword)) ?? all[0];
    if (!error) return `${whole} is not valid`;
    const field = error.instancePath.slice(1).replaceAll("/", ".");
    const subject = field || whole;
    const params = error.params as Record<string, unknown>;
    const count = (n: unknown) => formatCount(Number(n));
    switch (error.keyword) {
        case "required":
            return `${field ? `${field}.` : ""}${String(params.missingProperty)} is missing`;
        case "additionalProperties":
            return `${subject} has a field it does not take: ${String(params.additionalProperty)}`;
        case "maxLength":
            return `${subject} is longer than ${count(params.limit)} characters`;
        case "minLength":
            return Number(params.limit) === 1
                ? `${subject} is empty`
                : `${subject} is shorter than ${count(params.limit)} characters`;
        case "maxItems":
            return `${subject} has more than ${count(params.limit)} items`;
        case "minItems":
            return `${subject} has fewer than ${count(params.limit)} items`;
        case "maximum":
        case "minimum":
        case "exclusiveMaximum":
        case "exclusiveMinimum":
            return `${subject} ${String(error.message)}`;
        case "type":
            return `${subject} must be ${article(String(params.type))}`;
        case "enum":
            return `${subject} must be one of ${(params.allowedValues as unknown[]).map(String).join(", ")}`;
        case "const":
            return `${subject} must be ${JSON.stringify(params.allowedValue)}`;
        case "pattern":
            return `${subject} is not in the form it takes`;
        default:
            return `${subject} ${error.message ?? "is not valid"}`;
    }
}

function article(type: string): string {
    const words: Record<string, string> = {
        string: "text",
        integer: "a whole number",
        number: "a number",
        boolean: "true or false",
        object: "an object",
        array: "a list",
        null: "null",
    };
    return type
        .split(",")
        .map((t) => words[t] ?? t)
        .join(" or ");
}
