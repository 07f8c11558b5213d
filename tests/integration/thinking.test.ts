import assert from "node:assert/strict";
import {test} from "node:test";
import {resolveChatWrapper} from "node-llama-cpp";
import OpenAI from "openai";
import {startApi} from "../../main/api/server.js";
import {toModelHistory} from "../../main/chat/history.js";
import {sharedLlama} from "../../main/llm/llama.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// Qwen 3.5's chat format opens a thought segment at the start of every answer: with random weights the model
// thinks until the budget closes the segment, then answers. Real tokenizer, real template, real segments.
const THINKER = FAMILIES["qwen3.5"];

test("a model's thought streams apart from its answer, is stored apart, and counts apart", async () => {
    const t = await openTestCore({modelPath: templateModel(THINKER)});
    try {
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(
            await t.api.invoke("conversations.setGeneration", {
                id,
                generation: {maxTokens: 24, thinkingBudget: 8, seed: 1},
            }),
        );
        const done = nextDone(t.api, id);
        const sent = unwrap(
            await t.api.invoke("chat.send", {conversationId: id, text: "Why is the sky blue?"}),
        );
        const answer = await done;
        const of = (type: string) =>
            t.events
                .filter((e) => e.type === type && "messageId" in e && e.messageId === sent.messageId)
                .map((e) => ("text" in e ? e.text : ""))
                .join("");
        assert.ok(answer.thought.length > 0, "it thought");
        assert.equal(answer.thought, of("chat.thought"), "the thought streamed as chat.thought events");
        assert.equal(answer.content, of("chat.token"), "the answer streamed as chat.token events");
        assert.ok(answer.content.length > 0, "then it answered");
        assert.ok(!answer.content.includes(answer.thought.trim()), "the thought is not in the answer");
        assert.equal(answer.stats?.thoughtTokens, 8, "the budget closed the thought");
        assert.ok((answer.stats?.completionTokens ?? 0) > 0 && answer.stats.completionTokens <= 16);
        assert.ok((answer.thoughtMs ?? -1) >= 0);
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: id}))[1]!;
        assert.equal(stored.thought, answer.thought);

        // Thinking off for this conversation: a budget of 0 closes the segment before it holds anything.
        unwrap(
            await t.api.invoke("conversations.setGeneration", {
                id,
                generation: {maxTokens: 12, thinking: false, seed: 1},
            }),
        );
        const quiet = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "And at sunset?"}));
        const second = await quiet;
        assert.equal(second.thought, "");
        assert.equal(second.stats?.thoughtTokens, 0);
        assert.ok(second.content.length > 0);
    } finally {
        await t.core.dispose();
    }
});

test("old thoughts go back to the model only where its chat format keeps them", async () => {
    const {llama} = await sharedLlama(false);
    const model = await llama.loadModel({modelPath: templateModel(THINKER)});
    try {
        const wrapper = resolveChatWrapper(model);
        assert.equal(wrapper.wrapperName, "Qwen");
        const base = {
            conversationId: "c",
            status: "complete" as const,
            model: null,
            stats: null,
            error: null,
            createdAt: 0,
            toolCalls: [],
            citations: [],
            thoughtMs: null,
            parentId: null,
            versions: [],
        };
        const history = toModelHistory([
            {...base, id: "q1", role: "user", content: "Why is the sky blue?", thought: ""},
            {
                ...base,
                id: "a1",
                role: "assistant",
                content: "Rayleigh scattering.",
                thought: "Light scatters OLDTHOUGHT",
            },
            {...base, id: "q2", role: "user", content: "And at sunset?", thought: ""},
        ]);
        const prompt = wrapper
            .generateContextState({chatHistory: [...history, {type: "model", response: []}]})
            .contextText.toString();
        assert.match(prompt, /Rayleigh scattering\./);
        assert.doesNotMatch(prompt, /OLDTHOUGHT/, "Qwen's format drops the thoughts of earlier answers");
        // The same history as the last answer (its thought is the current one): the format keeps it.
        const current = wrapper
            .generateContextState({chatHistory: history.slice(0, 2)})
            .contextText.toString();
        assert.match(current, /OLDTHOUGHT/);
    } finally {
        await model.dispose();
    }
});

test("the local API returns the thought as reasoning_content, streamed and whole, and counts it in usage", async () => {
    const t = await openTestCore({modelPath: templateModel(THINKER)});
    unwrap(await t.api.invoke("settings.set", {generation: {thinkingBudget: 8}}));
    const api = await startApi({core: t.core, key: () => "k"});
    try {
        const client = new OpenAI({baseURL: api.url, apiKey: "k", maxRetries: 0});
        const messages = [{role: "user" as const, content: "Why is the sky blue?"}];
        const whole = await client.chat.completions.create({model: "m", messages, max_tokens: 20, seed: 3});
        const message = whole.choices[0]!.message as (typeof whole.choices)[0]["message"] & {
            reasoning_content?: string;
        };
        assert.ok(message.reasoning_content, "the thought is returned");
        assert.ok(message.content, "apart from the answer");
        assert.equal(whole.usage?.completion_tokens_details?.reasoning_tokens, 8);
        assert.equal(whole.usage?.completion_tokens, 20, "the reasoning counts in completion_tokens");

        const stream = await client.chat.completions.create({
            model: "m",
            messages,
            max_tokens: 20,
            seed: 3,
            stream: true,
        });
        let reasoning = "";
        let content = "";
        for await (const chunk of stream) {
            const delta = chunk.choices[0]?.delta as {content?: string | null; reasoning_content?: string};
            reasoning += delta?.reasoning_content ?? "";
            content += delta?.content ?? "";
        }
        assert.equal(reasoning, message.reasoning_content, "the same seed, the same thought, streamed");
        assert.equal(content, message.content);
    } finally {
        await api.close();
        await t.core.dispose();
    }
});
