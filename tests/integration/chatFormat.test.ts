import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {ChatHistoryItem, LlamaModel} from "node-llama-cpp";
import {chooseChatFormat, ownTemplateKnown} from "../../main/llm/chatFormat.js";
import {sharedLlama} from "../../main/llm/llama.js";
import {tempDir} from "../helpers/paths.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// A model file whose own Jinja template was picked once is not searched again: its next load asks
// node-llama-cpp for that template by name. What it gets must be the very format the search found.
const HISTORY: ChatHistoryItem[] = [
    {type: "system", text: "You answer briefly."},
    {type: "user", text: "How busy is this computer?"},
    {
        type: "model",
        response: [{type: "functionCall", name: "stats", params: {}, result: "CPU: 3%"}, "Quiet."],
    },
    {type: "user", text: "Thanks"},
    {type: "model", response: []},
];
const FUNCTIONS = {stats: {description: "The computer's load"}};

async function vocabulary(file: string): Promise<LlamaModel> {
    const {llama} = await sharedLlama(false);
    return llama.loadModel({modelPath: file, vocabOnly: true});
}

async function rendered(model: LlamaModel, file: string) {
    const format = await chooseChatFormat(model, file);
    const {contextText} = format.wrapper.generateContextState({
        chatHistory: HISTORY,
        availableFunctions: FUNCTIONS,
    });
    return {
        name: format.wrapper.wrapperName,
        functionCalling: format.functionCalling,
        settings: JSON.stringify(format.wrapper.settings),
        text: contextText.toString(),
    };
}

for (const family of ["llama-3.1", "llama-3.2", "phi-3.5"] as const) {
    test(`${family}: a file's own template, picked once, is the same format when asked for by name`, async () => {
        const file = path.join(tempDir(), `${family}.gguf`);
        fs.copyFileSync(templateModel(FAMILIES[family]), file);
        const model = await vocabulary(file);
        try {
            assert.equal(ownTemplateKnown(file), false);
            const searched = await rendered(model, file);
            assert.equal(searched.name, "JinjaTemplate");
            assert.equal(ownTemplateKnown(file), true, "remembered for this file");
            const named = await rendered(model, file);
            assert.deepEqual(named, searched);
            assert.match(named.text, /CPU: 3%/, "the tool's result is in the prompt");

            // Changed on disk (a new download under the same name): searched again.
            fs.appendFileSync(file, Buffer.alloc(16));
            assert.equal(ownTemplateKnown(file), false);
        } finally {
            await model.dispose();
        }
    });
}

test("a file whose template matches a built-in format is not remembered: that format is searched for", async () => {
    const file = templateModel(FAMILIES.qwen3);
    const model = await vocabulary(file);
    try {
        assert.equal((await rendered(model, file)).name, "Qwen");
        assert.equal(ownTemplateKnown(file), false);
    } finally {
        await model.dispose();
    }
});
