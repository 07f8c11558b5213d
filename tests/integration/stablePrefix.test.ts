import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {Message, PreflightCall} from "../../shared/contract.js";
import {ingestInto, nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// The prompt's prefix stays the same from turn to turn (the system prompt, the tools' definitions, the turns
// before), so that llama.cpp's cache is reused: recalled memories and passages travel in the turn, after the
// history, never in the system prompt. Measured on the real test model with memory and three passages on.

function notes(): string {
    const dir = tempDir();
    const lines = [
        "The Perseids peak around the twelfth of August each year.",
        "The Perseids come from the comet Swift-Tuttle.",
        "Watch the Perseids after midnight, far from city lights.",
    ];
    lines.forEach((line, i) => fs.writeFileSync(path.join(dir, `perseids-${i}.txt`), `${line}\n`));
    return dir;
}

async function turn(t: TestCore, conversationId: string, text: string, preflight: PreflightCall[]) {
    const done = nextDone(t.api, conversationId);
    unwrap(await t.api.invoke("chat.send", {conversationId, text, preflight}));
    const answer: Message = await done;
    assert.equal(answer.status, "complete", answer.error ?? "");
    return {answer, prompt: t.core.engine.lastPrompt()!.text};
}

test("a follow-up reuses the whole earlier prompt: memories and passages travel in the turn, not the system prompt", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 8, seed: 1, temperature: 0}});
    try {
        unwrap(await t.api.invoke("memories.add", {text: "I watch the Perseids from Lyon every August."}));
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        assert.equal((await ingestInto(t, [notes()], "Sky")).state, "done");
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const passages = (query: string) => [{name: "rag_search", args: {query, limit: 3}}];

        const first = await turn(t, c.id, "When do the Perseids peak?", passages("Perseids peak"));
        assert.deepEqual(
            first.answer.toolCalls.map((call) => call.tool),
            ["recall", "rag_search"],
            "a memory recalled and three passages read in the turn",
        );
        assert.equal((first.answer.toolCalls[1]!.resultText ?? "").match(/^\[\d\]/gm)?.length, 3);
        const second = await turn(
            t,
            c.id,
            "Where do they come from, the Perseids?",
            passages("Perseids comet"),
        );
        assert.deepEqual(
            second.answer.toolCalls.map((call) => call.tool),
            ["recall", "rag_search"],
        );

        // What the model read in the second turn starts with what it read in the first, byte for byte, up to
        // the first answer's end: the memory and the passages of the first turn stay where they were.
        const firstAnswerEnd = first.prompt.lastIndexOf(first.answer.content.trim());
        assert.ok(firstAnswerEnd > 0);
        const kept = first.prompt.slice(0, firstAnswerEnd);
        assert.ok(second.prompt.startsWith(kept), "the earlier prompt is a prefix of the follow-up's");
        const system = first.prompt.slice(0, first.prompt.indexOf("When do the Perseids peak?"));
        assert.ok(!system.includes("Lyon") && !system.includes("Swift-Tuttle"), "nothing recalled is in it");

        // llama.cpp evaluated only what is new: the follow-up reused the earlier prompt's tokens.
        const earlier = t.core.engine.countTokens(kept)!;
        const stats = second.answer.stats!;
        assert.ok(
            stats.reusedTokens >= earlier - 8,
            `reused ${stats.reusedTokens} of the earlier prompt's ${earlier} tokens`,
        );
    } finally {
        await t.core.dispose();
    }
});
