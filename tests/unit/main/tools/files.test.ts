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

test("a write whose path is the workspace itself or a folder is refused before anything is written", async () => {
    const data = tempDir();
    const root = path.join(data, "workspace");
    fs.mkdirSync(path.join(root, "sub"), {recursive: true});
    fs.writeFileSync(path.join(root, "link-target.txt"), "t");
    fs.symlinkSync(path.join(root, "link-target.txt"), path.join(root, "link-file"));
    const before = fs.readdirSync(data).sort();
    for (const bad of [".", "sub/..", "link-file/..", "sub", "sub/", "./sub/."]) {
        await assert.rejects(
            writeFile.run({path: bad, content: "caller's content"}, ctx(data)),
            /is the workspace folder|is a folder/,
            bad,
        );
    }
    // Nothing beside the workspace, nothing new inside it.
    assert.deepEqual(fs.readdirSync(data).sort(), before);
    assert.deepEqual(fs.readdirSync(root).sort(), ["link-file", "link-target.txt", "sub"]);
    assert.deepEqual(fs.readdirSync(path.join(root, "sub")), []);
});

test("the temporary file of a write lives in the target's own folder and is gone afterwards", async () => {
    const data = tempDir();
    const root = path.join(data, "workspace");
    const seen: string[] = [];
    fs.mkdirSync(path.join(root, "deep"), {recursive: true});
    const watcher = fs.watch(path.join(root, "deep"), (_event, name) => name && seen.push(name));
    await writeFile.run({path: "deep/a.txt", content: "x".repeat(100_000)}, ctx(data));
    watcher.close();
    assert.ok(
        seen.some((name) => name.endsWith(".tmp")),
        `a temporary file was seen in deep/: ${seen}`,
    );
    assert.deepEqual(fs.readdirSync(path.join(root, "deep")), ["a.txt"]);
    assert.deepEqual(fs.readdirSync(data).sort(), ["workspace"]);
});

test("reads refuse a file with more than one hard link (it may be a file from outside)", async () => {
    const data = tempDir();
    const root = path.join(data, "workspace");
    fs.mkdirSync(root, {recursive: true});
    const outside = path.join(tempDir(), "secret.txt");
    fs.writeFileSync(outside, "secret");
    fs.linkSync(outside, path.join(root, "hard.txt"));
    const read = await readFile.run({path: "hard.txt"}, ctx(data));
    assert.equal(read.text, "");
    assert.match(read.error ?? "", /hard link/);
});
