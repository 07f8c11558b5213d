import assert from "node:assert/strict";
import {test} from "node:test";
import type {LlamaContext, LlamaContextSequenceRepeatPenalty} from "node-llama-cpp";
import {engineBuilt} from "../../main/llm/engineBuild.js";
import {sharedLlama} from "../../main/llm/llama.js";
import {watchTokenCalls} from "../helpers/nativeCalls.js";
import {TEST_MODEL} from "../helpers/paths.js";

// Patch 005 (issue 74): Cairn's engine decodes a token's batch and samples the next token in one native call
// (decodeBatchAndSample), where node-llama-cpp makes two (decodeBatch, then sampleToken). The prebuilt
// binaries lack the call: node-llama-cpp's JavaScript, patched for every install, must then make the two.

const GENERATED = 24;
type Calls = ReturnType<typeof watchTokenCalls>["calls"];

type Generation = {tokens: number[]; confidence: number[]; probabilities: string[]; calls: Calls};

/** GENERATED tokens from a short prompt, with each token's confidence and its top probabilities. */
async function generate(
    context: LlamaContext,
    oneCall: boolean,
    options: {temperature: number; seed?: number; repeatPenalty?: LlamaContextSequenceRepeatPenalty},
): Promise<Generation> {
    const {calls, restore} = watchTokenCalls(context, {oneCall});
    const sequence = context.getSequence();
    const out: Generation = {tokens: [], confidence: [], probabilities: [], calls};
    try {
        const prompt = context.model.tokenize("Once upon a time");
        const metadata = {probabilities: true, confidence: true} as const;
        for await (const item of sequence.evaluateWithMetadata(prompt, metadata, options)) {
            out.tokens.push(item.token);
            out.confidence.push(item.confidence);
            out.probabilities.push(JSON.stringify([...item.probabilities.entries()].slice(0, 3)));
            if (out.tokens.length >= GENERATED) break;
        }
    } finally {
        await sequence.dispose();
        restore();
    }
    return out;
}

async function contextOn(engine: boolean) {
    const {llama} = await sharedLlama(false, engine ? "here" : null);
    const model = await llama.loadModel({modelPath: TEST_MODEL, gpuLayers: 0});
    const context = await model.createContext({contextSize: 512, threads: 1});
    return {llama, context, close: () => model.dispose()};
}

test("on the prebuilt binaries (no decodeBatchAndSample) each token is decoded and sampled in two native calls", async () => {
    const {llama, context, close} = await contextOn(false);
    try {
        assert.equal(llama.buildType, "prebuilt");
        const native = (context as unknown as {_ctx: Record<string, unknown>})._ctx;
        assert.equal(typeof native.decodeBatchAndSample, "undefined");
        const {tokens, calls} = await generate(context, true, {temperature: 0});
        assert.equal(tokens.length, GENERATED);
        // the prompt's decode, then one decode for each generated token but the last (the loop stops at it)
        assert.deepEqual(calls, {decodeBatch: GENERATED, sampleToken: GENERATED, decodeBatchAndSample: 0});
    } finally {
        await close();
    }
});

test("Cairn's engine decodes and samples in one native call, the same tokens, confidence and probabilities as two", async (t) => {
    if (!engineBuilt())
        return t.skip(
            "Cairn's engine is not built on this machine (`cairn doctor --build-native` builds it)",
        );
    const {llama, context, close} = await contextOn(true);
    try {
        assert.equal(llama.buildType, "localBuild");
        const punished = context.model.tokenize(" the little girl");
        const settings = [
            {temperature: 0},
            {temperature: 0.9, seed: 7},
            {temperature: 0.7, seed: 3, repeatPenalty: {penalty: 1.3, punishTokens: () => punished}},
        ];
        for (const options of settings) {
            const two = await generate(context, false, options);
            const one = await generate(context, true, options);
            assert.deepEqual(two.calls, {
                decodeBatch: GENERATED,
                sampleToken: GENERATED,
                decodeBatchAndSample: 0,
            });
            // the prompt's decode samples the first token too
            assert.deepEqual(one.calls, {decodeBatch: 0, sampleToken: 0, decodeBatchAndSample: GENERATED});
            assert.deepEqual(one.tokens, two.tokens, JSON.stringify(options));
            assert.deepEqual(one.confidence, two.confidence);
            assert.deepEqual(one.probabilities, two.probabilities);
        }
    } finally {
        await close();
    }
});
