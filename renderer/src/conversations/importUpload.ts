import type {CairnApi, ImportReport} from "../../../shared/contract.js";
import {sendInChunks} from "../ui/upload.js";

/**
 * Sends a file the window has (a drop, a file picker) to the core in chunks, then has it imported: the
 * window has the file's bytes, not its path. onSent: the share of the file sent so far; onBegun: its upload's
 * id, which imports.cancel stops.
 */
export async function uploadAndImport(
    api: CairnApi,
    file: File,
    onSent: (share: number) => void,
    onBegun: (uploadId: string) => void = () => {},
): Promise<ImportReport> {
    const begun = await api.invoke("imports.begin", {name: file.name, size: file.size});
    if (!begun.ok) throw new Error(begun.error.message);
    const {uploadId} = begun.value;
    onBegun(uploadId);
    await sendInChunks(file, (offset, data) => api.invoke("imports.chunk", {uploadId, offset, data}), onSent);
    const finished = await api.invoke("imports.finish", {uploadId});
    if (!finished.ok) throw new Error(finished.error.message);
    return finished.value;
}
