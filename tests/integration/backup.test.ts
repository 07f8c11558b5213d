import assert from "node:assert/strict";
import {spawn, spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {createBackup, finishPendingRestore} from "../../main/store/backup.js";
import {inEnglish, sayIn} from "../../main/words.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {MIGRATIONS} from "../../main/store/migrations.js";
import {ConversationStore} from "../../main/store/conversations.js";
import {BackupScheduler} from "../../main/store/backupSchedule.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {startServe} from "../helpers/serve.js";

// Backups as files on disk, made and restored by the real CLI and the core's scheduler.

function cairn(...args: string[]) {
    const run = spawnSync(process.execPath, [CLI, ...args], {encoding: "utf8"});
    return {code: run.status, out: run.stdout, err: run.stderr};
}

function titles(dataDir: string): string[] {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        return new ConversationStore(db)
            .list()
            .map((c) => c.title)
            .sort();
    } finally {
        db.close();
    }
}

function library(dataDir: string, names: string[]): void {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    const store = new ConversationStore(db);
    for (const name of names) {
        const c = store.create(name);
        store.addMessage({conversationId: c.id, role: "user", content: `about ${name}`, status: "complete"});
    }
    db.close();
}

test("cairn backup writes the library in one file without secrets; cairn restore checks it, keeps the library as it was, and puts the backup's in place", () => {
    const dataDir = tempDir();
    library(dataDir, ["alpha", "beta"]);
    fs.writeFileSync(
        path.join(dataDir, "mcp.json"),
        JSON.stringify({
            mcpServers: {
                remote: {url: "http://127.0.0.1:1/mcp", headers: {Authorization: "Bearer SECRET-9f2"}},
            },
        }),
    );
    const file = path.join(tempDir(), "mine.cairn-backup");
    const made = cairn("backup", "--data", dataDir, file);
    assert.equal(made.code, 0, made.err);
    assert.match(made.out, new RegExp(`^backed up 2 conversations \\(\\d+ KiB\\) to ${file}\\n$`));
    assert.match(made.err, /backing up: 100%/);
    assert.ok(!fs.readFileSync(file).includes("SECRET-9f2"), "the header's token is not in the backup");
    assert.deepEqual(
        fs.readdirSync(path.dirname(file)),
        ["mine.cairn-backup"],
        "one file, no journal beside it",
    );

    library(dataDir, ["gamma"]);
    fs.rmSync(path.join(dataDir, "mcp.json"));
    const restored = cairn("restore", "--data", dataDir, file);
    assert.equal(restored.code, 0, restored.err);
    const kept = /kept in (\S+before-restore-\S+\.cairn-backup)/.exec(restored.out)?.[1];
    assert.ok(kept, restored.out);
    assert.deepEqual(titles(dataDir), ["alpha", "beta"]);
    // The configuration came back without its secret; the library before the restore is a backup too.
    const mcp = JSON.parse(fs.readFileSync(path.join(dataDir, "mcp.json"), "utf8")) as {
        mcpServers: {remote: {headers: Record<string, string>}};
    };
    assert.deepEqual(mcp.mcpServers.remote.headers, {Authorization: ""});
    const back = cairn("restore", "--data", dataDir, kept);
    assert.equal(back.code, 0, back.err);
    assert.deepEqual(titles(dataDir), ["alpha", "beta", "gamma"]);
});

test("a damaged file, a file that is no backup, or a running Cairn: restore refuses in words and changes nothing", async () => {
    const dataDir = tempDir();
    library(dataDir, ["kept"]);
    const file = path.join(tempDir(), "b.cairn-backup");
    assert.equal(cairn("backup", "--data", dataDir, file).code, 0);
    const damaged = path.join(tempDir(), "damaged.cairn-backup");
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = cairn("restore", "--data", dataDir, damaged);
    assert.equal(cut.code, 1);
    assert.match(cut.err, /damaged\.cairn-backup is not a backup Cairn can restore: /);
    const notes = path.join(tempDir(), "notes.txt");
    fs.writeFileSync(notes, "hello");
    assert.match(
        cairn("restore", "--data", dataDir, notes).err,
        /is not a backup Cairn can restore: file is not a database/,
    );
    const served = await startServe({dataDir, model: null});
    try {
        const busy = cairn("restore", "--data", dataDir, file);
        assert.equal(busy.code, 1);
        assert.match(
            busy.err,
            /Cairn is running on this data directory \(cairn serve \(pid \d+\)\); quit it, then restore/,
        );
    } finally {
        await served.stop();
    }
    assert.deepEqual(titles(dataDir), ["kept"]);
});

test("automatic backups: one when none is newer than the schedule, none again too soon, the newest `keep` kept", async () => {
    const dataDir = tempDir();
    library(dataDir, ["one"]);
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    const schedule = {every: "daily" as const, keep: 2, folder: path.join(tempDir(), "elsewhere")};
    const scheduler = new BackupScheduler(db, dataDir, () => schedule);
    try {
        const first = await scheduler.runIfDue();
        assert.ok(first && fs.existsSync(first));
        assert.equal(path.dirname(first), schedule.folder);
        assert.equal(await scheduler.runIfDue(), null, "not again within a day");
        const day = 24 * 3600_000;
        for (let i = 1; i <= 3; i++) assert.ok(await scheduler.runIfDue(Date.now() + i * day + 1000));
        assert.equal(scheduler.list().length, 2, "the newest two kept");
        schedule.every = "off" as never;
        assert.equal(await scheduler.runIfDue(Date.now() + 10 * day), null);
    } finally {
        db.close();
    }
});

test("Settings → Backups: the schedule is kept, a backup now reports its progress and is listed", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        const status = unwrap(await t.api.invoke("backups.status", {}));
        assert.deepEqual(status.schedule, {every: "daily", keep: 7, folder: null});
        assert.equal(status.folder, path.join(t.dataDir, "backups"));
        const set = unwrap(
            await t.api.invoke("backups.setSchedule", {schedule: {every: "weekly", keep: 3, folder: null}}),
        );
        assert.deepEqual(set.schedule, {every: "weekly", keep: 3, folder: null});
        const done = unwrap(await t.api.invoke("backups.create", {}));
        assert.equal(done.backups.length, 1);
        assert.equal(done.running, false);
        const progress = t.events.filter((e) => e.type === "backups.progress").map((e) => e.share);
        assert.equal(progress.at(-1), null, "the end is said");
        assert.ok(
            progress.some((share) => share !== null),
            "progress was said",
        );
    } finally {
        await t.core.dispose();
    }
});

test("a backup made by a newer Cairn, or with a damaged page: restore and merge refuse in words, nothing changes", () => {
    const dataDir = tempDir();
    library(dataDir, ["kept"]);
    const file = path.join(tempDir(), "b.cairn-backup");
    assert.equal(cairn("backup", "--data", dataDir, file).code, 0);
    const newer = path.join(tempDir(), "newer.cairn-backup");
    fs.copyFileSync(file, newer);
    const db = new Database(newer);
    db.pragma("user_version = 999");
    db.close();
    assert.match(
        cairn("restore", "--data", dataDir, newer).err,
        /newer\.cairn-backup is not a backup Cairn can restore: it was made by a newer Cairn \(.*schema 999; this Cairn knows schemas up to \d+\); update Cairn first/,
    );
    assert.match(
        cairn("restore", "--merge", "--data", dataDir, newer).err,
        /^cairn: newer\.cairn-backup is not a backup Cairn can merge: it was made by a newer Cairn/,
    );
    // One page in the middle overwritten: the file is whole, its content is not.
    const damaged = path.join(tempDir(), "page.cairn-backup");
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, pageSize * 2, pageSize * 3);
    fs.writeFileSync(damaged, bytes);
    assert.match(
        cairn("restore", "--data", dataDir, damaged).err,
        /page\.cairn-backup is not a backup Cairn can restore: /,
    );
    assert.deepEqual(titles(dataDir), ["kept"]);
});

test("merge: a backup's conversations the library lacks come in (an older schema's too), nothing is replaced, twice adds nothing", async () => {
    // A library at schema 20, backed up, then merged into a current library that has one of its conversations.
    const old = tempDir();
    const oldDb = openDatabase(
        path.join(old, DB_FILE_NAME),
        MIGRATIONS.filter((m) => m.version <= 20),
    );
    const store = new ConversationStore(oldDb);
    for (const title of ["from the old laptop", "shared"]) {
        const c = store.create(title);
        store.addMessage({conversationId: c.id, role: "user", content: `about ${title}`, status: "complete"});
    }
    const backup = path.join(tempDir(), "old.cairn-backup");
    await createBackup(oldDb, old, backup);
    oldDb.close();
    const dataDir = tempDir();
    library(dataDir, ["mine"]);
    const first = cairn("restore", "--merge", "--data", dataDir, backup);
    assert.equal(first.code, 0, first.err);
    assert.match(first.out, /old\.cairn-backup \(Cairn\): 2 conversations imported \(2 messages\)/);
    assert.deepEqual(titles(dataDir), ["from the old laptop", "mine", "shared"]);
    assert.match(
        cairn("restore", "--merge", "--data", dataDir, backup).out,
        /0 conversations imported \(0 messages\), 2 already in the library/,
    );
    // A backup of this very library: what is still here is not doubled, what was deleted comes back.
    const own = path.join(tempDir(), "own.cairn-backup");
    assert.equal(cairn("backup", "--data", dataDir, own).code, 0);
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    const mine = new ConversationStore(db).list().find((c) => c.title === "mine")!;
    new ConversationStore(db).delete(mine.id);
    db.close();
    assert.match(
        cairn("restore", "--merge", "--data", dataDir, own).out,
        /1 conversation imported \(1 message\), 2 already in the library/,
    );
    assert.deepEqual(titles(dataDir), ["from the old laptop", "mine", "shared"]);
});

test("Settings → Backups: Restore happens at the next start (the library kept first), Merge at once; only listed backups", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        t.core.conversations.create("before the backup");
        const made = unwrap(await t.api.invoke("backups.create", {}));
        const file = made.backups[0]!.file;
        t.core.conversations.create("after the backup");
        const asked = unwrap(await t.api.invoke("backups.restore", {file}));
        assert.equal(asked.restorePending, file);
        const elsewhere = await t.api.invoke("backups.restore", {file: "/etc/passwd"});
        assert.equal(
            !elsewhere.ok && elsewhere.error.message,
            `/etc/passwd is not one of the backups in ${made.folder}`,
        );
        const merged = unwrap(await t.api.invoke("backups.merge", {file}));
        assert.deepEqual([merged.files[0]!.imported, merged.files[0]!.already], [0, 1]);
        assert.equal(
            t.events.filter((e) => e.type === "imports.progress").at(-1)?.share,
            null,
            "the end is said",
        );
    } finally {
        await t.core.dispose();
    }
    const restored = await finishPendingRestore(t.dataDir, () => []);
    assert.ok(restored);
    assert.match(
        inEnglish(restored),
        /^restored the backup .*; the library as it was is kept in .*before-restore-/,
    );
    // The window says it in its language.
    assert.match(
        sayIn("de", restored),
        /^Die Sicherung .* wurde wiederhergestellt; die Bibliothek, wie sie war, liegt in /,
    );
    assert.deepEqual(titles(t.dataDir), ["before the backup"]);
    assert.equal(await finishPendingRestore(t.dataDir, () => []), null, "done once");
    // The next start tells the window, in English and in words for its language.
    const next = await openTestCore({modelPath: null, dataDir: t.dataDir, notices: [restored]});
    try {
        const status = unwrap(await next.api.invoke("app.getStatus", {}));
        assert.equal(status.warnings.at(-1), inEnglish(restored));
        assert.deepEqual(status.warningWords.at(-1), restored);
    } finally {
        await next.core.dispose();
    }
});

/** `cairn ARGS`, killed (SIGKILL) after `afterMs`, or left to finish; how long it ran, and whether killed. */
async function killedCairn(afterMs: number, ...args: string[]): Promise<{ms: number; killed: boolean}> {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], {stdio: "ignore"});
    const timer = setTimeout(() => child.kill("SIGKILL"), afterMs);
    const signal = await new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    clearTimeout(timer);
    return {ms: performance.now() - started, killed: signal === "SIGKILL"};
}

/** The library opens, SQLite's integrity check says ok, and its conversations' titles. */
function intact(dataDir: string): string[] {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        assert.equal(db.pragma("integrity_check", {simple: true}), "ok");
    } finally {
        db.close();
    }
    return titles(dataDir);
}

/** Files under the data folder that are neither a library, a whole backup nor a whole snapshot. */
function leftovers(dataDir: string): string[] {
    return fs
        .readdirSync(dataDir, {recursive: true, encoding: "utf8"})
        .filter((name) => /\.part|\.restoring|-journal$/.test(name));
}

test("a backup or a restore killed at any moment: the library opens whole, no partial file looks like a backup, and the next start clears what was left", async () => {
    const dataDir = tempDir();
    const names = Array.from({length: 1500}, (_, i) => `conversation ${String(i).padStart(4, "0")}`);
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    const store = new ConversationStore(db);
    db.transaction(() => {
        for (const name of names) {
            const c = store.create(name);
            store.addMessage({
                conversationId: c.id,
                role: "user",
                content: name.repeat(400),
                status: "complete",
            });
        }
    })();
    db.close();
    const file = path.join(tempDir(), "whole.cairn-backup");
    const backups = path.join(dataDir, "backups");
    // The kills land at shares of how long a whole run takes on this machine, whatever its pace: a run that
    // ended before its kill (the machine got less busy) sets the pace for the next ones.
    let wholeMs = (await killedCairn(60_000, "backup", "--data", dataDir, file)).ms;
    let killed = 0;
    const killedAt = async (share: number, ...args: string[]) => {
        const run = await killedCairn(wholeMs * share, ...args);
        if (run.killed) killed++;
        else wholeMs = Math.min(wholeMs, run.ms);
    };
    for (const share of [0.5, 0.7, 0.9]) {
        const target = path.join(backups, `b${share}.cairn-backup`);
        await killedAt(share, "backup", "--data", dataDir, target);
        assert.deepEqual(intact(dataDir), names);
        // A backup under its own name is whole: it opens and holds every conversation.
        if (fs.existsSync(target)) assert.equal(conversationsIn(target), names.length);
    }
    // A restore of a backup with one conversation more, killed at moments through its steps.
    library(dataDir, ["extra"]);
    const withExtra = path.join(tempDir(), "extra.cairn-backup");
    assert.equal(cairn("backup", "--data", dataDir, withExtra).code, 0);
    wholeMs = (await killedCairn(60_000, "restore", "--data", dataDir, file)).ms;
    for (const share of [0.4, 0.6, 0.75, 0.9]) {
        await killedAt(share, "restore", "--data", dataDir, withExtra);
        const titles = intact(dataDir);
        assert.ok(titles.length === names.length || titles.length === names.length + 1, `${titles.length}`);
        assert.deepEqual(
            leftovers(dataDir),
            [],
            `killed at ${share} of a restore: the next start cleared the rest`,
        );
        if (titles.length === names.length) continue;
        assert.equal(cairn("restore", "--data", dataDir, file).code, 0);
    }
    assert.ok(killed >= 4, `${killed} of 7 runs were killed midway`);
    assert.deepEqual(leftovers(dataDir), []);
});

/** How many conversations a backup holds, read as an SQLite file. */
function conversationsIn(file: string): number {
    const copy = new Database(file, {readonly: true, fileMustExist: true});
    try {
        assert.equal(copy.pragma("integrity_check", {simple: true}), "ok");
        return copy.prepare("SELECT count(*) FROM conversations").pluck().get() as number;
    } finally {
        copy.close();
    }
}

test("a full disk during a backup or a chat: one clear line, nothing corrupted, and all works once there is room", () => {
    const dataDir = tempDir();
    library(dataDir, ["kept"]);
    // A file-size limit makes SQLite's writes fail as on a full disk (RLIMIT_FSIZE).
    const limited = (kib: number, ...args: string[]) =>
        spawnSync(
            "bash",
            ["-c", `ulimit -f ${kib}; exec "$@"`, "bash", process.execPath, CLI, ...args, "--data", dataDir],
            {encoding: "utf8", env: {...process.env, CAIRN_MODEL: ""}},
        );
    const target = path.join(tempDir(), "full.cairn-backup");
    const backup = limited(64, "backup", target);
    assert.equal(backup.status, 1, backup.stderr);
    assert.match(
        backup.stderr.trim().split("\n").at(-1)!,
        /^cairn: the backup to .*full\.cairn-backup could not be written: .*the disk may be full: free some space and back up again/,
    );
    assert.ok(!fs.existsSync(target), "no partial backup");
    const chat = limited(8, "chat", "--model", TEST_MODEL, "--max-tokens", "8", "Once upon a time");
    assert.equal(chat.status, 1, chat.stderr);
    const lines = chat.stderr.trim().split("\n");
    assert.equal(lines.length, 1, chat.stderr);
    assert.match(
        lines[0]!,
        /^cairn: Cairn could not write to its library \(.*\): the disk may be full\. Free some space/,
    );
    // Room again: the library is whole, and both work.
    assert.deepEqual(intact(dataDir), ["kept"]);
    assert.equal(cairn("backup", "--data", dataDir, target).code, 0);
    const again = spawnSync(
        process.execPath,
        [CLI, "chat", "--data", dataDir, "--model", TEST_MODEL, "--max-tokens", "8", "Once upon a time"],
        {encoding: "utf8"},
    );
    assert.equal(again.status, 0, again.stderr);
});
