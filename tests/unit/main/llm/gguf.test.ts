import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {checkGgufFile} from "../../../../main/llm/gguf.js";
import {inEnglish, sayIn} from "../../../../main/words.js";
import {TEST_MODEL, tempDir} from "../../../helpers/paths.js";

/** The check's finding in English (what the CLI prints); null for a sound file. */
const check = async (file: string) => {
    const words = await checkGgufFile(file);
    return words && inEnglish(words);
};

const dir = tempDir();
const write = (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
};

test("the real test model passes", async () => {
    assert.equal(await check(TEST_MODEL), null);
});

test("a missing file is named", async () => {
    assert.equal(
        await check("/no/such/model.gguf"),
        "model file not found: /no/such/model.gguf; choose a GGUF model file",
    );
    // In words the window says in its language.
    assert.equal(
        sayIn("fr", (await checkGgufFile("/no/such/model.gguf"))!),
        "Fichier de modèle introuvable : /no/such/model.gguf ; choisissez un fichier de modèle GGUF",
    );
});

test("a folder is not a model", async () => {
    assert.match((await check(dir))!, /is a folder, not a file/);
});

test("random bytes are not a GGUF file", async () => {
    const file = write("random.gguf", Buffer.from(Array.from({length: 4096}, (_, i) => (i * 7919) % 256)));
    assert.match((await check(file))!, /^not a GGUF model file: /);
});

test("a header with impossible counts is corrupt (node-llama-cpp would spin on it)", async () => {
    const header = Buffer.alloc(64);
    header.write("GGUF", 0, "latin1");
    header.writeUInt32LE(3, 4);
    header.writeBigUInt64LE(0x6761726261676567n, 8);
    header.writeBigUInt64LE(5n, 16);
    assert.match((await check(write("garbage.gguf", header)))!, /corrupt or truncated/);
});

test("a file cut inside its header is truncated", async () => {
    const file = write("cut.gguf", fs.readFileSync(TEST_MODEL).subarray(0, 12));
    assert.match((await check(file))!, /truncated/);
});

test("an unknown GGUF version is refused", async () => {
    const data = Buffer.from(fs.readFileSync(TEST_MODEL));
    data.writeUInt32LE(99, 4);
    assert.match((await check(write("v99.gguf", data)))!, /unsupported GGUF version 99/);
});
