import {useState} from "react";
import type {CairnApi, Conversation} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";
import {download} from "../ui/download.js";

type Props = {api: CairnApi; conversation: Conversation; onClose(): void; onError(message: string): void};
type Format = "markdown" | "html" | "pdf" | "json";

/**
 * Saves the conversation as Markdown, HTML (one file, readable offline) or PDF to read, or as JSON
 * (everything, to import again); thinking, tool steps and sources as the person chooses.
 */
export function ExportDialog({api, conversation, onClose, onError}: Props) {
    const [parts, setParts] = useState({thinking: true, tools: true, sources: true});
    const save = async (format: Format) => {
        const res = await api.invoke("conversations.export", {id: conversation.id, format, parts});
        if (!res.ok && res.error.code === "UNAVAILABLE" && format === "pdf") return printHere();
        if (!res.ok) return onError(res.error.message);
        const {content, encoding, mimeType, fileName} = res.value;
        const body = encoding === "base64" ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0)) : content;
        download(new Blob([body], {type: mimeType}), fileName);
        onClose();
    };
    // A browser window has no printToPDF: the HTML export opens in a window of its own, to print to PDF.
    const printHere = () => {
        const query = new URLSearchParams(
            Object.entries(parts).map(([name, on]) => [name, on ? "1" : "0"] as [string, string]),
        );
        const page = window.open(`/export/${encodeURIComponent(conversation.id)}?${query.toString()}`);
        if (!page) return onError("The window to print could not open: allow this page to open windows");
        page.addEventListener("load", () => page.print());
        onClose();
    };
    const toggle = (name: keyof typeof parts) => (e: React.ChangeEvent<HTMLInputElement>) =>
        setParts((p) => ({...p, [name]: e.target.checked}));
    return (
        <Dialog label="Export" onClose={onClose}>
            <h2>Export “{conversation.title}”</h2>
            <p>
                Markdown, HTML and PDF are for reading: citations become footnotes and tool steps collapsible
                details; HTML is one file with its styles, math and code highlighting, readable offline. JSON
                keeps everything (tool calls, citations, counters, every version) and can be imported again.
            </p>
            <fieldset className="export-parts">
                <legend>Include (Markdown, HTML, PDF)</legend>
                <label>
                    <input type="checkbox" checked={parts.thinking} onChange={toggle("thinking")} /> Thinking
                </label>
                <label>
                    <input type="checkbox" checked={parts.tools} onChange={toggle("tools")} /> Tool steps
                </label>
                <label>
                    <input type="checkbox" checked={parts.sources} onChange={toggle("sources")} /> Sources
                </label>
            </fieldset>
            <div className="choices">
                <button data-autofocus onClick={() => void save("markdown")}>
                    Markdown
                </button>
                <button onClick={() => void save("html")}>HTML</button>
                <button onClick={() => void save("pdf")}>PDF</button>
                <button onClick={() => void save("json")}>JSON</button>
                <button onClick={onClose}>Cancel</button>
            </div>
        </Dialog>
    );
}
