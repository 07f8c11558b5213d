import type {ChatHistoryItem, ChatWrapper, LlamaModel} from "node-llama-cpp";
import {estimateTokens} from "../contextFit.js";
import {modelFunctions} from "../stepParts.js";
import type {ModelFunction} from "../stepTypes.js";
import {DEFAULT_MAX_TOKENS} from "./limits.js";

/** What the loaded model's measures read: its tokenizer, its chat format and its context's size. */
export type Measured = {model: LlamaModel; wrapper: ChatWrapper; contextSize: number};

/**
 * What tool definitions cost in the prompt, in the loaded model's tokens, as its chat format writes
 * them: all of `functions` together (with the format's preamble for tools), and what each one adds;
 * null with no model loaded.
 */
export function functionTokens(
    {model, wrapper, contextSize}: Measured,
    functions: ModelFunction[],
    options: {each: boolean} = {each: true},
): {total: number; each: number[]; preamble: number; contextSize: number} {
    const history: ChatHistoryItem[] = [{type: "user", text: ""}];
    const length = (fs: ModelFunction[]) =>
        wrapper
            .generateContextState({chatHistory: history, availableFunctions: modelFunctions(fs)})
            .contextText.tokenize(model.tokenizer).length;
    const base = length([]);
    const total = functions.length ? length(functions) - base : 0;
    if (!options.each) return {total, each: [], preamble: 0, contextSize};
    const alone = functions.map((f) => length([f]) - base);
    // The text a format writes once for any tools: what two tools cost alone, less what they cost together.
    const preamble =
        functions.length >= 2
            ? Math.max(0, alone[0]! + alone[1]! - (length(functions.slice(0, 2)) - base))
            : 0;
    return {total, each: alone.map((n) => n - preamble), preamble, contextSize};
}

/**
 * The tokens each of `calls` tool results may take in the next step: what the context has left after
 * what it holds now (measured after a step; estimated before the first) and the answer's reserve; at
 * least an eighth of the context when older turns can make room, at most half; null with no model.
 */
export function resultBudget(
    measured: Measured,
    request: {
        history: ChatHistoryItem[];
        functions: ModelFunction[];
        maxTokens: number | undefined;
        calls: number;
        /** Tokens in the context after this turn's last step, when there was one. */
        contextUsed: number | null;
    },
): number {
    const {model, contextSize: size} = measured;
    const {history, functions, calls} = request;
    const count = (text: string) => model.tokenize(text).length;
    // Each result is wrapped in the chat format's call syntax: a few dozen tokens.
    const usable =
        Math.floor(size * 0.95) - Math.min(request.maxTokens ?? DEFAULT_MAX_TOKENS, size / 4) - 32 * calls;
    // The tools as the chat format writes them (with its preamble), not their JSON: often twice as long.
    const definitions = functionTokens(measured, functions, {each: false}).total;
    const used = request.contextUsed ?? estimateTokens(history, count, definitions);
    // What can never be dropped: the system prompt and the two newest items (the question, this answer).
    const kept = history.filter((item, i) => item.type === "system" || i >= history.length - 2);
    const least = Math.min(used, estimateTokens(kept, count, definitions));
    const total = Math.min(Math.max(usable - used, size / 8), usable - least, size / 2);
    return Math.max(16, Math.floor(total / Math.max(1, calls)));
}

/** Cuts a text to about `budget` tokens on a line or word boundary, saying so; unchanged when it fits. */
export function fitText(model: LlamaModel, text: string, budget: number): string {
    // A token covers at least one character, so a prefix of 8 characters a token is always enough to
    // cut from, and a huge result is never tokenized whole.
    const head = text.length > budget * 8 ? text.slice(0, budget * 8) : text;
    const tokens = model.tokenize(head);
    if (head === text && tokens.length <= budget) return text;
    const total = Math.round((tokens.length * text.length) / head.length);
    const keep = Math.max(0, budget - 24);
    let kept = model.detokenize(tokens.slice(0, keep));
    // End on a block (a blank line), else a line, else a word, if one is near the end.
    for (const boundary of ["\n\n", "\n", " "]) {
        const at = kept.lastIndexOf(boundary);
        if (at > kept.length * 0.7) {
            kept = kept.slice(0, at);
            break;
        }
    }
    kept = kept.trimEnd();
    return `${kept}\n[cut to fit the context: the first ${keep} of about ${total} tokens, ${kept.length} of ${text.length} characters]`;
}
