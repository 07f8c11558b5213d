import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {sayIn} from "../../main/words.js";
import yazl from "yazl";
import {importFiles} from "../../main/import/importer.js";
import {ConversationStore} from "../../main/store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import type {CairnApi, ImportReport, Message} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {chatgptChain} from "../helpers/chatgptChain.js";
import {CLI, ROOT, tempDir} from "../helpers/paths.js";

// Real exports of each app (tests/fixtures/imports/README.md says where each came from), imported by the real
// worker into a real library file.

const EXPORTS = path.join(ROOT, "tests", "fixtures", "imports");
const exportFile = (name: string) => path.join(EXPORTS, name);

function library(): {dir: string; dbFile: string} {
    const dir = tempDir();
    const dbFile = path.join(dir, DB_FILE_NAME);
    openDatabase(dbFile).close();
    return {dir, dbFile};
}

function read<T>(dbFile: string, see: (store: ConversationStore) => T): T {
    const db = openDatabase(dbFile);
    try {
        return see(new ConversationStore(db));
    } finally {
        db.close();
    }
}

function byTitle(store: ConversationStore, title: string) {
    const conversation = store.list().find((c) => c.title === title);
    assert.ok(conversation, `"${title}" was imported`);
    return {conversation, branch: store.messages(conversation.id), all: store.allMessages(conversation.id)};
}

const only = (report: ImportReport) => {
    assert.equal(report.files.length, 1);
    return report.files[0]!;
};

test("ChatGPT: the mapping's branches become versions, the branch shown stays shown, hidden messages stay out, times and the model are kept", async () => {
    const {dbFile} = library();
    const file = only(await importFiles(dbFile, [exportFile("chatgpt-conversations.json")], () => {}));
    assert.deepEqual(
        {app: file.app, imported: file.imported, messages: file.messages, error: file.error},
        {
            app: "ChatGPT",
            imported: 1,
            messages: 11,
            error: null,
        },
    );
    read(dbFile, (store) => {
        const {conversation, branch, all} = byTitle(store, "Assist user with summary");
        assert.equal(conversation.createdAt, 1714585031149);
        assert.equal(all.length, 11, "every version of every branch; the hidden system message is left out");
        assert.deepEqual(
            branch.map((m) => `${m.role}: ${m.content.split("\n")[0]}`),
            [
                "user: hi there",
                "assistant: Hello! How can I assist you today?",
                "user: hi again",
                "assistant: Hey! Welcome back. What's on your mind?",
                "user: tell me a joke",
                "assistant: Sure, here's one for you:",
            ],
            "current_node's branch is the one shown",
        );
        assert.equal(branch[2]!.versions.length, 2, "the edited question has its two versions");
        assert.equal(branch[5]!.versions.length, 2, "the regenerated joke has its two versions");
        assert.equal(branch[1]!.model, "text-davinci-002-render-sha");
        assert.equal(branch[0]!.createdAt, 1714585031150);
        const story = all.find((m) => m.content.includes("Once upon a time"));
        assert.equal(story?.status, "interrupted", "an answer cut off in ChatGPT stays cut off");
        assert.ok(
            store.search("atoms", 5).some((hit) => hit.conversationId === conversation.id),
            "searchable",
        );
    });
});

test("Claude, Open WebUI, Jan and LM Studio: branches, thoughts, tool steps, attachments and models come in", async () => {
    const {dbFile} = library();
    const report = await importFiles(
        dbFile,
        ["claude-conversations.json", "openwebui-chats.json", "jan", "lmstudio"].map(exportFile),
        () => {},
    );
    assert.deepEqual(
        report.files.map((f) => [f.app, f.imported, f.messages, f.error]),
        [
            ["Claude", 2, 7, null],
            ["Open WebUI", 3, 6, null],
            ["Jan", 1, 2, null],
            ["LM Studio", 1, 3, null],
        ],
    );
    read(dbFile, (store) => {
        const claude = byTitle(store, "Release checklist");
        assert.deepEqual(
            claude.branch.map((m) => m.content.split("\n")[0]),
            ["Check this list", "Tag first, then write the notes.", "What comes first?", "Run the tests."],
            "the newer of two branches is shown (no current leaf in the export)",
        );
        assert.match(claude.branch[0]!.content, /\*\*Attached: checklist\.md\*\*\n\n```\n- tag the release/);
        assert.equal(claude.branch[1]!.thought, "Two items; notes come after the tag.");
        const [search] = claude.branch[1]!.toolCalls;
        assert.deepEqual(
            [search?.tool, search?.args, search?.resultText, search?.status],
            ["web_search", {query: "release notes template"}, "Keep a Changelog", "ok"],
        );
        assert.equal(claude.branch[2]!.versions.length, 2, "the question asked two ways is two versions");
        assert.ok(
            claude.all.some((m) =>
                m.content.includes("*Attached: screenshot.png (its content was not in the export)*"),
            ),
        );
        assert.equal(claude.conversation.createdAt, Date.parse("2025-03-02T09:00:00Z"));

        const reasoning = byTitle(store, "Chat with reasoning").branch[1]!;
        assert.equal(reasoning.content, "255");
        assert.equal(reasoning.thought, "Let me break this down...");
        assert.equal(reasoning.model, "deepseek-r1");
        const weather = byTitle(store, "Chat with tool call").branch[1]!;
        assert.equal(weather.content, "The weather in Paris is 18C with rain.");
        assert.deepEqual(
            [weather.toolCalls[0]?.tool, weather.toolCalls[0]?.args, weather.toolCalls[0]?.resultText],
            ["get_weather", {city: "Paris"}, "Paris: 18C, rain"],
        );

        const jan = byTitle(store, "Test Jan Thread");
        assert.deepEqual(
            jan.branch.map((m) => m.content),
            ["Hello Jan!", "Hello from Jan."],
        );
        assert.equal(jan.branch[1]!.model, "jan-model-1");
        assert.equal(jan.branch[1]!.toolCalls[0]?.tool, "search");
        assert.equal(jan.conversation.createdAt, 1700000000000);

        const lm = byTitle(store, "Test LM Studio Conversation");
        assert.deepEqual(
            lm.branch.map((m) => m.content),
            ["Hello LM Studio!", "Hi! LM Studio here."],
            "the selected version is shown",
        );
        assert.equal(lm.branch[1]!.versions.length, 2);
        assert.equal(lm.branch[1]!.thought, "A greeting; answer in kind.");
        assert.equal(lm.branch[1]!.model, "lmstudio-model-1");
    });
});

test("importing the same exports again adds nothing, and says so", async () => {
    const {dbFile} = library();
    const files = ["chatgpt-conversations.json", "claude-conversations.json", "jan"].map(exportFile);
    await importFiles(dbFile, files, () => {});
    const count = read(dbFile, (store) => store.list().length);
    const again = await importFiles(dbFile, files, () => {});
    assert.deepEqual(
        again.files.map((f) => [f.imported, f.already]),
        [
            [0, 1],
            [0, 2],
            [0, 1],
        ],
    );
    assert.equal(
        read(dbFile, (store) => store.list().length),
        count,
    );
});

test("ChatGPT's zip is read as it downloads (conversations.json inside, beside other files), with progress", async () => {
    const {dbFile} = library();
    const zip = path.join(tempDir(), "chatgpt-export.zip");
    await writeZip(zip, {
        "chat.html": "<html></html>",
        "conversations.json": fs.readFileSync(exportFile("chatgpt-conversations.json")),
        "user.json": "{}",
    });
    const shares: number[] = [];
    const file = only(await importFiles(dbFile, [zip], (p) => shares.push(p.share)));
    assert.deepEqual([file.app, file.imported, file.error], ["ChatGPT", 1, null]);
    assert.equal(shares.at(-1), 1, "progress reaches the end");
});

test("bad input: a truncated zip, a file cut short, invalid UTF-8, an unknown app, a loop in a mapping, a missing parent", async () => {
    const {dbFile} = library();
    const dir = tempDir();
    const zip = path.join(dir, "cut.zip");
    await writeZip(zip, {"conversations.json": fs.readFileSync(exportFile("chatgpt-conversations.json"))});
    const bytes = fs.readFileSync(zip);
    fs.writeFileSync(zip, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const claude = fs.readFileSync(exportFile("claude-conversations.json"), "utf8");
    const cut = path.join(dir, "cut.json");
    fs.writeFileSync(cut, claude.slice(0, claude.indexOf("Release checklist")));
    const latin1 = path.join(dir, "latin1.json");
    fs.writeFileSync(
        latin1,
        Buffer.concat([
            Buffer.from('[{"uuid": "x", "name": "caf'),
            Buffer.from([0xe9]),
            Buffer.from('", "chat_messages": []}]'),
        ]),
    );
    const unknown = path.join(dir, "notes.json");
    fs.writeFileSync(unknown, JSON.stringify([{note: "not a conversation"}]));
    const tree = path.join(dir, "tree.json");
    fs.writeFileSync(
        tree,
        JSON.stringify([chatgpt("loop", {a: "b", b: "a"}), chatgpt("orphan", {a: null, b: "gone"})]),
    );

    const report = await importFiles(dbFile, [zip, cut, latin1, unknown, tree], () => {});
    const [truncated, early, utf8, other, mapping] = report.files;
    assert.match(truncated!.error!, /^cut\.zip is not a complete zip file \(a download cut short\?\)/);
    assert.equal(truncated!.imported, 0);
    assert.equal(early!.imported, 1, "the conversation before the cut is in");
    assert.match(early!.error!, /^cut\.json is not valid JSON, or ends early/);
    assert.match(utf8!.error!, /^latin1\.json is not UTF-8 text/);
    assert.equal(utf8!.imported, 0);
    assert.match(
        other!.error!,
        /^notes\.json is not an export Cairn knows: it reads those of ChatGPT, Claude, Open WebUI, Jan, LM Studio and Cairn$/,
    );
    assert.equal(mapping!.imported, 1);
    assert.deepEqual(mapping!.skipped, [
        {
            title: "loop",
            reason: "its messages' parents form a loop (through message a)",
            words: {key: "skipLoop", values: {message: "a"}},
        },
    ]);
    // Each reason in words too, for the window to say in its language.
    assert.equal(
        sayIn("de", other!.errorWords!),
        "notes.json ist kein Export, den Cairn kennt: Cairn liest die von ChatGPT, Claude, Open WebUI, Jan, LM Studio und Cairn",
    );
    assert.match(
        sayIn("fr", truncated!.errorWords!),
        /^cut\.zip n'est pas un fichier zip complet \(un téléchargement interrompu \?\) : /,
    );
    assert.match(sayIn("ru", utf8!.errorWords!), /^latin1\.json — не текст UTF-8/);
    assert.deepEqual(mapping!.notes, [
        "orphan: message b follows gone, which is not in the export: it starts a branch",
    ]);
    read(dbFile, (store) => {
        assert.deepEqual(
            store
                .list()
                .map((c) => c.title)
                .sort(),
            ["Migration Test Chat", "orphan"],
        );
        const orphan = byTitle(store, "orphan");
        assert.equal(orphan.all.length, 2, "nothing of the orphan's messages is lost");
    });
});

test("a dropped file sent in chunks is imported, and the imported conversation goes on with the local model", async () => {
    const {api, core} = await openTestCore();
    try {
        const report = await upload(api, exportFile("chatgpt-conversations.json"));
        assert.equal(report.files[0]!.imported, 1);
        const id = report.lastConversationId!;
        const before = unwrap(await api.invoke("messages.list", {conversationId: id}));
        const done = nextDone(api, id);
        const sent = unwrap(await api.invoke("chat.send", {conversationId: id, text: "Once upon a time"}));
        const answer: Message = await done;
        assert.equal(answer.status, "complete");
        const after = unwrap(await api.invoke("messages.list", {conversationId: id}));
        assert.deepEqual(
            after.slice(0, before.length).map((m) => m.id),
            before.map((m) => m.id),
            "the new turn follows the imported branch",
        );
        assert.equal(after.at(-2)!.id, sent.userMessageId);
        const again = await api.invoke("imports.chunk", {uploadId: "gone", offset: 0, data: ""});
        assert.equal(
            !again.ok && again.error.message,
            "no such file being sent (it finished, or was given up after an hour without data)",
        );
    } finally {
        await core.dispose();
    }
});

async function upload(api: CairnApi, file: string): Promise<ImportReport> {
    const bytes = fs.readFileSync(file);
    const {uploadId} = unwrap(
        await api.invoke("imports.begin", {name: path.basename(file), size: bytes.length}),
    );
    const size = 4096;
    for (let offset = 0; offset < bytes.length; offset += size) {
        const data = bytes.subarray(offset, offset + size).toString("base64");
        unwrap(await api.invoke("imports.chunk", {uploadId, offset, data}));
    }
    return unwrap(await api.invoke("imports.finish", {uploadId}));
}

/** A ChatGPT conversation whose messages' parents are given (null: the root). */
function chatgpt(title: string, parents: Record<string, string | null>) {
    const mapping = Object.fromEntries(
        Object.entries(parents).map(([id, parent]) => [
            id,
            {
                id,
                parent,
                children: [],
                message: {
                    id,
                    author: {role: "user"},
                    content: {content_type: "text", parts: [`message ${id}`]},
                    create_time: 1700000000,
                },
            },
        ]),
    );
    return {title, conversation_id: title, create_time: 1700000000, mapping, current_node: "b"};
}

function writeZip(file: string, entries: Record<string, string | Buffer>): Promise<void> {
    const zip = new yazl.ZipFile();
    for (const [name, body] of Object.entries(entries)) zip.addBuffer(Buffer.from(body), name);
    zip.end();
    return new Promise((resolve, reject) => {
        zip.outputStream.pipe(fs.createWriteStream(file)).on("close", resolve).on("error", reject);
    });
}

test("a ChatGPT export with 20,000 hidden tool nodes before 40 versions of an answer: read in one pass, each version's steps capped and said", async () => {
    const {dbFile} = library();
    const file = path.join(tempDir(), "chain.json");
    fs.writeFileSync(file, JSON.stringify(chatgptChain(20_000, 40)));
    const report = only(await importFiles(dbFile, [file], () => {}));
    assert.equal(report.imported, 1);
    assert.equal(report.notes.length, 40);
    assert.equal(report.notes[0], "Chain: message v0 had 20000 tool steps: the first 1000 were kept");
    read(dbFile, (store) => {
        const chain = byTitle(store, "Chain");
        assert.equal(chain.all.length, 41);
        const steps = store.message(chain.branch.at(-1)!.id)!.toolCalls;
        assert.equal(steps.length, 1000);
        assert.equal(steps[999]!.resultText, "result 999");
    });
});

test("a zip holding one conversation of a 100 MB string: the file stops at it with the conversations before it in, memory bounded, --json says so", async () => {
    const dir = tempDir();
    const {dataDir, dbFile} = (() => {
        const made = library();
        return {dataDir: made.dir, dbFile: made.dbFile};
    })();
    const good = [chatgpt("first", {a: null, b: "a"}), chatgpt("second", {a: null, b: "a"})];
    const head = Buffer.from(`${JSON.stringify(good).slice(0, -1)},{"title":"`);
    const body = Buffer.alloc(100 * 1024 * 1024, "x");
    const zip = path.join(dir, "bomb.zip");
    await writeZip(zip, {"conversations.json": Buffer.concat([head, body, Buffer.from('"}]')])});
    assert.ok(fs.statSync(zip).size < 1024 * 1024, "a small zip");
    const run = spawnSync(process.execPath, [CLI, "import", "--json", "--data", dataDir, zip], {
        encoding: "utf8",
    });
    assert.equal(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as ImportReport;
    const file = only(report);
    assert.equal(file.imported, 2);
    assert.equal(
        file.error,
        "bomb.zip holds a conversation larger than 64 MB: the import stopped there, 2 conversations before it are in",
    );
    assert.equal(run.stderr.trim().split("\n").at(-1), `cairn: ${file.error}`);
    read(dbFile, (store) =>
        assert.deepEqual(
            store
                .list()
                .map((c) => c.title)
                .sort(),
            ["first", "second"],
        ),
    );
    // The same zip in the window's process: its worker's memory stays far from the string's size.
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const again = await importFiles(dbFile, [zip], () => {});
    clearInterval(sampler);
    assert.equal(only(again).imported, 0, "imported before");
    assert.ok(peak - before < 500 * 1024 * 1024, `grew ${((peak - before) / 2 ** 20).toFixed(0)} MB`);
});

test("the disk fills up during an import: the report says what is in (read back from the library), in one cairn: line, and nothing is corrupt", () => {
    const {dir: dataDir, dbFile} = library();
    const conversations = Array.from({length: 3000}, (_, i) => ({
        ...chatgpt(`conversation ${i}`, {a: null, b: "a"}),
        conversation_id: `c${i}`,
    }));
    for (const c of conversations)
        for (const node of Object.values(c.mapping)) node.message.content.parts = ["y".repeat(2000)];
    const file = path.join(tempDir(), "many.json");
    fs.writeFileSync(file, JSON.stringify(conversations));
    // A file-size limit some MB past the library: SQLite's writes fail as on a full disk. Batches are 100 ms of
    // writes, so the room holds several batches even on a fast machine (3 MB did not: a first batch over it, 0
    // imported), and far less than the file's 3,000 conversations.
    const limitKiB = Math.ceil(fs.statSync(dbFile).size / 1024) + 10 * 1024;
    const command = `ulimit -f ${limitKiB}; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} import --json --data ${JSON.stringify(dataDir)} ${JSON.stringify(file)}`;
    const run = spawnSync("bash", ["-c", command], {encoding: "utf8"});
    assert.equal(run.status, 1, run.stderr);
    const report = only(JSON.parse(run.stdout) as ImportReport);
    assert.match(
        report.error ?? "",
        new RegExp(
            `^the disk filled up while many\\.json was imported: ${report.imported} conversations before that are in; free some space`,
        ),
    );
    assert.ok(report.imported > 0 && report.imported < 3000, `${report.imported} imported`);
    assert.equal(
        run.stderr
            .trim()
            .split("\n")
            .filter((l) => l.startsWith("cairn:")).length,
        1,
        run.stderr,
    );
    const db = openDatabase(dbFile);
    try {
        assert.equal(db.pragma("integrity_check", {simple: true}), "ok");
        assert.equal(
            new ConversationStore(db).list().length,
            report.imported,
            "the report counts what is in",
        );
    } finally {
        db.close();
    }
});

test("the window stops an import: a file being sent is dropped; one being read ends at its next conversation, the report says what is in", async () => {
    const {api, core} = await openTestCore();
    try {
        // Stopped while it is sent: the upload is dropped, its bytes deleted.
        const {uploadId: sending} = unwrap(await api.invoke("imports.begin", {name: "half.json", size: 100}));
        unwrap(await api.invoke("imports.chunk", {uploadId: sending, offset: 0, data: "W10="}));
        assert.deepEqual(unwrap(await api.invoke("imports.cancel", {uploadId: sending})), {cancelled: true});
        const gone = await api.invoke("imports.finish", {uploadId: sending});
        assert.equal(gone.ok, false);

        // Stopped while it is read: at the first progress with conversations in.
        const conversations = Array.from({length: 4000}, (_, i) => ({
            ...chatgpt(`conversation ${i}`, {a: null, b: "a"}),
            conversation_id: `c${i}`,
        }));
        const bytes = Buffer.from(JSON.stringify(conversations));
        const {uploadId} = unwrap(await api.invoke("imports.begin", {name: "many.json", size: bytes.length}));
        const size = 256 * 1024;
        for (let offset = 0; offset < bytes.length; offset += size)
            unwrap(
                await api.invoke("imports.chunk", {
                    uploadId,
                    offset,
                    data: bytes.subarray(offset, offset + size).toString("base64"),
                }),
            );
        const off = api.onEvent((e) => {
            if (e.type !== "imports.progress" || e.imported === 0) return;
            off();
            void api.invoke("imports.cancel", {uploadId});
        });
        const report = only(unwrap(await api.invoke("imports.finish", {uploadId})));
        assert.ok(report.imported > 0 && report.imported < 4000, `${report.imported} imported`);
        assert.equal(
            report.error,
            `the import of many.json was stopped: ${report.imported} conversations before that are in; import it again to bring in the rest (those already in are skipped)`,
        );
        assert.equal(unwrap(await api.invoke("conversations.list", {})).length, report.imported);
        assert.deepEqual(unwrap(await api.invoke("imports.cancel", {uploadId})), {cancelled: false});
    } finally {
        await core.dispose();
    }
});

test("nesting, size and names: 100,000 levels, a 200 MB object, ../ names in a zip; each said in words, nothing written outside the data folder, memory bounded", async () => {
    const {dir: dataDir, dbFile} = library();
    const dir = tempDir();
    const deep = path.join(dir, "deep.json");
    fs.writeFileSync(deep, `[${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}]`);
    const big = path.join(dir, "big.json");
    const handle = fs.openSync(big, "w");
    fs.writeSync(handle, '{"title": "big", "messages": ["');
    const block = Buffer.alloc(8 * 1024 * 1024, "z");
    for (let i = 0; i < 25; i++) fs.writeSync(handle, block);
    fs.writeSync(handle, '"]}');
    fs.closeSync(handle);
    const outside = path.join(path.dirname(dataDir), `escaped-${path.basename(dataDir)}`);
    const names = path.join(dir, "names.zip");
    // yazl refuses to write "../" names: the zip is made with a stand-in of the same length, then patched
    // where each name is written (the local header and the central directory), as a hostile zip has them.
    const relative = path.relative(dir, outside);
    const standIn = relative.replaceAll("..", "__");
    await writeZip(names, {
        [`${standIn}/thread.json`]: JSON.stringify({id: "t", title: "escape"}),
        [`${standIn}/messages.jsonl`]: "",
    });
    const bytes = fs.readFileSync(names);
    fs.writeFileSync(names, Buffer.from(bytes.toString("latin1").replaceAll(standIn, relative), "latin1"));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const report = await importFiles(dbFile, [deep, big, names], () => {});
    clearInterval(sampler);
    const [nested, large, zipped] = report.files;
    assert.match(nested!.error ?? "", /^deep\.json is not an export Cairn knows/);
    assert.match(
        large!.error ?? "",
        /^big\.json is one JSON object larger than 64 MB: not an export Cairn knows$/,
    );
    assert.match(zipped!.error ?? "", /^names\.zip: the zip is damaged: invalid relative path: \.\.\//);
    assert.ok(!fs.existsSync(outside), "nothing was written by an entry's name");
    assert.ok(peak - before < 600 * 1024 * 1024, `grew ${((peak - before) / 2 ** 20).toFixed(0)} MB`);
    read(dbFile, (store) => assert.equal(store.list().length, 0, "no partial garbage"));
});
