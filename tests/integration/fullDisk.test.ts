import assert from "node:assert/strict";
import {test} from "node:test";
import {sayIn} from "../../main/words.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";

// A library that cannot grow mid-answer: SQLite's max_page_count set to the pages it has, so the next page it
// needs fails as on a full disk (SQLITE_FULL), on the real file and the real model.

test("the disk fills up while an answer is written: the answer ends saying so in words, the process goes on, and the library answers again once there is room", async () => {
    const t = await openTestCore({generation: {maxTokens: 400}});
    try {
        const id = unwrap(await t.api.invoke("conversations.create", {})).id;
        // No page beyond those the library has, from the answer's first token on.
        const off = t.api.onEvent((e) => {
            if (e.type !== "chat.token" || e.conversationId !== id) return;
            off();
            fillUp(t);
        });
        const done = nextDone(t.api, id);
        // A long answer (400 tokens for this run): its text outgrows the pages the library has.
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "Once upon a time"}));
        const answer = await done;
        assert.equal(answer.status, "error");
        assert.match(
            answer.error ?? "",
            /^Cairn could not write to its library \(database or disk is full\): the disk may be full\. Free some space and try again/,
        );
        assert.match(sayIn("de", answer.errorWords!), /^Cairn konnte nicht in seine Bibliothek schreiben/);
        // A new question while the disk is still full: refused in words, not as an internal error.
        const refused = await t.api.invoke("chat.send", {conversationId: id, text: "And then?"});
        assert.equal(refused.ok, false);
        assert.equal(!refused.ok && refused.error.code, "UNAVAILABLE");
        // Room again: the library is whole and answers.
        t.core.db.pragma("max_page_count = 1073741823");
        assert.equal(t.core.db.pragma("integrity_check", {simple: true}), "ok");
        const next = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "And then?"}));
        assert.equal((await next).status, "complete");
    } finally {
        await t.core.dispose();
    }
});

/**
 * No page beyond those the library has, and none with room: messages of another conversation are added until
 * SQLite says it is full, so that the answer's own page is full too and its next growth needs a new page.
 */
function fillUp(t: TestCore): void {
    const {db, conversations} = t.core;
    const filler = conversations.create("filler");
    db.pragma(`max_page_count = ${db.pragma("page_count", {simple: true}) as number}`);
    for (const size of [4096, 512, 64, 1]) {
        try {
            for (;;)
                conversations.addMessage({
                    conversationId: filler.id,
                    role: "user",
                    content: "x".repeat(size),
                    status: "complete",
                });
        } catch (error) {
            if ((error as {code?: string}).code !== "SQLITE_FULL") throw error;
        }
    }
}
