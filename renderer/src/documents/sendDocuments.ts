import type {CairnApi} from "../../../shared/contract.js";
import type {AppError} from "../../../shared/result.js";
import {messageOf} from "../../../shared/format.js";
import {sendInChunks} from "../ui/upload.js";

/** Where added documents go: a collection by name, or one conversation's attachments. */
export type DocumentScope = {collection: string} | {conversationId: string};

/**
 * Sends files the window has but not their paths (a browser's file picker or drop) to the core, one after
 * another, each added to the scope as it arrives (docs.begin, docs.chunk…, docs.finish). onSent: the file
 * being sent and the share of it sent so far. Stops at the first refusal and answers it (null: all were sent).
 */
export async function sendDocuments(
    api: CairnApi,
    files: File[],
    scope: DocumentScope,
    onSent: (name: string, share: number) => void,
): Promise<Pick<AppError, "message" | "words"> | null> {
    for (const file of files) {
        const begun = await api.invoke("docs.begin", {name: file.name, size: file.size});
        if (!begun.ok) return begun.error;
        const {uploadId} = begun.value;
        onSent(file.name, 0);
        try {
            await sendInChunks(
                file,
                (offset, data) => api.invoke("docs.chunk", {uploadId, offset, data}),
                (share) => onSent(file.name, share),
            );
        } catch (error) {
            // A file the browser could not read (a folder dropped), or a chunk the core refused.
            return {message: messageOf(error)};
        }
        const added = await api.invoke("docs.finish", {uploadId, ...scope});
        if (!added.ok) return added.error;
    }
    return null;
}
