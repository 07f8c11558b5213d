// How the embedded model is asked for tool calls. Most models call best through their chat template's own
// function calling (native); some call better when a JSON grammar allows only calls or an answer (grammar),
// or when the tools are described in words and the JSON they write is found and repaired (text). The
// tool-use test (main/probe) measures each way per model; a step with tools is asked the model's way here,
// and what it wrote comes back as calls and an answer, as a native step's would.
import type {ChatHistoryItem, ChatModelFunctionCall, GbnfJsonSchema} from "node-llama-cpp";
import {jsonrepair} from "jsonrepair";
import {fieldOf, parseJson} from "../../shared/json.js";
import {ok, type Result} from "../../shared/result.js";
import {forcedCallSchema} from "./stepParts.js";
import type {CallStrategy, ModelCall, ModelFunction, StepRequest, StepResult} from "./stepTypes.js";

type RunStep = (req: StepRequest) => Promise<Result<StepResult>>;

/**
 * One step asked in `strategy`. native, a forced call and an answer format go through as they are; otherwise
 * the history's calls and results are written as text, the tools described in the system prompt, the answer
 * streamed without the calls' JSON, and the calls read from what the model wrote.
 */
export async function stepIn(
    strategy: CallStrategy,
    req: StepRequest,
    run: RunStep,
): Promise<Result<StepResult>> {
    if (strategy === "native" || req.force?.length || req.format) return run(req);
    const history = callsAsText(req.history);
    const tools = req.functions ?? [];
    if (tools.length === 0) return run({...req, history});
    const stream: AnswerStream =
        strategy === "grammar" ? new JsonAnswerStream(req.onText) : new TextAnswerStream(req.onText);
    const result = await run({
        ...req,
        functions: undefined,
        onCallChunk: undefined,
        history: withTools(history, describeTools(strategy, tools)),
        onText: (text) => stream.push(text),
        ...(strategy === "grammar" ? {format: {type: "schema", schema: choiceSchema(tools)}} : {}),
    });
    if (!result.ok) return result;
    const read = strategy === "grammar" ? readChoice(result.value.text) : callsInText(result.value.text);
    const made = "error" in read || result.value.stopped || read.calls.length === 0 ? null : read;
    stream.end(made !== null);
    return ok({
        ...result.value,
        text: made ? made.before : stream.answer(result.value.text),
        calls: made?.calls ?? [],
        finish: made ? "calls" : result.value.finish,
    });
}

/** The grammar strategy's answer: calls of the offered tools, or an answer in words. */
export function choiceSchema(tools: ModelFunction[]): GbnfJsonSchema {
    return {
        oneOf: [
            {
                type: "object",
                properties: {calls: {type: "array", items: forcedCallSchema(tools), minItems: 1}},
                required: ["calls"],
            },
            {type: "object", properties: {answer: {type: "string"}}, required: ["answer"]},
        ],
    };
}

/** The tools in words, for the strategies that do not use the chat template's function calling. */
export function describeTools(strategy: Exclude<CallStrategy, "native">, tools: ModelFunction[]): string {
    const list = tools
        .map((t) => `- ${t.name}: ${t.description} Arguments (JSON Schema): ${JSON.stringify(t.params)}`)
        .join("\n");
    const how =
        strategy === "grammar"
            ? 'Reply with JSON: {"calls": [{"name": …, "arguments": {…}}]} to use tools, or {"answer": "…"} to answer or ask.'
            : 'To use tools, reply with only JSON: {"calls": [{"name": …, "arguments": {…}}]}. Otherwise, answer in words.';
    return `Tools:\n${list}\n\n${how}`;
}

/** The system prompt with the tools' description after it (a system item first when there is none). */
function withTools(history: ChatHistoryItem[], description: string): ChatHistoryItem[] {
    const at = history.findIndex((item) => item.type === "system");
    if (at < 0) return [{type: "system", text: description}, ...history];
    const system = history[at]!;
    const text = system.type === "system" && typeof system.text === "string" ? system.text : "";
    return history.map((item, i) => (i === at ? {type: "system", text: `${text}\n\n${description}`} : item));
}

/**
 * The history as a model that is not asked through its template's function calling reads it: the calls it
 * made as the JSON it wrote, each group's results as the next user message.
 */
export function callsAsText(history: ChatHistoryItem[]): ChatHistoryItem[] {
    return history.flatMap((item): ChatHistoryItem[] => {
        if (item.type !== "model") return [item];
        const out: ChatHistoryItem[] = [];
        let response: typeof item.response = [];
        let calls: ChatModelFunctionCall[] = [];
        const flush = () => {
            if (calls.length === 0) return;
            const written = {
                calls: calls.map((c): {name: string; arguments: unknown} => ({
                    name: c.name,
                    arguments: c.params,
                })),
            };
            out.push({type: "model", response: [...response, JSON.stringify(written)]});
            out.push({type: "user", text: calls.map(resultLine).join("\n")});
            response = [];
            calls = [];
        };
        for (const part of item.response) {
            if (typeof part === "object" && part.type === "functionCall") calls.push(part);
            else {
                flush();
                response.push(part);
            }
        }
        flush();
        if (response.length > 0) out.push({type: "model", response});
        return out;
    });
}

function resultLine(call: ChatModelFunctionCall): string {
    const result = typeof call.result === "string" ? call.result : JSON.stringify(call.result);
    return `Result of ${call.name}: ${result}`;
}

/** The grammar strategy's JSON: its calls, or its answer as the text. */
function readChoice(text: string): {calls: ModelCall[]; before: string} | {error: string} {
    let value: unknown;
    try {
        value = parseJson(text);
    } catch {
        return {error: "its JSON was cut short"};
    }
    const calls = fieldOf(value, "calls");
    return Array.isArray(calls) ? callsOf(calls, "") : {calls: [], before: ""};
}

/** Where a call's JSON may begin: a brace, a bracket or a code fence. */
const OPENERS = /[[{`]/g;
const CALL_STARTS = [
    ...["name", "calls"].flatMap((key) => [`{"${key}"`, `{'${key}'`]),
    '[{"name"',
    "[{'name'",
    ...["```json{", "```{", "```json[{", "```[{"],
];

/** Whether text that begins with an opener is a call's JSON ("call"), may still become one, or is not. */
function callStart(text: string): "call" | "maybe" | "no" {
    const compact = text.slice(0, 40).replace(/\s+/g, "").slice(0, 12);
    if (CALL_STARTS.some((start) => compact.startsWith(start))) return "call";
    return CALL_STARTS.some((start) => start.startsWith(compact)) ? "maybe" : "no";
}

/**
 * Calls written as JSON in a step's text: `{"calls": [...]}`, a single `{"name", "arguments"}` object or a list
 * of them, in a code fence or not, found in the text and repaired where nearly right (a trailing comma,
 * single quotes, a missing brace). `before`: the words ahead of them. No such JSON: an answer, no call.
 */
export function callsInText(text: string): {calls: ModelCall[]; before: string} | {error: string} {
    const start = [...text.matchAll(OPENERS)].find((m) => callStart(text.slice(m.index)) === "call")?.index;
    if (start === undefined) return {calls: [], before: text};
    const from = text.slice(start).replace(/^```(json)?/, "");
    const json = from.slice(from.search(/[[{]/));
    let value: unknown;
    try {
        value = parseJson(jsonrepair(json.slice(0, jsonEnd(json))));
    } catch (error) {
        return {
            error: `its JSON could not be read: ${error instanceof Error ? error.message : String(error)}`,
        };
    }
    const list = fieldOf(value, "calls") ?? value;
    return callsOf(Array.isArray(list) ? list : [list], text.slice(0, start).trimEnd());
}

function callsOf(items: unknown[], before: string): {calls: ModelCall[]; before: string} | {error: string} {
    const calls: ModelCall[] = [];
    for (const item of items) {
        const name = fieldOf(item, "name");
        if (typeof name !== "string") return {error: `a call has no name: ${JSON.stringify(item)}`};
        calls.push({name, params: fieldOf(item, "arguments") ?? fieldOf(item, "parameters") ?? {}});
    }
    return {calls, before};
}

/** Where the JSON value at the start of `text` ends (its closing bracket); the whole text when it never does. */
function jsonEnd(text: string): number {
    let depth = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (inString) {
            if (ch === "\\") i++;
            else if (ch === '"') inString = false;
        } else if (ch === '"') inString = true;
        else if (ch === "{" || ch === "[") depth++;
        else if ((ch === "}" || ch === "]") && --depth === 0) return i + 1;
    }
    return text.length;
}

const ESCAPES: Record<string, string> = {n: "\n", t: "\t", r: "\r", b: "\b", f: "\f"};

/** A step's answer as the person sees it while the model writes in a strategy's form. */
type AnswerStream = {
    push(delta: string): void;
    /** The step has ended, with calls or without. */
    end(madeCalls: boolean): void;
    /** The answer's text, from what the model wrote whole. */
    answer(raw: string): string;
};

/** The grammar strategy's answer streamed as it is written: the "answer" string's text, never its JSON. */
export class JsonAnswerStream implements AnswerStream {
    private raw = "";
    private at = -1;
    private closed = false;
    /** The answer's text streamed so far (the JSON around it is not the answer). */
    private said = "";

    constructor(private readonly onText: (text: string) => void) {}

    push(delta: string): void {
        this.raw += delta;
        if (this.at < 0) {
            const opened = /^\s*\{\s*"answer"\s*:\s*"/.exec(this.raw);
            if (!opened) return;
            this.at = opened[0].length;
        }
        let text = "";
        while (!this.closed && this.at < this.raw.length) {
            const ch = this.raw[this.at]!;
            if (ch === '"') this.closed = true;
            else if (ch !== "\\") {
                text += ch;
                this.at++;
            } else {
                const escaped = this.raw[this.at + 1];
                if (escaped === undefined) break;
                if (escaped === "u") {
                    const hex = this.raw.slice(this.at + 2, this.at + 6);
                    if (hex.length < 4) break;
                    text += String.fromCharCode(parseInt(hex, 16));
                    this.at += 6;
                } else {
                    text += ESCAPES[escaped] ?? escaped;
                    this.at += 2;
                }
            }
        }
        this.said += text;
        if (text) this.onText(text);
    }

    end(): void {}

    answer(): string {
        return this.said;
    }
}

/**
 * The text strategy's answer streamed as it is written, held from where a call's JSON may begin: words go out
 * at once; JSON that turns out to be calls never does; held text that is not (a citation's [1], code) goes
 * out as soon as that is clear, or at the end.
 */
export class TextAnswerStream implements AnswerStream {
    private held = "";
    private calls = false;

    constructor(private readonly onText: (text: string) => void) {}

    push(delta: string): void {
        this.held += delta;
        if (!this.calls) this.release();
    }

    /** The step has ended: the held text goes out unless it held calls. */
    end(madeCalls: boolean): void {
        if (!madeCalls && this.held) this.onText(this.held);
        this.held = "";
    }

    answer(raw: string): string {
        return raw;
    }

    private release(): void {
        for (;;) {
            const start = this.held.search(OPENERS);
            if (start < 0) return this.send(this.held.length);
            if (start > 0) this.send(start);
            const verdict = callStart(this.held);
            if (verdict === "call") this.calls = true;
            if (verdict !== "no") return;
            this.send(1);
        }
    }

    private send(count: number): void {
        if (count > 0) this.onText(this.held.slice(0, count));
        this.held = this.held.slice(count);
    }
}
