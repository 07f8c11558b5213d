import assert from "node:assert/strict";
import path from "node:path";
import {test} from "node:test";
import {openDatabase} from "../../../../main/store/db.js";
import {ApiResponseStore, RESPONSE_KEPT_MS} from "../../../../main/store/apiResponses.js";
import {tempDir} from "../../../helpers/paths.js";

const DAY_MS = 24 * 60 * 60 * 1000;

function stored(id: string, createdAt: number) {
    return {id, createdAt, response: {id, object: "response"}, context: [{role: "user", content: id}]};
}

test("a stored response is kept 30 days: read back until then, gone after, and removed from the file at the next save", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const db = openDatabase(file);
    const store = new ApiResponseStore(db);
    const now = Date.now();
    store.save(stored("resp_old", now - RESPONSE_KEPT_MS - DAY_MS));
    store.save(stored("resp_recent", now - RESPONSE_KEPT_MS + DAY_MS));
    assert.equal(store.get("resp_old"), null, "past its 30 days");
    assert.deepEqual(store.get("resp_recent")?.context, [{role: "user", content: "resp_recent"}]);
    const rows = db.prepare("SELECT id FROM api_responses ORDER BY id").pluck().all();
    assert.deepEqual(rows, ["resp_recent"], "the save after it removed the expired one");
    assert.equal(store.delete("resp_recent"), true);
    assert.equal(store.delete("resp_recent"), false);
    assert.equal(store.get("resp_recent"), null);
    db.close();
});
