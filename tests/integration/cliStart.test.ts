import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import {test} from "node:test";
import {pathToFileURL} from "node:url";
import {CLI, tempDir} from "../helpers/paths.js";
import {paced} from "../helpers/pace.js";

/**
 * Runs the built CLI in a process that, once the command has ended, prints which of the packages the core needs
 * were loaded from node_modules (SQLite's binding and ws are CommonJS: they show in require's cache when loaded;
 * ajv and yaml are built into out/main, scripts/build.mjs).
 */
function loadedBy(args: string[]): {loaded: string[]; stdout: string; stderr: string} {
    const probe = `
        import {createRequire} from "node:module";
        process.argv = [process.execPath, ${JSON.stringify(CLI)}, ...${JSON.stringify(args)}];
        await import(${JSON.stringify(pathToFileURL(CLI).href)});
        const cache = Object.keys(createRequire(import.meta.url).cache);
        const names = ["better-sqlite3", "ws"];
        console.log("LOADED " + JSON.stringify(names.filter((n) => cache.some((f) => f.includes("/node_modules/" + n + "/")))));
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", probe], {
        encoding: "utf8",
        env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: ""},
        timeout: paced(60_000),
    });
    const line = /^LOADED (.*)$/m.exec(result.stdout)?.[1];
    assert.ok(line, `the probe printed what was loaded: ${result.stdout}${result.stderr}`);
    return {loaded: JSON.parse(line) as string[], stdout: result.stdout, stderr: result.stderr};
}

test("help and argument mistakes are answered without loading the core; a command loads it", () => {
    const help = loadedBy(["chat", "--help"]);
    assert.match(help.stdout, /^Usage:\n {2}chat /);
    assert.deepEqual(help.loaded, [], "cairn chat --help");
    const mistake = loadedBy(["chat", "--frobnicate", "hi"]);
    assert.match(mistake.stderr, /^cairn: unknown option --frobnicate/);
    assert.deepEqual(mistake.loaded, [], "a mistyped option");
    const unknown = loadedBy(["frobnicate"]);
    assert.match(unknown.stderr, /^cairn: unknown command "frobnicate"/);
    assert.deepEqual(unknown.loaded, [], "an unknown command");

    const command = loadedBy(["projects", "list", "--data", tempDir()]);
    assert.equal(command.stderr, "");
    assert.deepEqual(command.loaded, ["better-sqlite3", "ws"], "a command that opens the library");
});
