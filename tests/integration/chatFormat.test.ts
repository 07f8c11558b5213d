import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {ChatHistoryItem, LlamaModel} from "node-llama-cpp";
import {chooseChatFormat, formatKnown} from "../../main/llm/chatFormat.js";
import {sharedLlama} from "../../main/llm/llama.js";
import {tempDir} from "../helpers/paths.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// A model file whose format was chosen once is not searched again: its next load asks node-llama-cpp for its own
// Jinja template by name, or takes the built-in format chosen before. What it gets must be the very format the
// search found.
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
            assert.equal(formatKnown(file), false);
            const searched = await rendered(model, file);
            assert.equal(searched.name, "JinjaTemplate");
            assert.equal(formatKnown(file), true, "remembered for this file");
            const named = await rendered(model, file);
            assert.deepEqual(named, searched);
            assert.match(named.text, /CPU: 3%/, "the tool's result is in the prompt");

            // Changed on disk (a new download under the same name): searched again.
            fs.appendFileSync(file, Buffer.alloc(16));
            assert.equal(formatKnown(file), false);
        } finally {
            await model.dispose();
        }
    });
}

test("a file whose template matches a built-in format: that format, found once, is the one its next loads take", async () => {
    const file = path.join(tempDir(), "qwen3.gguf");
    fs.copyFileSync(templateModel(FAMILIES.qwen3), file);
    const first = await vocabulary(file);
    let searched: Awaited<ReturnType<typeof rendered>>;
    try {
        assert.equal(formatKnown(file), false);
        searched = await rendered(first, file);
        assert.equal(searched.name, "Qwen");
        assert.equal(formatKnown(file), true, "remembered for this file");
    } finally {
        await first.dispose();
    }
    // A later load of the same file (the first one gone) takes it without a search, and it renders the same.
    const second = await vocabulary(file);
    try {
        const again = await rendered(second, file);
        assert.deepEqual(again, searched);
        assert.match(again.text, /CPU: 3%/, "the tool's result is in the prompt");
        fs.appendFileSync(file, Buffer.alloc(16));
        assert.equal(formatKnown(file), false, "a changed file is searched again");
    } finally {
        await second.dispose();
    }
});
