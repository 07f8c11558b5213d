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
 * a file whose format was chosen once is not searched again (see knownFormats).
 */
export async function chooseChatFormat(model: LlamaModel, file?: string): Promise<ChatFormat> {
    const {resolveChatWrapper} = await llamaModule();
    const version = file ? fileVersion(file) : null;
    const known = version !== null ? knownFormats.get(version) : undefined;
    if (known && known !== JINJA) return known;
    const wrapper = resolveChatWrapper(model, {warningLogs: false, ...(known && {type: "jinjaTemplate"})});
    const format = await checkedFormat(model, wrapper);
    if (version !== null) remember(version, format);
    return format;
}

/** The format with its wrapper, unless that wrapper cannot render a call and its result: the family's then. */
async function checkedFormat(model: LlamaModel, wrapper: ChatWrapper): Promise<ChatFormat> {
    const problem = renderProblem(wrapper);
    if (!problem) return {wrapper, functionCalling: await functionCallingOf(wrapper), fallbackReason: null};
    const {resolveChatWrapper} = await llamaModule();
    const fallback = resolveChatWrapper(model, {noJinja: true, warningLogs: false});
    return {
        wrapper: fallback,
        functionCalling: await functionCallingOf(fallback),
        fallbackReason: `the model's chat template fails on a tool call and its result (${problem}); Cairn uses node-llama-cpp's ${fallback.wrapperName} format for this model instead`,
    };
}

const JINJA = "JinjaTemplate";

/**
 * The format chosen for each model file (path, size, modification time). Choosing searches every built-in format
 * for one that renders the same as the model's own Jinja template, rendering it dozens of times: 1.0-2.5 s of the
 * core's event loop for a Llama 3.x or Phi-3.5 file (measured 2026-11-27), about 1 s for Qwen 3's, on every load.
 * - A file whose own template was picked: JINJA. Asked for it by name, node-llama-cpp builds the same format in
 *   about 25 ms (the same settings and the same rendered prompt: tests/integration/chatFormat.test.ts). That
 *   format holds the model's tokenizer, so it is built again for each load.
 * - A file for which a built-in format was picked (Qwen, Llama 3, Gemma...): that format itself, which holds
 *   only its settings, taken again as it is.
 * A few dozen at most.
 */
const knownFormats = new Map<string, ChatFormat | typeof JINJA>();

function remember(version: string, format: ChatFormat): void {
    const jinja = format.wrapper.wrapperName === JINJA;
    knownFormats.set(version, jinja ? JINJA : format);
    for (const old of [...knownFormats.keys()].slice(0, -32)) knownFormats.delete(old);
}

/** Whether a load of this file version will take the format chosen before without a search (for the tests). */
export function formatKnown(file: string): boolean {
    const version = fileVersion(file);
    return version !== null && knownFormats.has(version);
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
