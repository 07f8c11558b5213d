import assert from "node:assert/strict";
import fs from "node:fs";
import {test} from "node:test";
import {familySampling, repeatPenaltyOption} from "../../../../main/llm/sampling.js";
import {FAMILIES, llamaSourceFile} from "../../../helpers/templateModel.js";

// Each recommended family's real chat template (from llama.cpp's source) is recognized, and gets the sampling
// its publisher recommends; a template of no known family keeps Cairn's defaults.
const EXPECTED: Record<keyof typeof FAMILIES, string | null> = {
    qwen3: "Qwen 3",
    "qwen3.5": "Qwen 3",
    "llama-3.1": "Llama 3",
    "llama-3.2": "Llama 3",
    // Hermes 3 publishes no sampling of its own.
    "hermes-3": null,
    // A Llama 3.1 fine-tune: Llama 3's.
    "functionary-3.2": "Llama 3",
    "mistral-nemo": "Mistral",
    "gemma-4": "Gemma",
    "phi-3.5": "Phi-3",
    "deepseek-r1-qwen": "DeepSeek R1",
};

for (const [name, family] of Object.entries(FAMILIES) as [
    keyof typeof FAMILIES,
    (typeof FAMILIES)[keyof typeof FAMILIES],
][]) {
    test(`${name}'s template gets ${EXPECTED[name] ?? "Cairn's defaults"}`, () => {
        const template = fs.readFileSync(llamaSourceFile(`models/templates/${family.template}`), "utf8");
        const found = familySampling({architecture: family.arch, template, name: family.name});
        assert.equal(found?.family ?? null, EXPECTED[name]);
        // None of these families publishes a repetition penalty.
        if (found) assert.equal(found.sampling.repeatPenalty, 1);
    });
}

test("a model without a template, of an unknown architecture, keeps Cairn's defaults", () => {
    assert.equal(familySampling({architecture: "llama", template: null, name: "stories260K"}), null);
});

test("a repeat penalty of 1 or none is switched off in node-llama-cpp (where it is on by default)", () => {
    assert.equal(repeatPenaltyOption(undefined), false);
    assert.equal(repeatPenaltyOption(1), false);
    assert.deepEqual(repeatPenaltyOption(1.1), {penalty: 1.1});
});
