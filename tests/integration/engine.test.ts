import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {LlamaModel} from "node-llama-cpp";
import type {CairnApi, FlashAttention, Message} from "../../shared/contract.js";
import {firstToken, nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {inspectModel} from "../../main/llm/inspect.js";
import {sayIn} from "../../main/words.js";
import {writeGguf} from "../helpers/gguf.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

async function ask(api: CairnApi, conversationId: string, text: string): Promise<Message> {
    const done = nextDone(api, conversationId);
    unwrap(await api.invoke("chat.send", {conversationId, text}));
    return done;
}

function rssMiB(): number {
    return process.memoryUsage().rss / 1024 ** 2;
}

test("an unsupported architecture, a model too large for this computer and a non-GGUF file are refused clearly", async () => {
    const dir = tempDir();
    const odd = path.join(dir, "odd.gguf");
    writeGguf(
        odd,
        {"general.architecture": "nosucharch", "general.name": "Odd"},
        [{name: "w", dims: [4, 4]}],
        64,
    );
    const huge = path.join(dir, "huge.gguf");
    writeGguf(
        huge,
        {
            "general.architecture": "llama",
            "general.name": "Huge",
            "llama.context_length": 4096,
            "llama.block_count": 80,
            "llama.embedding_length": 8192,
            "llama.attention.head_count": 64,
            "llama.attention.head_count_kv": 8,
        },
        [{name: "token_embd.weight", dims: [8192, 8_000_000]}],
        // A whole file of 262 GB, as such a model is (sparse: no disk is used): a shorter one is incomplete.
        "sparse",
    );
    const text = path.join(dir, "notes.gguf");
    fs.writeFileSync(text, "just some notes\n".repeat(100));
    const underFile = path.join(text, "model.gguf"); // a path through a file: cannot be opened at all
    const t = await openTestCore({modelPath: null});
    try {
        for (const [file, code, message] of [
            [odd, "INTERNAL", /its architecture "nosucharch" is not supported by this version of llama\.cpp/],
            [
                huge,
                "OUT_OF_MEMORY",
                /huge\.gguf is too large for this computer: needs [\d.]+ GiB RAM .*free\. Choose a smaller model/,
            ],
            [text, "NOT_FOUND", /not a GGUF model file: .*notes\.gguf/],
            [underFile, "NOT_FOUND", /cannot open model file .*model\.gguf/],
        ] as const) {
            const res = await t.api.invoke("models.load", {path: file});
            assert.equal(res.ok, false, file);
            assert.equal(res.ok ? "" : res.error.code, code, file);
            assert.match(res.ok ? "" : res.error.message, message);
            assert.equal(t.core.engine.isLoaded(), false);
            // With its words, which the window says in its language; the engine's status keeps them.
            assert.ok(!res.ok && res.error.words, `${file} has words`);
            assert.deepEqual(t.core.engine.status().words, res.error.words);
        }
        const refused = await t.api.invoke("models.load", {path: huge});
        assert.ok(!refused.ok && refused.error.words);
        assert.match(
            sayIn("de", refused.error.words),
            /^huge\.gguf ist zu groß für diesen Computer: braucht [\d.]+ GiB RAM .*frei\. Wähle ein kleineres Modell/,
        );
        const inspected = unwrap(await t.api.invoke("models.inspect", {path: huge}));
        assert.equal(inspected.fit.verdict, "too-large", "shown before load too");
    } finally {
        await t.core.dispose();
        fs.rmSync(huge);
    }
});

test("load, unload and switch without a restart; unloading gives the memory back", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        // A large context makes the model's memory measurable (about 160 MiB of KV cache for this model).
        unwrap(await t.api.invoke("settings.set", {engine: {contextSize: 262_144}}));
        const base = rssMiB();
        const loaded = unwrap(await t.api.invoke("models.load", {path: TEST_MODEL}));
        assert.equal(loaded.contextSize, 262_144);
        const afterLoad = rssMiB();
        const unloaded = unwrap(await t.api.invoke("models.unload", {}));
        const afterUnload = rssMiB();
        assert.equal(unloaded.state, "no-model");
        assert.ok(
            afterLoad - base > 100,
            `load took memory: ${base.toFixed(0)} -> ${afterLoad.toFixed(0)} MiB`,
        );
        assert.ok(
            afterLoad - afterUnload > 100,
            `unload gave it back: ${afterLoad.toFixed(0)} -> ${afterUnload.toFixed(0)} MiB`,
        );

        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const refused = await t.api.invoke("chat.send", {conversationId: c.id, text: "Hello"});
        assert.equal(refused.ok ? "" : refused.error.code, "MODEL_NOT_LOADED");
        assert.match(refused.ok ? "" : refused.error.message, /unloaded\. Load a model/);

        unwrap(await t.api.invoke("settings.set", {engine: {contextSize: 2000}}));
        const first = t.api.invoke("models.load", {path: TEST_MODEL});
        const second = await t.api.invoke("models.load", {path: TEST_MODEL});
        assert.equal(second.ok ? "" : second.error.code, "DENIED");
        assert.match(second.ok ? "" : second.error.message, /already loading; wait/);
        assert.equal(unwrap(await first).contextSize, 2000);
        // Switching: loading again replaces the model in place.
        const copy = path.join(tempDir(), "copy.gguf");
        fs.copyFileSync(TEST_MODEL, copy);
        const switched = unwrap(await t.api.invoke("models.load", {path: copy}));
        assert.equal(switched.modelPath, copy);
        assert.equal((await ask(t.api, c.id, "Hello")).status, "complete");
    } finally {
        await t.core.dispose();
    }
});

test("unloading the model while it answers ends the answer with a message, and nothing crashes", async () => {
    const t = await openTestCore({generation: {maxTokens: 4000}});
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const started = firstToken(t.api, c.id);
        const done = nextDone(t.api, c.id);
        unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text: "Once upon a time"}));
        await started;
        unwrap(await t.api.invoke("models.unload", {}));
        const answer = await done;
        assert.equal(answer.status, "error");
        assert.match(answer.error ?? "", /the model was unloaded while it was answering/);
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.equal(stored[1]!.status, "error");
    } finally {
        await t.core.dispose();
    }
});

test("a follow-up turn evaluates only its new tokens; switching conversations re-evaluates correctly", async () => {
    const t = await openTestCore({generation: {maxTokens: 24, seed: 3}});
    try {
        const a = unwrap(await t.api.invoke("conversations.create", {}));
        const b = unwrap(await t.api.invoke("conversations.create", {}));
        const a1 = await ask(t.api, a.id, "Tom had a red ball.");
        assert.equal(a1.stats?.reusedTokens, 0, "first turn: nothing to reuse");
        const a2 = await ask(t.api, a.id, "He gave it to Sue.");
        const s2 = a2.stats!;
        assert.ok(s2.reusedTokens > a1.stats.promptTokens, `turn 2 reused ${s2.reusedTokens} tokens`);
        assert.ok(s2.promptTokens < 40, `turn 2 evaluated only the new message: ${s2.promptTokens} tokens`);

        await ask(t.api, b.id, "A cat sat.");
        const a3 = await ask(t.api, a.id, "Then they ran home.");
        // The context held b's turn: a's history is evaluated again (the common prefix, the system prompt
        // with the tools' descriptions, is kept).
        assert.ok(a3.stats!.promptTokens > 2 * s2.promptTokens, JSON.stringify([s2, a3.stats]));
        assert.ok(a3.stats!.reusedTokens < s2.reusedTokens, JSON.stringify([s2, a3.stats]));

        // After the switch the context holds a's history and nothing of b's: the same prompt length as a fresh
        // engine that only ever saw a. (Not the same text: llama.cpp's sums depend on batch boundaries.)
        const fresh = await openTestCore({generation: {maxTokens: 24, seed: 3}});
        try {
            const f = unwrap(await fresh.api.invoke("conversations.create", {}));
            await ask(fresh.api, f.id, "Tom had a red ball.");
            await ask(fresh.api, f.id, "He gave it to Sue.");
            const f3 = (await ask(fresh.api, f.id, "Then they ran home.")).stats!;
            assert.equal(a3.stats!.promptTokens + a3.stats!.reusedTokens, f3.promptTokens + f3.reusedTokens);
        } finally {
            await fresh.core.dispose();
        }
    } finally {
        await t.core.dispose();
    }
});

test("when the context fills up it shifts instead of failing, and the answer says so", async () => {
    const t = await openTestCore({modelPath: null, generation: {maxTokens: 60, seed: 1}});
    try {
        unwrap(
            await t.api.invoke("settings.set", {
                engine: {contextSize: 256},
                generation: {systemPrompt: "Tell stories."},
            }),
        );
        unwrap(await t.api.invoke("models.load", {path: TEST_MODEL}));
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const answers: Message[] = [];
        for (let i = 0; i < 6; i++) {
            const done = nextDone(t.api, c.id);
            const text = `Tell me part ${i} of the story of Tom.`;
            unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text, toolChoice: "none"}));
            answers.push(await done);
        }
        assert.ok(
            answers.every((m) => m.status === "complete"),
            answers.map((m) => m.error).join(", "),
        );
        assert.equal(answers[0]!.stats?.contextShifted, false);
        assert.ok(
            answers.some((m) => m.stats?.contextShifted),
            "a later turn shifted the context",
        );
        const stored = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.ok(
            stored.some((m) => m.stats?.contextShifted),
            "the flag is stored",
        );
    } finally {
        await t.core.dispose();
    }
});

test("generation settings per conversation: the same seed gives the same answer, another seed another", async () => {
    const t = await openTestCore();
    try {
        const settings = unwrap(await t.api.invoke("settings.get", {}));
        assert.equal(settings.generation.seed, null);
        assert.match(settings.generation.systemPrompt, /Cairn/);
        unwrap(await t.api.invoke("settings.set", {generation: {maxTokens: 20, temperature: 1}}));
        const run = async (seed: number) => {
            const c = unwrap(await t.api.invoke("conversations.create", {}));
            const updated = unwrap(
                await t.api.invoke("conversations.setGeneration", {
                    id: c.id,
                    generation: {seed, topK: 20, topP: 0.9},
                }),
            );
            assert.deepEqual(updated.generation, {seed, topK: 20, topP: 0.9});
            return ask(t.api, c.id, "The little bird");
        };
        // llama.cpp's sums depend on how a prompt is split into batches, so the same answer needs the same
        // context state: each run starts from a freshly loaded model.
        const reload = async () => unwrap(await t.api.invoke("models.load", {path: TEST_MODEL}));
        const one = await run(42);
        await reload();
        const two = await run(42);
        await reload();
        const other = await run(7);
        assert.equal(one.stats?.completionTokens, 20, "maxTokens from Settings");
        assert.equal(one.content, two.content);
        assert.notEqual(one.content, other.content);
        const bad = await t.api.invoke("conversations.setGeneration", {
            id: "x",
            generation: {temperature: 9},
        });
        assert.equal(bad.ok ? "" : bad.error.code, "VALIDATION");
    } finally {
        await t.core.dispose();
    }
});

test("the backend report says what runs the model", async () => {
    const t = await openTestCore();
    try {
        const {engine} = unwrap(await t.api.invoke("app.getStatus", {}));
        assert.equal(engine.backend, "cpu", "tests force the CPU");
        assert.equal(engine.gpu, null);
        assert.equal(engine.contextSize, 2048);
        assert.equal(engine.threads, 1);
        assert.equal(engine.weights, "memory", "a model that fits with room to spare is read in, not mapped");
    } finally {
        await t.core.dispose();
    }
});

test("flash attention: the model loads with Settings' choice, a run's choice wins over it, and a bad one is refused", async () => {
    /** What node-llama-cpp gives the loaded model's contexts (its default for them). */
    const given = (t: TestCore) =>
        (t.core.engine as unknown as {model: LlamaModel}).model.defaultContextFlashAttention;
    const saved = await openTestCore({modelPath: null, flashAttention: undefined});
    try {
        unwrap(await saved.api.invoke("settings.set", {engine: {flashAttention: "on"}}));
        assert.equal(unwrap(await saved.api.invoke("models.load", {path: TEST_MODEL})).flashAttention, "on");
        assert.equal(given(saved), true);
        unwrap(await saved.api.invoke("settings.set", {engine: {flashAttention: "auto"}}));
        assert.equal(
            unwrap(await saved.api.invoke("models.load", {path: TEST_MODEL})).flashAttention,
            "auto",
        );
        assert.equal(given(saved), "auto");
        const bad = await saved.api.invoke("settings.set", {
            engine: {flashAttention: "sometimes" as unknown as FlashAttention},
        });
        assert.equal(bad.ok ? "" : bad.error.code, "VALIDATION");
        assert.equal(unwrap(await saved.api.invoke("settings.get", {})).engine.flashAttention, "auto");
    } finally {
        await saved.core.dispose();
    }
    // A run's own choice (--flash-attention, CAIRN_FLASH_ATTENTION) over the saved one.
    const run = await openTestCore({modelPath: null, flashAttention: "off"});
    try {
        unwrap(await run.api.invoke("settings.set", {engine: {flashAttention: "on"}}));
        assert.equal(unwrap(await run.api.invoke("models.load", {path: TEST_MODEL})).flashAttention, "off");
        assert.equal(given(run), false);
    } finally {
        await run.core.dispose();
    }
});

test("a model's header is read once per file version: for its chat format and for its load", async () => {
    const file = path.join(tempDir(), "copy.gguf");
    fs.copyFileSync(TEST_MODEL, file);
    const forLoad = unwrap(await inspectModel(file, {chatFormat: false}));
    assert.equal(forLoad.info.chatWrapper, null, "a load chooses the format on the loaded model");
    const shown = unwrap(await inspectModel(file));
    assert.equal(shown.fileInfo, forLoad.fileInfo, "the header read for the load serves the chat format's");
    assert.ok(shown.info.chatWrapper, "and the format is named");
    assert.equal(
        unwrap(await inspectModel(file, {chatFormat: false})),
        shown,
        "the fuller one serves a load",
    );
    // A changed file is read again.
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    assert.notEqual(unwrap(await inspectModel(file, {chatFormat: false})).fileInfo, forLoad.fileInfo);
});
