import assert from "node:assert/strict";
import path from "node:path";
import os from "node:os";
import {test} from "node:test";
import Database from "better-sqlite3";
import {openDatabase, schemaVersion} from "../../../../main/store/db.js";
import {MIGRATIONS, type Migration} from "../../../../main/store/migrations.js";
import {ConversationStore} from "../../../../main/store/conversations.js";
import {SettingsStore} from "../../../../main/store/settings.js";
import {ProcessRegistry} from "../../../../main/store/processes.js";
import {tempDir} from "../../../helpers/paths.js";

const newest = Math.max(...MIGRATIONS.map((m) => m.version));

test("an empty file is migrated to the newest schema, with WAL, foreign keys and sqlite-vec", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const db = openDatabase(file);
    assert.equal(schemaVersion(db), newest);
    assert.equal(db.pragma("journal_mode", {simple: true}), "wal");
    assert.equal(db.pragma("foreign_keys", {simple: true}), 1);
    const {v} = db.prepare("SELECT vec_version() AS v").get() as {v: string};
    assert.match(v, /^v\d/);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
        name: string;
    }[];
    for (const t of ["conversations", "messages", "settings"])
        assert.ok(
            tables.some((r) => r.name === t),
            t,
        );
    db.close();
});

test("reopening does not re-run migrations", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const first = openDatabase(file);
    new ConversationStore(first).create("kept");
    first.close();
    const second = openDatabase(file);
    assert.deepEqual(
        new ConversationStore(second).list().map((c) => c.title),
        ["kept"],
    );
    second.close();
});

test("a future migration runs on a database at the previous version and keeps its data", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const db = openDatabase(file);
    const c = new ConversationStore(db).create("before upgrade");
    db.close();
    const next: Migration = {
        version: newest + 1,
        name: "archive conversations",
        sql: "ALTER TABLE conversations ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;",
    };
    const upgraded = openDatabase(file, [...MIGRATIONS, next]);
    assert.equal(schemaVersion(upgraded), newest + 1);
    const row = upgraded.prepare("SELECT title, archived FROM conversations WHERE id = ?").get(c.id);
    assert.deepEqual(row, {title: "before upgrade", archived: 0});
    upgraded.close();
});

test("a failing migration is rolled back whole and the version stays", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    openDatabase(file).close();
    const broken: Migration = {
        version: newest + 1,
        name: "half done",
        sql: "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);",
    };
    assert.throws(() => openDatabase(file, [...MIGRATIONS, broken]), /no such table/);
    const raw = new Database(file);
    assert.equal(raw.pragma("user_version", {simple: true}), newest);
    assert.equal(
        (raw.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get() as {n: number}).n,
        0,
    );
    raw.close();
});

test("plan mode's migration rebuilds conversations and keeps every row, reference and cascade", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const before = MIGRATIONS.filter((m) => m.version < 17);
    const old = openDatabase(file, before);
    const store = new ConversationStore(old);
    const c = store.create("kept");
    old.prepare("UPDATE conversations SET mode = 'agent', workspace = '/w', web_access = 1 WHERE id = ?").run(
        c.id,
    );
    store.addMessage({conversationId: c.id, role: "user", content: "hi", status: "complete"});
    assert.throws(() => old.prepare("UPDATE conversations SET mode = 'plan'").run(), /CHECK/);
    old.close();

    const db = openDatabase(file);
    assert.equal(schemaVersion(db), newest);
    assert.equal(db.pragma("foreign_keys", {simple: true}), 1, "foreign keys are on again");
    const row = db.prepare("SELECT title, mode, workspace, web_access FROM conversations").get();
    assert.deepEqual(row, {title: "kept", mode: "agent", workspace: "/w", web_access: 1});
    assert.equal((db.prepare("SELECT count(*) AS n FROM messages").get() as {n: number}).n, 1);
    db.prepare("UPDATE conversations SET mode = 'plan'").run();
    assert.throws(() => db.prepare("UPDATE conversations SET mode = 'sometimes'").run(), /CHECK/);
    // Messages still refer to the rebuilt table: deleting the conversation deletes them.
    new ConversationStore(db).delete(c.id);
    assert.equal((db.prepare("SELECT count(*) AS n FROM messages").get() as {n: number}).n, 0);
    db.close();
});

test("a database from a newer Cairn is refused with a clear message", () => {
    const file = path.join(tempDir(), "cairn.sqlite");
    const raw = new Database(file);
    raw.pragma(`user_version = ${newest + 5}`);
    raw.close();
    assert.throws(
        () => openDatabase(file),
        new RegExp(
            `written by a newer Cairn \\(schema ${newest + 5}; this Cairn, version \\S+, knows schemas up to ${newest}\\).*not changed`,
        ),
    );
    const after = new Database(file, {readonly: true});
    assert.equal(after.pragma("user_version", {simple: true}), newest + 5, "left as it was");
    after.close();
});

test("deleting a conversation deletes its messages", () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const store = new ConversationStore(db);
    const c = store.create();
    store.addMessage({conversationId: c.id, role: "user", content: "hi", status: "complete"});
    store.addMessage({conversationId: c.id, role: "assistant", content: "", status: "streaming"});
    assert.equal(store.delete(c.id), true);
    assert.equal((db.prepare("SELECT count(*) AS n FROM messages").get() as {n: number}).n, 0);
    assert.equal(store.delete(c.id), false);
    db.close();
});

test("recovery interrupts only answers whose process is gone, keeping their text", () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const store = new ConversationStore(db);
    const c = store.create();
    const me = new ProcessRegistry(db, "cairn test");
    me.register();
    // Another live process: this one's pid, recorded under another id (as a second core in this process).
    const other = new ProcessRegistry(db, "cairn serve");
    other.register();
    // A process that is gone: a pid nobody has.
    db.prepare(
        "INSERT INTO processes (id, pid, host, command, started_at, start_ticks, heartbeat_at) VALUES ('gone', 2147483646, ?, 'cairn chat', 0, NULL, 0)",
    ).run(os.hostname());
    // This pid again, with another start time: the pid was reused by a new process.
    db.prepare(
        "INSERT INTO processes (id, pid, host, command, started_at, start_ticks, heartbeat_at) VALUES ('reused', ?, ?, 'cairn chat', 0, '1', 0)",
    ).run(process.pid, os.hostname());
    const add = (processId?: string) =>
        store.addMessage({
            conversationId: c.id,
            role: "assistant",
            content: "",
            status: "streaming",
            processId,
        });
    const live = add(other.id);
    const dead = add("gone");
    const reused = add("reused");
    const legacy = add();
    store.updateContent(dead.id, "half an ans");
    assert.equal(me.recover(), 3);
    const status = (id: string) => store.message(id)!.status;
    assert.deepEqual(
        [live, dead, reused, legacy].map((m) => status(m.id)),
        ["streaming", "interrupted", "interrupted", "interrupted"],
    );
    assert.equal(store.message(dead.id)!.content, "half an ans");
    const ids = (db.prepare("SELECT id FROM processes ORDER BY id").all() as {id: string}[]).map((r) => r.id);
    assert.deepEqual(ids.sort(), [me.id, other.id].sort());
    me.unregister();
    other.unregister();
    db.close();
});

test("a conversation's answer is claimed by one process at a time; a dead holder's claim is taken over", () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const c = new ConversationStore(db).create();
    const a = new ProcessRegistry(db, "cairn serve");
    const b = new ProcessRegistry(db, "cairn chat");
    a.register();
    b.register();
    assert.deepEqual(a.claim(c.id), {ok: true});
    const refused = b.claim(c.id);
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.holder?.command, "cairn serve");
    assert.equal(!refused.ok && refused.holder?.pid, process.pid);
    a.release(c.id);
    assert.deepEqual(b.claim(c.id), {ok: true});
    db.prepare("UPDATE processes SET pid = 2147483646 WHERE id = ?").run(b.id);
    assert.deepEqual(a.claim(c.id), {ok: true}, "the holder is gone");
    a.unregister();
    b.unregister();
    db.close();
});

test("a process's heartbeat is written while it runs, and ends without an error when its database is closed", async () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const me = new ProcessRegistry(db, "cairn test", 10);
    me.register();
    const beatAt = () =>
        (db.prepare("SELECT heartbeat_at FROM processes WHERE id = ?").get(me.id) as {heartbeat_at: number})
            .heartbeat_at;
    const first = beatAt();
    while (beatAt() === first) await new Promise((r) => setTimeout(r, 5));
    // Closed under it (a test, a core disposed in another order): beats that come later must not throw from a timer.
    const thrown: unknown[] = [];
    const onError = (error: unknown) => thrown.push(error);
    process.on("uncaughtException", onError);
    try {
        db.close();
        await new Promise((r) => setTimeout(r, 60));
    } finally {
        process.off("uncaughtException", onError);
    }
    assert.deepEqual(thrown, []);
});

test("settings round-trip as JSON", () => {
    const db = openDatabase(path.join(tempDir(), "cairn.sqlite"));
    const settings = new SettingsStore(db);
    assert.equal(settings.get("modelPath"), undefined);
    settings.set("modelPath", "/m.gguf");
    settings.set("threads", 3);
    settings.set("modelPath", "/n.gguf");
    assert.equal(settings.get("modelPath"), "/n.gguf");
    assert.equal(settings.get("threads"), 3);
    db.close();
});
