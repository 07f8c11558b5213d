import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {runCli} from "../helpers/cli.js";
import {ROOT, TEST_FLASH_ATTENTION, TEST_MODEL, tempDir} from "../helpers/paths.js";

// The built app has node-llama-cpp inlined (scripts/build.mjs: 0.52 s of CPU to import it as a package against
// 0.17 s), while its files still find theirs where the package is: its binaries, and its own file, which its
// binary test forks.

/** The built files of one output folder, with their text. */
function builtFiles(folder: string): Array<{file: string; text: string}> {
    const dir = path.join(ROOT, "out", folder);
    return fs
        .readdirSync(dir)
        .filter((name) => name.endsWith(".js"))
        .map((name) => ({file: name, text: fs.readFileSync(path.join(dir, name), "utf8")}));
}

test("the built CLI and app carry node-llama-cpp inside, pointing at the package's own files", () => {
    for (const folder of ["main", "electron"]) {
        const files = builtFiles(folder);
        const importers = files.filter(({text}) =>
            /from\s*"node-llama-cpp"|import\("node-llama-cpp"\)/.test(text),
        );
        assert.deepEqual(
            importers.map((f) => f.file),
            [],
            `out/${folder} imports the package`,
        );
        // The inlined binary test finds its own file in node_modules, relative to the built one.
        const inlined = files.find(({text}) => text.includes("testBindingBinary"));
        assert.ok(inlined, `out/${folder} carries node-llama-cpp`);
        const own = /new URL\("([^"]*testBindingBinary\.js)", import\.meta\.url\)/.exec(inlined.text);
        assert.ok(own, "its file's URL is the package's");
        assert.ok(fs.existsSync(path.resolve(ROOT, "out", folder, own[1]!)), own[1]);
    }
});

test("the built CLI loads a model on a machine that has not tested its binary yet: the test forks the package's file, and the model answers", async () => {
    // A temp folder of its own: no binary remembered as tested (patch 001), so node-llama-cpp tests it first.
    const tmp = tempDir();
    const run = await runCli(
        [
            "chat",
            "Once upon a time",
            "--model",
            TEST_MODEL,
            "--data",
            tempDir(),
            "--threads",
            "1",
            "--max-tokens",
            "8",
        ],
        {TMPDIR: tmp, CAIRN_FLASH_ATTENTION: TEST_FLASH_ATTENTION},
    );
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.trim().length > 0, "an answer");
    const tested = fs.readdirSync(tmp).filter((name) => name.startsWith("node-llama-cpp-tested-binaries-"));
    assert.equal(tested.length, 1, "the binary was tested and remembered");
    assert.ok(fs.readdirSync(path.join(tmp, tested[0]!)).length >= 1);
});
