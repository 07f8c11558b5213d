// Which models can see images: what Cairn knows before anything is sent.
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";

/**
 * Providers' models known to read text only, by name (OpenAI, Anthropic, Google, DeepSeek, Mistral and the
 * common local text models): a question with an image gets the clear message instead of a request the server
 * refuses. A model not listed is sent the image; a server that cannot read it answers with its own error.
 */
const TEXT_ONLY = [
    /^gpt-3\.5/i,
    /^gpt-4-(0613|0314|32k)/i,
    /^o1-mini/i,
    /^o3-mini/i,
    /^claude-(instant|2)/i,
    /^gemini-1\.0-pro$/i,
    /deepseek-(chat|reasoner|coder|r1|v[23])/i,
    /^(open-)?mistral-(tiny|small-2312|medium-2312|7b)/i,
    /^(codestral|ministral)/i,
    /^llama-?3(\.[0-3])?[-:](?!.*vision)/i,
    /^qwen[23]?(\.5)?[-:](?!.*vl)/i,
    /^phi-?[34](?!.*vision)/i,
];

export function knownTextOnly(model: string): boolean {
    const name = model.split("/").at(-1) ?? model;
    return TEXT_ONLY.some((pattern) => pattern.test(name));
}

/**
 * A local model without a projector (Cairn's own engine, node-llama-cpp 3, reads text only; local vision needs
 * the model's projector): what a question with an image is told, with the installed models that see.
 */
export function localCannotSee(model: string | null, seeing: string[]): Words {
    const name = model ?? "The local model";
    return seeing.length > 0
        ? wordsOf("cannotSeeChoose", {model: name, seeing: seeing.join(", ")})
        : wordsOf("cannotSee", {model: name});
}

/** A provider's model known to read text only: what a question with an image is told. */
export function remoteCannotSee(model: string, provider: string): Words {
    return wordsOf("remoteCannotSee", {model, provider});
}
