import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {createCore} from "../../main/core.js";
import {firstToken, nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

test("an answer streams as token events and is stored complete with its counters", async () => {
    const {core, api, events} = await openTestCore({generation: {maxTokens: 40, seed: 7}});
    try {
        const status = unwrap(await api.invoke("app.getStatus", {}));
        assert.equal(status.engine.state, "ready");
        assert.equal(status.engine.backend, "cpu");
        assert.equal(status.engine.threads, 1);
        const c = unwrap(await api.invoke("conversations.create", {}));
        const done = nextDone(api, c.id);
        const sent = unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "Once upon a time"}));
        const answer = await done;
        const tokens = events.filter((e) => e.type === "chat.token" && e.messageId === sent.messageId);
        assert.ok(tokens.length > 1, "several token events");
        const streamed = tokens.map((e) => (e.type === "chat.token" ? e.text : "")).join("");
        assert.equal(answer.content, streamed);
        assert.equal(answer.status, "complete");
        assert.equal(answer.stats?.completionTokens, 40);
        assert.ok((answer.stats?.promptTokens ?? 0) > 0);
        assert.ok((answer.stats?.timeToFirstTokenMs ?? -1) >= 0);
        assert.match(answer.model ?? "", /stories260K/);
        // The default system prompt asks for answers in the language the question is written in.
        assert.match(core.engine.lastPrompt()!.text, /You are Cairn[^]*in the language the user writes in\./);

        const stored = unwrap(await api.invoke("messages.list", {conversationId: c.id}));
        assert.deepEqual(
            stored.map((m) => [m.role, m.status]),
            [
                ["user", "complete"],
                ["assistant", "complete"],
            ],
        );
        assert.equal(stored[1]!.content, streamed);
        const list = unwrap(await api.invoke("conversations.list", {}));
        assert.equal(list[0]!.title, "Once upon a time");
    } finally {
        await core.dispose();
    }
});

test("the answer is written as streaming before it finishes, and grows in batches", async () => {
    const {core, api} = await openTestCore({generation: {maxTokens: 100_000, temperature: 0}});
    try {
        const c = unwrap(await api.invoke("conversations.create", {}));
        const started = firstToken(api, c.id);
        const sent = unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "Once upon a time"}));
        assert.equal(core.conversations.message(sent.messageId)!.status, "streaming");
        await started;
        const lengths = new Set<number>();
        while (lengths.size < 3) {
            lengths.add(core.conversations.message(sent.messageId)!.content.length);
            await new Promise((resolve) => setImmediate(resolve));
        }
        const done = nextDone(api, c.id);
        assert.deepEqual(unwrap(await api.invoke("chat.stop", {conversationId: c.id})), {stopped: true});
        const answer = await done;
        assert.equal(answer.status, "interrupted");
        assert.ok(answer.content.length > 0);
        assert.equal(core.conversations.message(sent.messageId)!.content, answer.content);
    } finally {
        await core.dispose();
    }
});

test("a second message while one is being written is refused, and the turn after it works", async () => {
    const {core, api} = await openTestCore({generation: {maxTokens: 100_000, temperature: 0}});
    try {
        const c = unwrap(await api.invoke("conversations.create", {}));
        const first = firstToken(api, c.id);
        unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "one"}));
        await first;
        const again = await api.invoke("chat.send", {conversationId: c.id, text: "two"});
        assert.equal(!again.ok && again.error.code, "DENIED");
        const done = nextDone(api, c.id);
        await api.invoke("chat.stop", {conversationId: c.id});
        await done;
        const next = nextDone(api, c.id);
        unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "three"}));
        core.chat.stop(c.id);
        await next;
        const roles = unwrap(await api.invoke("messages.list", {conversationId: c.id})).map((m) => m.role);
        assert.deepEqual(roles, ["user", "assistant", "user", "assistant"]);
    } finally {
        await core.dispose();
    }
});

test("the same seed and prompt give the same answer", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 2; i++) {
        const {core, api} = await openTestCore({generation: {maxTokens: 30, seed: 1234, temperature: 0.8}});
        const c = unwrap(await api.invoke("conversations.create", {}));
        const done = nextDone(api, c.id);
        unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "The dog"}));
        answers.push((await done).content);
        await core.dispose();
    }
    assert.equal(answers[0], answers[1]);
    assert.ok(answers[0]!.length > 0);
});

test("conversations persist across a restart of the core", async () => {
    const dataDir = tempDir();
    const first = await openTestCore({dataDir, generation: {maxTokens: 10}});
    const c = unwrap(await first.api.invoke("conversations.create", {}));
    const done = nextDone(first.api, c.id);
    unwrap(await first.api.invoke("chat.send", {conversationId: c.id, text: "Lily"}));
    const answer = await done;
    await first.core.dispose();

    const second = await openTestCore({dataDir});
    try {
        const messages = unwrap(await second.api.invoke("messages.list", {conversationId: c.id}));
        assert.deepEqual(
            messages.map((m) => m.content),
            ["Lily", answer.content],
        );
    } finally {
        await second.core.dispose();
    }
});

test("with no model the core starts, and sending says what to do without storing anything", async () => {
    const core = createCore({dataDir: tempDir()});
    const {api} = {api: (await import("../../main/core.js")).createMemoryClient(core)};
    try {
        await core.loadConfiguredModel();
        assert.equal(core.engine.status().state, "no-model");
        const c = unwrap(await api.invoke("conversations.create", {}));
        const res = await api.invoke("chat.send", {conversationId: c.id, text: "hello"});
        assert.equal(!res.ok && res.error.code, "MODEL_NOT_LOADED");
        assert.match(!res.ok ? res.error.message : "", /No model is loaded/);
        assert.equal(unwrap(await api.invoke("messages.list", {conversationId: c.id})).length, 0);
    } finally {
        await core.dispose();
    }
});

test("missing, truncated and random model files give errors naming the path; the core stays usable", async () => {
    const dir = tempDir();
    const truncated = path.join(dir, "truncated.gguf");
    fs.writeFileSync(truncated, fs.readFileSync(TEST_MODEL).subarray(0, 600_000));
    const random = path.join(dir, "random.gguf");
    fs.writeFileSync(random, Buffer.from(Array.from({length: 100_000}, (_, i) => (i * 131 + 7) % 256)));
    const missing = path.join(dir, "missing.gguf");

    const core = createCore({dataDir: tempDir(), threads: 1, gpu: false});
    const api = (await import("../../main/core.js")).createMemoryClient(core);
    try {
        for (const [file, pattern] of [
            [missing, /model file not found/],
            [
                truncated,
                /the model file .*truncated\.gguf is incomplete: 600,000 of 1,185,376 bytes; download it again/,
            ],
            [random, /not a GGUF model file/],
        ] as const) {
            const res = await api.invoke("models.load", {path: file});
            assert.equal(res.ok, false, file);
            assert.match(!res.ok ? res.error.message : "", pattern);
            assert.ok(!res.ok && res.error.message.includes(file), `message names ${file}`);
            assert.equal(core.engine.status().state, "error");
        }
        const loaded = unwrap(await api.invoke("models.load", {path: TEST_MODEL}));
        assert.equal(loaded.state, "ready");
        assert.equal(core.settings.get("modelPath"), TEST_MODEL);
        assert.equal(unwrap(await api.invoke("conversations.list", {})).length, 0);
    } finally {
        await core.dispose();
    }
});

test("a message sent while the model is still loading waits for it instead of failing", async () => {
    const core = createCore({
        dataDir: tempDir(),
        modelPath: TEST_MODEL,
        threads: 1,
        gpu: false,
        generation: {maxTokens: 8},
    });
    const api = (await import("../../main/core.js")).createMemoryClient(core);
    try {
        const loading = core.loadConfiguredModel();
        assert.equal(core.engine.status().state, "loading");
        const c = unwrap(await api.invoke("conversations.create", {}));
        const done = nextDone(api, c.id);
        unwrap(await api.invoke("chat.send", {conversationId: c.id, text: "Hi"}));
        const answer = await done;
        await loading;
        assert.equal(answer.status, "complete");
        assert.ok(answer.content.length > 0);
    } finally {
        await core.dispose();
    }
});

test("a message is deleted with its tool calls; an answer being written is refused; a gone one is NOT_FOUND", async () => {
    const t = await openTestCore({generation: {maxTokens: 400}});
    const {id: conversationId} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, conversationId);
    const sent = unwrap(
        await t.api.invoke("chat.send", {
            conversationId,
            text: "Once upon a time",
            preflight: [{name: "system_stats", args: {}}],
        }),
    );
    await firstToken(t.api, conversationId);
    const refused = await t.api.invoke("messages.delete", {id: sent.messageId});
    assert.equal(!refused.ok && refused.error.code, "DENIED");
    const answer = await done;
    assert.equal(answer.toolCalls.length, 1);
    unwrap(await t.api.invoke("messages.delete", {id: answer.id}));
    const left = unwrap(await t.api.invoke("messages.list", {conversationId}));
    assert.deepEqual(
        left.map((m) => m.id),
        [sent.userMessageId],
    );
    assert.equal(t.core.toolCalls.forConversation(conversationId).length, 0, "its tool calls went with it");
    const again = await t.api.invoke("messages.delete", {id: answer.id});
    assert.equal(!again.ok && again.error.code, "NOT_FOUND");
    await t.core.dispose();
});

test("a stop before the first token ends the answer as stopped, not as a failure", async () => {
    const t = await openTestCore({generation: {maxTokens: 200000}});
    const {id: conversationId} = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, conversationId);
    unwrap(await t.api.invoke("chat.send", {conversationId, text: "Once upon a time"}));
    unwrap(await t.api.invoke("chat.stop", {conversationId}));
    const answer = await done;
    assert.equal(answer.status, "interrupted", answer.error ?? "");
    assert.equal(answer.error, null);
    await t.core.dispose();
});

test("regenerate: a new version of the answer to the same prompt; the old one kept with its tool calls", async () => {
    const t = await openTestCore({generation: {maxTokens: 12}});
    const {id: conversationId} = unwrap(await t.api.invoke("conversations.create", {}));
    let done = nextDone(t.api, conversationId);
    const sent = unwrap(
        await t.api.invoke("chat.send", {
            conversationId,
            text: "Once upon a time",
            preflight: [{name: "system_stats", args: {}}],
        }),
    );
    const first = await done;
    done = nextDone(t.api, conversationId);
    const again = unwrap(
        await t.api.invoke("chat.regenerate", {conversationId, messageId: first.id, toolChoice: "none"}),
    );
    const second = await done;
    assert.equal(second.id, again.messageId);
    assert.deepEqual(second.versions, [first.id, second.id]);
    assert.equal(second.parentId, sent.userMessageId);
    // The model read only the question, as in a new conversation: not the old answer nor its tool call.
    const {id: other} = unwrap(await t.api.invoke("conversations.create", {}));
    done = nextDone(t.api, other);
    unwrap(
        await t.api.invoke("chat.send", {
            conversationId: other,
            text: "Once upon a time",
            toolChoice: "none",
        }),
    );
    const fresh = await done;
    const promptOf = (m: typeof first) => m.stats!.promptTokens + m.stats!.reusedTokens;
    assert.equal(promptOf(second), promptOf(fresh));
    let shown = unwrap(await t.api.invoke("messages.list", {conversationId}));
    assert.deepEqual(
        shown.map((m) => m.id),
        [sent.userMessageId, second.id],
    );
    shown = unwrap(await t.api.invoke("messages.showVersion", {id: first.id}));
    assert.deepEqual(
        shown.map((m) => m.id),
        [sent.userMessageId, first.id],
    );
    assert.equal(shown[1]!.toolCalls.length, 1, "the first version keeps its tool call");

    const user = await t.api.invoke("chat.regenerate", {conversationId, messageId: sent.userMessageId});
    assert.equal(!user.ok && user.error.code, "NOT_FOUND", "only an answer can be regenerated");
    await t.core.dispose();
});

test("edit and resend: the new question is a version of the old, the later turns kept on the old branch", async () => {
    const t = await openTestCore({generation: {maxTokens: 8}});
    const {id: conversationId} = unwrap(await t.api.invoke("conversations.create", {}));
    const turn = async (text: string, editOf?: string) => {
        const done = nextDone(t.api, conversationId);
        const sent = unwrap(await t.api.invoke("chat.send", {conversationId, text, editOf}));
        await done;
        return sent;
    };
    const one = await turn("Once upon a time");
    await turn("There was a cat");
    const edited = await turn("Once upon a dog", one.userMessageId);
    const shown = unwrap(await t.api.invoke("messages.list", {conversationId}));
    assert.deepEqual(shown.map((m) => m.content.slice(0, 15)).slice(0, 1), ["Once upon a dog"]);
    assert.equal(shown.length, 2);
    assert.deepEqual(shown[0]!.versions, [one.userMessageId, edited.userMessageId]);
    const back = unwrap(await t.api.invoke("messages.showVersion", {id: one.userMessageId}));
    assert.deepEqual(
        back.filter((m) => m.role === "user").map((m) => m.content),
        ["Once upon a time", "There was a cat"],
        "the old branch is whole",
    );
    const wrong = await t.api.invoke("chat.send", {conversationId, text: "x", editOf: back[1]!.id});
    assert.equal(!wrong.ok && wrong.error.code, "NOT_FOUND", "an answer is not a question to edit");
    await t.core.dispose();
});
