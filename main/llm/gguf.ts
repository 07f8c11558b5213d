import fs from "node:fs/promises";
import {wordsOf} from "../../shared/coreWords.js";
import {formatCount, messageOf, codeOf} from "../../shared/format.js";
import type {Words} from "../../shared/result.js";

const HEADER_BYTES = 24;
// The smallest possible key/value and tensor-info records; counts beyond what the file could hold mean
// garbage. Checked before node-llama-cpp's own parser, which can spin allocating on such a header.
const MIN_KV_BYTES = 8 + 1 + 4 + 1;
const MIN_TENSOR_INFO_BYTES = 8 + 1 + 4 + 8 + 4 + 8;

/** Cheap checks that a path is a readable GGUF file; returns why not in words, or null when it looks sound. */
export async function checkGgufFile(file: string): Promise<Words | null> {
    const values = {path: file};
    let handle: fs.FileHandle;
    try {
        handle = await fs.open(file, "r");
    } catch (error) {
        const code = codeOf(error);
        if (code === "ENOENT") return wordsOf("modelFileMissing", values);
        if (code === "EACCES" || code === "EPERM") return wordsOf("modelFileUnreadable", values);
        return wordsOf("modelFileOpen", {...values, reason: messageOf(error)});
    }
    try {
        const stat = await handle.stat();
        if (stat.isDirectory()) return wordsOf("modelIsFolder", values);
        const size = stat.size;
        const header = Buffer.alloc(HEADER_BYTES);
        const {bytesRead} = await handle.read(header, 0, HEADER_BYTES, 0);
        if (bytesRead < 4 || header.toString("latin1", 0, 4) !== "GGUF")
            return wordsOf("modelNotGguf", values);
        if (bytesRead < HEADER_BYTES) return wordsOf("modelTruncated", values);
        const version = header.readUInt32LE(4);
        if (version < 2 || version > 3) return wordsOf("modelGgufVersion", {...values, version});
        const tensorCount = header.readBigUInt64LE(8);
        const kvCount = header.readBigUInt64LE(16);
        const room = BigInt(size - HEADER_BYTES);
        if (tensorCount * BigInt(MIN_TENSOR_INFO_BYTES) + kvCount * BigInt(MIN_KV_BYTES) > room) {
            return wordsOf("modelHeaderCorrupt", values);
        }
        return null;
    } finally {
        await handle.close();
    }
}

/** ggml's block size (values) and bytes per block, by GgmlType number, as ggml's type traits give them. */
const GGML_BLOCKS: Record<number, [values: number, bytes: number]> = {
    0: [1, 4], // F32
    1: [1, 2], // F16
    2: [32, 18], // Q4_0
    3: [32, 20], // Q4_1
    6: [32, 22], // Q5_0
    7: [32, 24], // Q5_1
    8: [32, 34], // Q8_0
    9: [32, 36], // Q8_1
    10: [256, 84], // Q2_K
    11: [256, 110], // Q3_K
    12: [256, 144], // Q4_K
    13: [256, 176], // Q5_K
    14: [256, 210], // Q6_K
    15: [256, 292], // Q8_K
    16: [256, 66], // IQ2_XXS
    17: [256, 74], // IQ2_XS
    18: [256, 98], // IQ3_XXS
    19: [256, 50], // IQ1_S
    20: [32, 18], // IQ4_NL
    21: [256, 110], // IQ3_S
    22: [256, 82], // IQ2_S
    23: [256, 136], // IQ4_XS
    24: [1, 1], // I8
    25: [1, 2], // I16
    26: [1, 4], // I32
    27: [1, 8], // I64
    28: [1, 8], // F64
    29: [256, 56], // IQ1_M
    30: [1, 2], // BF16
};

type TensorPlace = {dimensions: readonly (number | bigint)[]; ggmlType: number; fileOffset: number | bigint};

/**
 * Where a GGUF file's tensor data ends, from its tensor table: the furthest tensor's offset plus its size.
 * null when a tensor's type is one this table does not know (the check is then skipped).
 */
export function tensorDataEnd(tensors: readonly TensorPlace[]): number | null {
    let end = 0;
    for (const tensor of tensors) {
        const block = GGML_BLOCKS[tensor.ggmlType];
        if (!block) return null;
        const values = tensor.dimensions.reduce<number>((n, d) => n * Number(d), 1);
        end = Math.max(end, Number(tensor.fileOffset) + Math.ceil(values / block[0]) * block[1]);
    }
    return end;
}

/** A file shorter than its tensor table says: an interrupted download or copy. */
export function incompleteProblem(
    file: string,
    size: number,
    tensors: readonly TensorPlace[] | undefined,
): Words | null {
    const end = tensors?.length ? tensorDataEnd(tensors) : null;
    if (end === null || size >= end) return null;
    return wordsOf("modelIncomplete", {path: file, size: formatCount(size), expected: formatCount(end)});
}
