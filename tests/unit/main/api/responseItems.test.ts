import assert from "node:assert/strict";
import {test} from "node:test";
import {annotations, stepItem} from "../../../../main/api/responseItems.js";

test("each [n] that cites a web page becomes a url_citation over the marker; a document's or an unknown number does not", () => {
    const text = "Mars has two moons [1], see also [2] and [9].";
    const notes = annotations(text, [
        {number: 1, kind: "url", title: "Moons of Mars", url: "https://example.org/mars", tool_call_id: "c1"},
        {number: 2, kind: "document", title: "notes.md", tool_call_id: "c2"},
    ]);
    assert.deepEqual(notes, [
        {
            type: "url_citation",
            url: "https://example.org/mars",
            title: "Moons of Mars",
            start_index: text.indexOf("[1]"),
            end_index: text.indexOf("[1]") + 3,
        },
    ]);
});

test("Cairn's tool steps are the hosted tools' items they stand for, or cairn:tool_call with the result", () => {
    const step = {
        id: "s",
        args: {query: "moons"},
        status: "ok" as const,
        duration_ms: 5,
        result: "…",
        error: null,
    };
    assert.deepEqual(
        {...stepItem({...step, tool: "web_search"}), id: ""},
        {type: "web_search_call", id: "", status: "completed", action: {type: "search", query: "moons"}},
    );
    const search = stepItem({...step, tool: "rag_search", status: "error", error: "no collection"});
    assert.deepEqual([search.type, search.status, search.queries], ["file_search_call", "failed", ["moons"]]);
    const other = stepItem({...step, tool: "system_stats", args: {}});
    assert.deepEqual(
        [other.type, other.name, other.arguments, other.output, other.duration_ms],
        ["cairn:tool_call", "system_stats", "{}", "…", 5],
    );
});
