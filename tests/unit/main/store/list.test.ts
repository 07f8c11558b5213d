import assert from "node:assert/strict";
import path from "node:path";
import {test} from "node:test";
import {openDatabase} from "../../../../main/store/db.js";
import {ConversationStore} from "../../../../main/store/conversations.js";
import {tempDir} from "../../../helpers/paths.js";

test("the list is last active first; its first page puts pinned conversations first, however old", () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const store = new ConversationStore(db);
    const touch = db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?");
    const ids = ["a", "b", "c", "d", "e"].map((title, i) => {
        const {id} = store.create(title);
        touch.run(1_000_000 - i * 1000, id);
        return id;
    });
    store.setPinned(ids[4]!, true);
    assert.deepEqual(
        store.list().map((c) => c.title),
        ["a", "b", "c", "d", "e"],
    );
    assert.deepEqual(
        store.list(3).map((c) => c.title),
        ["e", "a", "b"],
    );
    db.close();
});

test("a conversation is a draft until something is sent or attached in it, or it is named; old drafts are pruned", () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const store = new ConversationStore(db);
    const DAY_MS = 86_400_000;
    const age = db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?");
    const made = (daysAgo: number) => {
        const {id} = store.create();
        age.run(Date.now() - daysAgo * DAY_MS, id);
        return id;
    };
    const draft = made(2);
    const recent = made(0);
    const sent = made(2);
    store.addMessage({conversationId: sent, role: "user", content: "hello", status: "complete"});
    const named = made(2);
    store.rename(named, "Trip plans");
    const pinned = made(2);
    store.setPinned(pinned, true);
    const attached = made(2);
    db.prepare(
        `INSERT INTO documents (id, conversation_id, path, title, kind, status, added_at, updated_at)
         VALUES ('d1', ?, '/tmp/a.txt', 'a.txt', 'text', 'indexed', 0, 0)`,
    ).run(attached);

    const drafts = store
        .list()
        .filter((c) => c.draft)
        .map((c) => c.id);
    assert.deepEqual(new Set(drafts), new Set([draft, recent, pinned]));
    assert.equal(store.get(draft)?.draft, true);
    assert.equal(store.get(sent)?.draft, undefined);

    // A day after it was left: only the unnamed, unpinned draft with nothing in it goes.
    assert.equal(store.pruneDrafts(Date.now() - DAY_MS), 1);
    assert.equal(store.get(draft), null);
    for (const kept of [recent, sent, named, pinned, attached]) assert.notEqual(store.get(kept), null);
    db.close();
});
