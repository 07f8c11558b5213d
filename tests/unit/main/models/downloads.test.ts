import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {dropResumeState} from "../../../../main/models/downloads.js";
import {tempDir} from "../../../helpers/paths.js";

const body = Buffer.from("GGUF" + "x".repeat(996));

function fileWith(tail: string): string {
    const file = path.join(tempDir(), "model.gguf");
    fs.writeFileSync(file, Buffer.concat([body, Buffer.from(tail)]));
    return file;
}

test("the downloader's resume state left after a file's last byte is cut off; anything else stays", () => {
    // As ipull writes it: its JSON state after the file's bytes (the 67 bytes seen after a killed download).
    const state = fileWith(JSON.stringify({totalSize: body.length, chunks: [1, 1, 0], version: 3}));
    dropResumeState(state, body.length);
    assert.ok(fs.readFileSync(state).equals(body), "cut back to the announced size");

    for (const tail of ["not json at all", "[1,2,3]", "", "{truncated json"]) {
        const file = fileWith(tail);
        dropResumeState(file, body.length);
        assert.equal(fs.statSync(file).size, body.length + tail.length, `kept with ${JSON.stringify(tail)}`);
    }
    const short = fileWith("");
    dropResumeState(short, body.length + 10);
    assert.equal(fs.statSync(short).size, body.length, "a short file is left to the size check");
    dropResumeState(path.join(tempDir(), "missing.gguf"), 10);
});
