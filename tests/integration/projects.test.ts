import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {sayIn} from "../../main/words.js";
import {fixedApprover} from "../../main/tools/approvals.js";
import type {Message, PreflightCall, Project} from "../../shared/contract.js";
import {askIn, ingestInto, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

// Projects with the real core, model and library: instructions added to the system prompt, files only its
// conversations search, memories kept for it, search limited to it, archive and delete.

async function open(options: Parameters<typeof openTestCore>[0] = {}): Promise<TestCore> {
    // Room in the context for Cairn's tools and forced results (the tiny model's 2,048 holds neither).
    return openTestCore({contextSize: 8192, generation: {maxTokens: 2}, ...options});
}

const titles = (answer: Message) => answer.citations.map((c) => c.title).sort();
const search = (query: string, collection?: string): PreflightCall[] => [
    {name: "rag_search", args: {query, ...(collection ? {collection} : {})}},
];

test("a project's instructions, files and memories serve its conversations only", async () => {
    const t = await open({approver: fixedApprover(true)});
    try {
        const boat = unwrap(
            await t.api.invoke("projects.save", {
                name: "Boat",
                instructions: "Distances are in nautical miles.",
            }),
        );
        const garden = unwrap(await t.api.invoke("projects.save", {name: "Garden"}));
        assert.equal(boat.collection, "Project · Boat");
        const inBoat = unwrap(await t.api.invoke("conversations.create", {projectId: boat.id}));
        const inGarden = unwrap(await t.api.invoke("conversations.create", {projectId: garden.id}));
        const outside = unwrap(await t.api.invoke("conversations.create", {}));
        assert.equal(inBoat.projectId, boat.id);

        await askIn(t.api, inBoat.id, "How far is it?");
        assert.match(
            t.core.engine.lastPrompt()!.text,
            /You are Cairn[^]*This conversation belongs to the project "Boat"\. Distances are in nautical miles\./,
        );
        await askIn(t.api, outside.id, "How far is it?");
        assert.doesNotMatch(t.core.engine.lastPrompt()!.text, /nautical/);

        // Files: the project's collection is searched in its conversations, and hidden from every other.
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const dir = tempDir();
        const folder = path.join(dir, "boat-notes");
        fs.mkdirSync(folder);
        fs.writeFileSync(
            path.join(folder, "mooring.md"),
            "# Mooring\n\nThe mooring buoy is red and numbered 42.",
        );
        fs.writeFileSync(
            path.join(dir, "shed.md"),
            "# Shed\n\nThe shed key hangs by the red buoy 42 poster.",
        );
        assert.equal((await ingestInto(t, [folder], boat.collection)).state, "done");
        assert.equal((await ingestInto(t, [path.join(dir, "shed.md")], "Documents")).state, "done");
        assert.deepEqual(titles(await askIn(t.api, inBoat.id, "buoy", search("red buoy 42"))), [
            "Mooring",
            "Shed",
        ]);
        assert.deepEqual(titles(await askIn(t.api, outside.id, "buoy", search("red buoy 42"))), ["Shed"]);
        assert.deepEqual(titles(await askIn(t.api, inGarden.id, "buoy", search("red buoy 42"))), ["Shed"]);
        const named = await askIn(t.api, outside.id, "buoy", search("red buoy 42", boat.collection));
        assert.match(named.toolCalls[0]!.error ?? "", /unknown collection: Project · Boat/);
        const listed = await askIn(t.api, outside.id, "collections", [{name: "list_collections", args: {}}]);
        assert.equal(listed.toolCalls[0]!.resultText, "Documents: 1 documents, 1 passages");

        // Memories kept in the project are recalled in its conversations only.
        const kept = await askIn(t.api, inBoat.id, "Remember that the dinghy is called Puffin");
        assert.equal(kept.toolCalls[0]?.status, "ok");
        const {memories} = unwrap(await t.api.invoke("memories.list", {}));
        assert.deepEqual(
            memories.map((m) => m.scope),
            [`project:${boat.id}`],
        );
        const again = unwrap(await t.api.invoke("conversations.create", {projectId: boat.id}));
        assert.deepEqual(titles(await askIn(t.api, again.id, "What is the dinghy called?")), [
            "Memory: the dinghy is called Puffin",
        ]);
        assert.deepEqual(titles(await askIn(t.api, outside.id, "What is the dinghy called?")), []);

        // Moved out, a conversation loses the project's instructions and files.
        unwrap(await t.api.invoke("conversations.setProject", {id: inBoat.id, projectId: null}));
        assert.deepEqual(titles(await askIn(t.api, inBoat.id, "buoy", search("red buoy 42"))), ["Shed"]);
        assert.doesNotMatch(t.core.engine.lastPrompt()!.text, /nautical/);

        unwrap(await t.api.invoke("projects.delete", {id: boat.id}));
        const shared = unwrap(await t.api.invoke("memories.list", {})).memories;
        assert.deepEqual(
            shared.map((m) => m.scope),
            ["everywhere"],
            "its memories stay, shared",
        );
    } finally {
        await t.core.dispose();
    }
});

test("search within a project; rename, archive and delete; a folder deleted outside Cairn is said, nothing else changes", async () => {
    const t = await open();
    try {
        const boat = unwrap(await t.api.invoke("projects.save", {name: "Boat"}));
        const inBoat = unwrap(await t.api.invoke("conversations.create", {projectId: boat.id}));
        const outside = unwrap(await t.api.invoke("conversations.create", {}));
        await askIn(t.api, inBoat.id, "Where is the anchor chain?");
        await askIn(t.api, outside.id, "Where is the anchor shop?");
        const everywhere = unwrap(await t.api.invoke("conversations.search", {query: "anchor"}));
        assert.equal(new Set(everywhere.map((h) => h.conversationId)).size, 2);
        const within = unwrap(
            await t.api.invoke("conversations.search", {query: "anchor", projectId: boat.id}),
        );
        assert.deepEqual([...new Set(within.map((h) => h.conversationId))], [inBoat.id]);

        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const folder = path.join(tempDir(), "boat");
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, "engine.md"), "# Engine\n\nChange the impeller every spring.");
        assert.equal((await ingestInto(t, [folder], boat.collection)).state, "done");
        fs.rmSync(folder, {recursive: true});
        const gone = await ingestInto(t, [folder], boat.collection);
        assert.deepEqual(
            gone.errors.map((e) => e.path),
            [folder],
            JSON.stringify(gone),
        );
        assert.equal(gone.errors[0]!.error, "no such file or folder (moved or deleted?)");
        const boatCollection = t.core.docs.collections().find((c) => c.name === boat.collection)!;
        assert.equal(
            t.core.docs.store.documents({collectionId: boatCollection.id}).length,
            1,
            "its files stay",
        );

        const refused = await t.api.invoke("docs.deleteCollection", {id: boatCollection.id});
        assert.equal(
            !refused.ok && refused.error.message,
            "this collection holds the files of the project Boat: remove its files, or delete the project",
        );
        const renamed = unwrap(await t.api.invoke("projects.save", {id: boat.id, name: "Yacht"}));
        assert.equal(renamed.collection, "Project · Yacht");
        const clash = await t.api.invoke("projects.save", {name: "yacht"});
        assert.equal(
            !clash.ok && clash.error.message,
            "a project named Yacht already exists: choose another name",
        );
        assert.ok(!clash.ok && clash.error.words);
        assert.equal(
            sayIn("de", clash.error.words),
            "Ein Projekt namens Yacht gibt es schon: Wähle einen anderen Namen",
        );
        const archived = unwrap(await t.api.invoke("projects.setArchived", {id: boat.id, archived: true}));
        assert.equal(archived.archived, true);
        assert.equal(archived.conversationCount, 1);

        unwrap(await t.api.invoke("projects.delete", {id: boat.id}));
        assert.deepEqual(unwrap(await t.api.invoke("projects.list", {})), []);
        const kept = unwrap(await t.api.invoke("conversations.list", {})).find((c) => c.id === inBoat.id);
        assert.equal(kept?.projectId, null, "its conversations stay, outside any project");
        assert.ok(
            !t.core.docs.collections().some((c) => c.name === "Project · Yacht"),
            "its files go with it",
        );
        const missing = await t.api.invoke("conversations.create", {projectId: boat.id});
        assert.equal(!missing.ok && missing.error.code, "NOT_FOUND");
    } finally {
        await t.core.dispose();
    }
});

test("cairn projects add, list, remove; cairn chat --project", () => {
    const dataDir = tempDir();
    const cairn = (...args: string[]) => {
        const run = spawnSync(process.execPath, [CLI, ...args, "--data", dataDir], {encoding: "utf8"});
        return {code: run.status, out: run.stdout, err: run.stderr};
    };
    const added = cairn("projects", "add", "Boat", "--instructions", "Distances in nautical miles.");
    assert.equal(added.code, 0, added.err);
    assert.equal(
        added.out,
        'added Boat: add its files with cairn ingest --collection "Project · Boat" PATH…\n',
    );
    const chat = cairn(
        "chat",
        "--model",
        TEST_MODEL,
        "--max-tokens",
        "2",
        "--project",
        "boat",
        "--json",
        "Hello",
    );
    assert.equal(chat.code, 0, chat.err);
    const listed = JSON.parse(cairn("projects", "list", "--json").out) as Project[];
    assert.deepEqual(
        listed.map((p) => [p.name, p.conversationCount, p.instructions]),
        [["Boat", 1, "Distances in nautical miles."]],
    );
    const unknown = cairn("chat", "--model", TEST_MODEL, "--project", "Nowhere", "Hello");
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /no project named Nowhere; cairn projects list shows them/);
    assert.equal(
        cairn("projects", "remove", "Boat").out,
        "removed Boat and its files (its conversations stay, outside any project)\n",
    );
    assert.equal(cairn("projects", "list").out, "no projects (add one: cairn projects add NAME)\n");
});
