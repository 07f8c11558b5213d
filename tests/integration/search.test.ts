// Search at the store level, on real SQLite files with sqlite-vec: the three stages of codes against vec0's
// exact kNN, the codes in memory kept in step with writes (also another connection's), the upgrade of older
// vector layouts, the pruning of common words in BM25, and scoped full text. Vectors are synthetic here: what is tested
// is the geometry and the bookkeeping, which need vectors whose neighbours are known.
import assert from "node:assert/strict";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {seeded, topicVectors} from "../../bench/corpus.js";
import {DocumentStore, type Scope} from "../../main/docs/store.js";
import {openDatabase} from "../../main/store/db.js";
import {MIGRATIONS} from "../../main/store/migrations.js";
import {tempDir} from "../helpers/paths.js";

const DIMENSION = 384;
const META = {dimension: DIMENSION, model: "synthetic"};
const location = {page: null, heading: [], lineStart: 1, lineEnd: 1, start: 0, end: 0};

function openStore(file = path.join(tempDir(), "cairn.sqlite")) {
    const db = openDatabase(file);
    return {db, store: new DocumentStore(db), file};
}

let documents = 0;
/** Indexes one document of the given chunk texts and vectors; returns the chunk ids in order. */
function addDocument(store: DocumentStore, scope: Scope, texts: string[], vectors: Float32Array[]): number[] {
    const name = `doc${++documents}`;
    const doc = store.queue(`/corpus/${name}.txt`, name, "text", scope, "test");
    store.index(
        doc.id,
        {title: name, hash: name, size: 0, text: texts.join("\n")},
        texts.map((text) => ({text, location})),
        vectors,
        META,
    );
    return store.chunkTexts(doc.id).map((c) => c.id);
}

function exactNearest(db: Database.Database, vector: Float32Array, k: number): number[] {
    return db
        .prepare("SELECT rowid FROM chunk_vectors WHERE embedding MATCH ? AND k = ?")
        .pluck()
        .all(Buffer.from(vector.buffer), k) as number[];
}

function collection(store: DocumentStore, name: string): Scope {
    return {collectionId: store.createCollection(name).id, conversationId: null};
}

test("vector search: exact when the scope is small, and close to vec0's exact kNN at 3,000 chunks", () => {
    const {db, store} = openStore();
    const vectorOf = topicVectors(DIMENSION, 30, seeded(11));
    const small = collection(store, "small");
    addDocument(
        store,
        small,
        ["a", "b", "c", "d", "e", "f", "g", "h"],
        Array.from({length: 8}, () => vectorOf()),
    );
    const big = collection(store, "big");
    for (let d = 0; d < 30; d++)
        addDocument(
            store,
            big,
            Array.from({length: 100}, (_, i) => `chunk ${d} ${i}`),
            Array.from({length: 100}, () => vectorOf()),
        );

    const query = vectorOf();
    const smallScope = [`collection:${small.collectionId}`];
    const inSmall = store.vectors.nearest(query, 5, smallScope);
    const smallIds = new Set(
        store
            .documents({collectionId: small.collectionId})
            .flatMap((d) => store.chunkTexts(d.id).map((c) => c.id)),
    );
    assert.equal(inSmall.length, 5);
    assert.ok(
        inSmall.every((h) => smallIds.has(h.chunkId)),
        "only chunks of the scope",
    );
    const exactSmall = db
        .prepare("SELECT rowid FROM chunk_vectors WHERE embedding MATCH ? AND k = 5 AND scope = ?")
        .pluck()
        .all(Buffer.from(query.buffer), smallScope[0]);
    assert.deepEqual(
        inSmall.map((h) => h.chunkId),
        exactSmall,
        "a scope of 8 chunks is searched exactly",
    );
    for (let i = 1; i < inSmall.length; i++) assert.ok(inSmall[i - 1]!.distance <= inSmall[i]!.distance);

    let found = 0;
    for (let q = 0; q < 10; q++) {
        const vector = vectorOf();
        const truth = new Set(exactNearest(db, vector, 10));
        found += store.vectors.nearest(vector, 10, null).filter((h) => truth.has(h.chunkId)).length;
    }
    assert.ok(found / 100 >= 0.9, `recall@10 against the exact kNN is ${found / 100}`);
    db.close();
});

/** Distances come from int8 codes: equal vectors are at about 0, not exactly. */
function assertNear(actual: number | undefined, expected: number, message: string) {
    assert.ok(actual !== undefined && Math.abs(actual - expected) < 0.002, `${message}: ${actual}`);
}

test("the codes in memory follow inserts, deletes, new vectors and another connection's writes", () => {
    const {db, store, file} = openStore();
    const vectorOf = topicVectors(DIMENSION, 10, seeded(5));
    const notes = collection(store, "notes");
    addDocument(store, notes, ["one", "two"], [vectorOf(), vectorOf()]);
    const target = vectorOf();
    assert.ok(store.vectors.nearest(target, 1, null)[0]!.distance > 0.1, "nothing equal to the target yet");

    const [added] = addDocument(store, notes, ["three"], [target]);
    const [hit] = store.vectors.nearest(target, 1, null);
    assert.equal(hit?.chunkId, added, "an insert is found");
    assertNear(hit?.distance, 0, "at distance 0");

    const other = new DocumentStore(openDatabase(file));
    const elsewhere = vectorOf();
    const [theirs] = addDocument(other, collection(other, "cli"), ["four"], [elsewhere]);
    assert.equal(
        store.vectors.nearest(elsewhere, 1, null)[0]?.chunkId,
        theirs,
        "another connection's insert is found",
    );

    const moved = vectorOf();
    const doc = store
        .documents({collectionId: notes.collectionId})
        .find((d) => d.title.endsWith(String(documents - 1)))!;
    store.replaceVectors(doc.id, [{id: added!, vector: moved}], META);
    assert.equal(store.vectors.nearest(moved, 1, null)[0]?.chunkId, added, "new vectors are used");
    assert.ok(store.vectors.nearest(target, 1, null)[0]!.distance > 0.1, "the old vector is gone");

    store.deleteCollection(notes.collectionId!);
    assert.deepEqual(
        store.vectors.nearest(moved, 5, null).map((h) => h.chunkId),
        [theirs],
        "a cascade delete empties the index of that collection",
    );
    db.close();
});

test("a reader follows deletes and re-used chunk ids from the log, without reading every code again", () => {
    const {db, store, file} = openStore();
    const reader = new DocumentStore(openDatabase(file));
    const vectorOf = topicVectors(DIMENSION, 10, seeded(17));
    const notes = collection(store, "notes");
    const first = Array.from({length: 30}, () => vectorOf());
    addDocument(
        store,
        notes,
        first.map((_, i) => `first ${i}`),
        first,
    );
    const old = Array.from({length: 10}, () => vectorOf());
    const oldIds = addDocument(
        store,
        notes,
        old.map((_, i) => `old ${i}`),
        old,
    );
    assert.equal(reader.vectors.nearest(old[3]!, 1, null)[0]?.chunkId, oldIds[3]);
    const held = reader.vectors.inMemory();
    assert.deepEqual([held.chunks, held.struckOut], [40, 0]);

    // The last document goes, and the next one takes its chunk ids (SQLite reuses the largest rowids).
    const lastDoc = store.documents({collectionId: notes.collectionId}).find((d) => d.chunkCount === 10)!;
    store.removeDocument(lastDoc.id);
    const fresh = Array.from({length: 10}, () => vectorOf());
    const freshIds = addDocument(
        store,
        notes,
        fresh.map((_, i) => `fresh ${i}`),
        fresh,
    );
    assert.deepEqual(freshIds, oldIds, "the ids are reused");

    const [hit] = reader.vectors.nearest(fresh[3]!, 1, null);
    assert.equal(hit?.chunkId, freshIds[3], "the new chunk under the reused id is found");
    assertNear(hit?.distance, 0, "with its own vector");
    assert.ok(
        reader.vectors.nearest(old[3]!, 1, null)[0]!.distance > 0.1,
        "the deleted vector is not returned under its old id",
    );
    assert.deepEqual(
        reader.vectors.inMemory(),
        {bytes: held.bytes, chunks: 50, struckOut: 10},
        "struck out and appended in place, not read again",
    );
    db.close();
});

test("the codes are read whole in a worker, and what was written after is applied from the log", async () => {
    const {db, store, file} = openStore();
    const vectorOf = topicVectors(DIMENSION, 10, seeded(23));
    const notes = collection(store, "notes");
    for (let d = 0; d < 5; d++)
        addDocument(
            store,
            notes,
            Array.from({length: 50}, (_, i) => `chunk ${d} ${i}`),
            Array.from({length: 50}, () => vectorOf()),
        );
    const reader = new DocumentStore(openDatabase(file));
    await reader.vectors.prepare();
    assert.equal(reader.vectors.inMemory().chunks, 0, "a small library is left to be read in place");
    await reader.vectors.prepare(0);
    assert.equal(reader.vectors.inMemory().chunks, 250, "read by the worker, before any search");
    const query = vectorOf();
    const direct = new DocumentStore(openDatabase(file));
    assert.deepEqual(reader.vectors.nearest(query, 10, null), direct.vectors.nearest(query, 10, null));

    const late = vectorOf();
    const [lateId] = addDocument(store, notes, ["late"], [late]);
    await reader.vectors.prepare(0); // nothing to read whole: the log has the rest
    assert.equal(reader.vectors.nearest(late, 1, null)[0]?.chunkId, lateId);
    assert.equal(reader.vectors.inMemory().chunks, 251);
    db.close();
});

for (const layout of [1, 2] as const)
    test(`a vector table of layout ${layout} is upgraded in place: chunk size, every code, and no re-embedding`, () => {
        const file = path.join(tempDir(), "cairn.sqlite");
        const vectorOf = topicVectors(DIMENSION, 10, seeded(9));
        const vectors = Array.from({length: 40}, () => vectorOf());
        const old = openDatabase(
            file,
            MIGRATIONS.filter((m) => m.version <= (layout === 1 ? 7 : 27)),
        );
        old.prepare("INSERT INTO collections (id, name, created_at) VALUES ('c1', 'old', 0)").run();
        old.prepare(
            "INSERT INTO documents (id, collection_id, path, title, kind, status, chunk_count, added_at, updated_at) VALUES ('d1', 'c1', '/old.txt', 'old', 'text', 'indexed', 40, 0, 0)",
        ).run();
        const chunkSize = layout === 2 ? "chunk_size=32, " : "";
        old.exec(
            `CREATE VIRTUAL TABLE chunk_vectors USING vec0(${chunkSize}embedding float[${DIMENSION}] distance_metric=cosine, scope text partition key);
             CREATE TRIGGER chunk_vectors_delete AFTER DELETE ON chunks BEGIN DELETE FROM chunk_vectors WHERE rowid = old.id; END;`,
        );
        vectors.forEach((vector, i) => {
            // Layout 2 kept a binary code per chunk.
            const code = layout === 2 ? ", vec_quantize_binary(?)" : "";
            old.prepare(
                `INSERT INTO chunks (id, document_id, ordinal, text, location${code ? ", code" : ""}) VALUES (?, 'd1', ?, ?, '{}'${code})`,
            ).run(i + 1, i, `old ${i}`, ...(code ? [Buffer.from(vector.buffer)] : []));
            old.prepare(
                "INSERT INTO chunk_vectors (rowid, embedding, scope) VALUES (?, ?, 'collection:c1')",
            ).run(BigInt(i + 1), Buffer.from(vector.buffer));
        });
        const stored = layout === 2 ? {...META, layout: 2} : META;
        old.prepare("INSERT INTO settings (key, value) VALUES ('vectorIndex', ?)").run(
            JSON.stringify(stored),
        );
        old.close();

        const {db, store} = openStore(file);
        const meta = JSON.parse(
            db.prepare("SELECT value FROM settings WHERE key = 'vectorIndex'").pluck().get() as string,
        );
        assert.deepEqual(meta, {...META, layout: 3});
        assert.match(
            db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunk_vectors'").pluck().get() as string,
            /chunk_size=32/,
        );
        assert.deepEqual(
            db
                .prepare("SELECT document_id, length(ids) AS ids, length(codes) AS bytes FROM document_codes")
                .all(),
            [{document_id: "d1", ids: 40 * 8, bytes: 40 * (48 + 4 + DIMENSION / 2)}],
            "the document has its block of binary and 4-bit codes",
        );
        assert.deepEqual(
            db.prepare("SELECT count(*) AS n, min(length(code)) AS bytes FROM vector_codes").get(),
            {n: 40, bytes: 4 + DIMENSION},
            "and its int8 code",
        );
        assert.deepEqual(store.counts(), {chunks: 40, fts: 40, vectors: 40});
        assert.equal(store.vectors.nearest(vectors[17]!, 1, null)[0]?.chunkId, 18, "the old vectors answer");
        assert.deepEqual(store.vectors.meta(), META, "same model: nothing to embed again");
        db.close();
    });

test("BM25 drops words found in very many chunks, and gives nothing for a query of only such words", () => {
    const {db, store} = openStore();
    const vectorOf = topicVectors(DIMENSION, 10, seeded(2));
    const scope = collection(store, "common");
    // "the" and "note" are each in 2,300 chunks, over the budget of 2,000.
    const texts = Array.from({length: 2600}, (_, i) => {
        if (i === 1234) return "the pump logs ZEBRA-17 in the note";
        if (i < 300) return "note note note note";
        if (i >= 2300) return "the the the the";
        return `the note ${i} with some other words to make it longer than the rest`;
    });
    for (let d = 0; d < 26; d++)
        addDocument(
            store,
            scope,
            texts.slice(d * 100, d * 100 + 100),
            texts.slice(0, 100).map(() => vectorOf()),
        );

    const exact = store.fullText("the ZEBRA-17", 10, null);
    assert.equal(exact.length, 1, "only the rare word is ranked: 'the' is in every chunk");
    assert.equal(store.chunk(exact[0]!.chunkId)?.text, texts[1234]);
    assert.equal(exact[0]!.exact, true, "a word in one chunk marks it exact");

    assert.deepEqual(store.fullText("the note", 10, null), [], "only common words: the vector side answers");
    assert.equal(store.fullText("the pump", 10, null).length, 1, "'pump' is rare: in one chunk");
    db.close();
});

test("scoped full text finds a weak match in a small scope beside a big one full of strong matches", () => {
    const {db, store} = openStore();
    const vectorOf = topicVectors(DIMENSION, 10, seeded(4));
    const big = collection(store, "big");
    for (let d = 0; d < 6; d++)
        addDocument(
            store,
            big,
            Array.from({length: 100}, () => "valve valve valve report"),
            Array.from({length: 100}, () => vectorOf()),
        );
    const small = collection(store, "small");
    const [mine] = addDocument(
        store,
        small,
        ["a long note that mentions the valve once among many other words"],
        [vectorOf()],
    );
    const hits = store.fullText("valve", 20, [`collection:${small.collectionId}`]);
    assert.deepEqual(
        hits.map((h) => h.chunkId),
        [mine],
    );
    db.close();
});
