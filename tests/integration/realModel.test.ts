import assert from "node:assert/strict";
import os from "node:os";
import {after, before, test} from "node:test";
import type {Message} from "../../shared/contract.js";
import {DECIDER_SYSTEM_PROMPT, deciderModel} from "../helpers/deciderModel.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";

// A model that decides on its own whether to call a tool, with tool choice auto and no preflight call: the
// deciding test model (tests/fixtures/decider, a fixture trained for exactly these decisions), or a real
// instruct model when CAIRN_TEST_MODEL names one (a Qwen 3 or Llama 3.1 instruct GGUF, say).
const model = process.env.CAIRN_TEST_MODEL ?? deciderModel();

let t: TestCore;
before(async () => {
    // The deciding test model sees the system prompt it was trained under; a real model, the default one.
    const systemPrompt = process.env.CAIRN_TEST_MODEL ? undefined : DECIDER_SYSTEM_PROMPT;
    t = await openTestCore({
        modelPath: model,
        threads: 1,
        generation: {maxTokens: 96, temperature: 0, systemPrompt},
    });
});
after(async () => {
    await t.core.dispose();
});

async function ask(text: string, web: boolean): Promise<Message> {
    const c = unwrap(await t.api.invoke("conversations.create", {}));
    unwrap(await t.api.invoke("conversations.setWebAccess", {id: c.id, webAccess: web}));
    const done = nextDone(t.api, c.id);
    unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text}));
    const answer = await done;
    assert.equal(answer.status, "complete", answer.error ?? undefined);
    return answer;
}

test("with tool choice auto, the model decides to call system_stats and answers from it", async () => {
    const answer = await ask(
        "How many CPU cores does this computer have? Use the system_stats tool to find out.",
        false,
    );
    assert.equal(answer.toolCalls[0]?.tool, "system_stats");
    assert.equal(answer.toolCalls[0]?.origin, "model");
    // Its answer is taken from the machine's own figures, as system_stats gave them: the CPU and its cores.
    const cpu = /^CPU: ([^\n]*?, \d+ cores)/m.exec(answer.toolCalls[0]?.resultText ?? "")?.[1];
    assert.ok(cpu, `system_stats names the CPU and its cores: ${answer.toolCalls[0]?.resultText}`);
    assert.match(cpu, new RegExp(`, ${os.cpus().length} cores$`));
    assert.ok(answer.content.includes(cpu), `the answer holds "${cpu}": ${answer.content}`);
});

test("a greeting is answered without a tool", async () => {
    const answer = await ask("Hello!", true);
    assert.deepEqual(
        answer.toolCalls.map((c) => c.tool),
        [],
    );
    assert.ok(answer.content.trim().length > 0);
});

test("with web access off, a question about current facts calls no web tool", async () => {
    const answer = await ask("What is the latest news about the Mars rover?", false);
    assert.ok(!answer.toolCalls.some((c) => c.tool.startsWith("web_")));
    assert.ok(answer.content.trim().length > 0);
});
