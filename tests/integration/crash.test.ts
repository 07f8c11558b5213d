import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import path from "node:path";
import {test} from "node:test";
import Database from "better-sqlite3";
import {CAIRN_STOPPED} from "../../main/store/processes.js";
import {createCore} from "../../main/core.js";
import {DB_FILE_NAME} from "../../main/store/db.js";
import {waitFor} from "../helpers/waitFor.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

type Row = {status: string; content: string};

test("an answer cut by SIGKILL is marked interrupted on the next start, with all the text it showed kept", async () => {
    const dataDir = tempDir();
    const child = spawn(
        process.execPath,
        [CLI, "chat", "--data", dataDir, "--model", TEST_MODEL, "--threads", "1"].concat([
            "--max-tokens",
            "1000000",
            "--temperature",
            "0",
            "Once upon a time",
        ]),
        {stdio: ["ignore", "pipe", "pipe"]},
    );
    let printed = "";
    child.stdout.on("data", (d) => (printed += d));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once("exit", (_code, signal) => resolve(signal)),
    );

    // Readiness: the answer row exists, is streaming, has text on disk, and some of it has been shown (printed).
    const file = path.join(dataDir, DB_FILE_NAME);
    const row = await waitFor("the answer to stream text to disk and to the screen", () => {
        const found = readAnswer(file);
        if (found?.status === "streaming" && found.content.length > 0 && printed.length > 0) return found;
        assert.equal(child.exitCode, null, "the chat finished before it could be killed");
        return undefined;
    });
    child.kill("SIGKILL");
    assert.equal(await exited, "SIGKILL");

    const afterKill = readAnswer(file)!;
    assert.equal(afterKill.status, "streaming");
    const core = createCore({dataDir});
    try {
        assert.equal(core.recoveredInterrupted, 1);
        const [conversation] = core.conversations.list();
        const answer = core.conversations.messages(conversation!.id).find((m) => m.role === "assistant")!;
        assert.equal(answer.status, "interrupted");
        // Told apart from the person's Stop (which leaves no error): the window says "interrupted (Cairn stopped)".
        assert.equal(answer.error, CAIRN_STOPPED);
        assert.ok(answer.content.length >= row.content.length);
        // Each token is saved before it is shown: everything printed before the kill was kept (and at most the
        // token on its way to the screen beside it).
        assert.ok(printed.length > 0);
        assert.ok(
            answer.content.startsWith(printed),
            `the kept text holds all that was shown: kept ${JSON.stringify(answer.content.slice(-40))}, shown ${JSON.stringify(printed.slice(-40))}`,
        );
    } finally {
        await core.dispose();
    }
});

function readAnswer(file: string): Row | undefined {
    try {
        const db = new Database(file, {readonly: true, fileMustExist: true});
        try {
            return db.prepare("SELECT status, content FROM messages WHERE role = 'assistant'").get() as
                Row | undefined;
        } finally {
            db.close();
        }
    } catch {
        return undefined;
    }
}
