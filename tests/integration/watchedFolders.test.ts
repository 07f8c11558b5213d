import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

// A real folder on disk, a real watcher (chokidar) and the real ingest queue and index.

async function open(dataDir: string): Promise<TestCore> {
    const t = await openTestCore({modelPath: null, dataDir});
    unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
    return t;
}

/** The documents of the collection, by path relative to the folder. */
async function indexed(t: TestCore, folder: string): Promise<string[]> {
    const docs = unwrap(await t.api.invoke("docs.list", {}));
    return docs
        .filter((d) => d.status === "indexed")
        .map((d) => path.relative(folder, d.path))
        .sort();
}

/** Waits until `check` holds (the watcher and ingest run on their own time), or fails with what was seen. */
async function until<T>(what: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    let seen = await what();
    while (!check(seen)) {
        if (Date.now() > deadline) assert.fail(`still ${JSON.stringify(seen)} after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 50));
        seen = await what();
    }
    return seen;
}

/** The file the best passage for `query` is in (hybrid search ranks an exact code first). */
const best = async (t: TestCore, query: string) =>
    path.basename(
        unwrap(await t.api.invoke("docs.search", {query, limit: 1, collection: "Notes"}))[0]?.path ?? "",
    );
/** Whether any passage of the collection still holds `text`. */
const holds = async (t: TestCore, text: string) =>
    unwrap(await t.api.invoke("docs.search", {query: text, limit: 20, collection: "Notes"})).some((h) =>
        h.snippet.includes(text),
    );

test("a watched folder: new, changed, renamed and deleted files are indexed as they change", async () => {
    const folder = tempDir();
    fs.writeFileSync(path.join(folder, "a.md"), "# Alpha\n\nThe alpha note mentions QUASAR-17.\n");
    fs.mkdirSync(path.join(folder, "sub"));
    fs.writeFileSync(path.join(folder, "sub", "b.txt"), "Beta text about turbines.\n");
    const t = await open(tempDir());
    try {
        const {jobId} = unwrap(await t.api.invoke("docs.watch", {collection: "Notes", path: folder}));
        assert.ok(jobId, "the first scan indexes what is there");
        await t.core.docs.ingest.settled(jobId);
        assert.deepEqual(await indexed(t, folder), ["a.md", path.join("sub", "b.txt")]);
        assert.deepEqual(
            unwrap(await t.api.invoke("docs.folders", {})).map((f) => [f.collection, f.path, f.watching]),
            [["Notes", folder, true]],
        );

        fs.writeFileSync(path.join(folder, "c.md"), "A new note about NEBULA-9.\n");
        await until(
            () => best(t, "NEBULA-9"),
            (file) => file === "c.md",
        );

        fs.writeFileSync(path.join(folder, "a.md"), "# Alpha\n\nThe alpha note now mentions PULSAR-3.\n");
        await until(() => holds(t, "PULSAR-3"), Boolean);
        assert.equal(await holds(t, "QUASAR-17"), false, "the old text left the index");

        fs.renameSync(path.join(folder, "sub", "b.txt"), path.join(folder, "sub", "renamed.txt"));
        await until(
            () => indexed(t, folder),
            (d) => d.join() === ["a.md", "c.md", path.join("sub", "renamed.txt")].join(),
        );

        fs.rmSync(path.join(folder, "c.md"));
        await until(
            () => indexed(t, folder),
            (d) => !d.includes("c.md"),
        );
        assert.equal(await holds(t, "NEBULA-9"), false);
    } finally {
        await t.core.dispose();
    }
});

test("changes made while Cairn was closed are found at the next start; unchanged files are not read again", async () => {
    const folder = tempDir();
    const dataDir = tempDir();
    for (const n of ["keep", "edit", "drop"]) fs.writeFileSync(path.join(folder, `${n}.md`), `Note ${n}.\n`);
    let t = await open(dataDir);
    const {jobId} = unwrap(await t.api.invoke("docs.watch", {collection: "Notes", path: folder}));
    await t.core.docs.ingest.settled(jobId!);
    await t.core.dispose();

    fs.writeFileSync(path.join(folder, "edit.md"), "Note edit, edited with ORBIT-44.\n");
    fs.rmSync(path.join(folder, "drop.md"));
    fs.writeFileSync(path.join(folder, "new.md"), "Note new.\n");

    t = await open(dataDir);
    try {
        await t.core.docs.folders.ready;
        // (A job of no files may run too: the embedding model set again at start.)
        const jobs = unwrap(await t.api.invoke("docs.listJobs", {})).filter((j) => j.filesTotal > 0);
        assert.deepEqual(
            jobs.map((j) => j.filesTotal),
            [2],
            "edit.md and new.md only: keep.md is unchanged by size and time",
        );
        await t.core.docs.ingest.settled(jobs[0]!.jobId);
        assert.deepEqual(await indexed(t, folder), ["edit.md", "keep.md", "new.md"]);
        assert.equal(await best(t, "ORBIT-44"), "edit.md");
    } finally {
        await t.core.dispose();
    }
});

test("a collection's rules leave out ignored patterns, hidden files and files over its size limit", async () => {
    const folder = tempDir();
    fs.writeFileSync(path.join(folder, "keep.md"), "Kept.\n");
    fs.writeFileSync(path.join(folder, "debug.log"), "A log line.\n");
    fs.mkdirSync(path.join(folder, "build"));
    fs.writeFileSync(path.join(folder, "build", "out.txt"), "Built.\n");
    fs.writeFileSync(path.join(folder, ".secret.md"), "Hidden.\n");
    fs.writeFileSync(path.join(folder, "big.txt"), "word ".repeat(300_000));
    const t = await open(tempDir());
    try {
        const rules = {ignore: "*.log\nbuild/\n", includeHidden: false, maxFileMb: 1};
        assert.deepEqual(unwrap(await t.api.invoke("docs.setRules", {collection: "Notes", rules})), rules);
        const {jobId} = unwrap(await t.api.invoke("docs.watch", {collection: "Notes", path: folder}));
        await t.core.docs.ingest.settled(jobId!);
        assert.deepEqual(await indexed(t, folder), ["keep.md"]);

        fs.writeFileSync(path.join(folder, "later.log"), "Ignored as it comes.\n");
        fs.writeFileSync(path.join(folder, "later.md"), "Taken as it comes.\n");
        await until(
            () => indexed(t, folder),
            (d) => d.includes("later.md"),
        );
        assert.deepEqual(await indexed(t, folder), ["keep.md", "later.md"]);

        // Hidden files let in: the rescan under the new rules takes .secret.md.
        await t.api.invoke("docs.setRules", {collection: "Notes", rules: {...rules, includeHidden: true}});
        await until(
            () => indexed(t, folder),
            (d) => d.includes(".secret.md"),
        );
        assert.deepEqual(unwrap(await t.api.invoke("docs.getRules", {collection: "Notes"})), {
            ...rules,
            includeHidden: true,
        });

        assert.deepEqual(unwrap(await t.api.invoke("docs.unwatch", {collection: "Notes", path: folder})), {
            removed: true,
        });
        assert.deepEqual(unwrap(await t.api.invoke("docs.folders", {})), []);
    } finally {
        await t.core.dispose();
    }
});

test("cairn ingest --watch indexes the folder, then each change, until Ctrl+C", async () => {
    const folder = tempDir();
    const dataDir = tempDir();
    fs.writeFileSync(path.join(folder, "first.md"), "The first note.\n");
    const child = spawn(
        process.execPath,
        [
            CLI,
            "ingest",
            "--data",
            dataDir,
            "--embedding-model",
            TEST_MODEL,
            "--collection",
            "Notes",
            "--watch",
            folder,
        ],
        {env: {...process.env, CAIRN_MODEL: ""}},
    );
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const printed = (re: RegExp) =>
        until(
            async () => stdout,
            (s) => re.test(s),
            30_000,
        );
    try {
        await printed(
            /^watching .* for "Notes" \(Ctrl\+C to stop\)\ndone: 1 of 1 files indexed, 1 passages\n/,
        );
        fs.writeFileSync(path.join(folder, "second.md"), "The second note.\n");
        await printed(/done: 1 of 1 files indexed, 1 passages\ndone: 1 of 1 files indexed, 1 passages\n$/);
        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        assert.equal(await exited, 0);
    } finally {
        child.kill("SIGKILL");
    }
    // The folder stays watched: the next run of the app (here, a core on the same data) follows it.
    const t = await open(dataDir);
    try {
        assert.deepEqual(
            unwrap(await t.api.invoke("docs.folders", {})).map((f) => f.path),
            [folder],
        );
    } finally {
        await t.core.dispose();
    }
});
