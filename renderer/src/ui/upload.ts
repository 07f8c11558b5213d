/** Bytes per chunk: under the contract's UPLOAD_CHUNK_BYTES (512 KiB) with room to spare. */
const CHUNK_BYTES = 384 * 1024;

type Sent<T> = {ok: true; value: T} | {ok: false; error: {message: string}};

/**
 * Sends a file the window has (a drop, a paste, a file picker) in order, a chunk at a time, through the
 * calls given (imports.chunk, attachments.chunk): the window has the file's bytes, not its path.
 * onSent: the share of the file sent so far.
 */
export async function sendInChunks(
    file: Blob,
    chunk: (offset: number, data: string) => Promise<Sent<{received: number}>>,
    onSent: (share: number) => void,
): Promise<void> {
    for (let offset = 0; offset < file.size; offset += CHUNK_BYTES) {
        const bytes = new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
        const sent = await chunk(offset, toBase64(bytes));
        if (!sent.ok) throw new Error(sent.error.message);
        onSent(sent.value.received / file.size);
    }
}

function toBase64(bytes: Uint8Array): string {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
}
