import {fieldOf} from "../../shared/json.js";
import type {CallToolResult} from "@modelcontextprotocol/sdk/types.js";
import type {ClientSdk} from "./sdk.js";

/** The most problems listed with a result (the trace's); the model reads the first and their count. */
const MAX_PROBLEMS = 100;
/** How much of a server's own words (a type's name) a problem quotes. */
const QUOTE = 40;

export type CheckedResult = {
    result: CallToolResult;
    problems: string[];
    total: number;
    /** The server's own report on its result, whole, when it sent that in place of the result. */
    report?: string;
};

/**
 * A tool's result as its server sent it, checked item by item against MCP's content types: the items that
 * are valid are kept, each one that is not is left out and named with its problem ("content[2] has type
 * \"hologram\", which MCP does not have"). `total` counts every problem; `problems` lists the first 100.
 */
export function checkResult(raw: Record<string, unknown>, sdk: ClientSdk): CheckedResult {
    const problems: string[] = [];
    let total = 0;
    const note = (problem: string) => {
        total++;
        if (problems.length < MAX_PROBLEMS) problems.push(problem);
    };
    const content: CallToolResult["content"] = [];
    if (raw.content !== undefined && !Array.isArray(raw.content)) note("content is not a list");
    const items: unknown[] = Array.isArray(raw.content) ? raw.content : [];
    items.forEach((item, index) => {
        const problem = problemOf(item, sdk);
        if (problem) note(`content[${index}]${problem}`);
        else content.push(item as CallToolResult["content"][number]);
    });
    return {result: {...raw, content}, problems, total};
}

/**
 * What is wrong with one content item, in a few words that follow its place ("content[2]"): " is null",
 * ".data: …"; null when MCP's schema takes it.
 */
function problemOf(item: unknown, sdk: ClientSdk): string | null {
    if (item === null || typeof item !== "object" || Array.isArray(item))
        return item === null
            ? " is null"
            : ` is a ${Array.isArray(item) ? "list" : typeof item}, not an item`;
    const type = fieldOf(item, "type");
    if (typeof type !== "string") return " has no type";
    const schema = sdk.contentSchemas[type as keyof ClientSdk["contentSchemas"]];
    if (!Object.hasOwn(sdk.contentSchemas, type) || !schema)
        return ` has type ${JSON.stringify(type.slice(0, QUOTE))}, which MCP does not have`;
    const checked = schema.safeParse(item);
    if (checked.success) return null;
    const issue = checked.error.issues[0];
    if (!issue) return ` is not a valid ${type} item`;
    const field = issue.path.map(String).join(".");
    return field ? `.${field}: ${issueText(issue)}` : ` is not a valid ${type} item: ${issueText(issue)}`;
}

/** zod's words for an issue, without its "Invalid input: " lead. */
function issueText(issue: {message: string}): string {
    return issue.message.replace(/^Invalid input: /, "").slice(0, 120);
}

/** The problems as the model reads them: the first, and how many more (the trace lists them). */
export function malformedSummary(server: string, checked: CheckedResult): string {
    const [first] = checked.problems;
    const more = checked.total - 1;
    return `${server}'s result was malformed: ${first}${more > 0 ? `; ${more} more problem${more === 1 ? "" : "s"}` : ""}`;
}

/**
 * A server built on the MCP SDK checks its own results and, when one is invalid, answers with the whole
 * validation report as an error (-32602 "Invalid tools/call result: [...]": 1.7 MB for 500 bad items). Read
 * as a result with no valid content and one problem per item the report names; null for any other error.
 */
export function reportedMalformed(message: string): CheckedResult | null {
    const at = message.indexOf(REPORT);
    if (at < 0) return null;
    let issues: unknown;
    try {
        issues = JSON.parse(message.slice(at + REPORT.length));
    } catch {
        issues = null;
    }
    const places = Array.isArray(issues)
        ? issues.map((issue) => placeOf((issue as {path?: unknown}).path))
        : ["its content"];
    return {
        result: {content: []},
        problems: places
            .slice(0, MAX_PROBLEMS)
            .map((place) => `${place} is not valid (the server's own check)`),
        total: places.length,
        report: message,
    };
}

const REPORT = "Invalid tools/call result: ";

function placeOf(path: unknown): string {
    if (!Array.isArray(path) || path.length === 0) return "the result";
    return path
        .map((part, i) =>
            typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`,
        )
        .join("");
}
