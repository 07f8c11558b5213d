import assert from "node:assert/strict";
import {test} from "node:test";
import {inspectModel} from "../../main/llm/inspect.js";
import {SUMMARY_HEADING} from "../../main/chat/compaction.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "./core.js";
import {FAMILIES, templateModel} from "./templateModel.js";

// Each recommended model family's real tokenizer and chat template on tiny random weights: the chat format
// node-llama-cpp runs for it (and the label Cairn shows for it), a tool call and its result written in the
// family's own syntax, and two calls in one step. What the model writes is noise; the prompt is real.
/** native: the family's own call syntax; generic: node-llama-cpp's "||call:" one. */
type Expected = {wrapper: string; call: string; result: string; calling?: "generic"};
const NATIVE: Record<keyof typeof FAMILIES, Expected> = {
    qwen3: {
        wrapper: "Qwen",
        call: '<tool_call>\n{"name": "system_stats", "arguments": {}}\n</tool_call>',
        result: "<|im_start|>user\n<tool_response>\n",
    },
    "qwen3.5": {
        wrapper: "Qwen",
        call: "<tool_call>\n<function=system_stats>\n<parameter=params>\n{}",
        result: "<|im_start|>user\n<tool_response>\n",
    },
    "llama-3.1": {
        wrapper: "JinjaTemplate",
        call: '{"name": "system_stats", "parameters": {}}<|eot_id|>',
        result: "<|start_header_id|>ipython<|end_header_id|>\n\n",
    },
    "llama-3.2": {
        wrapper: "JinjaTemplate",
        call: '{"name": "system_stats", "parameters": {}}<|eot_id|>',
        result: "<|start_header_id|>ipython<|end_header_id|>\n\n",
    },
    // The template fails node-llama-cpp's Jinja checks: ChatML with node-llama-cpp's generic call syntax.
    "hermes-3": {
        wrapper: "ChatML",
        call: "||call: system_stats({})",
        result: "||result: ",
        calling: "generic",
    },
    // The template renders, but fails on a tool result: Cairn falls back to node-llama-cpp's Llama 3 format.
    "functionary-3.2": {
        wrapper: "Llama 3",
        calling: "generic",
        call: "||call: system_stats({})<|eot_id|>",
        result: "<|start_header_id|>function_call_result<|end_header_id|>\n\n",
    },
    "mistral-nemo": {
        wrapper: "Mistral",
        call: '[TOOL_CALLS][{"name": "system_stats", "arguments": {}}]',
        result: '[TOOL_RESULTS]{"name": "system_stats", "content": ',
    },
    "gemma-4": {
        wrapper: "Gemma 4",
        call: "<|tool_call>call:system_stats{{}}<tool_call|>",
        result: "<tool_response>response:system_stats{",
    },
    // Phi-3.5's template has no tools: its own chat format, node-llama-cpp's generic call syntax.
    "phi-3.5": {
        wrapper: "JinjaTemplate",
        call: "||call: system_stats({})",
        result: "||result: ",
        calling: "generic",
    },
    "deepseek-r1-qwen": {
        wrapper: "DeepSeek",
        call: "<function=system_stats>{}</function>",
        result: "<｜tool▁output▁begin｜>",
    },
};

async function answer(
    t: TestCore,
    request: {toolChoice?: string; preflight?: {name: string; args: Record<string, unknown>}[]},
) {
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    // Thinking off: Qwen 3.5 and R1 would otherwise think (noise) before the answer; the calls are the point.
    unwrap(
        await t.api.invoke("conversations.setGeneration", {id, generation: {maxTokens: 4, thinking: false}}),
    );
    const done = nextDone(t.api, id);
    unwrap(
        await t.api.invoke("chat.send", {conversationId: id, text: "How busy is this computer?", ...request}),
    );
    return done;
}

/** The families by the file that tests them (two files, so that neither runs for minutes on a busy machine). */
export const FAMILY_FILES = {
    "families.test.ts": ["qwen3", "qwen3.5", "deepseek-r1-qwen", "gemma-4"],
    "familiesLlama.test.ts": [
        "llama-3.1",
        "llama-3.2",
        "hermes-3",
        "functionary-3.2",
        "mistral-nemo",
        "phi-3.5",
    ],
} as const satisfies Record<string, (keyof typeof FAMILIES)[]>;

/**
 * Registers the test that a family's real tokenizer and chat template on tiny random weights run the chat format
 * Cairn shows for it, with tool calls and results in the family's own syntax (two calls in one step too).
 */
export function chatFormatTest(name: keyof typeof FAMILIES): void {
    const family = FAMILIES[name];
    test(`${name}: the chat format that runs is the one shown, and tool calls are written in the family's syntax`, async () => {
        const expected = NATIVE[name];
        const file = templateModel(family);
        const inspected = unwrap(await inspectModel(file));
        assert.equal(
            inspected.info.chatWrapper,
            expected.wrapper,
            "models inspect shows the format that runs",
        );
        const t = await openTestCore({modelPath: file});
        try {
            const forced = await answer(t, {toolChoice: "system_stats"});
            assert.equal(forced.status, "complete", forced.error ?? "");
            assert.deepEqual(
                forced.toolCalls.map((c) => [c.tool, c.status]),
                [["system_stats", "ok"]],
            );
            const prompt = t.core.engine.lastPrompt()!;
            assert.equal(prompt.wrapper, expected.wrapper);
            const call = prompt.text.indexOf(expected.call);
            assert.ok(call > 0, `the call in ${name}'s syntax:\n${prompt.text.slice(-1500)}`);
            const result = prompt.text.indexOf(expected.result, call);
            assert.ok(result > call, `the result after it in ${name}'s syntax:\n${prompt.text.slice(-1500)}`);
            assert.ok(prompt.text.indexOf("CPU:", result) > result, "the tool's output follows");

            // Two calls in one step (asked up front): both, in order, each with its result.
            const two = await answer(t, {
                preflight: [
                    {name: "list_collections", args: {}},
                    {name: "system_stats", args: {}},
                ],
            });
            assert.equal(two.status, "complete", two.error ?? "");
            const text = t.core.engine.lastPrompt()!.text;
            const first = text.lastIndexOf("list_collections");
            const second = text.lastIndexOf("system_stats");
            assert.ok(first > 0 && second > first, "both calls, in order");
            assert.ok(text.indexOf("CPU:", second) > second, "the second call's result follows it");
        } finally {
            await t.core.dispose();
        }
    });
}

/**
 * Registers the test that a conversation far longer than the context fits by the family's real token counts:
 * older turns are summarized (by the template model's random words) so that what the model reads fits, and
 * nothing is left out; the system prompt and the question stay.
 */
export function longConversationTest(name: keyof typeof FAMILIES): void {
    test(`${name}: a conversation longer than the context is summarized to fit by the vocabulary's real token counts`, async () => {
        const t = await openTestCore({modelPath: null});
        try {
            unwrap(await t.api.invoke("settings.set", {engine: {contextSize: 512}}));
            unwrap(await t.api.invoke("models.load", {path: templateModel(FAMILIES[name])}));
            const {id} = unwrap(await t.api.invoke("conversations.create", {}));
            unwrap(
                await t.api.invoke("conversations.setGeneration", {
                    id,
                    generation: {maxTokens: 24, thinking: false},
                }),
            );
            const words = (turn: number) =>
                `Turn ${turn} says: ${"the moons of Mars are small and dark ".repeat(12)}`;
            for (let turn = 0; turn < 8; turn++) {
                const conversationId = id;
                t.core.conversations.addMessage({
                    conversationId,
                    role: "user",
                    content: `FIRST-${turn} ${words(turn)}`,
                    status: "complete",
                });
                const reply = t.core.conversations.addMessage({
                    conversationId,
                    role: "assistant",
                    content: "",
                    status: "streaming",
                });
                t.core.conversations.finish(reply.id, {
                    content: words(turn),
                    status: "complete",
                    stats: null,
                });
            }
            const done = nextDone(t.api, id);
            unwrap(
                await t.api.invoke("chat.send", {
                    conversationId: id,
                    text: "What did turn 7 say?",
                    toolChoice: "none",
                }),
            );
            const answer = await done;
            assert.equal(answer.status, "complete", answer.error ?? "");
            assert.equal(answer.stats?.contextShifted, false, "nothing was left out");
            const messages = unwrap(await t.api.invoke("messages.list", {conversationId: id}));
            assert.ok(
                messages.some((m) => m.summary?.origin === "auto"),
                "older turns were summarized",
            );
            const prompt = t.core.engine.lastPrompt()!.text;
            assert.match(prompt, /What did turn 7 say\?/);
            assert.match(prompt, /You are Cairn/, "the system prompt stays");
            assert.ok(prompt.includes(SUMMARY_HEADING), "the summary is read");
            assert.doesNotMatch(prompt, /FIRST-0 /, "the oldest turn is read in the summary only");
            assert.ok(t.core.engine.countTokens(prompt)! <= 512, "what the model read fits its context");
        } finally {
            await t.core.dispose();
        }
    });
}
