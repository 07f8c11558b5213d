import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {runCli} from "../helpers/cli.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {writePdf} from "../helpers/pdf.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

/** A small corpus where each exact term lives in one passage only. */
function corpus(): string {
    const dir = tempDir();
    const filler = (topic: string) => `Some general words about ${topic} that many notes share. `.repeat(12);
    fs.writeFileSync(
        path.join(dir, "falcon.md"),
        `# Project Falcon\n\n${filler("projects")}\n\n## Launch\n\nThe launch code is ZX-4471 and only Ada Lovelace knows it.\n\n## Risks\n\n${filler("risks")}\n`,
    );
    fs.writeFileSync(
        path.join(dir, "pump.txt"),
        `${filler("pumps")}\n\nThe controller logs E_TIMEOUT_42 when the pump overheats.\n`,
    );
    fs.writeFileSync(
        path.join(dir, "page.html"),
        `<html><head><title>Island animals</title></head><body><article><h1>Island animals</h1><p>The quokka lives on Rottnest Island. ${filler("islands")}</p></article></body></html>`,
    );
    fs.writeFileSync(
        path.join(dir, "stock.json"),
        JSON.stringify({sku: "QX-900", name: "blue widget", stock: 12}),
    );
    fs.writeFileSync(path.join(dir, "prices.csv"), "item,price\nwidget,3.50\ngizmo,7.25\n");
    fs.mkdirSync(path.join(dir, "src"));
    fs.writeFileSync(
        path.join(dir, "src", "retry.ts"),
        "export function retryWithBackoff(n: number) {\n    return n * 2;\n}\n",
    );
    writePdf(path.join(dir, "report.pdf"), [
        "First page about budgets.",
        "Second page: the Zephyr protocol handshake.",
    ]);
    return dir;
}

async function open(contextSize?: number): Promise<TestCore> {
    const t = await openTestCore({modelPath: null, contextSize});
    unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
    return t;
}

async function ingest(
    t: TestCore,
    paths: string[],
    scope: {collection?: string; conversationId?: string} = {},
) {
    const {jobId} = unwrap(await t.api.invoke("docs.ingest", {paths, ...scope}));
    const final = await t.core.docs.ingest.settled(jobId);
    assert.ok(final);
    return final;
}

test("every file type is ingested with progress; exact terms rank their passage first", async () => {
    const t = await open();
    try {
        const dir = corpus();
        const final = await ingest(t, [dir], {collection: "Notes"});
        assert.equal(final.state, "done");
        assert.deepEqual(final.errors, []);
        assert.equal(final.filesTotal, 7);
        const progress = t.events.flatMap((e) => (e.type === "docs.progress" ? [e.progress] : []));
        assert.ok(
            progress.some((p) => p.currentFile?.endsWith("report.pdf")),
            "current file reported",
        );
        assert.ok(
            progress.some((p) => p.filesDone > 0 && p.filesDone < 7),
            "files done grows",
        );
        const docs = unwrap(await t.api.invoke("docs.list", {}));
        assert.deepEqual(docs.map((d) => d.kind).sort(), [
            "code",
            "csv",
            "html",
            "json",
            "markdown",
            "pdf",
            "text",
        ]);
        assert.ok(docs.every((d) => d.status === "indexed" && d.chunkCount > 0));
        assert.equal(
            docs.find((d) => d.kind === "html")!.title,
            "Island animals",
            "HTML through Readability",
        );
        const counts = t.core.docs.store.counts();
        assert.equal(counts.fts, counts.chunks);
        assert.equal(counts.vectors, counts.chunks);

        for (const [query, file, extra] of [
            [
                "ZX-4471",
                "falcon.md",
                (h: {location: {heading: string[]; lineStart: number; lineEnd: number}}) => {
                    assert.equal(h.location.heading[0], "Project Falcon");
                    assert.ok(
                        h.location.lineStart <= 7 && h.location.lineEnd >= 7,
                        "the lines include line 7",
                    );
                },
            ],
            ["E_TIMEOUT_42", "pump.txt", null],
            ["quokka Rottnest", "page.html", null],
            ["QX-900", "stock.json", null],
            ["retryWithBackoff", "retry.ts", null],
            [
                "Zephyr handshake",
                "report.pdf",
                (h: {location: {page: number | null}}) => assert.equal(h.location.page, 2),
            ],
        ] as const) {
            const hits = unwrap(await t.api.invoke("docs.search", {query, limit: 3}));
            assert.equal(
                path.basename(hits[0]!.path),
                file,
                `${query} -> ${hits.map((h) => h.path).join(", ")}`,
            );
            assert.match(hits[0]!.snippet, new RegExp(query.split(" ")[0]!));
            (extra as ((h: unknown) => void) | null)?.(hits[0]);
        }
        const passage = unwrap(
            await t.api.invoke("docs.getPassage", {
                chunkId: unwrap(await t.api.invoke("docs.search", {query: "ZX-4471"}))[0]!.chunkId,
            }),
        );
        const {start, end} = passage.chunk.location;
        assert.ok(
            passage.document.text.slice(start, end).includes("ZX-4471"),
            "the location points into the document text",
        );
    } finally {
        await t.core.dispose();
    }
});

test("a chunk with a rare code in the query comes first, even when another chunk is nearest and matches the other words", async () => {
    const t = await open();
    try {
        const dir = tempDir();
        fs.writeFileSync(path.join(dir, "pump.txt"), "The pump controller restarts the pump controller.\n");
        fs.writeFileSync(
            path.join(dir, "log.txt"),
            `${"A long maintenance log of the plant with many other entries. ".repeat(6)}Fault VX-31 was logged.\n`,
        );
        fs.writeFileSync(path.join(dir, "misc.txt"), "Notes about the garden and the river.\n");
        await ingest(t, [dir]);
        const query = "pump controller VX-31";
        // The pump chunk is made the nearest to the query's own embedding: first on the vector side, and
        // first on BM25 too (two query words, twice each), so plain RRF would rank it above the VX-31 chunk.
        const [vector] = unwrap(await t.core.embedder.embed([query]));
        const store = t.core.docs.store;
        const pump = unwrap(await t.api.invoke("docs.list", {})).find((d) => d.path.endsWith("pump.txt"))!;
        const [chunk] = store.chunkTexts(pump.id);
        store.replaceVectors(pump.id, [{id: chunk!.id, vector: vector!}], store.vectors.meta()!);
        assert.equal(store.vectors.nearest(vector!, 1, null)[0]?.chunkId, chunk!.id);
        assert.equal(store.fullText(query, 5, null)[0]?.chunkId, chunk!.id, "first on BM25 too");

        const hits = unwrap(await t.api.invoke("docs.search", {query, limit: 3}));
        assert.deepEqual(
            hits.slice(0, 2).map((h) => path.basename(h.path)),
            ["log.txt", "pump.txt"],
        );
    } finally {
        await t.core.dispose();
    }
});

test("the same file twice does nothing; a changed file is re-indexed; removing leaves no orphans in any index", async () => {
    const t = await open();
    try {
        const dir = tempDir();
        const file = path.join(dir, "note.md");
        fs.writeFileSync(file, "# Note\n\nThe old code is ALPHA-1.\n");
        const first = await ingest(t, [file]);
        assert.equal(first.chunks, 1);
        const again = await ingest(t, [file]);
        assert.equal(again.chunks, 0, "unchanged content is not indexed again");
        assert.equal(unwrap(await t.api.invoke("docs.list", {})).length, 1);
        fs.writeFileSync(file, "# Note\n\nThe new code is BRAVO-2.\n");
        await ingest(t, [file]);
        // The old text is gone from the full-text index (the vector side still returns its nearest chunk).
        assert.deepEqual(t.core.docs.store.fullText("ALPHA-1", 5, null), []);
        const old = unwrap(await t.api.invoke("docs.search", {query: "ALPHA-1"}));
        assert.ok(old.every((h) => !h.snippet.includes("ALPHA")));
        assert.equal(
            path.basename(unwrap(await t.api.invoke("docs.search", {query: "BRAVO-2"}))[0]!.path),
            "note.md",
        );
        assert.deepEqual(t.core.docs.store.counts(), {chunks: 1, fts: 1, vectors: 1});

        await ingest(t, [corpus()], {collection: "Big"});
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        await ingest(t, [file], {conversationId: c.id});
        const [doc] = unwrap(await t.api.invoke("docs.list", {conversationId: c.id}));
        assert.ok(doc);
        unwrap(await t.api.invoke("docs.remove", {documentId: doc.id}));
        const big = unwrap(await t.api.invoke("docs.listCollections", {})).find((x) => x.name === "Big")!;
        unwrap(await t.api.invoke("docs.deleteCollection", {id: big.id}));
        await ingest(t, [file], {conversationId: c.id});
        unwrap(await t.api.invoke("conversations.delete", {id: c.id}));
        // Only the first note (collection "Documents") is left, in all three tables.
        assert.deepEqual(t.core.docs.store.counts(), {chunks: 1, fts: 1, vectors: 1});
        const orphans = t.core.db
            .prepare("SELECT count(*) AS n FROM chunks WHERE document_id NOT IN (SELECT id FROM documents)")
            .get() as {n: number};
        assert.equal(orphans.n, 0);
    } finally {
        await t.core.dispose();
    }
});

test("per-file failures are listed with reasons and the rest of the job goes on", async () => {
    const t = await open();
    try {
        const dir = tempDir();
        fs.writeFileSync(path.join(dir, "good.txt"), "A good file about turtles.\n");
        fs.writeFileSync(path.join(dir, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
        fs.writeFileSync(path.join(dir, "empty.md"), "");
        fs.writeFileSync(path.join(dir, "blob.json"), Buffer.from([0x7b, 0x00, 0x01, 0x02, 0x7d]));
        writePdf(path.join(dir, "secret.pdf"), ["hidden"], {encrypted: true});
        fs.writeFileSync(path.join(dir, "big.txt"), Buffer.alloc(51 * 1024 * 1024, 0x61));
        const unsupported = path.join(dir, "photo.png");
        fs.writeFileSync(unsupported, "png");
        const final = await ingest(t, [dir, unsupported]);
        const reasons = Object.fromEntries(final.errors.map((e) => [path.basename(e.path), e.error]));
        assert.deepEqual(reasons, {
            "photo.png": "unsupported file type .png",
            "big.txt": "over the size limit (51 MB > 50 MB)",
            "blob.json": "binary file (not text)",
            "empty.md": "empty file",
            "latin1.txt": "not UTF-8 text; save it as UTF-8 and add it again",
            "secret.pdf": "encrypted PDF (password protected)",
        });
        // The reasons carry their words (those found in the extraction worker too), for the window's language.
        const words = Object.fromEntries(final.errors.map((e) => [path.basename(e.path), e.words?.key]));
        assert.deepEqual(words, {
            "photo.png": "fileUnsupported",
            "big.txt": "fileTooLarge",
            "blob.json": "fileBinary",
            "empty.md": "fileEmpty",
            "latin1.txt": "fileNotUtf8",
            "secret.pdf": "pdfEncrypted",
        });
        assert.equal(final.state, "done");
        const docs = unwrap(await t.api.invoke("docs.list", {}));
        assert.equal(docs.find((d) => d.path.endsWith("good.txt"))!.status, "indexed");
        const empty = docs.find((d) => d.path.endsWith("empty.md"))!;
        assert.deepEqual([empty.error, empty.errorWords], ["empty file", {key: "fileEmpty", values: {}}]);
    } finally {
        await t.core.dispose();
    }
});

test("a cancelled job leaves nothing half-written; pending documents resume after a restart", async () => {
    const dataDir = tempDir();
    const dir = tempDir();
    for (let i = 0; i < 40; i++)
        fs.writeFileSync(path.join(dir, `n${i}.txt`), `Note ${i} about item CODE-${i}.\n`.repeat(30));
    let t = await openTestCore({modelPath: null, dataDir});
    unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
    const {jobId} = unwrap(await t.api.invoke("docs.ingest", {paths: [dir]}));
    await new Promise<void>((resolve) => {
        const off = t.api.onEvent((e) => {
            if (e.type === "docs.progress" && e.progress.filesDone >= 3) {
                off();
                resolve();
            }
        });
    });
    unwrap(await t.api.invoke("docs.cancel", {jobId}));
    const cancelled = await t.core.docs.ingest.settled(jobId);
    assert.equal(cancelled?.state, "cancelled");
    const kept = unwrap(await t.api.invoke("docs.list", {}));
    assert.ok(kept.length >= 3 && kept.length < 40, `${kept.length} documents kept`);
    assert.ok(
        kept.every((d) => d.status === "indexed"),
        "no pending or half-written documents",
    );
    const counts = t.core.docs.store.counts();
    assert.equal(
        counts.chunks,
        kept.reduce((n, d) => n + d.chunkCount, 0),
    );
    assert.deepEqual([counts.fts, counts.vectors], [counts.chunks, counts.chunks]);

    // Closing mid-job keeps the rest pending; the next start finishes it.
    const second = unwrap(await t.api.invoke("docs.ingest", {paths: [dir]}));
    await new Promise<void>((resolve) => {
        const off = t.api.onEvent((e) => {
            if (
                e.type === "docs.progress" &&
                e.progress.jobId === second.jobId &&
                e.progress.filesDone >= kept.length + 2
            ) {
                off();
                resolve();
            }
        });
    });
    await t.core.dispose();
    t = await openTestCore({modelPath: null, dataDir});
    try {
        const resumed = t.core.docs.ingest.list();
        assert.equal(resumed.length, 1, "a job resumed at start");
        const final = await t.core.docs.ingest.settled(resumed[0]!.jobId);
        assert.equal(final?.state, "done");
        const docs = unwrap(await t.api.invoke("docs.list", {}));
        assert.equal(docs.length, 40);
        assert.ok(docs.every((d) => d.status === "indexed"));
        assert.equal(
            path.basename(unwrap(await t.api.invoke("docs.search", {query: "CODE-37"}))[0]!.path),
            "n37.txt",
        );
    } finally {
        await t.core.dispose();
    }
});

test("a new embedding model re-embeds everything without mixing dimensions", async () => {
    const t = await open();
    try {
        await ingest(t, [corpus()]);
        const before = t.core.docs.store.vectors.meta();
        assert.equal(before?.dimension, 64);
        const copy = path.join(tempDir(), "other-embedder.gguf");
        fs.copyFileSync(TEST_MODEL, copy);
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: copy}));
        const [job] = t.core.docs.ingest.list().slice(-1);
        const final = await t.core.docs.ingest.settled(job!.jobId);
        assert.equal(final?.state, "done");
        assert.equal(t.core.docs.store.vectors.meta()?.model, copy);
        const counts = t.core.docs.store.counts();
        assert.equal(counts.vectors, counts.chunks);
    } finally {
        await t.core.dispose();
    }
});

test("rag_search through a forced call cites the document passage; conversation scope sees only its attachments", async () => {
    // Room in the context for Cairn's tools and the passages (the tiny model's 2,048 holds not both).
    const t = await open(8192);
    try {
        unwrap(await t.api.invoke("models.load", {path: TEST_MODEL}));
        await ingest(t, [corpus()], {collection: "Notes"});
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        const done = nextDone(t.api, c.id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: c.id,
                text: "What is the launch code?",
                preflight: [{name: "rag_search", args: {query: "ZX-4471 launch code", limit: 2}}],
            }),
        );
        const answer = await done;
        const call = answer.toolCalls.find((x) => x.tool === "rag_search")!;
        assert.equal(call.status, "ok");
        assert.match(call.resultText ?? "", /^\[1\] Project Falcon \(.*falcon\.md, Project Falcon/);
        assert.match(call.resultText ?? "", /ZX-4471/);
        const cite = answer.citations.find((x) => x.kind === "document")!;
        assert.equal(cite.title, "Project Falcon");
        assert.ok(typeof cite.location?.chunkId === "number");

        const attached = tempDir();
        fs.writeFileSync(path.join(attached, "mine.txt"), "Only this conversation knows GAMMA-77.\n");
        await ingest(t, [attached], {conversationId: c.id});
        const scoped = await t.core.docs.search("GAMMA-77 ZX-4471", 5, {
            kind: "conversation",
            conversationId: c.id,
        });
        assert.deepEqual(
            unwrap(scoped).map((h) => path.basename(h.path)),
            ["mine.txt"],
        );
        const listed = await t.core.tools.resolve("list_collections")!.run(
            {},
            {
                signal: new AbortController().signal,
                conversationId: c.id,
                dataDir: t.dataDir,
                options: {},
                workspace: t.dataDir,
            },
        );
        assert.match(listed.text, /^Notes: 7 documents, \d+ passages$/);
    } finally {
        await t.core.dispose();
    }
});

test("a job that throws (the database locked by another process) fails with the reason; later jobs run", async () => {
    const t = await open();
    // Another process holding the write lock longer than Cairn waits for it (shortened here from 5 s).
    t.core.db.pragma("busy_timeout = 50");
    const other = new Database(path.join(t.dataDir, "cairn.sqlite"));
    try {
        const locked = new Promise<void>((resolve) => {
            const off = t.api.onEvent((e) => {
                if (e.type === "docs.progress") {
                    off();
                    other.exec("BEGIN EXCLUSIVE");
                    resolve();
                }
            });
        });
        const first = unwrap(await t.api.invoke("docs.ingest", {paths: [corpus()]}));
        await locked;
        const failed = await t.core.docs.ingest.settled(first.jobId);
        assert.equal(failed?.state, "failed");
        assert.match(failed?.message ?? "", /database is locked/);
        other.exec("COMMIT");
        const final = await ingest(t, [corpus()], {collection: "After"});
        assert.equal(final.state, "done", final.message ?? "");
        assert.ok(final.chunks > 0);
    } finally {
        other.close();
        await t.core.dispose();
    }
});

test("without an embedding model an ingest says what to do, keeps the files waiting, and indexes them once one is chosen", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        const final = await ingest(t, [corpus()], {collection: "Notes"});
        assert.equal(final.state, "failed");
        assert.match(final.message ?? "", /no embedding model is chosen; pick one on the Models screen/);
        assert.deepEqual(final.messageWords, {key: "noEmbeddingModel", values: {}});
        // Nothing is wrong with the files: they wait, none is marked unreadable.
        const waiting = unwrap(await t.api.invoke("docs.list", {}));
        assert.equal(waiting.length, 7);
        assert.deepEqual([...new Set(waiting.map((d) => d.status))], ["pending"]);
        // Retry without a model fails the same way and loses nothing.
        const retried = unwrap(await t.api.invoke("docs.resume", {}));
        assert.equal(retried.jobIds.length, 1);
        assert.equal((await t.core.docs.ingest.settled(retried.jobIds[0]!))?.state, "failed");
        assert.equal(unwrap(await t.api.invoke("docs.list", {})).length, 7);

        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const [resumed] = t.core.docs.ingest.list().filter((j) => j.state === "running");
        assert.ok(resumed, "choosing a model starts the waiting files' job");
        assert.equal((await t.core.docs.ingest.settled(resumed.jobId))?.state, "done");
        const indexed = unwrap(await t.api.invoke("docs.list", {}));
        assert.deepEqual([...new Set(indexed.map((d) => d.status))], ["indexed"]);
        assert.deepEqual(unwrap(await t.api.invoke("docs.resume", {})).jobIds, [], "nothing left to resume");
    } finally {
        await t.core.dispose();
    }
});

test("a file sent by the window (no path) is kept in the data folder and added; sent again it is the same document", async () => {
    const t = await open();
    try {
        const send = async (name: string, text: string, scope: {collection?: string}) => {
            const data = Buffer.from(text);
            const {uploadId} = unwrap(await t.api.invoke("docs.begin", {name, size: data.length}));
            unwrap(await t.api.invoke("docs.chunk", {uploadId, offset: 0, data: data.toString("base64")}));
            return t.api.invoke("docs.finish", {uploadId, ...scope});
        };
        const {jobId} = unwrap(
            await send("notes.md", "# Notes\n\nThe ferry leaves at 7:40.", {collection: "Sent"}),
        );
        assert.equal((await t.core.docs.ingest.settled(jobId))?.state, "done");
        const [doc] = unwrap(await t.api.invoke("docs.list", {}));
        assert.ok(doc);
        assert.equal(doc.title, "Notes");
        assert.ok(doc.path.startsWith(path.join(t.dataDir, "documents-added")), doc.path);
        assert.equal(fs.readFileSync(doc.path, "utf8"), "# Notes\n\nThe ferry leaves at 7:40.");
        const again = unwrap(
            await send("notes.md", "# Notes\n\nThe ferry leaves at 7:40.", {collection: "Sent"}),
        );
        await t.core.docs.ingest.settled(again.jobId);
        assert.deepEqual(
            unwrap(await t.api.invoke("docs.list", {})).map((d) => d.id),
            [doc.id],
        );
        // A kind Cairn cannot read, or a file over the size documents read, is refused before a byte is sent.
        const refused = await t.api.invoke("docs.begin", {name: "tool.exe", size: 2});
        assert.ok(!refused.ok);
        assert.match(refused.error.message, /unsupported file type \.exe/);
        const huge = await t.api.invoke("docs.begin", {name: "atlas.pdf", size: 60 * 2 ** 20});
        assert.ok(!huge.ok);
        assert.equal(huge.error.words?.key, "fileTooLarge");
        const kept = fs.readdirSync(path.join(t.dataDir, "documents-added"), {recursive: true});
        assert.ok(!kept.some((f) => String(f).endsWith(".exe")), kept.join(", "));
    } finally {
        await t.core.dispose();
    }
});

test("cairn ingest and cairn search on the command line", async () => {
    const dataDir = tempDir();
    const dir = corpus();
    fs.writeFileSync(path.join(dir, "broken.txt"), Buffer.from([0xff, 0xfe, 0x00]));
    const ingested = await runCli([
        "ingest",
        "--data",
        dataDir,
        "--embedding-model",
        TEST_MODEL,
        "--collection",
        "Notes",
        dir,
    ]);
    assert.equal(ingested.code, 1, "a failed file makes the exit code 1");
    assert.match(
        ingested.stdout,
        /^done: 7 of 8 files indexed, \d+ passages into "Notes"\n {2}failed: .*broken\.txt: binary file \(not text\)\n$/,
    );
    assert.match(ingested.stderr, /8\/8 files/);
    const json = await runCli(["search", "--data", dataDir, "--json", "--limit", "2", "E_TIMEOUT_42"]);
    assert.equal(json.code, 0, json.stderr);
    const hits = JSON.parse(json.stdout) as {path: string}[];
    assert.equal(hits.length, 2);
    assert.equal(path.basename(hits[0]!.path), "pump.txt");
    const text = await runCli(["search", "--data", dataDir, "--collection", "Notes", "QX-900"]);
    assert.match(text.stdout, /^\[1\] stock\.json \(.*stock\.json, lines 1-1\) score/);
    const missing = await runCli(["search", "--data", dataDir, "--collection", "Nope", "x"]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^cairn: no collection named Nope/);
});
