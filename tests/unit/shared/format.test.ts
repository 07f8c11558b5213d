import assert from "node:assert/strict";
import test from "node:test";
import {formatBytes} from "../../../shared/format.js";

test("bytes for people: a small file in bytes, then KiB, MiB and GiB", () => {
    assert.equal(formatBytes(0), "0 B");
    assert.equal(formatBytes(191), "191 B");
    assert.equal(formatBytes(1023), "1023 B");
    assert.equal(formatBytes(1024), "1 KiB");
    assert.equal(formatBytes(1536), "2 KiB");
    assert.equal(formatBytes(5 * 1024 ** 2), "5.0 MiB");
    assert.equal(formatBytes(3.5 * 1024 ** 3), "3.5 GiB");
});
