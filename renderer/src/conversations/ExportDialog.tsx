import {useState} from "react";
import type {CairnApi, Conversation} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Dialog} from "../ui/Dialog.js";
import {download} from "../ui/download.js";
import {shownTitle} from "../ui/titles.js";

type Props = {
    api: CairnApi;
    conversation: Conversation;
    onClose: () => void;
    onError: (message: string) => void;
};
type Format = "markdown" | "html" | "pdf" | "json";

const FORMATS: Format[] = ["markdown", "html", "pdf", "json"];
/** The formats' names (names, not words: the same in every language). */
const FORMAT_NAMES: Record<Format, string> = {markdown: "Markdown", html: "HTML", pdf: "PDF", json: "JSON"};

/**
 * Saves the conversation as Markdown, HTML (one file, readable offline) or PDF to read, or as JSON
 * (everything, to import again); thinking, tool steps and sources as the person chooses.
 */
export function ExportDialog({api, conversation, onClose, onError}: Props) {
    const {t} = useTranslation();
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
        if (!page) return onError(t("exportDialog.printBlocked"));
        page.addEventListener("load", () => page.print());
        onClose();
    };
    const toggle = (name: keyof typeof parts) => (e: React.ChangeEvent<HTMLInputElement>) =>
        setParts((p) => ({...p, [name]: e.target.checked}));
    return (
        <Dialog label={t("exportDialog.label")} onClose={onClose}>
            <h2>{t("exportDialog.title", {title: shownTitle(conversation.title, t)})}</h2>
            <p>{t("exportDialog.intro")}</p>
            <fieldset className="export-parts">
                <legend>{t("exportDialog.include")}</legend>
                <label>
                    <input type="checkbox" checked={parts.thinking} onChange={toggle("thinking")} />{" "}
                    {t("exportDialog.thinking")}
                </label>
                <label>
                    <input type="checkbox" checked={parts.tools} onChange={toggle("tools")} />{" "}
                    {t("exportDialog.tools")}
                </label>
                <label>
                    <input type="checkbox" checked={parts.sources} onChange={toggle("sources")} />{" "}
                    {t("exportDialog.sources")}
                </label>
            </fieldset>
            <div className="choices">
                {FORMATS.map((format, index) => (
                    <button
                        key={format}
                        data-autofocus={index === 0 || undefined}
                        className={index === 0 ? "primary" : undefined}
                        onClick={() => void save(format)}
                    >
                        {FORMAT_NAMES[format]}
                    </button>
                ))}
                <button onClick={onClose}>{t("exportDialog.cancel")}</button>
            </div>
        </Dialog>
    );
}
