// The in-memory stages of vector search (codes.ts) against brute force computed here in plain JavaScript:
// the WebAssembly Hamming kernel and its cut, the 4-bit rescoring, scopes, and the kernel's memory growing.
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {test} from "node:test";
import {seeded} from "../../../../bench/corpus.js";
import {CodeIndex} from "../../../../main/docs/codes.js";
import {binaryCode, codeBlock, nibbleCode, normalized, SCALE_BYTES} from "../../../../main/docs/quantize.js";

const random = seeded(3);
const randomVector = (dimension: number) =>
    normalized(Float32Array.from({length: dimension}, () => random() * 2 - 1));

function hamming(a: Uint8Array, b: Uint8Array): number {
    let bits = 0;
    for (let i = 0; i < a.length; i++) for (let x = a[i]! ^ b[i]!; x; x >>= 1) bits += x & 1;
    return bits;
}

/** The 4-bit score as the definition says: scale × Σ query[d] × (nibble[d] − 8). */
function nibbleScore(query: Float32Array, code: Uint8Array): number {
    const scale = new DataView(code.buffer, code.byteOffset).getFloat32(0, true);
    let sum = 0;
    for (let d = 0; d < query.length; d++) {
        const byte = code[SCALE_BYTES + (d >> 1)]!;
        sum += query[d]! * (((d & 1 ? byte >> 4 : byte) & 15) - 8);
    }
    return sum * scale;
}

function indexOf(dimension: number, count: number, scopes = ["a"]) {
    const index = new CodeIndex(dimension);
    const vectors = Array.from({length: count}, () => randomVector(dimension));
    // Added one by one, so that the kernel's memory grows (and the scopes move) several times.
    vectors.forEach((vector, i) => index.addRun([i + 1], codeBlock([vector]), scopes[i % scopes.length]!));
    return {index, vectors};
}

for (const dimension of [384, 100, 7])
    test(`the first stage keeps the codes nearest by Hamming distance, as a brute-force count does (${dimension} dimensions)`, () => {
        const {index, vectors} = indexOf(dimension, 3000);
        assert.equal(index.size, 3000);
        const query = randomVector(dimension);
        const distances = vectors.map((v) => hamming(binaryCode(v), binaryCode(query)));
        // With k = wide, the second stage only reorders what the first kept.
        const kept = index.nearest(query, 40, 40, null).map((hit) => distances[hit.id - 1]!);
        const sorted = [...distances].sort((a, b) => a - b);
        assert.equal(kept.length, 40);
        assert.deepEqual(
            kept.sort((a, b) => a - b),
            sorted.slice(0, 40),
            "the 40 smallest distances",
        );
    });

test("the second stage orders by the 4-bit scores, and with every code a candidate it is exact for them", () => {
    const {index, vectors} = indexOf(384, 2000);
    const query = randomVector(384);
    const scores = vectors.map((v) => nibbleScore(query, nibbleCode(v)));
    const best = scores
        .map((score, i) => ({id: i + 1, score}))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10);
    const got = index.nearest(query, 10, 5000, null);
    assert.deepEqual(
        got.map((h) => h.id),
        best.map((h) => h.id),
    );
    for (const [i, hit] of got.entries()) assert.ok(Math.abs(hit.score - best[i]!.score) < 1e-4);
    // A 4-bit score is close to the cosine.
    for (const hit of got) {
        const cosine = vectors[hit.id - 1]!.reduce((sum, x, d) => sum + x * query[d]!, 0);
        assert.ok(Math.abs(hit.score - cosine) < 0.05, `${hit.score} against ${cosine}`);
    }
});

test("nearest keeps to the scopes asked for, also after the memory grew, and returns all of a scope smaller than k", () => {
    const {index} = indexOf(384, 5000, ["a", "b", "b", "c"]);
    const query = randomVector(384);
    const inScope = (scopes: string[]) => index.nearest(query, 5000, 5000, scopes).map((h) => h.id);
    const scopeOf = (id: number) => ["a", "b", "b", "c"][(id - 1) % 4]!;
    const a = inScope(["a"]);
    assert.equal(a.length, 1250, "every chunk of scope a, none of the others");
    assert.ok(a.every((id) => scopeOf(id) === "a"));
    const bc = inScope(["b", "c"]);
    assert.equal(bc.length, 3750);
    assert.ok(bc.every((id) => scopeOf(id) !== "a"));
    assert.deepEqual(inScope(["unknown"]), []);
    assert.equal(index.nearest(query, 10, 20, null).length, 10);
    assert.throws(() => index.addRun([1], new Uint8Array(3), "a"), /3 bytes in an index of 244/);
});

test("chunks struck out are never returned, in any scope or none", () => {
    const {index} = indexOf(384, 1000, ["a", "b"]);
    const query = randomVector(384);
    // Positions 10-14 hold ids 11-15 (added in order).
    index.strikeOut(10, 5);
    assert.equal(index.struckOut, 5);
    const gone = new Set([11, 12, 13, 14, 15]);
    const left = index.nearest(query, 1000, 1000, null).map((h) => h.id);
    assert.equal(left.length, 995);
    assert.ok(left.every((id) => !gone.has(id)));
    assert.ok(index.nearest(query, 1000, 1000, ["a", "b"]).every((h) => !gone.has(h.id)));
    index.strikeOut(12, 10);
    assert.equal(index.struckOut, 12, "positions 12-14 were struck out already: counted once");
    assert.equal(
        index.addRun([2001, 2002], new Uint8Array(2 * index.codeBytes), "a"),
        1000,
        "a run's first position",
    );
});

test("the committed kernel module is the one its WebAssembly text builds", () => {
    execFileSync(process.execPath, ["scripts/buildKernels.mjs", "--check"], {stdio: "pipe"});
});
