import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {sayIn} from "../../main/words.js";
import OpenAI from "openai";
import {startApi} from "../../main/api/server.js";
import {AssistantStore} from "../../main/assistants/store.js";
import {ConversationStore} from "../../main/store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {fixedApprover} from "../../main/tools/approvals.js";
import type {Assistant, AssistantInput, Message} from "../../shared/contract.js";
import {askIn, ingestInto, nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {startCloudServer} from "../helpers/cloudServers.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";

// Assistants with the real core, model and library: what a new conversation gets, what follows the assistant
// live, its documents and memories, its file, and the local API's metadata.assistant.

const NAVIGATOR: AssistantInput = {
    name: "Navigator",
    icon: "🧭",
    instructions: "You are the ship's navigator. Answer in bearings and knots.",
    toolsOff: ["web_search"],
    pinnedTools: ["system_stats"],
    collections: ["Charts"],
    memoryScope: "assistant",
    provider: null,
    providerModel: null,
    localModel: null,
    generation: {maxTokens: 3, temperature: 0},
    starters: ["Plot a course to the nearest harbour"],
    isDefault: true,
};

async function open(options: Parameters<typeof openTestCore>[0] = {}): Promise<TestCore> {
    // Room in the context for Cairn's tools and forced results (the tiny model's 2,048 holds neither).
    return openTestCore({contextSize: 8192, ...options});
}

function writeDoc(dir: string, name: string, text: string): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
}

const searchedTitles = (answer: Message) => answer.citations.map((c) => c.title).sort();

test("a new conversation starts with the default assistant: its tools off, instructions, generation, collections", async () => {
    const t = await open();
    try {
        const navigator = unwrap(await t.api.invoke("assistants.save", {assistant: NAVIGATOR}));
        assert.equal(navigator.isDefault, true);
        assert.deepEqual(navigator.missing, ["collection Charts"], "the collection is not here yet");

        const started = unwrap(await t.api.invoke("conversations.create", {}));
        assert.equal(started.assistantId, navigator.id);
        assert.deepEqual(started.toolsOff, ["web_search"], "the conversation has its own copy of tools off");
        const plain = unwrap(await t.api.invoke("conversations.create", {assistantId: null}));
        assert.equal(plain.assistantId, null);
        assert.deepEqual(plain.toolsOff, []);

        const answer = await askIn(t.api, started.id, "Where are we?");
        assert.match(
            t.core.engine.lastPrompt()!.text,
            /You are the ship's navigator\. Answer in bearings and knots\./,
        );
        assert.ok(
            answer.stats!.completionTokens <= 3,
            `the assistant's 3 tokens at most: ${answer.stats!.completionTokens}`,
        );
        await askIn(t.api, plain.id, "Where are we?");
        assert.doesNotMatch(
            t.core.engine.lastPrompt()!.text,
            /navigator/,
            "no assistant: Settings' system prompt",
        );
        assert.match(t.core.engine.lastPrompt()!.text, /You are Cairn/);

        // Edited, the assistant's conversations follow its new instructions at once.
        unwrap(
            await t.api.invoke("assistants.save", {
                id: navigator.id,
                assistant: {...NAVIGATOR, instructions: "You are the ship's cook."},
            }),
        );
        await askIn(t.api, started.id, "What is for dinner?");
        assert.match(t.core.engine.lastPrompt()!.text, /You are the ship's cook\./);

        // Its document searches read its collections (and the conversation's own files), not the others.
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const dir = tempDir();
        const reef = writeDoc(
            dir,
            "reef.md",
            "# Reef\n\nThe harbour reef lies two cables east of the lighthouse.",
        );
        const recipes = writeDoc(
            dir,
            "recipes.md",
            "# Recipes\n\nThe harbour chowder takes two cables of rope.",
        );
        assert.equal((await ingestInto(t, [reef], "Charts")).state, "done");
        assert.equal((await ingestInto(t, [recipes], "Galley")).state, "done");
        assert.deepEqual(unwrap(await t.api.invoke("assistants.list", {}))[0]!.missing, []);
        const search = [{name: "rag_search", args: {query: "harbour cables"}}];
        const own = await askIn(t.api, started.id, "harbour cables?", search);
        assert.deepEqual(searchedTitles(own), ["Reef"]);
        const other = await askIn(t.api, plain.id, "harbour cables?", search);
        assert.deepEqual(searchedTitles(other), ["Recipes", "Reef"]);
    } finally {
        await t.core.dispose();
    }
});

test("an assistant's own local model: its conversation loads it in place of the loaded one; one not installed is said", async () => {
    const t = await open();
    try {
        // A second installed model file (the same weights under the assistant's own name).
        const own = path.join(tempDir(), "navigator-7b.gguf");
        fs.copyFileSync(TEST_MODEL, own);
        unwrap(await t.api.invoke("models.add", {path: own}));
        const loaded = t.core.engine.status().modelPath;
        assert.equal(loaded, path.resolve(TEST_MODEL));
        const navigator = unwrap(
            await t.api.invoke("assistants.save", {
                assistant: {...NAVIGATOR, collections: [], isDefault: false, localModel: "navigator-7b.gguf"},
            }),
        );
        assert.deepEqual(navigator.missing, []);
        const plain = unwrap(await t.api.invoke("conversations.create", {assistantId: null}));
        const started = unwrap(await t.api.invoke("conversations.create", {assistantId: navigator.id}));

        await askIn(t.api, plain.id, "Where are we?");
        assert.equal(t.core.engine.status().modelPath, loaded, "no assistant: the loaded model answers");
        // While another answer is being written with the loaded model, the model is not changed under it.
        const writing = nextDone(t.api, plain.id);
        unwrap(await t.api.invoke("chat.send", {conversationId: plain.id, text: "Tell a long story"}));
        const refused = await t.api.invoke("chat.send", {conversationId: started.id, text: "Where are we?"});
        assert.equal(refused.ok, false);
        assert.match(
            refused.ok ? "" : refused.error.message,
            /answers with navigator-7b\.gguf.*send again when/,
        );
        unwrap(await t.api.invoke("chat.stop", {conversationId: plain.id}));
        await writing;
        assert.equal(t.core.engine.status().modelPath, loaded);
        const answer = await askIn(t.api, started.id, "Where are we?");
        assert.equal(answer.status, "complete");
        assert.equal(t.core.engine.status().modelPath, own, "its conversation answered with its model");
        assert.match(t.core.engine.lastPrompt()!.text, /ship's navigator/);
        // Back in a conversation without it, the loaded model (now the assistant's) simply answers.
        await askIn(t.api, plain.id, "And now?");
        assert.equal(t.core.engine.status().modelPath, own);

        // A model that is not installed here: said, and the loaded model answers.
        const gone = unwrap(
            await t.api.invoke("assistants.save", {
                assistant: {
                    ...NAVIGATOR,
                    name: "Pilot",
                    collections: [],
                    isDefault: false,
                    localModel: "gone.gguf",
                },
            }),
        );
        assert.deepEqual(gone.missing, ["model gone.gguf"]);
        const piloted = unwrap(await t.api.invoke("conversations.create", {assistantId: gone.id}));
        assert.equal((await askIn(t.api, piloted.id, "Where?")).status, "complete");
        assert.equal(t.core.engine.status().modelPath, own);
        // A path is not a model's name: refused in words, nothing saved.
        const bad = await t.api.invoke("assistants.save", {
            assistant: {...NAVIGATOR, name: "Bad", localModel: "/models/x.gguf"},
        });
        assert.equal(bad.ok, false);
    } finally {
        await t.core.dispose();
    }
});

test("an assistant's own memories are kept and recalled in its conversations only", async () => {
    const t = await open({approver: fixedApprover(true), generation: {maxTokens: 2}});
    try {
        const navigator = unwrap(await t.api.invoke("assistants.save", {assistant: NAVIGATOR}));
        const own = unwrap(await t.api.invoke("conversations.create", {assistantId: navigator.id}));
        const kept = await askIn(t.api, own.id, "Remember that the anchor is called Bessie");
        assert.equal(kept.toolCalls[0]?.status, "ok");
        const {memories} = unwrap(await t.api.invoke("memories.list", {}));
        assert.deepEqual(
            memories.map((m) => [m.text, m.scope]),
            [["the anchor is called Bessie", `assistant:${navigator.id}`]],
        );
        const again = unwrap(await t.api.invoke("conversations.create", {assistantId: navigator.id}));
        const recalled = await askIn(t.api, again.id, "What is the anchor called?");
        assert.deepEqual(
            recalled.toolCalls.map((c) => c.tool),
            ["recall"],
        );
        assert.deepEqual(
            recalled.citations.map((c) => c.title),
            ["Memory: the anchor is called Bessie"],
        );
        const elsewhere = unwrap(await t.api.invoke("conversations.create", {assistantId: null}));
        const none = await askIn(t.api, elsewhere.id, "What is the anchor called?");
        assert.deepEqual(none.citations, [], "another conversation does not recall the assistant's memory");
        unwrap(await t.api.invoke("assistants.delete", {id: navigator.id}));
        const shared = unwrap(await t.api.invoke("memories.list", {})).memories;
        assert.deepEqual(
            shared.map((m) => m.scope),
            ["everywhere"],
            "deleted, its memories stay, shared",
        );
    } finally {
        await t.core.dispose();
    }
});

test("export and import round trip; bad files are refused in words and add nothing", async () => {
    const t = await open();
    try {
        const navigator = unwrap(await t.api.invoke("assistants.save", {assistant: NAVIGATOR}));
        const file = unwrap(await t.api.invoke("assistants.export", {id: navigator.id}));
        assert.equal(file.fileName, "Navigator.assistant.json");
        const copy = unwrap(await t.api.invoke("assistants.import", {content: file.content}));
        const fields = (a: Assistant) => {
            const {id: _i, name: _n, isDefault: _d, createdAt: _c, updatedAt: _u, ...rest} = a;
            return rest;
        };
        assert.equal(copy.name, "Navigator (2)", "a name already taken gets a number");
        assert.equal(copy.isDefault, false, "an imported assistant is never made the default");
        assert.deepEqual(fields(copy), fields(navigator));

        const parsed = JSON.parse(file.content) as {assistant: Record<string, unknown>};
        const bad = (change: (a: Record<string, unknown>) => unknown) =>
            JSON.stringify({...parsed, assistant: change({...parsed.assistant})});
        const refusals: Array<[string, string]> = [
            ["{not json", "not an assistant file: it is not JSON"],
            [JSON.stringify({name: "x"}), 'not an assistant file: it has no "kind": "cairn.assistant"'],
            [
                bad((a) => ({...a, colour: "red"})),
                "assistant file: assistant has a field it does not take: colour",
            ],
            [
                bad((a) => ({...a, toolsOff: "web_search"})),
                "assistant file: assistant.toolsOff must be a list",
            ],
            [
                bad((a) => ({...a, memoryScope: "project"})),
                "assistant file: assistant.memoryScope must be one of",
            ],
            [
                JSON.stringify({...parsed, version: 9}),
                "this assistant file is of version 9, newer than this Cairn reads",
            ],
        ];
        for (const [content, words] of refusals) {
            const refused = await t.api.invoke("assistants.import", {content});
            assert.ok(
                !refused.ok && refused.error.message.startsWith(words),
                `${words}: ${JSON.stringify(refused)}`,
            );
        }
        assert.equal(
            unwrap(await t.api.invoke("assistants.list", {})).length,
            2,
            "nothing added by a bad file",
        );

        // An assistant naming what is not here: kept, said, and left out when it runs.
        const stranger = unwrap(
            await t.api.invoke("assistants.import", {
                content: bad((a) => ({...a, name: "Stranger", toolsOff: ["gone_tool"], provider: "nowhere"})),
            }),
        );
        assert.deepEqual(stranger.missing, ["tool gone_tool", "collection Charts", "provider nowhere"]);
        const started = unwrap(await t.api.invoke("conversations.create", {assistantId: stranger.id}));
        assert.equal(started.provider, null, "the local model answers when its provider is gone");
        const wrong = await t.api.invoke("conversations.create", {assistantId: "no-such"});
        assert.equal(!wrong.ok && wrong.error.code, "NOT_FOUND");
        const clash = await t.api.invoke("assistants.save", {assistant: {...NAVIGATOR, name: "navigator"}});
        assert.equal(
            !clash.ok && clash.error.message,
            "an assistant named Navigator already exists: choose another name",
        );
        assert.ok(!clash.ok && clash.error.words);
        assert.equal(
            sayIn("pt-BR", clash.error.words),
            "Já existe um assistente chamado Navigator: escolha outro nome",
        );

        // Deleted, its conversations stay, without an assistant.
        unwrap(await t.api.invoke("assistants.delete", {id: stranger.id}));
        assert.equal(
            unwrap(await t.api.invoke("conversations.list", {})).find((c) => c.id === started.id)
                ?.assistantId,
            null,
        );
    } finally {
        await t.core.dispose();
    }
});

test("the local API takes metadata.assistant: its instructions and settings, and a kept conversation remembers it", async () => {
    const t = await open();
    const api = await startApi({core: t.core, key: () => "k"});
    try {
        const navigator = unwrap(await t.api.invoke("assistants.save", {assistant: NAVIGATOR}));
        const client = new OpenAI({baseURL: api.url, apiKey: "k", maxRetries: 0});
        const answer = await client.chat.completions.create({
            model: "local",
            messages: [{role: "user", content: "Where are we?"}],
            metadata: {assistant: "navigator", conversation_id: "new"},
        });
        assert.ok(answer.usage!.completion_tokens <= 3, "the assistant's max tokens");
        assert.match(t.core.engine.lastPrompt()!.text, /You are the ship's navigator/);
        const message = answer.choices[0]!.message as unknown as {metadata: {conversation_id: string}};
        const kept = message.metadata.conversation_id;
        assert.equal(t.core.conversations.get(kept)?.assistantId, navigator.id);
        await assert.rejects(
            client.chat.completions.create({
                model: "local",
                messages: [{role: "user", content: "hi"}],
                metadata: {assistant: "Nobody"},
            }),
            (error: {status?: number; message?: string}) =>
                error.status === 400 &&
                /metadata\.assistant: no assistant "Nobody" \(assistants: Navigator\)/.test(
                    error.message ?? "",
                ),
        );
    } finally {
        await api.close();
        await t.core.dispose();
    }
});

test("the local API answers metadata.assistant with the assistant's own model: its provider's, or its local model loaded in place", async () => {
    const t = await open();
    const api = await startApi({core: t.core, key: () => "k"});
    const cloud = await startCloudServer(() => ({
        events: [
            {data: {choices: [{delta: {content: "Bearing 270, ten knots."}}]}},
            {data: {choices: [{delta: {}, finish_reason: "stop"}]}},
        ],
    }));
    try {
        const client = new OpenAI({baseURL: api.url, apiKey: "k", maxRetries: 0});
        const ask = (assistant: string) =>
            client.chat.completions.create({
                model: "local",
                messages: [{role: "user", content: "Where are we?"}],
                metadata: {assistant},
            });
        // A provider's model: the request goes there, and the answer names it.
        unwrap(
            await t.api.invoke("providers.add", {
                name: "fleet",
                type: "openai-compatible",
                baseUrl: cloud.url,
            }),
        );
        const loaded = t.core.engine.status().modelPath;
        const lastLocal = t.core.engine.lastPrompt();
        unwrap(
            await t.api.invoke("assistants.save", {
                assistant: {...NAVIGATOR, isDefault: false, provider: "fleet", providerModel: "fleet-70b"},
            }),
        );
        const remote = await ask("Navigator");
        assert.equal(remote.choices[0]!.message.content, "Bearing 270, ten knots.");
        assert.equal(remote.model, "fleet-70b");
        const sent = cloud.requests.find((r) => r.method === "POST")!.body as {
            model: string;
            messages: unknown[];
        };
        assert.equal(sent.model, "fleet-70b");
        assert.match(JSON.stringify(sent.messages), /ship's navigator/, "its instructions go with it");
        assert.equal(t.core.engine.lastPrompt(), lastLocal, "the local model did not answer");

        // An installed local model: loaded in place of the loaded one, and it answers.
        const own = path.join(tempDir(), "pilot-7b.gguf");
        fs.copyFileSync(TEST_MODEL, own);
        unwrap(await t.api.invoke("models.add", {path: own}));
        unwrap(
            await t.api.invoke("assistants.save", {
                assistant: {...NAVIGATOR, name: "Pilot", isDefault: false, localModel: "pilot-7b.gguf"},
            }),
        );
        assert.equal(t.core.engine.status().modelPath, loaded);
        const local = await ask("Pilot");
        assert.equal(local.model, "pilot-7b");
        assert.equal(t.core.engine.status().modelPath, own, "the assistant's model was loaded and answered");

        // While another model loads, the request is told to come back rather than change models under it.
        const loading = t.core.engine.load(templateModel(FAMILIES["llama-3.2"]));
        await assert.rejects(
            ask("Pilot"),
            (error: {status?: number; code?: string}) => error.status === 503 && error.code === "model_busy",
        );
        unwrap(await loading);
    } finally {
        await cloud.close();
        await api.close();
        await t.core.dispose();
    }
});

test("cairn assistants add, list, export, import, remove; cairn chat --assistant", () => {
    const dataDir = tempDir();
    const cairn = (...args: string[]) => {
        const run = spawnSync(process.execPath, [CLI, ...args, "--data", dataDir], {encoding: "utf8"});
        return {code: run.status, out: run.stdout, err: run.stderr};
    };
    const added = cairn(
        "assistants",
        "add",
        "Poet",
        "--instructions",
        "Answer in rhyme.",
        "--icon",
        "🪶",
        "--default",
    );
    assert.equal(added.code, 0, added.err);
    assert.equal(added.out, "added 🪶 Poet (default), 16 characters of instructions\n");
    const file = path.join(tempDir(), "poet.json");
    assert.equal(cairn("assistants", "export", "poet", "--out", file).code, 0);
    const imported = cairn("assistants", "import", file);
    assert.equal(imported.out, "imported 🪶 Poet (2), 16 characters of instructions\n");
    const listed = JSON.parse(cairn("assistants", "list", "--json").out) as Assistant[];
    assert.deepEqual(
        listed.map((a) => [a.name, a.isDefault]),
        [
            ["Poet", true],
            ["Poet (2)", false],
        ],
    );
    fs.writeFileSync(file, "{}");
    const bad = cairn("assistants", "import", file);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /poet\.json: not an assistant file/);
    assert.equal(
        cairn("assistants", "remove", "Poet (2)").out,
        "removed Poet (2) (its conversations stay, without an assistant)\n",
    );
    // Its own local model, by file name: not installed here, so said as missing; a path is refused in words.
    const coder = cairn("assistants", "add", "Coder", "--local-model", "coder-7b.gguf");
    assert.equal(coder.code, 0, coder.err);
    assert.equal(
        coder.out,
        "added Coder, 0 characters of instructions, answers with coder-7b.gguf; not here: model coder-7b.gguf\n",
    );
    const pathGiven = cairn("assistants", "add", "Pathed", "--local-model", "/models/x.gguf");
    assert.equal(pathGiven.code, 1);
    assert.match(pathGiven.err, /--local-model takes an installed model's file name, not a path: x\.gguf/);
    const missing = cairn("assistants", "remove", "Nobody");
    assert.equal(missing.code, 1);
    assert.match(missing.err, /no assistant named Nobody/);

    const chat = cairn(
        "chat",
        "--model",
        TEST_MODEL,
        "--max-tokens",
        "2",
        "--assistant",
        "Poet",
        "--json",
        "Hello",
    );
    assert.equal(chat.code, 0, chat.err);
    const conversationId = (JSON.parse(chat.out) as {conversationId: string}).conversationId;
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        const poet = new AssistantStore(db).byName("Poet")!;
        assert.equal(new ConversationStore(db).get(conversationId)?.assistantId, poet.id);
    } finally {
        db.close();
    }
    const unknown = cairn("chat", "--model", TEST_MODEL, "--assistant", "Nobody", "Hello");
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /no assistant named Nobody; cairn assistants list shows them/);
});
