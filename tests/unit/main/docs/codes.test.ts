import assert from "node:assert/strict";
import {test} from "node:test";
import {CodeIndex} from "../../../../main/docs/codes.js";
import {seeded} from "../../../../bench/corpus.js";

const random = seeded(3);
const randomCode = (bytes: number) => Uint8Array.from({length: bytes}, () => Math.floor(random() * 256));

function hamming(a: Uint8Array, b: Uint8Array): number {
    let bits = 0;
    for (let i = 0; i < a.length; i++) for (let x = a[i]! ^ b[i]!; x; x >>= 1) bits += x & 1;
    return bits;
}

test("nearest returns the k smallest Hamming distances, nearest first, as a brute-force count does", () => {
    // 6 bytes: not a multiple of 4, so the padding of the last word is exercised.
    for (const bytes of [6, 48]) {
        const index = new CodeIndex(bytes);
        const entries = Array.from({length: 3000}, (_, i) => ({
            id: i + 1,
            code: randomCode(bytes),
            scope: i % 3 ? "a" : "b",
        }));
        index.add(entries);
        assert.equal(index.size, 3000);
        const query = randomCode(bytes);
        const got = index.nearest(query, 25, null);
        assert.equal(got.length, 25);
        const distance = new Map(entries.map((e) => [e.id, hamming(e.code, query)]));
        const sorted = [...distance.values()].sort((a, b) => a - b);
        assert.deepEqual(
            got.map((id) => distance.get(id)),
            sorted.slice(0, 25),
            `the distances of the 25 nearest (${bytes} bytes)`,
        );
    }
});

test("nearest keeps to the scopes asked for, and returns all of a scope smaller than k", () => {
    const index = new CodeIndex(4);
    index.add([
        {id: 10, code: Uint8Array.of(0, 0, 0, 0), scope: "a"},
        {id: 11, code: Uint8Array.of(255, 0, 0, 0), scope: "b"},
        {id: 12, code: Uint8Array.of(1, 0, 0, 0), scope: "b"},
        {id: 13, code: Uint8Array.of(255, 255, 255, 255), scope: "c"},
    ]);
    assert.deepEqual(index.nearest(Uint8Array.of(0, 0, 0, 0), 10, ["b"]), [12, 11]);
    assert.deepEqual(index.nearest(Uint8Array.of(0, 0, 0, 0), 10, ["a", "c"]), [10, 13]);
    assert.deepEqual(index.nearest(Uint8Array.of(0, 0, 0, 0), 2, null), [10, 12]);
    assert.deepEqual(index.nearest(Uint8Array.of(0, 0, 0, 0), 10, ["unknown"]), []);
    assert.throws(() => index.nearest(Uint8Array.of(0, 0), 1, null), /2 bytes in an index of 4/);
    assert.throws(() => index.add([{id: 1, code: Uint8Array.of(0), scope: "a"}]), /1 bytes in an index of 4/);
});
