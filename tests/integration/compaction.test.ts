import assert from "node:assert/strict";
import {test} from "node:test";
import type {AppEvent, Message} from "../../shared/contract.js";
import {SUMMARY_HEADING} from "../../main/chat/compaction.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {TEST_MODEL} from "../helpers/paths.js";

// Compaction on the real test model (stories260K: it writes stories, not summaries, so these tests assert what
// Cairn does with what it writes: where the summary goes, what the model reads, what is kept and found).

/** A core whose model has a context of `contextSize` tokens and writes short answers. */
async function openSmall(contextSize: number, maxTokens = 24): Promise<TestCore> {
    const t = await openTestCore({modelPath: null, generation: {maxTokens, seed: 1, temperature: 0}});
    unwrap(
        await t.api.invoke("settings.set", {
            engine: {contextSize},
            generation: {systemPrompt: "Tell stories."},
        }),
    );
    unwrap(await t.api.invoke("models.load", {path: TEST_MODEL}));
    return t;
}

const say = (t: TestCore, conversationId: string, text: string) => {
    const done = nextDone(t.api, conversationId);
    return t.api
        .invoke("chat.send", {conversationId, text, toolChoice: "none"})
        .then((res) => (unwrap(res), done));
};

test("a conversation that outgrows the context is summarized, never cut: turn 1's fact is found at turn 100", async () => {
    const t = await openSmall(1024, 12);
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const answers: Message[] = [await say(t, c.id, "My locker code is 4711. Keep it in mind.")];
        for (let i = 2; i < 100; i++) answers.push(await say(t, c.id, `Tell me part ${i} of the story.`));
        assert.ok(
            answers.every((m) => m.status === "complete"),
            answers.map((m) => m.error ?? "").join(" "),
        );
        assert.equal(answers.filter((m) => m.stats?.contextShifted).length, 0, "no turn was dropped");
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.equal(stored.length, 198, "every message is kept");
        const summaries = stored.filter((m) => m.summary);
        assert.ok(summaries.length >= 1, "older turns were summarized");
        assert.ok(summaries.every((m) => m.role === "assistant" && m.summary!.origin === "auto"));
        const compacted = t.events.filter((e) => e.type === "conversation.compacted");
        assert.equal(compacted.length, summaries.length, "each summary was announced");
        const states = t.events.flatMap((e) => (e.type === "turn.state" ? [e.state] : []));
        assert.ok(states.includes("SUMMARIZING"), "the answer said it was summarizing");

        // Turn 100: what the model reads starts with the summary, and the fact of turn 1 is found word for word.
        const done = nextDone(t.api, c.id);
        const preflight = [{name: "search_conversation", args: {query: "locker code"}}];
        const text = "What is my locker code?";
        unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text, preflight, toolChoice: "none"}));
        const last = await done;
        assert.equal(last.status, "complete", last.error ?? "");
        assert.equal(last.toolCalls[0]?.status, "ok");
        assert.match(last.toolCalls[0].resultText ?? "", /locker code is 4711/);
        const prompt = t.core.engine.lastPrompt()!.text;
        assert.ok(prompt.includes(SUMMARY_HEADING), "the model reads the summary");
        assert.ok(prompt.includes("4711"), "and the fact, through search_conversation");
        assert.ok(!prompt.includes("part 2 of the story"), "the folded turns are not read again");
    } finally {
        await t.core.dispose();
    }
});

test("Compact now folds all but the newest exchange, once; the next answer reads the summary", async () => {
    const t = await openSmall(4096);
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const refused = await t.api.invoke("conversations.compact", {id: c.id});
        assert.ok(
            !refused.ok && refused.error.code === "VALIDATION",
            "an empty conversation has nothing to fold",
        );
        for (const text of ["Zanzibar is where Tom lives.", "Tom has a dog.", "The dog is called Rex."])
            await say(t, c.id, text);
        const {covers} = unwrap(await t.api.invoke("conversations.compact", {id: c.id}));
        assert.equal(covers, 4);
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.equal(stored[3]!.summary?.origin, "manual");
        assert.ok(stored[3]!.summary.text.length > 0);
        assert.equal(stored.filter((m) => m.summary).length, 1);
        const again = await t.api.invoke("conversations.compact", {id: c.id});
        assert.ok(!again.ok && again.error.code === "VALIDATION", "nothing new to fold");
        assert.match(again.ok ? "" : again.error.message, /nothing to compact/);

        await say(t, c.id, "Where does Tom live?");
        const prompt = t.core.engine.lastPrompt()!.text;
        assert.ok(prompt.includes(SUMMARY_HEADING));
        assert.ok(prompt.includes(stored[3]!.summary.text.slice(0, 40)));
        assert.ok(prompt.includes("The dog is called Rex."), "the newest exchange is read as it was");
        if (!stored[3]!.summary.text.includes("Zanzibar"))
            assert.ok(!prompt.includes("Zanzibar is where Tom lives."), "a folded turn is not read again");
        const hits = unwrap(await t.api.invoke("conversations.search", {query: "Zanzibar"}));
        assert.ok(
            hits.some((h) => h.conversationId === c.id),
            "the folded messages stay searchable",
        );
    } finally {
        await t.core.dispose();
    }
});

test("turns each larger than the context are summarized too, and a stop while summarizing keeps nothing", async () => {
    const t = await openSmall(4096, 16);
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const long = (n: number) =>
            `Chapter ${n}. ${"Tom ran to the park with his kite and the wind was strong. ".repeat(25)}`;
        for (let n = 1; n <= 3; n++) await say(t, c.id, long(n));
        const before = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.equal(before.filter((m) => m.summary).length, 0, "they fitted");
        // The same library on a model with a context smaller than any of those turns.
        unwrap(await t.api.invoke("settings.set", {engine: {contextSize: 512}}));
        unwrap(await t.api.invoke("models.load", {path: TEST_MODEL}));

        const stopping = new Promise<void>((resolve) => {
            const off = t.api.onEvent((e: AppEvent) => {
                if (e.type === "turn.state" && e.state === "SUMMARIZING") {
                    off();
                    void t.api.invoke("chat.stop", {conversationId: c.id}).then(() => resolve());
                }
            });
        });
        const stopped = await say(t, c.id, "How does it end?");
        await stopping;
        assert.equal(stopped.status, "interrupted");
        let stored = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.equal(stored.filter((m) => m.summary).length, 0, "a stopped summary is not kept");

        const answered = await say(t, c.id, "How does it end?");
        assert.equal(answered.status, "complete", answered.error ?? "");
        assert.equal(answered.stats?.contextShifted, false);
        stored = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        const summary = stored.find((m) => m.summary)?.summary;
        assert.ok(summary && summary.covers >= 6, "every long turn was folded");
        assert.ok(t.core.engine.lastPrompt()!.text.includes(SUMMARY_HEADING));
    } finally {
        await t.core.dispose();
    }
});
