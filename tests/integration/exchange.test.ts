import assert from "node:assert/strict";
import {test} from "node:test";
import type {ExportedConversation} from "../../shared/contract.js";
import {CitationStore} from "../../main/store/citations.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";

/** A conversation with a tool step and a cited answer, written through the real stores. */
function seed(t: TestCore): string {
    const {conversations, toolCalls, db} = t.core;
    const conversation = conversations.create("Moons of Mars");
    conversations.addMessage({
        conversationId: conversation.id,
        role: "user",
        content: "How many moons has Mars?",
        status: "complete",
    });
    const answer = conversations.addMessage({
        conversationId: conversation.id,
        role: "assistant",
        content: "",
        status: "streaming",
    });
    const call = {
        id: "call-1",
        messageId: answer.id,
        conversationId: conversation.id,
        step: 1,
        tool: "web_search",
        rawArgs: {query: "moons of Mars"},
        args: {query: "moons of Mars"},
        status: "ok" as const,
        decision: "policy_allow" as const,
        decidedBy: "policy" as const,
        resultText: "[1] Phobos and Deimos",
        resultData: null,
        error: null,
        origin: "model" as const,
        startedAt: 1,
        finishedAt: 2,
    };
    toolCalls.save(call);
    new CitationStore(db).add(answer.id, {
        kind: "url",
        title: "Moons of Mars",
        url: "https://example.org/mars",
        number: 1,
        toolCallId: "call-1",
    });
    conversations.finish(answer.id, {
        content: "Mars has two moons, Phobos and Deimos [1].",
        status: "complete",
        stats: null,
    });
    return conversation.id;
}

test("search finds messages across conversations, ranked, with the matches marked; user text is not a query language", async () => {
    const t = await openTestCore();
    const id = seed(t);
    const hits = unwrap(await t.api.invoke("conversations.search", {query: "deimos phob"}));
    assert.equal(hits.length, 1);
    assert.equal(hits[0]!.conversationId, id);
    assert.equal(hits[0]!.conversationTitle, "Moons of Mars");
    assert.equal(hits[0]!.role, "assistant");
    assert.ok(hits[0]!.snippet.includes("\u0002Phobos\u0003 and \u0002Deimos\u0003"), hits[0]!.snippet);
    assert.deepEqual(unwrap(await t.api.invoke("conversations.search", {query: "saturn"})), []);
    for (const odd of ['"unbalanced', "moons OR NOT", "a*b:c^", "NEAR(x y)"])
        assert.ok((await t.api.invoke("conversations.search", {query: odd})).ok, odd);
    // Kept in step with edits and deletions.
    const [question] = unwrap(await t.api.invoke("messages.list", {conversationId: id}));
    unwrap(await t.api.invoke("messages.delete", {id: question!.id}));
    assert.deepEqual(unwrap(await t.api.invoke("conversations.search", {query: "how many"})), []);
    await t.core.dispose();
});

test("export as Markdown: title, tool steps as details, citations as footnotes", async () => {
    const t = await openTestCore();
    const id = seed(t);
    const md = unwrap(await t.api.invoke("conversations.export", {id, format: "markdown"}));
    assert.equal(md.fileName, "Moons-of-Mars.md");
    assert.match(md.content, /^# Moons of Mars\n/);
    assert.match(
        md.content,
        /<details>\n<summary>Tool: web_search \(ok\)<\/summary>\n\n```json\n\{\n {2}"query": "moons of Mars"\n\}\n```/,
    );
    assert.match(
        md.content,
        /Phobos and Deimos \[\^m2-1\]\.\n\n\[\^m2-1\]: Moons of Mars — <https:\/\/example.org\/mars>/,
    );
    await t.core.dispose();
});

test("export as JSON and import it back: a new conversation with the same messages, tool calls and citations", async () => {
    const t = await openTestCore();
    const id = seed(t);
    const json = unwrap(await t.api.invoke("conversations.export", {id, format: "json"}));
    const data = JSON.parse(json.content) as ExportedConversation;
    const imported = unwrap(await t.api.invoke("conversations.import", {data}));
    assert.notEqual(imported.id, id);
    assert.equal(imported.title, "Moons of Mars");
    const strip = (messages: typeof data.messages) =>
        messages.map((m) => ({
            role: m.role,
            content: m.content,
            status: m.status,
            createdAt: m.createdAt,
            calls: m.toolCalls.map((c) => [c.tool, c.status, c.resultText]),
            citations: m.citations.map((c) => [c.number, c.title, c.url]),
        }));
    const again = unwrap(await t.api.invoke("messages.list", {conversationId: imported.id}));
    assert.deepEqual(strip(again), strip(data.messages));
    // The citation points at the imported copy of its tool call.
    assert.equal(again[1]!.citations[0]!.toolCallId, again[1]!.toolCalls[0]!.id);
    assert.equal(unwrap(await t.api.invoke("conversations.search", {query: "Deimos"})).length, 2);

    const bad = await t.api.invoke("conversations.import", {data: {...data, version: 4} as never});
    assert.equal(!bad.ok && bad.error.code, "VALIDATION");
    await t.core.dispose();
});

test("a plan and a composite tool's inner calls come back from a JSON file pointing at the imported calls", async () => {
    const t = await openTestCore();
    const id = seed(t);
    const answer = unwrap(await t.api.invoke("messages.list", {conversationId: id}))[1]!;
    const inner = {...answer.toolCalls[0]!, id: "call-2", parentId: "call-1", startedAt: 3, finishedAt: 4};
    t.core.toolCalls.save(inner);
    t.core.conversations.setPlan(answer.id, {
        state: "done",
        steps: [
            {
                id: "1",
                label: "Search",
                action: "tool",
                tool: "web_search",
                args: {},
                status: "ok",
                toolCallId: "call-1",
            },
            {id: "2", label: "Answer", action: "completion", status: "ok"},
        ],
    });
    const json = unwrap(await t.api.invoke("conversations.export", {id, format: "json"}));
    const imported = unwrap(
        await t.api.invoke("conversations.import", {data: JSON.parse(json.content) as ExportedConversation}),
    );
    const copy = unwrap(await t.api.invoke("messages.list", {conversationId: imported.id}))[1]!;
    const [outer, child] = copy.toolCalls;
    assert.notEqual(outer!.id, "call-1");
    assert.equal(child!.parentId, outer!.id);
    assert.equal(copy.plan?.steps[0]!.toolCallId, outer!.id);
    assert.deepEqual(
        copy.plan?.steps.map((s) => s.status),
        ["ok", "ok"],
    );
    const markdown = unwrap(await t.api.invoke("conversations.export", {id, format: "markdown"})).content;
    assert.match(markdown, /\*\*Plan\*\* \(done\)\n\n- \[x\] Search \(`web_search`\)\n- \[x\] Answer\n/);
    await t.core.dispose();
});

test("every version of every branch goes into the JSON file and comes back, the same branch shown", async () => {
    const t = await openTestCore();
    const id = seed(t);
    const {conversations} = t.core;
    const [question, first] = conversations.messages(id);
    conversations.addMessage({
        conversationId: id,
        role: "assistant",
        content: "Two: Phobos and Deimos.",
        status: "complete",
        parentId: question!.id,
    });
    conversations.showVersion(first!.id);
    const json = unwrap(await t.api.invoke("conversations.export", {id, format: "json"}));
    const data = JSON.parse(json.content) as ExportedConversation;
    assert.equal(data.version, 3);
    assert.equal(data.messages.length, 3);
    const imported = unwrap(await t.api.invoke("conversations.import", {data}));
    const shown = unwrap(await t.api.invoke("messages.list", {conversationId: imported.id}));
    assert.deepEqual(
        shown.map((m) => [m.content, m.versions.length, m.versions.indexOf(m.id)]),
        [
            ["How many moons has Mars?", 1, 0],
            ["Mars has two moons, Phobos and Deimos [1].", 2, 0],
        ],
    );
    assert.equal(shown[1]!.toolCalls.length, 1, "the first version keeps its tool call");
    const other = conversations.message(shown[1]!.versions[1]!)!;
    assert.equal(other.content, "Two: Phobos and Deimos.");

    // A file of version 1 (one branch, no parents) still imports, its messages in order.
    const before = data.messages
        .slice(0, 2)
        .map(({thought: _t, thoughtMs: _ms, parentId: _p, versions: _v, ...fields}) => fields);
    const v1 = {...data, version: 1 as const, headId: undefined, messages: before};
    const old = unwrap(await t.api.invoke("conversations.import", {data: v1}));
    assert.deepEqual(
        unwrap(await t.api.invoke("messages.list", {conversationId: old.id})).map((m) => m.role),
        ["user", "assistant"],
    );
    await t.core.dispose();
});
