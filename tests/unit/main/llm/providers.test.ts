import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {
    checkProvider,
    providerKey,
    readProviders,
    saveProvider,
    type ProviderConfig,
} from "../../../../main/llm/providers.js";
import {tempDir} from "../../../helpers/paths.js";

/** The problem checkProvider said, or what it accepted instead (a test that expects words then fails). */
const problemOf = (result: ProviderConfig | string): string =>
    typeof result === "string" ? result : `accepted: ${JSON.stringify(result)}`;

test("a provider entry with a key in it is refused, in words that say where keys go", () => {
    const bad = checkProvider("box", {
        type: "openai-compatible",
        baseUrl: "http://10.0.0.5:8080/v1",
        apiKey: "sk-1",
    });
    assert.match(
        problemOf(bad),
        /^provider box: .*apiKey.*a key is never written here: use keyEnv or keyFile/,
    );
    assert.match(
        problemOf(checkProvider("../up", {type: "openai-compatible", baseUrl: "http://x/v1"})),
        /name/,
    );
    assert.match(problemOf(checkProvider("box", {type: "openai-compatible", baseUrl: "ftp://x"})), /baseUrl/);
});

test("a key file is read only when its owner alone can read it; a key variable must be set", () => {
    const dir = tempDir();
    const keyFile = path.join(dir, "box.key");
    fs.writeFileSync(keyFile, "sk-secret\n", {mode: 0o644});
    fs.chmodSync(keyFile, 0o644);
    const provider = {name: "box", type: "openai-compatible" as const, baseUrl: "http://x/v1", keyFile};
    const open = providerKey(provider);
    assert.equal(!open.ok && open.error.code, "DENIED");
    assert.match(!open.ok ? open.error.message : "", /can be read by other users; run chmod 600 on it$/);
    fs.chmodSync(keyFile, 0o600);
    assert.deepEqual(providerKey(provider), {ok: true, value: "sk-secret"});
    const env = providerKey({...provider, keyFile: undefined, keyEnv: "CAIRN_TEST_UNSET_KEY"});
    assert.match(!env.ok ? env.error.message : "", /box's key variable CAIRN_TEST_UNSET_KEY is not set/);
});

test("providers.json keeps other programs' keys, is written whole and for its owner only", () => {
    const file = path.join(tempDir(), "providers.json");
    fs.writeFileSync(
        file,
        JSON.stringify({note: "kept", providers: {old: {type: "openai-compatible", baseUrl: "http://a/v1"}}}),
    );
    saveProvider(file, {name: "box", type: "openai-compatible", baseUrl: "http://b/v1", keyEnv: "BOX_KEY"});
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const raw = JSON.parse(fs.readFileSync(file, "utf8")) as {note: string};
    assert.equal(raw.note, "kept");
    assert.deepEqual(
        readProviders(file).providers.map((p) => p.name),
        ["old", "box"],
    );
    fs.writeFileSync(file, "{not json");
    assert.match(readProviders(file).problems[0]!, /is not valid JSON/);
});

test("cloud providers have their API's address unless given; a server of the openai-compatible type needs one", () => {
    const openai = checkProvider("cloud", {type: "openai", keyEnv: "OPENAI_API_KEY"});
    assert.equal(typeof openai === "object" && openai.baseUrl, "https://api.openai.com/v1");
    const gemini = checkProvider("g", {type: "gemini", model: "gemini-2.5-flash"});
    assert.equal(
        typeof gemini === "object" && gemini.baseUrl,
        "https://generativelanguage.googleapis.com/v1beta",
    );
    const claude = checkProvider("c", {type: "anthropic", baseUrl: "http://127.0.0.1:9/v1"});
    assert.equal(typeof claude === "object" && claude.baseUrl, "http://127.0.0.1:9/v1");
    assert.match(
        problemOf(checkProvider("box", {type: "openai-compatible"})),
        /^provider box: baseUrl is missing$/,
    );
    assert.match(
        problemOf(checkProvider("box", {type: "mistral", baseUrl: "http://x/v1"})),
        /type must be one of openai-compatible, openai, gemini, anthropic/,
    );
});
