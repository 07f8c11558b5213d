import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {insideWorkspace, readFile, writeFile} from "../../../../main/tools/builtin/files.js";
import {tempDir} from "../../../helpers/paths.js";

const ctx = (dataDir: string) => ({
    signal: new AbortController().signal,
    conversationId: "c",
    dataDir,
    options: {},
});

test("write_file then read_file round-trip inside <data>/workspace", async () => {
    const data = tempDir();
    const wrote = await writeFile.run({path: "notes/today.md", content: "# Today\n"}, ctx(data));
    assert.equal(wrote.text, "wrote 8 bytes to notes/today.md");
    assert.equal(fs.readFileSync(path.join(data, "workspace", "notes", "today.md"), "utf8"), "# Today\n");
    const read = await readFile.run({path: "notes/today.md"}, ctx(data));
    assert.equal(read.text, "# Today\n");
    assert.equal((await readFile.run({path: "missing.txt"}, ctx(data))).error, "file not found: missing.txt");
});

test("paths cannot leave the workspace: .., absolute paths, symlinks", async () => {
    const data = tempDir();
    const root = path.join(data, "workspace");
    fs.mkdirSync(root, {recursive: true});
    const outside = tempDir();
    fs.writeFileSync(path.join(outside, "secret.txt"), "secret");
    fs.symlinkSync(outside, path.join(root, "escape"));
    for (const bad of ["../x.txt", "a/../../x.txt", "/etc/passwd", "escape/secret.txt", "escape/new.txt"]) {
        await assert.rejects(insideWorkspace(root, bad), /leaves the workspace|must be relative/, bad);
    }
    await assert.rejects(
        writeFile.run({path: "escape/new.txt", content: "x"}, ctx(data)),
        /leaves the workspace/,
    );
    assert.equal(fs.existsSync(path.join(outside, "new.txt")), false);
});
