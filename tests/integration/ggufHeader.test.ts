import assert from "node:assert/strict";
import fsPromises from "node:fs/promises";
import path from "node:path";
import {test} from "node:test";
import {readGgufFileInfo} from "node-llama-cpp";
import {GgufType, writeGgufFile, type GgufValue} from "../helpers/ggufFile.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// node-llama-cpp's header reader as Cairn patches it (patches/README.md, 006): an array's items are read in plain
// loops, in parts between which the event loop runs (bench: the longest hold), and a model load takes the header
// Cairn read already.

/** Strings of characters one to four UTF-8 bytes long, each numbered. */
function tokens(count: number): string[] {
    const letters = ["a", "é", "€", "𝄞", "▁the", "<|im_end|>"];
    return Array.from({length: count}, (_, i) => `${letters[i % letters.length]}${i}`);
}

test("node-llama-cpp reads every array type of a header as written: numbers of each width, strings of every UTF-8 length, across the reader's 4 MB parts", async () => {
    const file = path.join(tempDir(), "arrays.gguf");
    const strings = tokens(300_000);
    const floats = Array.from({length: 300_000}, (_, i) => i / 8 - 1000);
    const array = (itemType: number, value: Array<number | bigint | string>): GgufValue => ({
        type: GgufType.array,
        itemType,
        value,
    });
    const metadata = new Map<string, GgufValue>([
        ["general.architecture", {type: GgufType.string, value: "llama"}],
        ["test.u8", array(GgufType.u8, [0, 1, 255])],
        ["test.i8", array(GgufType.i8, [-128, 0, 127])],
        ["test.u16", array(GgufType.u16, [0, 65535])],
        ["test.i16", array(GgufType.i16, [-32768, 32767])],
        ["test.u32", array(GgufType.u32, [0, 4294967295])],
        ["test.i32", array(GgufType.i32, [-2147483648, 7, 2147483647])],
        ["test.f64", array(GgufType.f64, [0.1, -2.5e300])],
        ["test.u64", array(GgufType.u64, [0n, 18446744073709551615n])],
        ["test.i64", array(GgufType.i64, [-9223372036854775808n, 9223372036854775807n])],
        ["test.bool", array(GgufType.bool, [1, 0, 1])],
        ["test.empty", array(GgufType.string, [])],
        ["tokenizer.ggml.tokens", array(GgufType.string, strings)],
        ["tokenizer.ggml.scores", array(GgufType.f32, floats)],
        ["test.after", {type: GgufType.string, value: "the key after the arrays"}],
    ]);
    writeGgufFile(file, metadata, []);
    // Past the reader's first 4 MB part: an item is cut at the part's end.
    assert.ok((await fsPromises.stat(file)).size > 4 * 1024 * 1024);

    const info = await readGgufFileInfo(file, {sourceType: "filesystem", readTensorInfo: false});

    const read = info.metadata as unknown as {
        test: Record<string, unknown>;
        tokenizer: {ggml: {tokens: string[]; scores: number[]}};
    };
    assert.deepEqual(read.test.u8, [0, 1, 255]);
    assert.deepEqual(read.test.i8, [-128, 0, 127]);
    assert.deepEqual(read.test.u16, [0, 65535]);
    assert.deepEqual(read.test.i16, [-32768, 32767]);
    assert.deepEqual(read.test.u32, [0, 4294967295]);
    assert.deepEqual(read.test.i32, [-2147483648, 7, 2147483647]);
    assert.deepEqual(read.test.f64, [0.1, -2.5e300]);
    assert.deepEqual(read.test.u64, [0n, 18446744073709551615n]);
    assert.deepEqual(read.test.i64, [-9223372036854775808n, 9223372036854775807n]);
    assert.deepEqual(read.test.bool, [true, false, true]);
    assert.deepEqual(read.test.empty, []);
    assert.equal(read.test.after, "the key after the arrays");
    assert.deepEqual(read.tokenizer.ggml.tokens, strings);
    assert.deepEqual(read.tokenizer.ggml.scores, floats);
});

test("a model load reads the file's header once: node-llama-cpp takes the one Cairn read", async () => {
    // A copy: its time is changed below.
    const model = path.join(tempDir(), "model-copy.gguf");
    await fsPromises.copyFile(TEST_MODEL, model);
    const t = await openTestCore({modelPath: model});
    const opens: string[] = [];
    const open = fsPromises.open;
    // Opens of the model file by node-llama-cpp's header reader (llama.cpp's own reads are native).
    fsPromises.open = ((file: Parameters<typeof open>[0], ...rest: [never?, never?]) => {
        const stack = new Error().stack ?? "";
        if (path.resolve(String(file)) === model && stack.includes("GgufFsFileReader")) opens.push(stack);
        return open(file, ...rest);
    }) as typeof open;
    try {
        await readGgufFileInfo(model, {sourceType: "filesystem"});
        const oneRead = opens.splice(0).length;
        assert.ok(oneRead >= 1, "a header read is seen");
        // The engine read the header when it loaded the model first, and keeps it for the file's version.
        assert.equal(unwrap(await t.core.engine.load(model)).state, "ready");
        assert.equal(opens.length, 0, `node-llama-cpp read the header again:\n${opens.join("\n\n")}`);
        // A file that changed is read again, once (the inspection), where the load read it a second time.
        const later = new Date(Date.now() + 60_000);
        await fsPromises.utimes(model, later, later);
        assert.equal(unwrap(await t.core.engine.load(model)).state, "ready");
        assert.equal(opens.length, oneRead, "one header read for the changed file");
    } finally {
        fsPromises.open = open;
        await t.core.dispose();
    }
});
