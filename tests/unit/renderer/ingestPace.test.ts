import assert from "node:assert/strict";
import {test} from "node:test";
import i18next from "i18next";
import type {IngestProgress} from "../../../shared/contract.js";
import {paceOf} from "../../../renderer/src/documents/IngestBar.js";

const job = (filesDone: number, filesTotal: number): IngestProgress => ({
    jobId: "j",
    state: "running",
    filesTotal,
    filesDone,
    chunks: 0,
    currentFile: null,
    errors: [],
    message: null,
});

test("an ingest's rate and time left come from the files done since the window first saw the job", () => {
    const t = i18next.getFixedT("en");
    const first = {at: 0, done: 10};
    assert.deepEqual(paceOf(t, "en", first, job(10, 100), 5_000), [], "nothing done yet: no rate");
    assert.deepEqual(paceOf(t, "en", first, job(12, 100), 500), [], "under a second: no rate");
    assert.deepEqual(paceOf(t, "en", first, job(30, 100), 10_000), ["2.0 files/s", "about 35 s left"]);
    assert.deepEqual(paceOf(t, "en", first, job(40, 10_000), 2_000), ["15 files/s", "about 11 min left"]);
    assert.deepEqual(paceOf(t, "en", first, job(130, 1_300), 60_000), ["2.0 files/s", "about 10 min left"]);
});

test("the pace is written in the window's language, its numbers as that language writes them", () => {
    const t = i18next.getFixedT("de");
    const first = {at: 0, done: 10};
    assert.deepEqual(paceOf(t, "de", first, job(30, 100), 10_000), ["2,0 Dateien/s", "noch etwa 35 s"]);
    assert.deepEqual(paceOf(t, "de", first, job(11, 100), 1_000), ["1,0 Dateien/s", "noch etwa 1 min"]);
});
