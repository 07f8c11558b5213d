import assert from "node:assert/strict";
import path from "node:path";
import {test} from "node:test";
import {openDatabase} from "../../../../main/store/db.js";
import {MIGRATIONS} from "../../../../main/store/migrations.js";
import {ConversationStore} from "../../../../main/store/conversations.js";
import {tempDir} from "../../../helpers/paths.js";

function open() {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    return {db, store: new ConversationStore(db)};
}

function add(store: ConversationStore, conversationId: string, content: string, parentId?: string | null) {
    const role = content.startsWith("q") ? "user" : "assistant";
    return store.addMessage({conversationId, role, content, status: "complete", parentId}).id;
}

const shown = (store: ConversationStore, id: string) => store.messages(id).map((m) => m.content);

test("messages added one after another form one branch; a second child of a message is its next version", () => {
    const {db, store} = open();
    const c = store.create().id;
    const q1 = add(store, c, "q1");
    const a1 = add(store, c, "a1");
    add(store, c, "q2");
    add(store, c, "a2");
    assert.deepEqual(shown(store, c), ["q1", "a1", "q2", "a2"]);
    const a1b = add(store, c, "a1b", q1);
    assert.deepEqual(shown(store, c), ["q1", "a1b"]);
    const answer = store.messages(c)[1]!;
    assert.deepEqual(answer.versions, [a1, a1b]);
    assert.equal(answer.parentId, q1);

    // Back to the first version: the branch after it comes back whole.
    store.showVersion(a1);
    assert.deepEqual(shown(store, c), ["q1", "a1", "q2", "a2"]);
    assert.equal(store.allMessages(c).length, 5);
    db.close();
});

test("deleting a message keeps what follows it; deleting the head shows the newest version left", () => {
    const {db, store} = open();
    const c = store.create().id;
    const q1 = add(store, c, "q1");
    add(store, c, "a1");
    add(store, c, "q2");
    const a2 = add(store, c, "a2");
    const a1b = add(store, c, "a1b", q1);
    store.deleteMessage(a1b);
    assert.deepEqual(shown(store, c), ["q1", "a1", "q2", "a2"], "the other version is shown");
    store.deleteMessage(store.messages(c)[1]!.id);
    assert.deepEqual(shown(store, c), ["q1", "q2", "a2"], "q2 now follows q1");
    store.deleteMessage(a2);
    assert.deepEqual(shown(store, c), ["q1", "q2"]);
    store.deleteMessage(q1);
    store.deleteMessage(store.messages(c)[0]!.id);
    assert.deepEqual(shown(store, c), []);
    db.close();
});

test("a database from before versions is upgraded: its messages follow each other, the last one shown", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const old = openDatabase(
        file,
        MIGRATIONS.filter((m) => m.version <= 10),
    );
    old.prepare(
        "INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c', 't', 1, 1)",
    ).run();
    const insert = old.prepare(
        `INSERT INTO messages (id, conversation_id, role, content, status, created_at, updated_at)
         VALUES (?, 'c', ?, ?, 'complete', ?, ?)`,
    );
    // Two messages in the same millisecond keep the order they were written in.
    for (const [id, role, at] of [
        ["m1", "user", 5],
        ["m2", "assistant", 7],
        ["m3", "user", 7],
        ["m4", "assistant", 9],
    ] as const)
        insert.run(id, role, id, at, at);
    old.close();
    const db = openDatabase(file);
    const store = new ConversationStore(db);
    assert.deepEqual(
        store.messages("c").map((m) => [m.id, m.parentId, m.versions.length]),
        [
            ["m1", null, 1],
            ["m2", "m1", 1],
            ["m3", "m2", 1],
            ["m4", "m3", 1],
        ],
    );
    db.close();
});
