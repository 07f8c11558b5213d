import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {Message} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

const GENERATION = {maxTokens: 8, temperature: 0, seed: 1};

async function ask(t: TestCore, text: string): Promise<Message> {
    const c = unwrap(await t.api.invoke("conversations.create", {}));
    const done = nextDone(t.api, c.id);
    unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text}));
    const answer = await done;
    assert.equal(answer.status, "complete", answer.error ?? "");
    return answer;
}

function savedPrefixes(dataDir: string): string[] {
    const dir = path.join(dataDir, "prompt-cache");
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".state")) : [];
}

test("the system prompt and tools prefix is evaluated once and read back after a restart", async () => {
    const dataDir = tempDir();
    const first = await openTestCore({dataDir, generation: GENERATION});
    let cold: Message;
    try {
        cold = await ask(first, "Hello there");
        assert.equal(savedPrefixes(dataDir).length, 1, "the first answer saves the shared prefix");
    } finally {
        await first.core.dispose();
    }
    const cold_ = cold.stats!;
    assert.equal(cold_.reusedTokens, 0);

    const again = await openTestCore({dataDir, generation: GENERATION});
    try {
        const warm = (await ask(again, "Hello there")).stats!;
        // After the restart only the user's message (and the chat format's few tokens around it) is evaluated.
        assert.ok(warm.reusedTokens > 100, `reused ${warm.reusedTokens} tokens`);
        assert.equal(warm.promptTokens + warm.reusedTokens, cold_.promptTokens);
        assert.ok(
            warm.promptTokens < cold_.promptTokens / 4,
            `${warm.promptTokens} of ${cold_.promptTokens}`,
        );
        assert.equal(savedPrefixes(dataDir).length, 1, "the same prefix is not saved twice");
    } finally {
        await again.core.dispose();
    }
});

test("a saved prefix that cannot be read is evaluated again and replaced; the answer is not affected", async () => {
    const dataDir = tempDir();
    const first = await openTestCore({dataDir, generation: GENERATION});
    try {
        await ask(first, "Hello there");
    } finally {
        await first.core.dispose();
    }
    const [name] = savedPrefixes(dataDir);
    const file = path.join(dataDir, "prompt-cache", name!);
    const size = fs.statSync(file).size;
    fs.writeFileSync(file, "not a state file");

    const again = await openTestCore({dataDir, generation: GENERATION});
    try {
        const answer = await ask(again, "Hello there");
        assert.equal(answer.stats!.reusedTokens, 0, "nothing was read from the damaged file");
        assert.equal(fs.statSync(file).size, size, "the prefix was saved again");
    } finally {
        await again.core.dispose();
    }
});

test("a different system prompt or tool set has its own saved prefix", async () => {
    const dataDir = tempDir();
    const t = await openTestCore({dataDir, generation: GENERATION});
    try {
        await ask(t, "Hello there");
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setWebAccess", {id: c.id, webAccess: true}));
        const done = nextDone(t.api, c.id);
        unwrap(await t.api.invoke("chat.send", {conversationId: c.id, text: "Hello there"}));
        assert.equal((await done).status, "complete");
        assert.equal(savedPrefixes(dataDir).length, 2);
    } finally {
        await t.core.dispose();
    }
});
