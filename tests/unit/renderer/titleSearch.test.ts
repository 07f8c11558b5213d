import assert from "node:assert/strict";
import {test} from "node:test";
import type {Conversation} from "../../../shared/contract.js";
import {aConversation} from "../../helpers/conversationFixture.js";
import {TITLES_SHOWN, titleMatches} from "../../../renderer/src/conversations/titleSearch.js";

const conversation = (title: string, updatedAt: number, more: Partial<Conversation> = {}): Conversation =>
    aConversation({title, createdAt: updatedAt, updatedAt, ...more});

test("search by title: every word, any order, case or accent; pinned then newest first; no drafts", () => {
    const list = [
        conversation("Café notes for Lyon", 1),
        conversation("Notes from the café", 3),
        conversation("Pinned CAFE plan", 2, {pinned: true}),
        conversation("Tea notes", 4),
        conversation("New conversation", 5, {draft: true}),
    ];
    assert.deepEqual(
        titleMatches(list, "cafe").map((c) => c.title),
        ["Pinned CAFE plan", "Notes from the café", "Café notes for Lyon"],
    );
    assert.deepEqual(
        titleMatches(list, "  NOTES  café ").map((c) => c.title),
        ["Notes from the café", "Café notes for Lyon"],
    );
    assert.deepEqual(titleMatches(list, "new conversation"), []);
    assert.deepEqual(titleMatches(list, "   "), []);
    assert.deepEqual(titleMatches(list, "coffee"), []);
});

test("search by title within a project, and at most a screenful", () => {
    const many = Array.from({length: 20}, (_, i) =>
        conversation(`Trip ${i}`, i, {projectId: i % 2 ? "p1" : null}),
    );
    assert.equal(titleMatches(many, "trip").length, TITLES_SHOWN);
    const inProject = titleMatches(many, "trip", "p1");
    assert.ok(inProject.every((c) => c.projectId === "p1"));
    assert.equal(inProject[0]!.title, "Trip 19");
});
