import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import {pathToFileURL} from "node:url";
import {ROOT, tempDir} from "../helpers/paths.js";

type BuildInputs = {
    STAMP: string;
    buildInputsHash(root?: string): string;
    writeBuildStamp(hash: string, root?: string): void;
    builtFromCurrentInputs(root?: string): boolean;
};
const inputs = (await import(
    pathToFileURL(path.join(ROOT, "scripts", "buildInputs.mjs")).href
)) as BuildInputs;

/** A checkout with a few of the build's inputs and a file that is not one. */
function checkout(): string {
    const root = tempDir();
    const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
        fs.writeFileSync(path.join(root, file), text);
    };
    write("main/cli/index.ts", "export const a = 1;\n");
    write("renderer/src/App.tsx", "export const App = () => null;\n");
    write("package-lock.json", "{}\n");
    write("docs/testing.md", "# Testing\n");
    fs.mkdirSync(path.join(root, "out"));
    return root;
}

test("npm test builds again only where the build's inputs changed since the build that stamped out/", () => {
    const root = checkout();
    assert.equal(inputs.builtFromCurrentInputs(root), false, "never built");
    inputs.writeBuildStamp(inputs.buildInputsHash(root), root);
    assert.equal(inputs.builtFromCurrentInputs(root), true);

    // A file that is not an input changes nothing.
    fs.writeFileSync(path.join(root, "docs/testing.md"), "# Testing, changed\n");
    assert.equal(inputs.builtFromCurrentInputs(root), true);

    // A source edited, a source added, the lockfile changed: each needs a build.
    const edited = (file: string, text: string) => {
        fs.writeFileSync(path.join(root, file), text);
        const stale = inputs.builtFromCurrentInputs(root);
        inputs.writeBuildStamp(inputs.buildInputsHash(root), root);
        return stale;
    };
    assert.equal(edited("main/cli/index.ts", "export const a = 2;\n"), false, "a source edited");
    assert.equal(edited("main/cli/added.ts", "export {};\n"), false, "a source added");
    assert.equal(edited("package-lock.json", '{"lockfileVersion": 3}\n'), false, "the packages changed");
    assert.equal(inputs.builtFromCurrentInputs(root), true);

    // A file moved keeps its content but not its place.
    fs.renameSync(path.join(root, "main/cli/added.ts"), path.join(root, "main/added.ts"));
    assert.equal(inputs.builtFromCurrentInputs(root), false, "a source moved");
});

test("the build stamps out/ with the inputs it was built from", () => {
    // The build this test run follows: `npm test` builds (or finds out/ built) before any test file runs.
    const stamp = fs.readFileSync(path.join(ROOT, inputs.STAMP), "utf8").trim();
    assert.match(stamp, /^[0-9a-f]{64}$/);
});
