import assert from "node:assert/strict";
import {test} from "node:test";
import type {Token} from "node-llama-cpp";
import {sharedLlama} from "../../main/llm/llama.js";
import {deciderChecks, deciderModel} from "../helpers/deciderModel.js";

/**
 * The checks train.py saved with the weights: a prompt of each kind and what PyTorch wrote greedily after it,
 * as long as its first choice led the second by a clear margin (a near tie may fall either way here).
 */
function savedChecks() {
    const checks = deciderChecks();
    if (checks.length === 0) throw new Error("decider.bin has no greedy check (train.py check)");
    return checks;
}

test("llama.cpp writes from the assembled decider what PyTorch wrote from its weights", async () => {
    const {llama} = await sharedLlama(false);
    const model = await llama.loadModel({modelPath: deciderModel()});
    try {
        const checks = savedChecks();
        assert.ok(
            checks.some((c) => c.greedy.length >= 3),
            "no check has three tokens PyTorch was sure of",
        );
        for (const check of checks.filter((c) => c.greedy.length > 0)) {
            const context = await model.createContext({contextSize: 2048, threads: 1});
            try {
                const written: number[] = [];
                const tokens = check.prompt as Token[];
                for await (const token of context.getSequence().evaluate(tokens, {temperature: 0})) {
                    written.push(token);
                    if (written.length === check.greedy.length) break;
                }
                assert.deepEqual(written, check.greedy, `after a ${check.kind} prompt`);
            } finally {
                await context.dispose();
            }
        }
    } finally {
        await model.dispose();
    }
});
