import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {createFile, listDirectory, readFile, replaceInFile} from "../../../../main/tools/builtin/files.js";
import {FileVersions, insideWorkspace} from "../../../../main/tools/workspace.js";
import {openDatabase} from "../../../../main/store/db.js";
import {tempDir} from "../../../helpers/paths.js";

const ctx = (dataDir: string) => ({
    signal: new AbortController().signal,
    conversationId: "c",
    dataDir,
    options: {},
});

test("create_file then read_file round-trip inside <data>/workspace", async () => {
    const data = tempDir();
    const wrote = await createFile.run({path: "notes/today.md", content: "# Today\n"}, ctx(data));
    assert.equal(wrote.text, "created notes/today.md (8 bytes)");
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
        createFile.run({path: "escape/new.txt", content: "x"}, ctx(data)),
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
            createFile.run({path: bad, content: "caller's content"}, ctx(data)),
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
    await createFile.run({path: "deep/a.txt", content: "x".repeat(100_000)}, ctx(data));
    watcher.close();
    assert.ok(
        seen.some((name) => name.endsWith(".tmp")),
        `a temporary file was seen in deep/: ${seen.join(", ")}`,
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

test("list_directory lists folders first with sizes, to a depth, never following links", async () => {
    const data = tempDir();
    const root = path.join(data, "workspace");
    fs.mkdirSync(path.join(root, "src", "deep", "deeper"), {recursive: true});
    fs.writeFileSync(path.join(root, "README.md"), "x".repeat(2048));
    fs.writeFileSync(path.join(root, "src", "a.ts"), "a");
    fs.writeFileSync(path.join(root, "src", "deep", "deeper", "hidden.ts"), "h");
    fs.symlinkSync(tempDir(), path.join(root, "outside"));
    const listed = await listDirectory.run({path: ".", depth: 2}, ctx(data));
    assert.equal(
        listed.text,
        ["src/", "src/deep/", "src/a.ts (1 B)", "outside (link, not followed)", "README.md (2.0 KB)"].join(
            "\n",
        ),
    );
    const sub = await listDirectory.run({path: "src", depth: 5}, ctx(data));
    assert.match(sub.text, /^deep\/deeper\/hidden\.ts \(1 B\)$/m);
    assert.match(
        (await listDirectory.run({path: "README.md", depth: 1}, ctx(data))).error ?? "",
        /not a folder/,
    );
    await assert.rejects(listDirectory.run({path: "..", depth: 1}, ctx(data)), /leaves the workspace/);
});

test("read_file reads a range of lines, and refuses binary files and ranges past the end", async () => {
    const data = tempDir();
    const root = path.join(data, "workspace");
    fs.mkdirSync(root, {recursive: true});
    fs.writeFileSync(path.join(root, "lines.txt"), "one\ntwo\nthree\nfour\n");
    fs.writeFileSync(path.join(root, "image.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
    const range = await readFile.run({path: "lines.txt", start_line: 2, end_line: 3}, ctx(data));
    assert.equal(range.text, "two\nthree");
    assert.deepEqual((range.data as {lines: unknown}).lines, {from: 2, to: 3, of: 5});
    assert.equal((await readFile.run({path: "lines.txt", start_line: 4}, ctx(data))).text, "four\n");
    assert.match(
        (await readFile.run({path: "lines.txt", start_line: 9}, ctx(data))).error ?? "",
        /has 5 lines/,
    );
    assert.match((await readFile.run({path: "image.png"}, ctx(data))).error ?? "", /binary file/);
});

test("create_file refuses to replace a file unless overwrite is true", async () => {
    const data = tempDir();
    await createFile.run({path: "a.txt", content: "first"}, ctx(data));
    const again = await createFile.run({path: "a.txt", content: "second"}, ctx(data));
    assert.match(again.error ?? "", /already exists; pass overwrite: true/);
    assert.equal(fs.readFileSync(path.join(data, "workspace", "a.txt"), "utf8"), "first");
    const replaced = await createFile.run({path: "a.txt", content: "second", overwrite: true}, ctx(data));
    assert.equal(replaced.text, "changed a.txt (6 bytes)");
    assert.match(
        (replaced.data as {diff: string}).diff,
        /^--- a\/a\.txt\n\+\+\+ b\/a\.txt\n@@ .*\n-first\n\\ No newline at end of file\n\+second/,
    );
});

test("replace_in_file: exact text once, or a unified diff; not found, ambiguous and stale diffs fail clearly", async () => {
    const data = tempDir();
    const file = path.join(data, "workspace", "todo.md");
    await createFile.run({path: "todo.md", content: "- milk\n- eggs\n- milk\n- bread\n"}, ctx(data));
    const ambiguous = await replaceInFile.run(
        {path: "todo.md", old_text: "- milk", new_text: "- oat milk"},
        ctx(data),
    );
    assert.match(ambiguous.error ?? "", /occurs 2 times in todo\.md; include more of the surrounding text/);
    const missing = await replaceInFile.run(
        {path: "todo.md", old_text: "- tea", new_text: "- coffee"},
        ctx(data),
    );
    assert.match(missing.error ?? "", /was not found in todo\.md/);
    const once = await replaceInFile.run(
        {path: "todo.md", old_text: "- eggs\n- milk", new_text: "- eggs\n- oat milk"},
        ctx(data),
    );
    assert.equal(once.error, undefined);
    assert.equal(fs.readFileSync(file, "utf8"), "- milk\n- eggs\n- oat milk\n- bread\n");

    const diff = "--- a/todo.md\n+++ b/todo.md\n@@ -3,2 +3,2 @@\n - oat milk\n-- bread\n+- rye bread\n";
    const malformed = await replaceInFile.run(
        {path: "todo.md", diff: "@@ -1 +1 @@\nnot a hunk line\n"},
        ctx(data),
    );
    assert.match(malformed.error ?? "", /diff is not a unified diff/);
    const patched = await replaceInFile.run({path: "todo.md", diff}, ctx(data));
    assert.equal(patched.error, undefined);
    assert.equal(fs.readFileSync(file, "utf8"), "- milk\n- eggs\n- oat milk\n- rye bread\n");
    const stale = await replaceInFile.run({path: "todo.md", diff}, ctx(data));
    assert.match(stale.error ?? "", /the diff does not apply to todo\.md/);
    const preview = await replaceInFile.preview!(
        {path: "todo.md", old_text: "- milk\n- eggs", new_text: "- eggs"},
        ctx(data),
    );
    assert.match(preview!.diff, /^-- milk$/m);
    assert.equal(
        fs.readFileSync(file, "utf8"),
        "- milk\n- eggs\n- oat milk\n- rye bread\n",
        "a preview writes nothing",
    );
});

test("a write keeps what the file held, and undo puts it back unless the file changed since", async () => {
    const data = tempDir();
    const db = openDatabase(path.join(data, "cairn.sqlite"));
    const versions = new FileVersions(db);
    db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c', 't', 0, 0)").run();
    db.prepare(
        "INSERT INTO messages (id, conversation_id, role, content, status, created_at, updated_at) VALUES ('m', 'c', 'assistant', '', 'complete', 0, 0)",
    ).run();
    const call = (id: string) =>
        db
            .prepare(
                "INSERT INTO tool_calls (id, message_id, conversation_id, step, tool, raw_args, status, origin, started_at) VALUES (?, 'm', 'c', 1, 'x', '{}', 'ok', 'model', 0)",
            )
            .run(id);
    const keeping = (id: string) => ({
        ...ctx(data),
        keepPrevious: (f: string, b: Buffer | null, a: string) => versions.keep(id, f, b, a),
    });
    const file = path.join(data, "workspace", "plan.md");
    call("w1");
    await createFile.run({path: "plan.md", content: "v1"}, keeping("w1"));
    call("w2");
    await replaceInFile.run({path: "plan.md", old_text: "v1", new_text: "v2"}, keeping("w2"));
    assert.equal(fs.readFileSync(file, "utf8"), "v2");
    // The first write cannot be undone while the second stands on it.
    assert.match(
        ((await versions.undo("w1")) as {message: string}).message,
        /changed after this call wrote it/,
    );
    assert.deepEqual(await versions.undo("w2"), {ok: true, path: file});
    assert.equal(fs.readFileSync(file, "utf8"), "v1");
    assert.match(((await versions.undo("w2")) as {message: string}).message, /already undone/);
    assert.deepEqual(await versions.undo("w1"), {ok: true, path: file});
    assert.equal(fs.existsSync(file), false, "undoing a creation removes the file");
    db.close();
});
