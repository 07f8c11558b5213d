import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import {test} from "node:test";
import {sayIn} from "../../main/words.js";
import {fixedApprover} from "../../main/tools/approvals.js";
import type {CairnApi, Memory, Message} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

// Memory across conversations with the real core, the real test model and a real library file: recall runs
// before each turn (the model is not asked whether to look), its memories are cited like documents.

async function open(options: Parameters<typeof openTestCore>[0] = {}): Promise<TestCore> {
    // Room in the context for Cairn's tools and the recalled memories (the tiny model's 2,048 holds neither).
    return openTestCore({contextSize: 8192, generation: {maxTokens: 4, seed: 1, temperature: 0}, ...options});
}

async function ask(api: CairnApi, question: string, incognito = false): Promise<Message> {
    const conversation = unwrap(await api.invoke("conversations.create", {incognito}));
    const done = nextDone(api, conversation.id);
    unwrap(await api.invoke("chat.send", {conversationId: conversation.id, text: question}));
    return done;
}

const memoryCited = (answer: Message) => answer.citations.filter((c) => c.title.startsWith("Memory: "));

test("a memory is recalled in a new conversation and cited; not in an incognito one; gone once deleted", async () => {
    const t = await open();
    try {
        const offered = () => t.core.tools.offered("ask", {webAccess: false}).map((tool) => tool.name);
        assert.ok(
            !offered().includes("recall"),
            "nothing remembered: recall is not offered (its definition costs tokens)",
        );
        assert.ok(!offered().includes("remember"), "nor is remember until the person has kept something");
        const {memory} = unwrap(await t.api.invoke("memories.add", {text: "My dog is called Biscuit."}));
        assert.ok(offered().includes("recall") && offered().includes("remember"));
        unwrap(await t.api.invoke("memories.add", {text: "I live in Lyon."}));
        const answer = await ask(t.api, "What is my dog called?");
        assert.deepEqual(
            answer.toolCalls.map((c) => [c.tool, c.status]),
            [["recall", "ok"]],
            "recalled before the model answered",
        );
        assert.deepEqual(
            memoryCited(answer).map((c) => [c.number, c.title, c.snippet]),
            [[1, "Memory: My dog is called Biscuit.", "My dog is called Biscuit."]],
        );
        assert.deepEqual(answer.citations[0]!.location, {memoryId: memory.id});

        const incognito = await ask(t.api, "What is my dog called?", true);
        assert.deepEqual(incognito.toolCalls, [], "nothing recalled in an incognito conversation");

        unwrap(await t.api.invoke("memories.delete", {id: memory.id}));
        const after = await ask(t.api, "What is my dog called?");
        assert.deepEqual(memoryCited(after), [], "a deleted memory is not recalled");

        unwrap(await t.api.invoke("memories.setEnabled", {enabled: false}));
        const off = await ask(t.api, "Where do I live?");
        assert.deepEqual(off.toolCalls, [], "memory off: nothing recalled");
    } finally {
        await t.core.dispose();
    }
});

test("“remember that …” becomes a remember call the person approves; it keeps where it came from", async () => {
    const t = await open({approver: fixedApprover(true)});
    try {
        const answer = await ask(t.api, "Remember that my cat is called Mochi");
        const [call] = answer.toolCalls;
        assert.deepEqual(
            [call?.tool, call?.args, call?.status],
            ["remember", {text: "my cat is called Mochi"}, "ok"],
        );
        const {memories} = unwrap(await t.api.invoke("memories.list", {}));
        assert.deepEqual(
            memories.map((m) => [m.text, m.origin, m.sourceConversationId, m.sourceMessageId]),
            [["my cat is called Mochi", "model", answer.conversationId, answer.id]],
        );
        // Said again in other words of the same kind: the older memory is updated, not doubled.
        await ask(t.api, "remember: My cat is called Mochi!");
        assert.equal(unwrap(await t.api.invoke("memories.list", {})).memories.length, 1);
        // In an incognito conversation nothing is remembered.
        const secret = await ask(t.api, "Remember that my code is 1234", true);
        assert.deepEqual(secret.toolCalls, []);
        assert.equal(unwrap(await t.api.invoke("memories.list", {})).memories.length, 1);
    } finally {
        await t.core.dispose();
    }
});

test("denied, nothing is kept; bad input is refused in words and changes nothing", async () => {
    const t = await open({approver: fixedApprover(false)});
    try {
        const answer = await ask(t.api, "remember that my bank PIN is 0000");
        assert.equal(answer.toolCalls[0]?.status, "denied");
        assert.equal(unwrap(await t.api.invoke("memories.list", {})).memories.length, 0);
        const huge = await t.api.invoke("memories.add", {text: "x".repeat(100_000)});
        assert.equal(
            !huge.ok && huge.error.message,
            "a memory is a short statement (at most 2000 characters; this one has 100000): add a longer text to Documents instead",
        );
        const blank = await t.api.invoke("memories.add", {text: "   "});
        assert.equal(!blank.ok && blank.error.message, "a memory needs some text");
        // In words, for the window to say in its language.
        assert.ok(!huge.ok && huge.error.words && !blank.ok && blank.error.words);
        assert.equal(sayIn("es", blank.error.words), "Un recuerdo necesita algo de texto");
        assert.match(
            sayIn("ja", huge.error.words),
            /^記憶は短い一文です（最大 2000 文字。これは 100000 文字あります）/,
        );
        const missing = await t.api.invoke("memories.update", {id: "nope", enabled: false});
        assert.equal(!missing.ok && missing.error.code, "NOT_FOUND");
        assert.equal(unwrap(await t.api.invoke("memories.list", {})).memories.length, 0);
    } finally {
        await t.core.dispose();
    }
});

test("cairn memory list, add, remove and export; cairn chat --incognito recalls nothing", () => {
    const dataDir = tempDir();
    const cairn = (...args: string[]) => {
        const run = spawnSync(process.execPath, [CLI, ...args, "--data", dataDir], {encoding: "utf8"});
        return {code: run.status, out: run.stdout, err: run.stderr};
    };
    const added = cairn("memory", "add", "My dog is called Biscuit.");
    assert.equal(added.code, 0, added.err);
    const id = /^remembered (\S+): My dog is called Biscuit\.\n$/.exec(added.out)?.[1];
    assert.ok(id, added.out);
    assert.match(cairn("memory", "add", "my dog is called biscuit").out, new RegExp(`^updated ${id}: `));
    const listed = JSON.parse(cairn("memory", "list", "--json").out) as Memory[];
    assert.deepEqual(
        listed.map((m) => [m.id, m.text, m.origin]),
        [[id, "my dog is called biscuit", "user"]],
    );
    const chat = (...flags: string[]) =>
        cairn(
            "chat",
            "--model",
            TEST_MODEL,
            "--max-tokens",
            "4",
            "--json",
            ...flags,
            "What is my dog called?",
        );
    const recalled = chat();
    assert.equal(recalled.code, 0, recalled.err);
    assert.match(recalled.out, /"tool":"recall"/);
    const incognito = chat("--incognito");
    assert.equal(incognito.code, 0, incognito.err);
    assert.doesNotMatch(incognito.out, /"recall"/);
    const exported = JSON.parse(cairn("memory", "export").out) as {format: string; memories: Memory[]};
    assert.equal(exported.format, "cairn.memories");
    assert.equal(exported.memories.length, 1);
    assert.equal(cairn("memory", "remove", id).out, `removed ${id}\n`);
    assert.match(cairn("memory", "remove", id).err, /no memory/);
    assert.equal(cairn("memory", "list").out, "no memories\n");
});
