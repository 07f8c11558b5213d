import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {DB_FILE_NAME, migrate, openDatabase} from "../../main/store/db.js";
import {MIGRATIONS, type Migration} from "../../main/store/migrations.js";
import {ConversationStore} from "../../main/store/conversations.js";
import {UPGRADE_SNAPSHOTS_DIR} from "../../main/store/upgrade.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {ROOT, scriptArgs, tempDir} from "../helpers/paths.js";

// Upgrades that finish or roll back, on real SQLite files: a snapshot first, every pending step in one
// transaction with SQLite's integrity check, and the old file untouched when the process is killed midway or
// the disk fills up (a file-size limit, RLIMIT_FSIZE, makes the writes fail as on a full disk).

const NEWEST = Math.max(...MIGRATIONS.map((m) => m.version));
const CHILD = path.join(ROOT, "tests/fixtures/upgrade/upgradeChild.ts");

/** A library at the newest schema with `count` conversations of one message each. */
function library(count: number): string {
    const file = path.join(tempDir(), "cairn.sqlite");
    const db = openDatabase(file);
    const store = new ConversationStore(db);
    db.transaction(() => {
        for (let i = 0; i < count; i++) {
            const c = store.create(`conversation ${i}`);
            store.addMessage({
                conversationId: c.id,
                role: "user",
                content: "x".repeat(500),
                status: "complete",
            });
        }
    })();
    db.close();
    return file;
}

/** The schema version and conversation count, read without migrating. */
function look(file: string): {version: number; conversations: number; colour: boolean} {
    const db = new Database(file, {readonly: true});
    try {
        const columns = db.prepare("SELECT name FROM pragma_table_info('conversations')").pluck().all();
        return {
            version: db.pragma("user_version", {simple: true}) as number,
            conversations: db.prepare("SELECT count(*) FROM conversations").pluck().get() as number,
            colour: columns.includes("colour"),
        };
    } finally {
        db.close();
    }
}

function snapshots(file: string): string[] {
    const dir = path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

test("an upgrade writes a snapshot first, then runs every pending step as one: a failing last step undoes the first", () => {
    const file = library(20);
    const good: Migration = {
        version: NEWEST + 1,
        name: "a colour",
        sql: "ALTER TABLE conversations ADD COLUMN colour TEXT;",
    };
    const bad: Migration = {
        version: NEWEST + 2,
        name: "half done",
        sql: "INSERT INTO no_such_table VALUES (1);",
    };
    assert.throws(
        () => openDatabase(file, [...MIGRATIONS, good, bad]),
        new RegExp(
            `upgrading the database from schema ${NEWEST} to ${NEWEST + 2} failed, and nothing was changed: migration ${NEWEST + 2} \\(half done\\) failed: no such table`,
        ),
    );
    assert.deepEqual(look(file), {version: NEWEST, conversations: 20, colour: false});
    // The snapshot is the library as it was, and opens as one.
    const [copy] = snapshots(file);
    assert.match(copy!, new RegExp(`^before-upgrade-${NEWEST}-to-${NEWEST + 2}-.*\\.sqlite$`));
    assert.deepEqual(look(path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR, copy!)), {
        version: NEWEST,
        conversations: 20,
        colour: false,
    });
    // Upgrades that succeed keep the newest two snapshots.
    const steps: Migration[] = [];
    for (let step = 1; step <= 3; step++) {
        steps.push({
            version: NEWEST + step,
            name: `step ${step}`,
            sql: `CREATE TABLE step${step} (x INTEGER);`,
        });
        openDatabase(file, [...MIGRATIONS, ...steps]).close();
    }
    assert.equal(snapshots(file).length, 2);
    assert.equal(look(file).version, NEWEST + 3);
});

test("without room for a snapshot and the upgrade, Cairn refuses in words before it writes anything", () => {
    const file = library(5);
    const next: Migration = {
        version: NEWEST + 1,
        name: "a colour",
        sql: "ALTER TABLE conversations ADD COLUMN colour TEXT;",
    };
    const db = new Database(file);
    try {
        // The migrator as openDatabase runs it, on a disk with 1 MB free.
        assert.throws(
            () => migrate(db, [...MIGRATIONS, next], {file, freeBytes: () => 1_000_000}),
            /needs \d+\.\d MiB free in .* \(a copy first, then the upgrade\), and there are 977 KiB; free some space and start Cairn again\. Nothing was changed/,
        );
    } finally {
        db.close();
    }
    assert.deepEqual(snapshots(file), []);
    assert.deepEqual(look(file), {version: NEWEST, conversations: 5, colour: false});
});

/** Runs the child that upgrades `file`; `killAfterMs` after it starts, SIGKILL; `limitKiB`: RLIMIT_FSIZE. */
function upgradeInChild(file: string, rows: number, options: {killAfterMs?: number; limitKiB?: number}) {
    const node = [process.execPath, ...scriptArgs(CHILD), file, String(rows)]
        .map((a) => JSON.stringify(a))
        .join(" ");
    const command = options.limitKiB ? `ulimit -f ${options.limitKiB}; exec ${node}` : `exec ${node}`;
    const child = spawn("bash", ["-c", command], {cwd: ROOT, stdio: ["ignore", "pipe", "pipe"]});
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
        out += String(chunk);
        if (options.killAfterMs !== undefined && out.startsWith("opening"))
            setTimeout(() => child.kill("SIGKILL"), options.killAfterMs).unref();
    });
    return new Promise<{code: number | null; signal: string | null; out: string}>((resolve) =>
        child.once("exit", (code, signal) => resolve({code, signal, out})),
    );
}

test("a process killed at any point of an upgrade leaves the library as it was, or upgraded whole", async () => {
    const file = library(200);
    const seen = new Set<string>();
    for (const killAfterMs of [0, 30, 100, 250, 500, 900]) {
        const run = await upgradeInChild(file, 200_000, {killAfterMs});
        const after = look(file);
        // Either the old library or the whole upgrade: never the one without the other.
        const whole = after.version === NEWEST + 2 && after.colour;
        const old = after.version === NEWEST && !after.colour;
        assert.ok(whole || old, `killed after ${killAfterMs} ms: ${JSON.stringify(after)}`);
        assert.equal(after.conversations, 200);
        seen.add(run.signal === "SIGKILL" ? "killed" : "finished");
        // A snapshot under its own name is whole; a kill mid-copy leaves only a temporary.
        for (const name of snapshots(file)) {
            if (/\.part(-journal)?$/.test(name)) continue;
            assert.match(name, /^before-upgrade-\d+-to-\d+-[^.]+\.sqlite$/, `killed after ${killAfterMs} ms`);
            assert.equal(look(path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR, name)).conversations, 200);
        }
        if (whole) break;
    }
    assert.ok(seen.has("killed"), "at least one run was killed midway");
    // The next start finishes the upgrade.
    const run = await upgradeInChild(file, 200_000, {});
    assert.equal(run.out.trim().split("\n").at(-1), "upgraded");
    assert.deepEqual(look(file), {version: NEWEST + 2, conversations: 200, colour: true});
    assert.deepEqual(
        snapshots(file).filter((name) => !name.endsWith(".sqlite")),
        [],
        "the killed runs' temporaries are gone",
    );
});

test("a snapshot killed mid-copy leaves a temporary, never a snapshot; the next start removes it, and a live process's stays", async () => {
    const file = library(20);
    const dir = path.join(path.dirname(file), UPGRADE_SNAPSHOTS_DIR);
    fs.mkdirSync(dir, {recursive: true});
    // A process that is gone (it ran and exited), and this one, each with a copy half written.
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = await new Promise<number>((resolve) => gone.once("exit", () => resolve(gone.pid!)));
    const dead = `before-upgrade-1-to-2-x.sqlite.${pid}.part`;
    const live = `before-upgrade-1-to-2-y.sqlite.${process.pid}.part`;
    for (const name of [dead, `${dead}-journal`, live]) fs.writeFileSync(path.join(dir, name), "half");
    fs.writeFileSync(path.join(path.dirname(file), "cairn.sqlite.restoring"), "an older Cairn's restore");
    openDatabase(file).close();
    assert.deepEqual(fs.readdirSync(dir), [live]);
    assert.ok(!fs.existsSync(path.join(path.dirname(file), "cairn.sqlite.restoring")));
});

test("two processes upgrading one library at once: the second waits for the first and both open it", async () => {
    const file = library(200);
    const runs = await Promise.all([upgradeInChild(file, 200_000, {}), upgradeInChild(file, 200_000, {})]);
    for (const run of runs) assert.equal(run.out.trim().split("\n").at(-1), "upgraded", run.out);
    assert.deepEqual(look(file), {version: NEWEST + 2, conversations: 200, colour: true});
    // One upgrade, one snapshot: the second found nothing left to do.
    assert.equal(snapshots(file).length, 1);
});

test("a full disk during the snapshot or during the upgrade: a clear message, the library as it was", async () => {
    const file = library(2_000);
    const size = fs.statSync(file).size;
    // Too little room for the snapshot.
    const noCopy = await upgradeInChild(file, 100_000, {limitKiB: Math.floor(size / 2048)});
    assert.equal(noCopy.code, 1, noCopy.out);
    assert.match(
        noCopy.out,
        /the copy made before upgrading the database .* could not be written .*free some space and start Cairn again\. Nothing was changed/,
    );
    assert.deepEqual(snapshots(file), []);
    assert.deepEqual(look(file), {version: NEWEST, conversations: 2_000, colour: false});
    // Room for the snapshot, not for the upgrade's 100,000 rows.
    const noUpgrade = await upgradeInChild(file, 100_000, {limitKiB: Math.ceil((size * 1.5) / 1024)});
    assert.equal(noUpgrade.code, 1, noUpgrade.out);
    assert.match(
        noUpgrade.out,
        /upgrading the database from schema \d+ to \d+ failed, and nothing was changed: migration \d+ \(a large table\) failed: .*; the disk may be full: free some space and start Cairn again/,
    );
    assert.deepEqual(look(file), {version: NEWEST, conversations: 2_000, colour: false});
});

test("a library from a newer Cairn opens read-only: read, searched and exported, never changed, both versions named", async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, DB_FILE_NAME);
    const db = openDatabase(file);
    const store = new ConversationStore(db);
    const c = store.create("from the future");
    store.addMessage({
        conversationId: c.id,
        role: "user",
        content: "hello from tomorrow",
        status: "complete",
    });
    const newest = Math.max(...MIGRATIONS.map((m) => m.version));
    db.prepare("UPDATE settings SET value = ? WHERE key = 'writtenBy'").run(
        JSON.stringify({version: "9.9.0", schema: newest + 3}),
    );
    db.pragma(`user_version = ${newest + 3}`);
    db.close();
    const before = fs.readFileSync(file);
    const t = await openTestCore({dataDir});
    try {
        const status = unwrap(await t.api.invoke("app.getStatus", {}));
        assert.match(
            status.warnings.join("\n"),
            new RegExp(
                `^This library was written by a newer Cairn \\(Cairn 9\\.9\\.0, schema ${newest + 3}; this Cairn, version \\S+, knows schemas up to ${newest}\\); update Cairn to change it\\. It was not changed\\. It is open read-only`,
            ),
        );
        const [listed] = unwrap(await t.api.invoke("conversations.list", {}));
        assert.equal(listed?.title, "from the future");
        assert.equal(unwrap(await t.api.invoke("conversations.search", {query: "tomorrow"})).length, 1);
        const md = unwrap(await t.api.invoke("conversations.export", {id: c.id, format: "markdown"}));
        assert.match(md.content, /hello from tomorrow/);
        const denied = {
            code: "DENIED",
            message:
                "this library is open read-only (it was written by a newer Cairn): update Cairn to change it",
        };
        const sent = await t.api.invoke("chat.send", {conversationId: c.id, text: "and now?"});
        assert.deepEqual(!sent.ok && sent.error, denied);
        const renamed = await t.api.invoke("conversations.rename", {id: c.id, title: "changed"});
        assert.deepEqual(!renamed.ok && renamed.error, denied);
    } finally {
        await t.core.dispose();
    }
    assert.ok(fs.readFileSync(file).equals(before), "not a byte changed");
});
