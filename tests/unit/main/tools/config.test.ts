import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {BUILTIN_DEFAULTS, loadToolsConfig} from "../../../../main/tools/config.js";
import {defineTool} from "../../../../main/tools/defineTool.js";
import {ToolRegistry} from "../../../../main/tools/registry.js";
import {ROOT, tempDir} from "../../../helpers/paths.js";

const shipped = path.join(ROOT, "resources", "tools.yaml");
const write = (text: string) => {
    const file = path.join(tempDir(), "tools.yaml");
    fs.writeFileSync(file, text);
    return file;
};

test("missing files mean defaults", () => {
    const {config, problems} = loadToolsConfig(["/no/such/tools.yaml"]);
    assert.deepEqual(config.defaults, BUILTIN_DEFAULTS);
    assert.deepEqual(problems, []);
});

test("the shipped file is valid and gives system_stats its aliases", () => {
    const {config, problems} = loadToolsConfig([shipped]);
    assert.deepEqual(problems, []);
    assert.deepEqual(config.tools.system_stats?.aliases, ["stats", "sysinfo"]);
});

test("a user file overrides the shipped one entry by entry", () => {
    const user = write("defaults:\n    maxSteps: 2\ntools:\n    system_stats:\n        enabled: false\n");
    const {config} = loadToolsConfig([shipped, user]);
    assert.equal(config.defaults.maxSteps, 2);
    assert.equal(config.defaults.timeoutMs, 15_000);
    assert.deepEqual(config.tools.system_stats, {enabled: false, aliases: ["stats", "sysinfo"]});
});

test("malformed YAML is reported with file and line, and the defaults still work", () => {
    const bad = write(
        "defaults:\n    maxSteps: 2\ntools:\n    system_stats:\n        enabled: true\n      aliases: [x]\n",
    );
    const {config, problems} = loadToolsConfig([shipped, bad]);
    assert.equal(problems.length > 0, true);
    assert.equal(problems[0]!.file, bad);
    assert.equal(problems[0]!.line, 6);
    assert.equal(config.defaults.maxSteps, BUILTIN_DEFAULTS.maxSteps);
    assert.deepEqual(config.tools.system_stats?.aliases, ["stats", "sysinfo"]);
});

test("a wrong value is reported at its line", () => {
    const bad = write("tools:\n    system_stats:\n        policy: sometimes\n");
    const {problems} = loadToolsConfig([bad]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.line, 3);
    assert.match(problems[0]!.message, /policy/);
});

const noop = (name: string, sideEffect: "none" | "network" | "write" | "exec") =>
    defineTool({
        name,
        description: name,
        sideEffect,
        params: {type: "object", properties: {}},
        run: async () => ({text: "ok"}),
    });

test("the registry resolves aliases, honours enabled, and offers tools by mode and policy", () => {
    const {config} = loadToolsConfig([shipped, write("tools:\n    off_tool:\n        enabled: false\n")]);
    const registry = new ToolRegistry(
        [
            noop("system_stats", "none"),
            noop("web_search", "network"),
            noop("write_file", "write"),
            noop("off_tool", "none"),
        ],
        config,
    );
    assert.equal(registry.resolve("stats")?.name, "system_stats");
    assert.equal(registry.resolve("off_tool"), null);
    const names = (mode: "ask" | "agent", webAccess: boolean) =>
        registry.offered(mode, {webAccess}).map((t) => t.name);
    assert.deepEqual(names("ask", false), ["system_stats"]);
    assert.deepEqual(names("ask", true), ["system_stats", "web_search"]);
    assert.deepEqual(names("agent", false), ["system_stats", "write_file"]);
    // The list shows each tool's chosen policy; web access is a separate switch (decide applies both).
    const policies = Object.fromEntries(registry.list().map((t) => [t.name, t.policy]));
    assert.deepEqual(policies, {
        system_stats: "allow",
        web_search: "allow",
        write_file: "ask",
        off_tool: "allow",
    });

    registry.setPolicyOverrides({web_search: "allow", write_file: "allow"});
    assert.deepEqual(
        names("agent", false),
        ["system_stats", "write_file"],
        "web access off still denies network tools",
    );
    assert.deepEqual(names("agent", true), ["system_stats", "web_search", "write_file"]);
});
