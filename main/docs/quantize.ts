/**
 * The compact codes of an embedding vector that vector search runs on; the float vector itself stays in the
 * vec0 table. Search ranks by cosine, so every code is of the normalized vector.
 *
 * - **binary**: one bit per dimension (its sign), zero-padded to a multiple of 16 bytes for the SIMD kernel:
 *   48 bytes at 384 dimensions. Hamming distance between codes tracks the angle between vectors.
 * - **nibbles**: 4 bits per dimension (−7…7 of the largest component's scale) and that scale: 196 bytes at
 *   384. A query's score against it is a sum of table lookups, with an error near 0.008 of cosine.
 * - **int8**: a byte per dimension and its scale: 388 bytes at 384; an error near 0.0005 of cosine, which
 *   gives the final order and distances.
 */
export const SCALE_BYTES = 4;

export function normalized(vector: Float32Array): Float32Array {
    let sum = 0;
    for (const x of vector) sum += x * x;
    const norm = Math.sqrt(sum) || 1;
    return Float32Array.from(vector, (x) => x / norm);
}

/** Bytes of a binary code: a bit per dimension, rounded up to 16 bytes (one SIMD register). */
export function binaryBytes(dimension: number): number {
    return Math.ceil(dimension / 128) * 16;
}

/** Bytes of a nibble code: the scale, then two dimensions a byte. */
export function nibbleBytes(dimension: number): number {
    return SCALE_BYTES + Math.ceil(dimension / 2);
}

/** Bit d of the code is set when component d is positive (sqlite-vec's vec_quantize_binary order). */
export function binaryCode(unit: Float32Array): Uint8Array {
    const code = new Uint8Array(binaryBytes(unit.length));
    for (let d = 0; d < unit.length; d++) if (unit[d]! > 0) code[d >> 3]! |= 1 << (d & 7);
    return code;
}

export function nibbleCode(unit: Float32Array): Uint8Array {
    const scale = largest(unit) / 7 || 1;
    const code = new Uint8Array(nibbleBytes(unit.length));
    new DataView(code.buffer).setFloat32(0, scale, true);
    for (let d = 0; d < unit.length; d++) {
        const nibble = Math.max(-7, Math.min(7, Math.round(unit[d]! / scale))) + 8;
        code[SCALE_BYTES + (d >> 1)]! |= d & 1 ? nibble << 4 : nibble;
    }
    return code;
}

export function int8Code(unit: Float32Array): Buffer {
    const scale = largest(unit) / 127 || 1;
    const code = Buffer.alloc(SCALE_BYTES + unit.length);
    code.writeFloatLE(scale, 0);
    for (let d = 0; d < unit.length; d++) code.writeInt8(Math.round(unit[d]! / scale), SCALE_BYTES + d);
    return code;
}

/** The cosine of a normalized query with the vector an int8 code stands for. */
export function int8Cosine(query: Float32Array, code: Uint8Array): number {
    const view = new DataView(code.buffer, code.byteOffset, code.byteLength);
    let sum = 0;
    for (let d = 0; d < query.length; d++) sum += query[d]! * view.getInt8(SCALE_BYTES + d);
    return sum * view.getFloat32(0, true);
}

/**
 * For one query, a table per code byte of what each of its 256 values adds to the score (two dimensions a
 * byte): scoring a nibble code is then one lookup a byte. Its size is 256 × dimension / 2 floats.
 */
export function nibbleTable(query: Float32Array): Float32Array {
    const pairs = Math.ceil(query.length / 2);
    const table = new Float32Array(pairs * 256);
    for (let p = 0; p < pairs; p++) {
        const low = query[2 * p]!;
        const high = query[2 * p + 1] ?? 0;
        for (let byte = 0; byte < 256; byte++)
            table[p * 256 + byte] = low * ((byte & 15) - 8) + high * ((byte >> 4) - 8);
    }
    return table;
}

/**
 * A document's block of codes, as `document_codes` keeps it and CodeIndex.addRun reads it: the binary codes
 * of its chunks in order, then their nibble codes (two moves to copy it into memory, not two per chunk).
 */
export function codeBlock(units: Float32Array[]): Buffer {
    return Buffer.concat([...units.map(binaryCode), ...units.map(nibbleCode)]);
}

function largest(unit: Float32Array): number {
    let top = 0;
    for (const x of unit) top = Math.max(top, Math.abs(x));
    return top;
}
