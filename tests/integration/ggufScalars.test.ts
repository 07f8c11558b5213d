import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {readGgufFileInfo} from "node-llama-cpp";
import {ggufScalars} from "../../main/llm/ggufScalars.js";
import {llamaSourceFile} from "../helpers/templateModel.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

/** node-llama-cpp's flat key/value view of a header: every value that is not an array. */
async function scalarsByNodeLlamaCpp(file: string): Promise<Map<string, unknown>> {
    const info = await readGgufFileInfo(file, {readTensorInfo: false, logWarnings: false});
    const out = new Map<string, unknown>();
    const walk = (value: unknown, prefix: string) => {
        if (Array.isArray(value)) return;
        if (typeof value === "object" && value !== null) {
            for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key);
            return;
        }
        out.set(prefix, value);
    };
    walk(info.metadata, "");
    return out;
}

// Real files: the test model, and llama.cpp's own vocabularies, whose token arrays (Gemma 4's 262k, Qwen's 151k)
// span many of the reader's megabyte chunks.
for (const name of [
    "stories260K",
    "ggml-vocab-gemma-4.gguf",
    "ggml-vocab-qwen2.gguf",
    "ggml-vocab-llama-spm.gguf",
])
    test(`${name}: the values that are not arrays, as node-llama-cpp's own parser reads them`, async () => {
        const file = name === "stories260K" ? TEST_MODEL : llamaSourceFile(`models/${name}`);
        const mine = await ggufScalars(file);
        assert.ok(mine);
        const theirs = await scalarsByNodeLlamaCpp(file);
        assert.ok(theirs.size > 5, `${theirs.size} keys`);
        for (const [key, value] of theirs) {
            const read = mine.get(key);
            if (typeof value === "number" && !Number.isInteger(value))
                assert.ok(Math.abs(Number(read) - value) < 1e-6, `${key}: ${read} against ${value}`);
            else assert.equal(read, value, key);
        }
        // The arrays are stepped over, not read.
        assert.equal(mine.has("tokenizer.ggml.tokens"), false);
        assert.equal(mine.size, theirs.size);
    });

test("a header cut short, a file that is not a GGUF, and no file at all read as null", async () => {
    const dir = tempDir();
    const vocab = fs.readFileSync(llamaSourceFile("models/ggml-vocab-qwen2.gguf"));
    const cut = path.join(dir, "cut.gguf");
    // Inside the token array, two megabytes in.
    fs.writeFileSync(cut, vocab.subarray(0, 2_000_000));
    assert.equal(await ggufScalars(cut), null);
    const text = path.join(dir, "text.gguf");
    fs.writeFileSync(text, "not a model at all, only words");
    assert.equal(await ggufScalars(text), null);
    assert.equal(await ggufScalars(path.join(dir, "none.gguf")), null);
});
