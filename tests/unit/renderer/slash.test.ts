import assert from "node:assert/strict";
import {test} from "node:test";
import {parseSlash} from "../../../renderer/src/chat/slash.js";

test("plain text is sent as is", () => {
    assert.deepEqual(parseSlash("hello /stats"), {text: "hello /stats"});
});

test("/stats, /search, /docs and /fetch become preflight calls; what was typed is kept as the text", () => {
    assert.deepEqual(parseSlash("/stats"), {
        text: "/stats",
        prompt: "Summarize this computer's current state from the system stats.",
        preflight: [{name: "system_stats", args: {}}],
    });
    assert.deepEqual(parseSlash("/search bitcoin price today"), {
        text: "/search bitcoin price today",
        prompt: "bitcoin price today\n\nAnswer from these search results, citing them as [n].",
        preflight: [{name: "web_search", args: {query: "bitcoin price today"}}],
    });
    assert.deepEqual(parseSlash("/docs launch code ZX-4471"), {
        text: "/docs launch code ZX-4471",
        prompt: "launch code ZX-4471\n\nAnswer from these passages of my documents, citing them as [n].",
        preflight: [{name: "rag_search", args: {query: "launch code ZX-4471"}}],
    });
    assert.deepEqual(parseSlash("/fetch https://example.org/a what is it about?"), {
        text: "/fetch https://example.org/a what is it about?",
        prompt: "what is it about?",
        preflight: [{name: "web_fetch", args: {url: "https://example.org/a"}}],
    });
});

test("missing arguments and unknown commands say what to do", () => {
    assert.deepEqual(parseSlash("/search"), {error: "usage: /search <query>"});
    assert.deepEqual(parseSlash("/fetch"), {error: "usage: /fetch <url> [question]"});
    assert.deepEqual(parseSlash("/docs"), {error: "usage: /docs <query>"});
    assert.deepEqual(parseSlash("/research"), {error: "usage: /research <question>"});
    assert.match(
        (parseSlash("/teleport home") as {error: string}).error,
        /^unknown command \/teleport; available: \/stats, \/search, \/docs, \/fetch, \/plan, \/research$/,
    );
});

test("/research QUESTION: the question, researched", () => {
    assert.deepEqual(parseSlash("/research  How do tides work? "), {
        text: "How do tides work?",
        research: true,
    });
});

test("/<server>.<prompt> asks an MCP server's prompt, name=value pairs (quoted or not) as its arguments", () => {
    assert.deepEqual(parseSlash('/everything.args-prompt city="New York" state=NY and keep it short'), {
        text: '/everything.args-prompt city="New York" state=NY and keep it short',
        mcpPrompt: {
            server: "everything",
            name: "args-prompt",
            args: {city: "New York", state: "NY"},
            rest: "and keep it short",
        },
    });
    assert.deepEqual(parseSlash("/my.server.simple-prompt"), {
        text: "/my.server.simple-prompt",
        mcpPrompt: {server: "my.server", name: "simple-prompt", args: {}, rest: ""},
    });
    // A built-in command is not mistaken for one: its argument may hold dots.
    assert.equal("preflight" in parseSlash("/fetch https://example.org/a.html"), true);
});

test("/plan asks for a plan first, the task as the prompt; without a task it says how", () => {
    assert.deepEqual(parseSlash("/plan tidy my notes folder"), {
        text: "/plan tidy my notes folder",
        prompt: "tidy my notes folder",
        plan: true,
    });
    assert.deepEqual(parseSlash("/plan"), {error: "usage: /plan <what to do>"});
});
