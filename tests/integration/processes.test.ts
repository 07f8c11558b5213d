import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {waitFor} from "../helpers/waitFor.js";
import {testTools} from "../helpers/testTools.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {ProcessRegistry} from "../../main/store/processes.js";

function cairn(args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
    const child = spawn(process.execPath, [CLI, ...args], {
        stdio: ["ignore", "pipe", "pipe"],
        env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: ""},
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    return new Promise((resolve) => child.once("exit", (code) => resolve({code, stdout, stderr})));
}

/** `cairn chat` in a conversation of the data directory, as a second process. */
function chatIn(dataDir: string, conversationId: string, text: string) {
    return cairn([
        "chat",
        "--data",
        dataDir,
        "--model",
        TEST_MODEL,
        "--conversation",
        conversationId,
        "--max-tokens",
        "4",
        text,
    ]);
}

function row<T>(dataDir: string, sql: string, ...params: unknown[]): T {
    const db = new Database(path.join(dataDir, "cairn.sqlite"), {readonly: true});
    try {
        return db.prepare(sql).get(...params) as T;
    } finally {
        db.close();
    }
}

test("another Cairn process neither interrupts a live answer nor answers in the same conversation", async () => {
    const dataDir = tempDir();
    const t = await openTestCore({dataDir, extraTools: testTools().tools, generation: {maxTokens: 4}});
    try {
        const c = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setMode", {id: c.id, mode: "agent"}));
        // The test model's 2048-token context cannot hold every agent tool's definition besides the test
        // tools: the file tools, the workspace's program runs and the task list, unused here, are switched off,
        // as a person would in the tools menu.
        const unused = [
            "list_directory",
            "read_file",
            "create_file",
            "replace_in_file",
            "run_code_in_workspace",
            "todo",
        ];
        unwrap(await t.api.invoke("conversations.setTools", {id: c.id, off: unused}));
        // A live answer that stays open: its forced call waits for the user's approval.
        const asked = new Promise<string>((resolve) =>
            t.api.onEvent((e) => e.type === "tool.approvalRequested" && resolve(e.request.approvalId)),
        );
        const done = nextDone(t.api, c.id);
        const sent = unwrap(
            await t.api.invoke("chat.send", {
                conversationId: c.id,
                text: "Save it.",
                toolChoice: "note_write",
            }),
        );
        const approvalId = await asked;

        const listed = await cairn(["models", "list", "--data", dataDir]);
        assert.equal(listed.code, 0, listed.stderr);
        assert.deepEqual(row(dataDir, "SELECT status FROM messages WHERE id = ?", sent.messageId), {
            status: "streaming",
        });
        assert.deepEqual(row(dataDir, "SELECT status FROM tool_calls WHERE message_id = ?", sent.messageId), {
            status: "awaiting_approval",
        });

        const second = await chatIn(dataDir, c.id, "Hi");
        assert.equal(second.code, 1);
        assert.match(
            second.stderr,
            new RegExp(
                `^cairn: another Cairn process is answering in this conversation \\(pid ${process.pid}, `,
            ),
        );
        const messages = unwrap(await t.api.invoke("messages.list", {conversationId: c.id}));
        assert.equal(messages.length, 2, "the refused process wrote nothing into the conversation");

        unwrap(await t.api.invoke("tools.decide", {approvalId, decision: "deny"}));
        assert.equal((await done).status, "complete");
        const third = await chatIn(dataDir, c.id, "Hi");
        assert.equal(third.code, 0, third.stderr);
    } finally {
        await t.core.dispose();
    }
});

test("a killed process's answer is taken over: marked interrupted, and the conversation answers again", async () => {
    const dataDir = tempDir();
    const child = spawn(
        process.execPath,
        [
            CLI,
            "chat",
            "--data",
            dataDir,
            "--model",
            TEST_MODEL,
            "--threads",
            "1",
            "--max-tokens",
            "1000000",
            "Once",
        ],
        {stdio: "ignore", env: {...process.env, CAIRN_MODEL: ""}},
    );
    const answer = await waitFor("the other process's answer to start streaming", () => {
        try {
            const found = row<{id: string; conversation_id: string; status: string} | undefined>(
                dataDir,
                "SELECT id, conversation_id, status FROM messages WHERE role = 'assistant'",
            );
            return found?.status === "streaming" ? found : undefined;
        } catch {
            return undefined; // The database is not made yet.
        }
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    const again = await chatIn(dataDir, answer.conversation_id, "Again");
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(row(dataDir, "SELECT status FROM messages WHERE id = ?", answer.id), {
        status: "interrupted",
    });
    assert.deepEqual(row(dataDir, "SELECT count(*) AS n FROM active_turns"), {n: 0});
    assert.deepEqual(row(dataDir, "SELECT count(*) AS n FROM processes"), {n: 0});
});

/**
 * Another process writing the library (here: holding its write lock for 400 ms) makes this one wait, within
 * SQLite's busy timeout, rather than fail with "database is locked": a transaction that reads before it writes
 * must take the write lock first. Two `cairn automations run-due` at once failed so (a whole `npm test`,
 * 2026-12-06): each process's start recovers what gone processes left, a read and then writes.
 */
test("a process's start waits while another process writes the library, instead of 'database is locked'", async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, DB_FILE_NAME);
    openDatabase(file).close();
    const holder = spawn(
        process.execPath,
        [
            "-e",
            `const db = new (require("better-sqlite3"))(process.argv[1]);
             db.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('held', '1')");
             console.log("held");
             setTimeout(() => { db.exec("COMMIT"); db.close(); }, 400);`,
            file,
        ],
        {stdio: ["ignore", "pipe", "inherit"]},
    );
    await new Promise<void>((resolve) => holder.stdout.once("data", () => resolve()));
    const db = openDatabase(file);
    try {
        const registry = new ProcessRegistry(db, "cairn test");
        assert.equal(registry.recover(), 0);
        assert.deepEqual(db.prepare("SELECT value FROM settings WHERE key = 'held'").get(), {value: "1"});
    } finally {
        db.close();
        await new Promise((resolve) =>
            holder.exitCode === null ? holder.once("exit", resolve) : resolve(null),
        );
    }
});
