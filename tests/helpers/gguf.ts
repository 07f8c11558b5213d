import fs from "node:fs";
import {str, u32, u64} from "./ggufFile.js";

/** A minimal GGUF v3 writer for failure tests: real headers that llama.cpp and node-llama-cpp parse. */
type Value = string | number | boolean;
export type Tensor = {name: string; dims: number[]; type?: number};

const TYPE = {uint32: 4, float32: 6, bool: 7, string: 8} as const;
const ALIGNMENT = 32;

export function writeGguf(
    file: string,
    metadata: Record<string, Value>,
    tensors: Tensor[],
    /** Bytes of tensor data written; "sparse": as many as the tensors take, as a sparse file (no disk used). */
    dataBytes: number | "sparse" = 0,
): void {
    const parts: Buffer[] = [
        Buffer.from("GGUF", "latin1"),
        u32(3),
        u64(tensors.length),
        u64(Object.keys(metadata).length),
    ];
    for (const [key, value] of Object.entries(metadata)) parts.push(str(key), ...encodeValue(value));
    let offset = 0n;
    for (const t of tensors) {
        parts.push(
            str(t.name),
            u32(t.dims.length),
            ...t.dims.map((d) => u64(d)),
            u32(t.type ?? 0),
            u64(offset),
        );
        offset += BigInt(t.dims.reduce((a, b) => a * b, 1)) * 4n;
        offset = ((offset + BigInt(ALIGNMENT) - 1n) / BigInt(ALIGNMENT)) * BigInt(ALIGNMENT);
    }
    const header = Buffer.concat(parts);
    const padding = (ALIGNMENT - (header.length % ALIGNMENT)) % ALIGNMENT;
    const data = dataBytes === "sparse" ? 0 : dataBytes;
    fs.writeFileSync(file, Buffer.concat([header, Buffer.alloc(padding), Buffer.alloc(data)]));
    if (dataBytes === "sparse") fs.truncateSync(file, header.length + padding + Number(offset));
}

function encodeValue(value: Value): Buffer[] {
    if (typeof value === "string") return [u32(TYPE.string), str(value)];
    if (typeof value === "boolean") return [u32(TYPE.bool), Buffer.from([value ? 1 : 0])];
    if (Number.isInteger(value)) return [u32(TYPE.uint32), u32(value)];
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    return [u32(TYPE.float32), b];
}
