import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {pathToFileURL} from "node:url";
import {ROOT, tempDir} from "../helpers/paths.js";

// node-llama-cpp tests a prebuilt binary in a child process before loading it (about 0.45 s at every start).
// Cairn's patch (patches/node-llama-cpp+3.21.1+001+cpu-binary-test-kept.patch) remembers a CPU binary that passed on this machine; a GPU
// binary is still tested every time (no GPU here to show it).

type TestBinding = (
    binding: string,
    extBackends: string | undefined,
    gpu: false | string,
) => Promise<boolean>;

const NODE_LLAMA_CPP = path.join(ROOT, "node_modules", "node-llama-cpp");
const CPU_BINARIES = path.join(ROOT, "node_modules", "@node-llama-cpp", "linux-x64", "bins", "linux-x64");

async function testBindingBinary(): Promise<TestBinding> {
    const file = path.join(NODE_LLAMA_CPP, "dist", "bindings", "utils", "testBindingBinary.js");
    const module = (await import(pathToFileURL(file).href)) as {testBindingBinary: TestBinding};
    return module.testBindingBinary;
}

/** A copy of the CPU binaries' folder (the addon and the libraries it loads from beside it). */
function copyOfBinaries(): string {
    const copy = path.join(tempDir(), "bins");
    fs.cpSync(CPU_BINARIES, copy, {recursive: true});
    return path.join(copy, "llama-addon.node");
}

const MARKERS = "node-llama-cpp-tested-binaries-";

/** The passes remembered under `tmp`. */
const markersIn = (tmp: string) =>
    fs
        .readdirSync(tmp)
        .filter((name) => name.startsWith(MARKERS))
        .flatMap((dir) => fs.readdirSync(path.join(tmp, dir)));

test(
    "a CPU binary that passed its load test is not tested again until it changes",
    {
        skip:
            process.platform !== "linux" || process.arch !== "x64"
                ? "the CPU binaries tested are linux-x64's"
                : false,
    },
    async () => {
        const run = await testBindingBinary();
        const addon = copyOfBinaries();
        // Where the passes are remembered (os.tmpdir() reads TMPDIR at each call).
        const tmp = tempDir();
        const before = process.env.TMPDIR;
        process.env.TMPDIR = tmp;
        try {
            assert.equal(await run(addon, undefined, false), true);
            assert.equal(markersIn(tmp).length, 1, "the pass is remembered");

            // Broken beside the addon (its llama.cpp library gone): remembered, so not tested, so still "passed".
            fs.rmSync(path.join(path.dirname(addon), "libllama.v0.4.0.so"));
            assert.equal(await run(addon, undefined, false), true);

            // Remembered in a folder other users can write to: not trusted, so tested again.
            const folder = path.join(
                tmp,
                fs.readdirSync(tmp).find((n) => n.startsWith(MARKERS))!,
            );
            fs.chmodSync(folder, 0o777);
            assert.equal(await run(addon, undefined, false), false);
            fs.chmodSync(folder, 0o700);

            // The addon itself changed: tested again, and the broken folder fails.
            const later = new Date(Date.now() + 5_000);
            fs.utimesSync(addon, later, later);
            assert.equal(await run(addon, undefined, false), false);
            assert.equal(markersIn(tmp).length, 1, "a failure is not remembered");
        } finally {
            if (before === undefined) delete process.env.TMPDIR;
            else process.env.TMPDIR = before;
        }
    },
);
