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
