import assert from "node:assert/strict";
import {test} from "node:test";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";

// The test model never decides to call a tool; a real instruct model does. Set CAIRN_TEST_MODEL to a
// GGUF with function calling (for example a Qwen2.5 or Llama 3.1 instruct) to run this.
const model = process.env.CAIRN_TEST_MODEL;
const skip = model ? false : "CAIRN_TEST_MODEL is not set: no real instruct model on this machine";
if (skip) console.log(`[real-model tests skipped] ${skip}`);

test(
    "with tool choice auto, a real model decides to call system_stats and answers from it",
    {skip},
    async () => {
        const t = await openTestCore({
            modelPath: model!,
            threads: undefined,
            generation: {maxTokens: 256, temperature: 0},
        });
        try {
            const c = unwrap(await t.api.invoke("conversations.create", {}));
            const done = nextDone(t.api, c.id);
            unwrap(
                await t.api.invoke("chat.send", {
                    conversationId: c.id,
                    text: "How many CPU cores does this computer have? Use the system_stats tool to find out.",
                }),
            );
            const answer = await done;
            assert.equal(answer.status, "complete");
            assert.equal(answer.toolCalls[0]?.tool, "system_stats");
            assert.equal(answer.toolCalls[0]?.origin, "model");
            assert.match(answer.content, /\d/);
        } finally {
            await t.core.dispose();
        }
    },
);
