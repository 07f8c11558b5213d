import fs from "node:fs/promises";

const HEADER_BYTES = 24;
// The smallest possible key/value and tensor-info records; counts beyond what the file could hold mean
// garbage. Checked before node-llama-cpp's own parser, which can spin allocating on such a header.
const MIN_KV_BYTES = 8 + 1 + 4 + 1;
const MIN_TENSOR_INFO_BYTES = 8 + 1 + 4 + 8 + 4 + 8;

/** Cheap checks that a path is a readable GGUF file; returns a message for a person, or null when it looks sound. */
export async function checkGgufFile(file: string): Promise<string | null> {
    let handle: fs.FileHandle;
    try {
        handle = await fs.open(file, "r");
    } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return `model file not found: ${file}; choose a GGUF model file`;
        if (code === "EACCES" || code === "EPERM")
            return `model file is not readable: ${file}; check its permissions`;
        return `cannot open model file ${file}: ${(error as Error).message}`;
    }
    try {
        const stat = await handle.stat();
        if (stat.isDirectory()) return `model path is a folder, not a file: ${file}; choose a .gguf file`;
        const size = stat.size;
        const header = Buffer.alloc(HEADER_BYTES);
        const {bytesRead} = await handle.read(header, 0, HEADER_BYTES, 0);
        if (bytesRead < 4 || header.toString("latin1", 0, 4) !== "GGUF") {
            return `not a GGUF model file: ${file}; choose a .gguf file (llama.cpp format)`;
        }
        if (bytesRead < HEADER_BYTES) return `model file is truncated: ${file}; download it again`;
        const version = header.readUInt32LE(4);
        if (version < 2 || version > 3) return `unsupported GGUF version ${version} in ${file}`;
        const tensorCount = header.readBigUInt64LE(8);
        const kvCount = header.readBigUInt64LE(16);
        const room = BigInt(size - HEADER_BYTES);
        if (tensorCount * BigInt(MIN_TENSOR_INFO_BYTES) + kvCount * BigInt(MIN_KV_BYTES) > room) {
            return `model file is corrupt or truncated: ${file}; download it again`;
        }
        return null;
    } finally {
        await handle.close();
    }
}
