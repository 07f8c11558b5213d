import assert from "node:assert/strict";
import {test} from "node:test";
import {defineTool, type ToolDefinition} from "../../../../main/tools/defineTool.js";
import {BUILTIN_DEFAULTS} from "../../../../main/tools/config.js";
import {ToolRegistry} from "../../../../main/tools/registry.js";
import {describeSelection, FIND_TOOLS, selectTools, ToolChooser} from "../../../../main/tools/selection.js";
import {findTools} from "../../../../main/tools/builtin/findTools.js";

function tool(name: string, description: string, source?: string): ToolDefinition {
    const t = defineTool({
        name,
        description,
        sideEffect: "none",
        params: {type: "object", properties: {}},
        run: async () => ({text: ""}),
    });
    return source ? {...t, source} : t;
}

const builtIn = tool("system_stats", "Report this computer's CPU and memory.");
const server = [
    tool("mail.send_message", "Sends an email message to a recipient.", "mcp:mail"),
    tool("mail.list_folders", "Lists the mail folders.", "mcp:mail"),
    tool("cal.create_event", "Creates a calendar event at a time.", "mcp:cal"),
    tool("cal.list_events", "Lists calendar events in a range.", "mcp:cal"),
    tool("git.open_pull_request", "Opens a pull request on a repository.", "mcp:git"),
];
const offered = [builtIn, findTools, ...server];
const registry = new ToolRegistry([builtIn, findTools], {defaults: BUILTIN_DEFAULTS, tools: {}});
registry.setSource("mcp:mail", server.slice(0, 2));
registry.setSource("mcp:cal", server.slice(2, 4));
registry.setSource("mcp:git", server.slice(4));

function select(over: Partial<Parameters<typeof selectTools>[0]>) {
    return selectTools({
        offered,
        query: "",
        pinned: new Set(),
        used: [],
        found: [],
        budget: 35,
        cost: () => 10,
        rank: (q, k, among) => registry.search(q, k, among),
        ...over,
    });
}

const names = (s: ReturnType<typeof select>) => s.tools.map((t) => t.name);

test("all tools fit the budget: all are offered, without find_tools", () => {
    const s = select({budget: 1000});
    assert.equal(s.cut, false);
    assert.deepEqual(names(s), ["system_stats", ...server.map((t) => t.name)]);
    assert.equal(describeSelection(s), "all 6 tools offered");
});

test("too many: Cairn's own tools, find_tools and the most relevant within the budget, in a stable order", () => {
    const s = select({query: "put a meeting on my calendar: create an event"});
    assert.equal(s.cut, true);
    // 10 (system_stats) + 10 (find_tools) + one relevant tool = 30 of 35.
    assert.deepEqual(names(s), ["system_stats", FIND_TOOLS, "cal.create_event"]);
    assert.equal(
        describeSelection(s),
        "2 of 6 tools offered: 1 built-in, 1 by relevance; find_tools searches the rest",
    );
});

test("pinned, found and used tools come before relevance; pinned and found even past the budget", () => {
    const s = select({
        query: "create an event",
        pinned: new Set(["git.open_pull_request"]),
        found: ["mail.list_folders"],
        used: ["mail.send_message"],
    });
    assert.deepEqual(names(s), ["system_stats", "git.open_pull_request", FIND_TOOLS, "mail.list_folders"]);
    assert.deepEqual(s.why, {"built-in": 1, pinned: 1, found: 1, used: 0, relevant: 0});
    assert.equal(s.tokens, 40);
});

test("a question that matches nothing offers Cairn's tools and find_tools only", () => {
    const s = select({query: "hello"});
    assert.deepEqual(names(s), ["system_stats", FIND_TOOLS]);
});

test("when the tools always offered are all there are, find_tools is not offered", () => {
    const s = select({
        offered: [builtIn, findTools, server[0]!],
        pinned: new Set(["mail.send_message"]),
        budget: 5,
    });
    assert.equal(s.cut, false);
    assert.deepEqual(names(s), ["system_stats", "mail.send_message"]);
});

test("the index finds tools by their name's words, description and parameters, with stemming", () => {
    assert.deepEqual(
        registry.search("open pull requests", 1, () => true),
        ["git.open_pull_request"],
    );
    assert.deepEqual(
        registry.search("folders", 3, () => true),
        ["mail.list_folders"],
    );
    // A source replaced: its old tools are gone from the index.
    registry.setSource("mcp:git", []);
    assert.deepEqual(
        registry.search("pull request", 3, (n) => n !== FIND_TOOLS),
        [],
    );
    registry.setSource("mcp:git", server.slice(4));
    assert.deepEqual(
        registry.search("", 3, () => true),
        [],
    );
});

test("the chooser offers a conversation's pins (its assistant's) beside the person's, even past the budget", () => {
    const chooser = new ToolChooser(registry, () => 1);
    const room = {contextSize: () => 4000, countTokens: () => 10};
    registry.setPinned(["mail.list_folders"]);
    try {
        const plain = chooser.choose(offered, room, {query: "", used: [], found: []});
        assert.ok(!plain.tools.some((t) => t.name === "cal.list_events"));
        const pinned = chooser.choose(offered, room, {
            query: "",
            used: [],
            found: [],
            pinned: ["cal.list_events"],
        });
        const chosen = pinned.tools.map((t) => t.name);
        assert.ok(chosen.includes("cal.list_events") && chosen.includes("mail.list_folders"), chosen.join());
        assert.equal(pinned.why.pinned, 2);
    } finally {
        registry.setPinned([]);
    }
});
