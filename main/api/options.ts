// A chat or text completion request's options as the engine takes them: the answer's format (a grammar),
// stop strings and sampling.
import type {GbnfJsonSchema} from "node-llama-cpp";
import type {AnswerFormat, Sampling} from "../llm/stepTypes.js";
import {exactGrammarSchema, NotEnforceable} from "../llm/grammarSchema.js";
import {invalid} from "./errors.js";
import type {ChatRequest, CompletionRequest} from "./schemas.js";

/**
 * The answer's format: JSON, or JSON that validates against the caller's schema, enforced by a grammar; a
 * schema with a keyword the grammar cannot enforce is a 400 naming it (the answer could break it).
 */
export function answerFormat(body: ChatRequest, param: string): AnswerFormat | undefined {
    const format = body.response_format;
    if (!format || format.type === "text") return undefined;
    if (format.type === "json_object") return {type: "json"};
    const schema = "json_schema" in format ? format.json_schema.schema : undefined;
    if (!schema) return {type: "json"};
    try {
        return {type: "schema", schema: exactGrammarSchema(schema) as GbnfJsonSchema};
    } catch (error) {
        if (!(error instanceof NotEnforceable)) throw error;
        const at = error.at ? `${param}.${error.at}` : param;
        throw invalid(`${at}: ${error.why}`, at, "unsupported_schema");
    }
}

export function stopList(stop: string | string[] | null | undefined): string[] | undefined {
    if (stop === undefined || stop === null) return undefined;
    const list = (Array.isArray(stop) ? stop : [stop]).filter((s) => s.length > 0);
    return list.length > 0 ? list : undefined;
}

export function samplingOf(body: ChatRequest | CompletionRequest): Sampling {
    return {
        ...(body.temperature != null ? {temperature: body.temperature} : {}),
        ...(body.top_p != null ? {topP: body.top_p} : {}),
        ...(body.seed != null ? {seed: body.seed >>> 0} : {}),
    };
}
