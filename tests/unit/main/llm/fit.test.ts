import assert from "node:assert/strict";
import {test} from "node:test";
import {readIntoMemory} from "../../../../main/llm/fit.js";

const GiB = 1024 ** 3;

test("weights are read into memory only when the model runs on the CPU and fits with a quarter to spare", () => {
    assert.equal(readIntoMemory({verdict: "ram", ramBytes: 1 * GiB, freeRamBytes: 8 * GiB}), true);
    assert.equal(readIntoMemory({verdict: "ram", ramBytes: 4 * GiB, freeRamBytes: 5 * GiB}), true);
    assert.equal(
        readIntoMemory({verdict: "ram", ramBytes: 4 * GiB, freeRamBytes: 4.9 * GiB}),
        false,
        "too tight",
    );
    assert.equal(
        readIntoMemory({verdict: "vram", ramBytes: 0.1 * GiB, freeRamBytes: 8 * GiB}),
        false,
        "on the GPU",
    );
    assert.equal(readIntoMemory({verdict: "too-large", ramBytes: 9 * GiB, freeRamBytes: 8 * GiB}), false);
});
