import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {responsesText, startCloudServer} from "../helpers/cloudServers.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {memoryVault} from "../helpers/vault.js";
import {tempDir} from "../helpers/paths.js";

const KEY = "sk-typed-in-settings-9c2e";

function filesHolding(dir: string, text: string): string[] {
    return (fs.readdirSync(dir, {recursive: true}) as string[]).filter((file) => {
        const full = path.join(dir, file);
        return fs.statSync(full).isFile() && fs.readFileSync(full).includes(text);
    });
}

test("in the desktop app a key typed in Settings is stored encrypted, used for the provider's requests, and removed with it", async () => {
    const server = await startCloudServer(() => ({events: responsesText(["Hi."])}));
    const t = await openTestCore({modelPath: null, keyVault: memoryVault()});
    try {
        assert.equal(unwrap(await t.api.invoke("providers.canStoreKeys", {})), true);
        const listed = unwrap(
            await t.api.invoke("providers.add", {
                name: "cloud",
                type: "openai",
                baseUrl: server.url,
                model: "gpt-test",
                key: KEY,
            }),
        );
        assert.deepEqual(
            listed.map((p) => [p.name, p.key]),
            [["cloud", "stored encrypted"]],
        );
        const stored = path.join(t.dataDir, "provider-keys", "cloud.bin");
        assert.equal(fs.statSync(stored).mode & 0o777, 0o600);
        assert.deepEqual(filesHolding(t.dataDir, KEY), [], "the key is in no file in clear");

        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "cloud"}));
        const done = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "Hello"}));
        assert.equal((await done).status, "complete");
        assert.equal(server.requests.at(-1)!.headers.authorization, `Bearer ${KEY}`);
        assert.deepEqual(filesHolding(t.dataDir, KEY), []);

        assert.deepEqual(unwrap(await t.api.invoke("providers.remove", {name: "cloud"})), []);
        assert.equal(fs.existsSync(stored), false);
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("cairn serve keeps no typed key: it says to name a variable; a key stored by the desktop app is said to be unreadable here", async () => {
    const dataDir = tempDir();
    const desktop = await openTestCore({dataDir, modelPath: null, keyVault: memoryVault()});
    unwrap(await desktop.api.invoke("providers.add", {name: "cloud", type: "openai", key: KEY}));
    await desktop.core.dispose();

    const t = await openTestCore({dataDir, modelPath: null});
    try {
        assert.equal(unwrap(await t.api.invoke("providers.canStoreKeys", {})), false);
        const refused = await t.api.invoke("providers.add", {name: "other", type: "gemini", key: KEY});
        assert.equal(!refused.ok && refused.error.code, "VALIDATION");
        assert.match(
            !refused.ok ? refused.error.message : "",
            /only by the desktop app.*environment variable/,
        );
        const added = unwrap(
            await t.api.invoke("providers.add", {name: "other", type: "gemini", keyEnv: "GEMINI_API_KEY"}),
        );
        assert.deepEqual(
            added.map((p) => [p.name, p.key]),
            [
                ["cloud", "stored encrypted"],
                ["other", "env GEMINI_API_KEY"],
            ],
        );

        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "cloud"}));
        const sent = await t.api.invoke("chat.send", {conversationId: id, text: "Hello"});
        assert.match(
            !sent.ok ? sent.error.message : "",
            /cloud's key is stored encrypted by the desktop app; here, give it with keyEnv or keyFile/,
        );
        assert.deepEqual(filesHolding(dataDir, KEY), []);
    } finally {
        await t.core.dispose();
    }
});
