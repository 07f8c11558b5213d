import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {BUNDLE_FIXTURE, packedBundle} from "../helpers/bundle.js";
import {strToU8, zipSync} from "fflate";
import http from "node:http";
import type {CairnApi} from "../../shared/contract.js";
import {unwrap} from "../helpers/core.js";
import {runCli} from "../helpers/cli.js";
import {runAllowed} from "../helpers/mcp.js";
import {openTestCore} from "../helpers/core.js";
import {tempDir} from "../helpers/paths.js";

// MCP bundles (.mcpb) installed from a file: a bundle packed by the official packer (@anthropic-ai/mcpb) from
// tests/fixtures/mcp/bundle, a local server that greets with the greeting the user gives as its setting; and
// hostile archives made here with fflate. A refused bundle leaves nothing behind.
const FIXTURE = BUNDLE_FIXTURE;
const packed = packedBundle;

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

/** A file sent as the window sends it: begin, chunks of base64, then read. */
async function sendFile(api: CairnApi, file: string) {
    const bytes = fs.readFileSync(file);
    const {uploadId} = unwrap(
        await api.invoke("mcp.bundleBegin", {name: path.basename(file), size: bytes.length}),
    );
    for (let offset = 0; offset < bytes.length; offset += 300_000) {
        const data = bytes.subarray(offset, offset + 300_000).toString("base64");
        unwrap(await api.invoke("mcp.bundleChunk", {uploadId, offset, data}));
    }
    return api.invoke("mcp.bundleOpen", {uploadId});
}

test("a bundle from the window is read for its settings, refused without the required one and kept, then installed with it", async () => {
    const bundle = await packed();
    const t = await openTestCore({modelPath: null});
    try {
        const opened = unwrap(await sendFile(t.api, bundle));
        assert.deepEqual(
            {...opened, bundleId: typeof opened.bundleId},
            {
                bundleId: "string",
                name: "greeter",
                version: "1.0.0",
                description: "Greets people, with the greeting the user chose (a test bundle).",
                author: "Cairn tests",
                settings: [
                    {
                        key: "greeting",
                        title: "Greeting",
                        description: "The word to greet with",
                        type: "string",
                        required: true,
                        sensitive: false,
                        default: null,
                    },
                ],
            },
        );
        assert.deepEqual(leftovers(t.dataDir), [], "reading installs nothing");
        const unasked = await t.api.invoke("mcp.bundleInstall", {bundleId: opened.bundleId, values: {}});
        assert.equal(unasked.ok, false);
        assert.match(
            unasked.ok ? "" : unasked.error.message,
            /greeter needs its settings: "greeting" \(Greeting/,
        );
        const wrong = await t.api.invoke("mcp.bundleInstall", {
            bundleId: opened.bundleId,
            values: {colour: "x"},
        });
        assert.match(
            wrong.ok ? "" : wrong.error.message,
            /greeter has no setting colour \(it has: greeting\)/,
        );
        // Still held: the same bundle installs once the value is given, and is let go.
        const status = unwrap(
            await t.api.invoke("mcp.bundleInstall", {bundleId: opened.bundleId, values: {greeting: "Hej"}}),
        );
        assert.ok(status.servers.some((s) => s.name === "greeter"));
        assert.deepEqual(leftovers(t.dataDir), ["greeter"]);
        await t.core.tools.prepare();
        const {record, modelText} = await runAllowed(t.core, "greeter.greet", {name: "Ada"});
        assert.equal(record.status, "ok", record.error ?? "");
        assert.match(modelText, /Hej, Ada!/);
        const again = await t.api.invoke("mcp.bundleInstall", {
            bundleId: opened.bundleId,
            values: {greeting: "Hi"},
        });
        assert.match(again.ok ? "" : again.error.message, /no longer waiting to be installed/);
        assert.deepEqual(fs.readdirSync(path.join(t.dataDir, "mcp-incoming")), [], "no file is left behind");
    } finally {
        await t.core.dispose();
    }
});

test("a hostile bundle from the window is refused in words when read, and a bundle given up leaves nothing", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        const dir = tempDir();
        const escape = path.join(dir, "escape.mcpb");
        fs.writeFileSync(escape, zipSync({"manifest.json": strToU8("{}"), "../out.txt": strToU8("x")}));
        const refused = await sendFile(t.api, escape);
        assert.match(
            refused.ok ? "" : refused.error.message,
            /escape\.mcpb: "\.\.\/out\.txt": a path that leaves/,
        );
        const big = await t.api.invoke("mcp.bundleBegin", {name: "big.mcpb", size: 200 * 1_048_576 + 1});
        assert.equal(big.ok, false, "over 200 MB is refused before a byte is sent");
        const opened = unwrap(await sendFile(t.api, await packed()));
        assert.deepEqual(unwrap(await t.api.invoke("mcp.bundleCancel", {bundleId: opened.bundleId})), {
            cancelled: true,
        });
        assert.deepEqual(fs.readdirSync(path.join(t.dataDir, "mcp-incoming")), []);
        assert.deepEqual(leftovers(t.dataDir), []);
        assert.equal(fs.existsSync(path.join(t.dataDir, "mcp.json")), false);
    } finally {
        await t.core.dispose();
    }
});

test("the registry from the window: each server's entry and the settings its package asks for; offline, words to say", async () => {
    const registry = http.createServer((_req, res) => {
        const servers = [
            {
                server: {
                    name: "io.github.example/weather",
                    version: "1.2.0",
                    description: "Forecasts.",
                    packages: [
                        {
                            registryType: "npm",
                            identifier: "@example/weather-mcp",
                            version: "1.2.0",
                            environmentVariables: [
                                {
                                    name: "WEATHER_KEY",
                                    description: "Your API key",
                                    isRequired: true,
                                    isSecret: true,
                                },
                                {name: "UNITS", description: "metric or imperial", default: "metric"},
                            ],
                        },
                    ],
                },
            },
            {server: {name: "com.example/nothing", version: "0.1.0", description: "No way in."}},
            {
                server: {
                    name: "com.example/..odd name!",
                    version: "1.0.0",
                    description: "A name mcp.json would refuse.",
                    remotes: [{type: "streamable-http", url: "https://odd.example/mcp"}],
                },
            },
        ];
        res.writeHead(200, {"content-type": "application/json"}).end(JSON.stringify({servers}));
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(registry.address() as {port: number}).port}`;
    process.env.CAIRN_MCP_REGISTRY = base;
    const t = await openTestCore({modelPath: null});
    try {
        const [weather, nothing, odd] = unwrap(await t.api.invoke("mcp.registry", {query: "weather"}));
        assert.deepEqual(weather, {
            name: "io.github.example/weather",
            local: "weather",
            version: "1.2.0",
            description: "Forecasts.",
            entry: {command: "npx", args: ["-y", "@example/weather-mcp@1.2.0"]},
            add: "cairn mcp add weather --env WEATHER_KEY=… -- npx -y @example/weather-mcp@1.2.0",
            settings: [
                {
                    key: "WEATHER_KEY",
                    title: "WEATHER_KEY",
                    description: "Your API key",
                    type: "string",
                    required: true,
                    sensitive: true,
                    default: null,
                },
                {
                    key: "UNITS",
                    title: "UNITS",
                    description: "metric or imperial",
                    type: "string",
                    required: false,
                    sensitive: false,
                    default: "metric",
                },
            ],
        });
        assert.equal(nothing?.entry, null);
        assert.equal(nothing?.add, null);
        // Added under a name mcp.json takes (starting with a letter or digit).
        assert.equal(odd?.local, "odd-name-");
        assert.equal(odd?.add, "cairn mcp add odd-name- --url https://odd.example/mcp");
        // Offline mode refuses the real registry's address (loopback ones stay open).
        delete process.env.CAIRN_MCP_REGISTRY;
        unwrap(await t.api.invoke("settings.set", {offline: true}));
        const offline = await t.api.invoke("mcp.registry", {query: ""});
        assert.equal(offline.ok, false);
        if (!offline.ok) {
            assert.equal(offline.error.words?.key, "mcpRegistryOffline");
            assert.match(offline.error.message, /^Offline mode is on: the MCP registry cannot be searched/);
        }
    } finally {
        delete process.env.CAIRN_MCP_REGISTRY;
        registry.close();
        await t.core.dispose();
    }
});
