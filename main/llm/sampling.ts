import type {GenerationSettings} from "../../shared/contract.js";

/** A model family's published sampling recommendation, and where it is published. */
export type FamilySampling = {family: string; source: string; sampling: Partial<GenerationSettings>};

/** What identifies a family in a GGUF: its architecture, its chat template, its name. */
export type ModelFacts = {architecture: string | null; template: string | null; name: string | null};

// Repeat penalty 1 means none: every family below publishes no repetition penalty (1.0), and applying one
// costs time at each token (the last 64 tokens are collected and penalized in JavaScript and llama.cpp).
const FAMILIES: Array<FamilySampling & {matches: (m: ModelFacts) => boolean}> = [
    {
        family: "Qwen 3",
        source: "Qwen3 model cards, thinking mode: temperature 0.6, top-p 0.95, top-k 20, min-p 0",
        sampling: {temperature: 0.6, topP: 0.95, topK: 20, minP: 0, repeatPenalty: 1},
        matches: (m) => /^qwen3/.test(m.architecture ?? "") || has(m, "<|im_start|>", "<think>"),
    },
    {
        family: "DeepSeek R1",
        source: "DeepSeek-R1 model card: temperature 0.6, top-p 0.95",
        sampling: {temperature: 0.6, topP: 0.95, repeatPenalty: 1},
        matches: (m) => has(m, "<｜Assistant｜>"),
    },
    {
        family: "Llama 3",
        source: "Llama 3.1 / 3.2 Instruct generation_config.json: temperature 0.6, top-p 0.9",
        sampling: {temperature: 0.6, topP: 0.9, repeatPenalty: 1},
        matches: (m) => has(m, "<|start_header_id|>"),
    },
    {
        family: "Gemma",
        source: "Gemma 3 / 4 model cards: temperature 1.0, top-k 64, top-p 0.95, min-p 0",
        sampling: {temperature: 1, topK: 64, topP: 0.95, minP: 0, repeatPenalty: 1},
        matches: (m) => /^gemma/.test(m.architecture ?? "") || has(m, "<start_of_turn>") || has(m, "<|turn>"),
    },
    {
        family: "Mistral",
        source: "Mistral Nemo Instruct model card: temperature 0.3",
        sampling: {temperature: 0.3, repeatPenalty: 1},
        matches: (m) => has(m, "[INST]"),
    },
    {
        family: "Phi-3",
        source: "Phi-3.5-mini-instruct: no repetition penalty in its generation config",
        sampling: {repeatPenalty: 1},
        matches: (m) => /^phi3/.test(m.architecture ?? "") || has(m, "<|assistant|>", "<|end|>"),
    },
];

/** The family's recommended sampling, or null for a model of no known family (Cairn's defaults apply). */
export function familySampling(model: ModelFacts): FamilySampling | null {
    const found = FAMILIES.find((f) => f.matches(model));
    return found ? {family: found.family, source: found.source, sampling: found.sampling} : null;
}

function has(model: ModelFacts, ...marks: string[]): boolean {
    return marks.every((mark) => model.template?.includes(mark));
}

/** node-llama-cpp's repeat penalty option: none at 1 or below (it is on by default there). */
export function repeatPenaltyOption(penalty: number | undefined): false | {penalty: number} {
    return penalty === undefined || penalty <= 1 ? false : {penalty};
}
