import assert from "node:assert/strict";
import {test} from "node:test";
import type {Conversation} from "../../../shared/contract.js";
import {aConversation} from "../../helpers/conversationFixture.js";
import {groupByDate} from "../../../renderer/src/conversations/dateGroups.js";

const conversation = (id: string, updatedAt: Date, pinned = false): Conversation =>
    aConversation({id, title: id, pinned, createdAt: updatedAt.getTime(), updatedAt: updatedAt.getTime()});

test("the sidebar's groups: pinned first, then by last activity in local days, then by month", () => {
    const now = new Date(2026, 10, 27, 9, 30);
    const at = (days: number, hour = 12) => new Date(2026, 10, 27 - days, hour);
    const list = [
        conversation("this morning", at(0, 8)),
        conversation("pinned long ago", new Date(2025, 0, 3), true),
        conversation("last night", at(1, 23)),
        conversation("just after midnight yesterday", at(1, 0)),
        conversation("three days ago", at(3)),
        conversation("seven days ago", at(7)),
        conversation("twelve days ago", at(12)),
        conversation("in September", new Date(2026, 8, 20)),
        conversation("also in September", new Date(2026, 8, 2)),
        conversation("a year ago", new Date(2025, 10, 1)),
    ];
    assert.deepEqual(
        groupByDate(list, now, "en-US").map((g) => [g.label, g.conversations.map((c) => c.id)]),
        [
            ["Pinned", ["pinned long ago"]],
            ["Today", ["this morning"]],
            ["Yesterday", ["last night", "just after midnight yesterday"]],
            ["Previous 7 days", ["three days ago", "seven days ago"]],
            ["Previous 30 days", ["twelve days ago"]],
            ["September 2026", ["in September", "also in September"]],
            ["November 2025", ["a year ago"]],
        ],
    );
    assert.deepEqual(groupByDate([], now), []);
});
