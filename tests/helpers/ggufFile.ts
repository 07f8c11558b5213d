import fs from "node:fs";

/**
 * GGUF v3 metadata read and written with each value's exact type, and tensors written with their data:
 * enough to copy a real tokenizer out of one file into a new model (see templateModel.ts).
 */
export const GgufType = {
    u8: 0,
    i8: 1,
    u16: 2,
    i16: 3,
    u32: 4,
    i32: 5,
    f32: 6,
    bool: 7,
    string: 8,
    array: 9,
    u64: 10,
    i64: 11,
    f64: 12,
} as const;

type Scalar = number | bigint | boolean | string;
/** A value with its GGUF type; arrays carry the type of their items. */
export type GgufValue = {type: number; value: Scalar; itemType?: undefined} | GgufArray;
type GgufArray = {type: typeof GgufType.array; itemType: number; value: Scalar[]};

/** A tensor to write: its name, its dims (innermost first, as GGUF stores them), its type and bytes. */
export type GgufTensor = {name: string; dims: number[]; type: number; data: Buffer};

const ALIGNMENT = 32;
const SIZES: Record<number, number> = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8};

/** Reads every metadata key of a GGUF file, with its type (tensor infos and data are not read). */
export function readGgufMetadata(file: string): Map<string, GgufValue> {
    return readGgufFile(file).metadata;
}

/** A GGUF file's metadata and tensors (each one's data with its alignment padding). */
export function readGgufFile(file: string): {metadata: Map<string, GgufValue>; tensors: GgufTensor[]} {
    const buffer = fs.readFileSync(file);
    if (buffer.toString("latin1", 0, 4) !== "GGUF") throw new Error(`${file} is not a GGUF file`);
    let at = 8;
    const take = (n: number) => {
        at += n;
        return at - n;
    };
    const readString = () => {
        const length = Number(buffer.readBigUInt64LE(take(8)));
        return buffer.toString("utf8", take(length), at);
    };
    const readScalar = (type: number): Scalar => {
        if (type === GgufType.string) return readString();
        const offset = take(SIZES[type] ?? fail(type));
        switch (type) {
            case GgufType.u8:
                return buffer.readUInt8(offset);
            case GgufType.i8:
                return buffer.readInt8(offset);
            case GgufType.u16:
                return buffer.readUInt16LE(offset);
            case GgufType.i16:
                return buffer.readInt16LE(offset);
            case GgufType.u32:
                return buffer.readUInt32LE(offset);
            case GgufType.i32:
                return buffer.readInt32LE(offset);
            case GgufType.f32:
                return buffer.readFloatLE(offset);
            case GgufType.bool:
                return buffer.readUInt8(offset) !== 0;
            case GgufType.u64:
                return buffer.readBigUInt64LE(offset);
            case GgufType.i64:
                return buffer.readBigInt64LE(offset);
            default:
                return buffer.readDoubleLE(offset);
        }
    };
    const tensorCount = Number(buffer.readBigUInt64LE(take(8)));
    const count = Number(buffer.readBigUInt64LE(take(8)));
    const metadata = new Map<string, GgufValue>();
    for (let i = 0; i < count; i++) {
        const key = readString();
        const type = buffer.readUInt32LE(take(4));
        if (type !== GgufType.array) {
            metadata.set(key, {type, value: readScalar(type)});
            continue;
        }
        const itemType = buffer.readUInt32LE(take(4));
        const length = Number(buffer.readBigUInt64LE(take(8)));
        const value = Array.from({length}, () => readScalar(itemType));
        metadata.set(key, {type: GgufType.array, itemType, value});
    }
    const infos = Array.from({length: tensorCount}, () => {
        const name = readString();
        const dims = Array.from({length: buffer.readUInt32LE(take(4))}, () =>
            Number(buffer.readBigUInt64LE(take(8))),
        );
        return {
            name,
            dims,
            type: buffer.readUInt32LE(take(4)),
            offset: Number(buffer.readBigUInt64LE(take(8))),
        };
    });
    const dataStart = align(at);
    const tensors = infos.map((t, i) => ({
        name: t.name,
        dims: t.dims,
        type: t.type,
        data: buffer.subarray(
            dataStart + t.offset,
            dataStart + (infos[i + 1]?.offset ?? buffer.length - dataStart),
        ),
    }));
    return {metadata, tensors};
}

/**
 * Writes a GGUF as llama.cpp's gguf-split does: NAME-00001-of-0000N.gguf holds the metadata and the first
 * tensors, the other parts only split.* keys and their tensors. Returns the parts' file names.
 */
export function writeSplitGguf(source: string, dir: string, name: string, parts: number): string[] {
    const {metadata, tensors} = readGgufFile(source);
    const per = Math.ceil(tensors.length / parts);
    const files: string[] = [];
    for (let i = 0; i < parts; i++) {
        const split = new Map<string, GgufValue>([
            ["split.no", {type: GgufType.u16, value: i}],
            ["split.count", {type: GgufType.u16, value: parts}],
            ["split.tensors.count", {type: GgufType.i32, value: tensors.length}],
        ]);
        const file = `${name}-${String(i + 1).padStart(5, "0")}-of-${String(parts).padStart(5, "0")}.gguf`;
        writeGgufFile(
            `${dir}/${file}`,
            i === 0 ? new Map([...metadata, ...split]) : split,
            tensors.slice(i * per, (i + 1) * per),
        );
        files.push(file);
    }
    return files;
}

function fail(type: number): never {
    throw new Error(`unsupported GGUF value type ${type}`);
}

/** Writes a GGUF v3 file: the metadata in order, then the tensors' infos and their aligned data. */
export function writeGgufFile(file: string, metadata: Map<string, GgufValue>, tensors: GgufTensor[]): void {
    const parts: Buffer[] = [Buffer.from("GGUF", "latin1"), u32(3), u64(tensors.length), u64(metadata.size)];
    for (const [key, value] of metadata) parts.push(str(key), encode(value));
    let offset = 0;
    for (const tensor of tensors) {
        parts.push(
            str(tensor.name),
            u32(tensor.dims.length),
            ...tensor.dims.map(u64),
            u32(tensor.type),
            u64(offset),
        );
        offset = align(offset + tensor.data.length);
    }
    const header = Buffer.concat(parts);
    const fd = fs.openSync(file, "w");
    try {
        fs.writeSync(fd, header);
        fs.writeSync(fd, Buffer.alloc(align(header.length) - header.length));
        for (const tensor of tensors) {
            fs.writeSync(fd, tensor.data);
            fs.writeSync(fd, Buffer.alloc(align(tensor.data.length) - tensor.data.length));
        }
    } finally {
        fs.closeSync(fd);
    }
}

function encode(value: GgufValue): Buffer {
    if (value.itemType === undefined)
        return Buffer.concat([u32(value.type), scalar(value.type, value.value)]);
    const items = value.value;
    const head = [u32(GgufType.array), u32(value.itemType), u64(items.length)];
    return Buffer.concat([...head, ...items.map((v) => scalar(value.itemType, v))]);
}

function scalar(type: number, value: Scalar): Buffer {
    if (type === GgufType.string) return str(String(value));
    const b = Buffer.alloc(SIZES[type] ?? fail(type));
    switch (type) {
        case GgufType.u8:
        case GgufType.bool:
            b.writeUInt8(Number(value));
            break;
        case GgufType.i8:
            b.writeInt8(Number(value));
            break;
        case GgufType.u16:
            b.writeUInt16LE(Number(value));
            break;
        case GgufType.i16:
            b.writeInt16LE(Number(value));
            break;
        case GgufType.u32:
            b.writeUInt32LE(Number(value));
            break;
        case GgufType.i32:
            b.writeInt32LE(Number(value));
            break;
        case GgufType.f32:
            b.writeFloatLE(Number(value));
            break;
        case GgufType.u64:
            b.writeBigUInt64LE(BigInt(value));
            break;
        case GgufType.i64:
            b.writeBigInt64LE(BigInt(value));
            break;
        default:
            b.writeDoubleLE(Number(value));
    }
    return b;
}

const align = (n: number) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;

export function u32(n: number): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
}

export function u64(n: number | bigint): Buffer {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    return b;
}

export function str(s: string): Buffer {
    const bytes = Buffer.from(s, "utf8");
    return Buffer.concat([u64(bytes.length), bytes]);
}
