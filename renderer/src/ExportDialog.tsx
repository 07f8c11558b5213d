import type {CairnApi, Conversation} from "../../shared/contract.js";
import {Dialog} from "./Dialog.js";

type Props = {api: CairnApi; conversation: Conversation; onClose(): void; onError(message: string): void};

/** Saves the conversation as Markdown (to read) or JSON (everything, to import again). */
export function ExportDialog({api, conversation, onClose, onError}: Props) {
    const save = async (format: "markdown" | "json") => {
        const res = await api.invoke("conversations.export", {id: conversation.id, format});
        if (!res.ok) return onError(res.error.message);
        const url = URL.createObjectURL(new Blob([res.value.content], {type: res.value.mimeType}));
        const link = document.createElement("a");
        link.href = url;
        link.download = res.value.fileName;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
        onClose();
    };
    return (
        <Dialog label="Export" onClose={onClose}>
            <h2>Export “{conversation.title}”</h2>
            <p>
                Markdown is for reading: citations become footnotes and tool steps collapsible details. JSON
                keeps everything (tool calls, citations, counters) and can be imported again.
            </p>
            <div className="choices">
                <button data-autofocus onClick={() => void save("markdown")}>
                    Markdown
                </button>
                <button onClick={() => void save("json")}>JSON</button>
                <button onClick={onClose}>Cancel</button>
            </div>
        </Dialog>
    );
}
