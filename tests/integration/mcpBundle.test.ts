import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {packExtension} from "@anthropic-ai/mcpb";
import {strToU8, zipSync} from "fflate";
import {runCli} from "../helpers/cli.js";
import {runAllowed} from "../helpers/mcp.js";
import {openTestCore} from "../helpers/core.js";
import {ROOT, tempDir} from "../helpers/paths.js";

// MCP bundles (.mcpb) installed from a file: a bundle packed by the official packer (@anthropic-ai/mcpb) from
// tests/fixtures/mcp/bundle, a local server that greets with the greeting the user gives as its setting; and
// hostile archives made here with fflate. A refused bundle leaves nothing behind.
const FIXTURE = path.join(ROOT, "tests", "fixtures", "mcp", "bundle");

async function packed(): Promise<string> {
    const file = path.join(tempDir(), "greeter.mcpb");
    assert.ok(
        await packExtension({extensionPath: FIXTURE, outputPath: file, silent: true}),
        "the fixture packs",
    );
    return file;
}

function leftovers(data: string): string[] {
    const dir = path.join(data, "mcp-bundles");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

test("a bundle installs with its settings asked for, runs as a local server, and its tool answers with them", async () => {
    const bundle = await packed();
    const data = tempDir();
    const unasked = await runCli(["mcp", "add", "--file", bundle, "--data", data]);
    assert.equal(unasked.code, 1);
    assert.match(
        unasked.stderr,
        /greeter needs its settings: --config greeting=… \(Greeting: The word to greet with\)/,
    );
    assert.deepEqual(leftovers(data), [], "nothing is kept of a bundle that was not installed");
    assert.equal(fs.existsSync(path.join(data, "mcp.json")), false);

    const added = await runCli(["mcp", "add", "--file", bundle, "--config", "greeting=Hej", "--data", data]);
    assert.equal(added.code, 0, added.stderr);
    assert.match(
        added.stdout,
        /^Installed greeter 1\.0\.0 in .*mcp-bundles\/greeter; added to .*mcp\.json\.\n$/,
    );
    const entry = (
        JSON.parse(fs.readFileSync(path.join(data, "mcp.json"), "utf8")) as {
            mcpServers: {greeter: {args: string[]}};
        }
    ).mcpServers.greeter;
    assert.deepEqual(entry.args, [path.join(data, "mcp-bundles", "greeter", "server", "index.js")]);

    // The bundle's "node" is Cairn's own Node: it runs where no node is on PATH.
    const path0 = process.env.PATH;
    process.env.PATH = path.join(data, "no-node-here");
    const t = await openTestCore({dataDir: data});
    try {
        await t.core.tools.prepare();
        const {record, modelText} = await runAllowed(t.core, "greeter.greet", {name: "Ada"});
        process.env.PATH = path0;
        assert.equal(record.status, "ok", record.error ?? "");
        assert.match(modelText, /Hej, Ada!/);
        // It runs under the approval layer as any local server: its tool asks first.
        assert.equal(t.core.tools.policy(t.core.tools.resolve("greeter.greet")!), "ask");
    } finally {
        process.env.PATH = path0;
        await t.core.dispose();
    }
});

test("hostile bundles are refused in words and leave nothing: a path out of the folder, no entry point, a 500 MB file", async () => {
    const manifest = fs.readFileSync(path.join(FIXTURE, "manifest.json"), "utf8");
    const server = fs.readFileSync(path.join(FIXTURE, "server", "index.js"));
    const data = tempDir();
    const dir = tempDir();
    const write = (name: string, files: Record<string, Uint8Array>) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, zipSync(files, {level: 1}));
        return file;
    };
    const cases: [string, RegExp][] = [
        [
            write("escape.mcpb", {
                "manifest.json": strToU8(manifest),
                "server/index.js": server,
                "../escaped.txt": strToU8("out"),
            }),
            /escape\.mcpb: "\.\.\/escaped\.txt": a path that leaves the bundle's folder/,
        ],
        [
            write("noentry.mcpb", {"manifest.json": strToU8(manifest)}),
            /noentry\.mcpb: its entry point server\/index\.js is not in the bundle/,
        ],
        [
            write("huge.mcpb", {
                "manifest.json": strToU8(manifest),
                "server/index.js": server,
                "data.bin": new Uint8Array(500 * 1_048_576),
            }),
            /huge\.mcpb: data\.bin is 500 MB unpacked; a file may be 100 MB at most/,
        ],
        [
            write("badmanifest.mcpb", {"manifest.json": strToU8(JSON.stringify({name: "x"}))}),
            /badmanifest\.mcpb: manifest\.json: /,
        ],
    ];
    for (const [file, words] of cases) {
        const run = await runCli(["mcp", "add", "--file", file, "--config", "greeting=Hi", "--data", data]);
        assert.equal(run.code, 1, path.basename(file));
        assert.match(run.stderr, words);
    }
    assert.deepEqual(leftovers(data), []);
    assert.equal(fs.existsSync(path.join(data, "escaped.txt")), false);
    assert.equal(fs.existsSync(path.join(data, "mcp.json")), false);
});
