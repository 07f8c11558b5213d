import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {Uploads} from "../../../main/uploads.js";
import {inEnglish, WordsError} from "../../../main/words.js";
import {tempDir} from "../../helpers/paths.js";

// Window uploads on a real folder of a real disk: what a killed process left, and the room of uploads under way.

test("uploads a killed process left are removed when the next one starts; a live process's stay", async () => {
    const folder = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = await new Promise<number>((resolve) => gone.once("exit", () => resolve(gone.pid!)));
    fs.writeFileSync(path.join(folder, `upload-a.${pid}.part`), "half of an export");
    fs.writeFileSync(path.join(folder, `upload-b.${process.pid}.part`), "being sent now");
    const uploads = new Uploads(folder);
    assert.deepEqual(fs.readdirSync(folder), [`upload-b.${process.pid}.part`]);
    const id = uploads.begin("notes.txt", 5);
    uploads.chunk(id, 0, Buffer.from("hello").toString("base64"));
    const taken = uploads.take(id);
    assert.match(path.basename(taken.file), new RegExp(`^upload-.*\\.${process.pid}\\.part$`));
    assert.equal(fs.readFileSync(taken.file, "utf8"), "hello");
});

test("uploads under way keep the room they still need: two cannot both count the same free space", () => {
    const folder = tempDir();
    const free = () => {
        const stats = fs.statfsSync(folder);
        return stats.bavail * stats.bsize;
    };
    const uploads = new Uploads(folder);
    // Each asks for 60% of what is free: one fits, the second does not while the first is under way.
    const room = Math.floor(free() * 0.6);
    const first = uploads.begin("one.zip", 10, room);
    assert.throws(
        () => uploads.begin("two.zip", 10, room),
        (error: unknown) =>
            error instanceof WordsError &&
            /^not enough free disk space for two\.zip/.test(inEnglish(error.words)),
    );
    uploads.chunk(first, 0, Buffer.from("0123456789").toString("base64"));
    uploads.take(first);
    // Taken, it no longer holds its room.
    assert.ok(uploads.begin("two.zip", 10, room));
});
