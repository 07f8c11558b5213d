import fs from "node:fs";
import path from "node:path";
import type {ChatHistoryItem, ChatModelFunctions, ChatWrapper, LlamaModel} from "node-llama-cpp";
import type {FunctionCalling} from "../../shared/contract.js";
import {llamaModule} from "./llama.js";
import {messageOf} from "../../shared/format.js";

export type ChatFormat = {
    wrapper: ChatWrapper;
    functionCalling: FunctionCalling;
    fallbackReason: string | null;
};

/** A conversation with a tool call and its result, two calls in one answer, and a turn after: a chat format must render it. */
const PROBE: ChatHistoryItem[] = [
    {type: "system", text: "You answer briefly."},
    {type: "user", text: "What time is it in London and Paris?"},
    {
        type: "model",
        response: [
            {type: "functionCall", name: "get_time", params: {city: "London"}, result: "12:00"},
            {type: "functionCall", name: "get_time", params: {city: "Paris"}, result: {time: "13:00"}},
            "12:00 in London, 13:00 in Paris.",
        ],
    },
    {type: "user", text: "Thanks"},
    {type: "model", response: []},
];
const PROBE_FUNCTIONS: ChatModelFunctions = {
    get_time: {
        description: "The time in a city",
        params: {
            type: "object",
            properties: {
                city: {type: "string", minLength: 1},
                clock: {enum: ["12h", "24h"]},
                days: {type: "integer"},
            },
            required: ["city"],
        },
    },
};

/**
 * The chat format Cairn uses for a model: the one node-llama-cpp picks (with the model's tokenizer), unless
 * that one cannot render a tool call and its result (some Jinja templates fail there, e.g. Functionary
 * v3.2's); then node-llama-cpp's own format for the family, with the reason. `file`: the model's file, so that
 * a file whose own template was picked is not searched again (see ownTemplateFiles).
 */
export async function chooseChatFormat(model: LlamaModel, file?: string): Promise<ChatFormat> {
    const {resolveChatWrapper} = await llamaModule();
    const version = file ? fileVersion(file) : null;
    const known = version !== null && ownTemplateFiles.has(version);
    const wrapper = resolveChatWrapper(model, {warningLogs: false, ...(known && {type: "jinjaTemplate"})});
    if (version !== null && wrapper.wrapperName === JINJA) rememberOwnTemplate(version);
    const problem = renderProblem(wrapper);
    if (!problem) return {wrapper, functionCalling: await functionCallingOf(wrapper), fallbackReason: null};
    const fallback = resolveChatWrapper(model, {noJinja: true, warningLogs: false});
    return {
        wrapper: fallback,
        functionCalling: await functionCallingOf(fallback),
        fallbackReason: `the model's chat template fails on a tool call and its result (${problem}); Cairn uses node-llama-cpp's ${fallback.wrapperName} format for this model instead`,
    };
}

const JINJA = "JinjaTemplate";

/**
 * Model files (path, size, modification time) for which node-llama-cpp picked the model's own Jinja template.
 * Picking searches every built-in format for one that renders the same, rendering the template dozens of
 * times: 1.0-2.5 s of the core's event loop for a Llama 3.x or Phi-3.5 file (measured 2026-11-27), on every
 * load. Asked for the Jinja template by name, node-llama-cpp builds the same format in about 25 ms (the same
 * settings and the same rendered prompt: tests/integration/chatFormat.test.ts). A few dozen at most.
 */
const ownTemplateFiles = new Set<string>();

function rememberOwnTemplate(version: string): void {
    ownTemplateFiles.add(version);
    for (const old of [...ownTemplateFiles].slice(0, -32)) ownTemplateFiles.delete(old);
}

/** Whether a load of this file version found its own template picked (for the tests). */
export function ownTemplateKnown(file: string): boolean {
    const version = fileVersion(file);
    return version !== null && ownTemplateFiles.has(version);
}

function fileVersion(file: string): string | null {
    const stat = fs.statSync(file, {throwIfNoEntry: false});
    return stat ? `${path.resolve(file)}\u0000${stat.size}\u0000${stat.mtimeMs}` : null;
}

function renderProblem(wrapper: ChatWrapper): string | null {
    try {
        wrapper.generateContextState({chatHistory: PROBE, availableFunctions: PROBE_FUNCTIONS});
        return null;
    } catch (error) {
        return messageOf(error);
    }
}

/**
 * How function calling works through a chat format: "native" for the family's own call syntax, "generic" for
 * node-llama-cpp's ("||call: name(args)"), which the model was not trained on.
 */
export async function functionCallingOf(wrapper: ChatWrapper): Promise<FunctionCalling> {
    const {ChatWrapper: Base, LlamaText} = await llamaModule();
    if (!wrapper.settings.functions) return "none";
    const callPrefix = (settings: ChatWrapper["settings"]) =>
        LlamaText(settings.functions.call.prefix).toString();
    return callPrefix(wrapper.settings) === callPrefix(Base.defaultSettings) ? "generic" : "native";
}
