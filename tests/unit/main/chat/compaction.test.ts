import assert from "node:assert/strict";
import {test} from "node:test";
import type {ChatHistoryItem} from "node-llama-cpp";
import type {Message, TurnsSummary} from "../../../../shared/contract.js";
import {
    foldPoint,
    lastSummary,
    mustFold,
    SUMMARY_HEADING,
    withSummary,
} from "../../../../main/chat/compaction.js";

const message = (
    i: number,
    role: "user" | "assistant",
    content: string,
    summary?: TurnsSummary,
): Message => ({
    id: `m${i}`,
    conversationId: "c",
    role,
    content,
    status: "complete",
    model: null,
    stats: null,
    error: null,
    createdAt: i,
    toolCalls: [],
    citations: [],
    thought: "",
    thoughtMs: null,
    parentId: i === 0 ? null : `m${i - 1}`,
    versions: [`m${i}`],
    ...(summary ? {summary} : {}),
});

/** A conversation of `turns` exchanges, each message `words` words long. */
const conversation = (turns: number, words: number): Message[] =>
    Array.from({length: turns * 2}, (_, i) =>
        message(i, i % 2 === 0 ? "user" : "assistant", Array.from({length: words}, () => "word").join(" ")),
    );

/** One token a word: what the tests below count with. */
const measure = (contextSize: number) => ({
    contextSize,
    count: (text: string) => text.split(/\s+/).filter(Boolean).length,
});
const fixed = {systemPrompt: "Be brief.", functions: [], maxTokens: 64, question: "And now?"};

test("a summary is read as a system message of its own, before the turns after it", () => {
    const turns: ChatHistoryItem[] = [
        {type: "user", text: "second question"},
        {type: "model", response: ["an answer"]},
    ];
    const items = withSummary([...turns], "They spoke of Perseids.");
    assert.deepEqual(items, [
        {type: "system", text: `${SUMMARY_HEADING}\nThey spoke of Perseids.`},
        ...turns,
    ]);
    assert.deepEqual(withSummary([...turns], null), turns);
});

test("a conversation that fits is not folded", () => {
    assert.equal(mustFold(conversation(5, 10), fixed, measure(2048)), null);
});

test("one that would not fit is folded at the end of an exchange, leaving room to go on", () => {
    const branch = conversation(60, 20);
    const through = mustFold(branch, fixed, measure(2048));
    assert.ok(through !== null && through > 0);
    assert.equal(branch[through]!.role, "assistant", "the fold ends with an answer");
    assert.equal(branch[through + 1]!.role, "user", "what stays starts with a question");
    const kept = branch.slice(through + 1).length * 22;
    assert.ok(kept <= 2048 * 0.6, `what stays takes ${kept} tokens`);
    assert.ok(kept > 0, "the newest turns stay as they were");
});

test("after a summary only the messages after it count, and the summary itself", () => {
    const branch = conversation(60, 20);
    const summary: TurnsSummary = {text: "short", covers: 100, origin: "auto", model: null, createdAt: 0};
    branch[99] = {...branch[99]!, summary};
    assert.equal(lastSummary(branch)?.index, 99);
    assert.equal(mustFold(branch, fixed, measure(2048)), null, "20 exchanges after the summary fit");
    const long = {...summary, text: Array.from({length: 1500}, () => "fact").join(" ")};
    branch[99] = {...branch[99], summary: long};
    const through = mustFold(branch, fixed, measure(2048));
    assert.ok(through !== null && through > 99, "a summary that grew too large is folded further");
});

test("turns each larger than the context are all folded: only the question stays", () => {
    const branch = conversation(3, 5000);
    assert.equal(mustFold(branch, fixed, measure(2048)), branch.length - 1);
    assert.equal(
        foldPoint(
            branch,
            branch.map(() => 5000),
            0,
            0,
        ),
        branch.length - 1,
    );
    assert.equal(
        foldPoint(
            branch,
            branch.map(() => 1),
            branch.length,
            100,
        ),
        -1,
        "nothing left to fold",
    );
});
