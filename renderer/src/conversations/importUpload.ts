import type {CairnApi, ImportReport} from "../../../shared/contract.js";

/** Bytes per imports.chunk: under the contract's UPLOAD_CHUNK_BYTES (512 KiB) with room to spare. */
const IMPORT_CHUNK_BYTES = 384 * 1024;

/**
 * Sends a file the window has (a drop, a file picker) to the core in chunks, then has it imported: the
 * window has the file's bytes, not its path. onSent: the share of the file sent so far.
 */
export async function uploadAndImport(
    api: CairnApi,
    file: File,
    onSent: (share: number) => void,
): Promise<ImportReport> {
    const begun = await api.invoke("imports.begin", {name: file.name, size: file.size});
    if (!begun.ok) throw new Error(begun.error.message);
    const {uploadId} = begun.value;
    for (let offset = 0; offset < file.size; offset += IMPORT_CHUNK_BYTES) {
        const bytes = new Uint8Array(await file.slice(offset, offset + IMPORT_CHUNK_BYTES).arrayBuffer());
        const sent = await api.invoke("imports.chunk", {uploadId, offset, data: toBase64(bytes)});
        if (!sent.ok) throw new Error(sent.error.message);
        onSent(sent.value.received / file.size);
    }
    const finished = await api.invoke("imports.finish", {uploadId});
    if (!finished.ok) throw new Error(finished.error.message);
    return finished.value;
}

function toBase64(bytes: Uint8Array): string {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
}
