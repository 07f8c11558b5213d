import assert from "node:assert/strict";
import {test} from "node:test";
import {openTestCore, unwrap} from "../helpers/core.js";
import {FAMILY_FILES, chatFormatTest, longConversationTest} from "../helpers/familyFormats.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// The recommended model families of the Qwen, DeepSeek and Gemma tokenizers (familiesLlama.test.ts has Llama's,
// Mistral's and Phi's): each family's real tokenizer and chat template on tiny random weights, the chat format
// that runs and its tool-call syntax; what the model writes is noise, the prompt is real.
for (const name of FAMILY_FILES["families.test.ts"]) chatFormatTest(name);
for (const name of ["qwen3", "gemma-4"] as const) longConversationTest(name);

test("every recommended family's chat format is tested in one of the two files", () => {
    assert.deepEqual(Object.values(FAMILY_FILES).flat().sort(), Object.keys(FAMILIES).sort());
});

test("while a family's model is loaded, Settings' generation defaults are its published sampling", async () => {
    const t = await openTestCore();
    try {
        const generic = unwrap(await t.api.invoke("settings.get", {})).generation;
        assert.equal(generic.repeatPenalty, 1.1, "a model of no known family keeps Cairn's defaults");
        unwrap(await t.api.invoke("models.load", {path: templateModel(FAMILIES.qwen3)}));
        const qwen = unwrap(await t.api.invoke("settings.get", {})).generation;
        assert.deepEqual(
            [qwen.temperature, qwen.topP, qwen.topK, qwen.minP, qwen.repeatPenalty],
            [0.6, 0.95, 20, 0, 1],
        );
        // What the user chose still wins over the family's recommendation.
        unwrap(await t.api.invoke("settings.set", {generation: {temperature: 0.2}}));
        const chosen = unwrap(await t.api.invoke("settings.get", {})).generation;
        assert.deepEqual([chosen.temperature, chosen.topK], [0.2, 20]);
    } finally {
        await t.core.dispose();
    }
});
