import fs from "node:fs/promises";

/** A GGUF metadata value that is not an array. */
export type GgufScalar = string | number | bigint | boolean;

/** Bytes of each fixed-size GGUF value type, by its number (8: string and 9: array have a length first). */
const FIXED_BYTES: Record<number, number> = {
    0: 1,
    1: 1,
    2: 2,
    3: 2,
    4: 4,
    5: 4,
    6: 4,
    7: 1,
    10: 8,
    11: 8,
    12: 8,
};
const STRING = 8;
const ARRAY = 9;
const CHUNK = 1 << 20;

/**
 * A GGUF file's metadata keys whose values are not arrays (architecture, widths, names), read without decoding
 * its arrays: a vocabulary's 150k–262k tokens are stepped over by their lengths. node-llama-cpp's parser builds
 * every token as a string (about 1.5 s of the event loop for Gemma's vocabulary), which a question such as
 * "how wide is this model" does not need. Null when the file is not a GGUF or ends inside its header.
 */
export async function ggufScalars(file: string): Promise<Map<string, GgufScalar> | null> {
    let handle: fs.FileHandle;
    try {
        handle = await fs.open(file, "r");
    } catch {
        return null;
    }
    try {
        const reader = new ChunkReader(handle, (await handle.stat()).size);
        return await readScalars(reader);
    } catch (error) {
        if (error instanceof EndOfFile) return null;
        throw error;
    } finally {
        await handle.close();
    }
}

async function readScalars(reader: ChunkReader): Promise<Map<string, GgufScalar> | null> {
    if ((await reader.bytes(4)).toString("latin1") !== "GGUF") return null;
    const version = await reader.u32();
    if (version < 2 || version > 3) return null;
    reader.skip(8); // the tensor count
    const count = await reader.u64();
    const values = new Map<string, GgufScalar>();
    for (let i = 0n; i < count; i++) {
        const key = await reader.string();
        const type = await reader.u32();
        if (type === ARRAY) await skipArray(reader);
        else values.set(key, await readValue(reader, type));
    }
    return values;
}

async function readValue(reader: ChunkReader, type: number): Promise<GgufScalar> {
    if (type === STRING) return reader.string();
    const size = FIXED_BYTES[type];
    if (size === undefined) throw new Error(`unknown GGUF value type ${type}`);
    const bytes = await reader.bytes(size);
    switch (type) {
        case 0:
            return bytes.readUInt8(0);
        case 1:
            return bytes.readInt8(0);
        case 2:
            return bytes.readUInt16LE(0);
        case 3:
            return bytes.readInt16LE(0);
        case 4:
            return bytes.readUInt32LE(0);
        case 5:
            return bytes.readInt32LE(0);
        case 6:
            return bytes.readFloatLE(0);
        case 7:
            return bytes.readUInt8(0) !== 0;
        case 10:
            return safeNumber(bytes.readBigUInt64LE(0));
        case 11:
            return safeNumber(bytes.readBigInt64LE(0));
        default:
            return bytes.readDoubleLE(0);
    }
}

function safeNumber(value: bigint): number | bigint {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
        ? Number(value)
        : value;
}

async function skipArray(reader: ChunkReader): Promise<void> {
    const type = await reader.u32();
    const length = await reader.u64();
    if (type === STRING) return reader.skipStrings(Number(length));
    if (type === ARRAY) {
        for (let i = 0n; i < length; i++) await skipArray(reader);
        return;
    }
    const size = FIXED_BYTES[type];
    if (size === undefined) throw new Error(`unknown GGUF value type ${type}`);
    reader.skip(Number(length) * size);
}

class EndOfFile extends Error {}

/** Reads a file front to back a megabyte at a time; past its end throws EndOfFile. */
class ChunkReader {
    private chunk = Buffer.alloc(0);
    private at = 0;
    private chunkStart = 0;

    constructor(
        private readonly handle: fs.FileHandle,
        private readonly size: number,
    ) {}

    async bytes(count: number): Promise<Buffer> {
        await this.ensure(count);
        const out = this.chunk.subarray(this.at, this.at + count);
        this.at += count;
        return out;
    }

    skip(count: number): void {
        if (this.at + count <= this.chunk.length) {
            this.at += count;
            return;
        }
        const position = this.chunkStart + this.at + count;
        if (position > this.size) throw new EndOfFile();
        this.chunkStart = position;
        this.chunk = Buffer.alloc(0);
        this.at = 0;
    }

    /** Steps over `count` strings, their lengths read where they lie in the chunk without waiting. */
    async skipStrings(count: number): Promise<void> {
        let left = count;
        while (left > 0) {
            while (left > 0 && this.at + 8 <= this.chunk.length) {
                const length =
                    this.chunk.readUInt32LE(this.at) + this.chunk.readUInt32LE(this.at + 4) * 2 ** 32;
                if (this.at + 8 + length > this.chunk.length) break;
                this.at += 8 + length;
                left--;
            }
            if (left === 0) return;
            this.skip(Number(await this.u64()));
            left--;
        }
    }

    async u32(): Promise<number> {
        return (await this.bytes(4)).readUInt32LE(0);
    }

    async u64(): Promise<bigint> {
        return (await this.bytes(8)).readBigUInt64LE(0);
    }

    async string(): Promise<string> {
        const length = Number(await this.u64());
        return (await this.bytes(length)).toString("utf8");
    }

    /** Makes the next `count` bytes readable from the current chunk. */
    private async ensure(count: number): Promise<void> {
        if (this.at + count <= this.chunk.length) return;
        const start = this.chunkStart + this.at;
        if (start + count > this.size) throw new EndOfFile();
        const length = Math.min(Math.max(count, CHUNK), this.size - start);
        const chunk = Buffer.alloc(length);
        const {bytesRead} = await this.handle.read(chunk, 0, length, start);
        if (bytesRead < count) throw new EndOfFile();
        this.chunk = chunk.subarray(0, bytesRead);
        this.chunkStart = start;
        this.at = 0;
    }
}
