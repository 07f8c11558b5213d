import {wordsOf} from "../../../shared/coreWords.js";
import type {Words} from "../../../shared/result.js";

/** An answer's length when a request names none, in tokens. */
export const DEFAULT_MAX_TOKENS = 512;

/** The smallest context an automatic load chooses (see fit.ts). */
export const SMALLEST_AUTO_CONTEXT = 2048;

/** What the person reads when even the system prompt, the tools and the newest turn cannot fit. */
export function wontFitWords(
    {tokens, room, contextSize}: {tokens: number; room: number; contextSize: number},
    tools: number,
): Words {
    return tools
        ? wordsOf("wontFitTools", {contextSize, tools, tokens, room})
        : wordsOf("wontFit", {contextSize, tokens, room});
}
