import assert from "node:assert/strict";
import fs from "node:fs";
import {test} from "node:test";
import {EMBEDDING_FAMILIES, embeddingModel} from "../helpers/embeddingModel.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {llamaSourceFile} from "../helpers/templateModel.js";

// The recommended embedding models' families, on tiny random-weight models carrying their real tokenizers
// (BGE's WordPiece; Nomic Embed v2's XLM-R SentencePiece, with mixture-of-experts layers): they load as
// embedding models, pool one vector per text, report their dimension, and count tokens their own way.
for (const [name, family] of Object.entries(EMBEDDING_FAMILIES)) {
    test(`${name}: loads, pools one vector per text of its dimension, and counts tokens with its tokenizer`, async () => {
        const t = await openTestCore({modelPath: null});
        try {
            unwrap(await t.api.invoke("settings.set", {embeddingModelPath: embeddingModel(family)}));
            const {embedder} = t.core;
            assert.equal(unwrap(await embedder.dimensions()), 64);
            const texts = ["The river rose through the night.", "Volunteers filled sandbags until dawn."];
            const vectors = unwrap(await embedder.embed(texts));
            assert.equal(vectors.length, 2);
            for (const v of vectors) {
                assert.equal(v.length, 64);
                assert.ok(v.every(Number.isFinite));
                assert.ok(v.some((x) => x !== 0));
            }
            assert.notDeepEqual(vectors[0], vectors[1], "different texts, different vectors");
            const again = unwrap(await embedder.embed([texts[0]!]));
            assert.deepEqual(again[0], vectors[0], "the same text, the same vector");
            const counter = unwrap(await embedder.tokenCounter());
            const cases = tokenizerCases(family.vocab);
            // llama.cpp's own tokenizer tests for this vocabulary (its .inp/.out files), where it has them.
            for (const {text, ids} of cases) assert.equal(counter.count(text), ids, JSON.stringify(text));
            if (cases.length === 0) assert.ok(counter.count(texts[1]!) > 3);
        } finally {
            await t.core.dispose();
        }
    });
}

/** The texts of llama.cpp's tokenizer test for a vocabulary, each with its number of tokens; none if absent. */
function tokenizerCases(vocab: string): {text: string; ids: number}[] {
    let inp: string;
    let out: string;
    try {
        inp = fs.readFileSync(llamaSourceFile(`models/${vocab}.inp`), "utf8");
        out = fs.readFileSync(llamaSourceFile(`models/${vocab}.out`), "utf8");
    } catch {
        return [];
    }
    const texts = inp.split("\n__ggml_vocab_test__\n");
    const ids = out.split("\n");
    return texts.map((text, i) => ({text, ids: (ids[i] ?? "").trim().split(/\s+/).filter(Boolean).length}));
}
