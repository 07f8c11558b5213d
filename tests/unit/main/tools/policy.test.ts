import assert from "node:assert/strict";
import {test} from "node:test";
import type {Grant, SideEffect, ToolMode, ToolPolicy} from "../../../../shared/contract.js";
import {decide, defaultPolicy, serverGrant} from "../../../../main/tools/policy.js";

const always: Grant = {tool: "t", conversationId: null, createdAt: 0};
const here: Grant = {tool: "t", conversationId: "c1", createdAt: 0};

type Case = [SideEffect, ToolMode, boolean, ToolPolicy, Grant | null, boolean, string];

// side effect, mode, web access, policy, grant, repeated => verdict (and why)
const cases: Case[] = [
    ["none", "ask", false, "allow", null, false, "allow:policy"],
    ["none", "agent", false, "allow", null, false, "allow:policy"],
    ["none", "ask", false, "deny", null, false, "deny:policy"],
    ["none", "ask", false, "ask", null, false, "ask"],
    ["none", "ask", false, "ask", here, false, "allow:grant"],
    ["network", "ask", false, "allow", null, false, "deny:web-off"],
    ["network", "agent", false, "allow", always, false, "deny:web-off"],
    ["network", "ask", true, "allow", null, false, "allow:policy"],
    ["network", "ask", true, "deny", null, false, "deny:policy"],
    ["network", "ask", true, "ask", null, false, "ask"],
    ["network", "ask", true, "ask", always, false, "allow:grant"],
    ["network", "ask", true, "allow", null, true, "ask:repeated"],
    ["write", "ask", true, "allow", always, false, "deny:mode"],
    ["exec", "ask", true, "allow", null, false, "deny:mode"],
    ["write", "agent", false, "ask", null, false, "ask"],
    ["write", "agent", false, "ask", here, false, "allow:grant"],
    ["write", "agent", false, "ask", always, true, "ask:repeated"],
    ["write", "agent", false, "allow", null, false, "allow:policy"],
    ["write", "agent", false, "allow", null, true, "ask:repeated"],
    ["write", "agent", false, "deny", always, false, "deny:policy"],
    ["exec", "agent", true, "deny", null, true, "deny:policy"],
];

test("decide: mode, web access, policy, grants and repeated calls, in one table", () => {
    for (const [sideEffect, mode, webAccess, policy, grant, repeated, expected] of cases) {
        const d = decide({name: "t", sideEffect}, {mode, webAccess, policy, grant: () => grant, repeated});
        const got =
            d.verdict === "deny"
                ? `deny:${d.reason}`
                : d.verdict === "allow"
                  ? `allow:${d.by}`
                  : d.repeated
                    ? "ask:repeated"
                    : "ask";
        assert.equal(got, expected, JSON.stringify({sideEffect, mode, webAccess, policy, grant, repeated}));
    }
});

test("a denial says why in words; a grant allows with the grant it used", () => {
    assert.deepEqual(
        decide(
            {name: "web_fetch", sideEffect: "network"},
            {mode: "agent", webAccess: false, policy: "allow"},
        ),
        {
            verdict: "deny",
            reason: "web-off",
            message: "web access is off in this conversation",
            words: {key: "callWebOff", values: {}},
        },
    );
    assert.deepEqual(
        decide({name: "write_file", sideEffect: "write"}, {mode: "ask", webAccess: true, policy: "ask"}),
        {
            verdict: "deny",
            reason: "mode",
            message: "write_file is not available in ask mode",
            words: {key: "callMode", values: {tool: "write_file", mode: "ask"}},
        },
    );
    assert.deepEqual(
        decide(
            {name: "t", sideEffect: "write"},
            {mode: "agent", webAccess: false, policy: "ask", grant: () => here},
        ),
        {
            verdict: "allow",
            by: "grant",
            grant: here,
        },
    );
});

test("the default policy follows the side effect; web access is not part of it", () => {
    assert.deepEqual((["none", "network", "write", "exec"] as const).map(defaultPolicy), [
        "allow",
        "allow",
        "ask",
        "ask",
    ]);
});

test("a whole MCP server is granted for its read-only tools only; built-in tools have no server", () => {
    assert.equal(serverGrant({sideEffect: "none", source: "mcp:files"}), "mcp:files");
    assert.equal(serverGrant({sideEffect: "network", source: "mcp:web"}), "mcp:web");
    assert.equal(serverGrant({sideEffect: "write", source: "mcp:files"}), null);
    assert.equal(serverGrant({sideEffect: "exec", source: "mcp:shell"}), null);
    assert.equal(serverGrant({sideEffect: "none", source: "built-in"}), null);
    assert.equal(serverGrant({sideEffect: "none"}), null);
});
