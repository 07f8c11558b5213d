import {useState} from "react";
import {Download} from "lucide-react";
import type {ToolCallRecord} from "../../../shared/contract.js";
import {formatBytes} from "../../../shared/format.js";
import {fieldOf} from "../../../shared/json.js";
import {useApi} from "../apiContext.js";
import {useTranslation} from "../i18n/index.js";
import {download} from "../ui/download.js";
import {useArtifacts} from "./ArtifactPanel.js";

/** The names of a file a program may write that Cairn previews: pages, drawings, Mermaid diagrams. */
const PREVIEWABLE = /\.(html?|svg|mmd|mermaid)$/i;
/** The files listed under a run; the others are in the conversation's folder, which the result names. */
const LISTED = 20;

type ProgramFile = {name: string; bytes: number};

/**
 * The files a program wrote (run_code's result names them), each with Download, and the pages, drawings and
 * diagrams among them with a Preview that opens them beside the conversation. Both read the file back from the
 * conversation's folder, by the name the run gave.
 */
export function ProgramFiles({call}: {call: ToolCallRecord}) {
    const {t} = useTranslation();
    const api = useApi();
    const openArtifact = useArtifacts();
    const [problem, setProblem] = useState<string | null>(null);
    const files = filesOf(call);
    if (!api || files.length === 0) return null;
    const preview = async (name: string) => {
        const res = await api.invoke("artifacts.file", {toolCallId: call.id, name});
        setProblem(res.ok ? null : res.error.message);
        if (res.ok) openArtifact?.(res.value);
    };
    const save = async (name: string) => {
        const res = await api.invoke("artifacts.download", {toolCallId: call.id, name});
        setProblem(res.ok ? null : res.error.message);
        if (res.ok) download(new Blob([bytesOf(res.value.data)]), name.split("/").at(-1) ?? name);
    };
    return (
        <ul className="program-files" aria-label={t("artifact.files")}>
            {files.slice(0, LISTED).map(({name, bytes}) => (
                <li key={name}>
                    <span className="file-name">{name}</span>
                    <span className="muted">{formatBytes(bytes)}</span>
                    {openArtifact && PREVIEWABLE.test(name) && (
                        <button type="button" onClick={() => void preview(name)}>
                            {t("artifact.previewFile", {name})}
                        </button>
                    )}
                    <button
                        type="button"
                        onClick={() => void save(name)}
                        aria-label={t("artifact.downloadFile", {name})}
                    >
                        <Download aria-hidden size={14} /> {t("artifact.download")}
                    </button>
                </li>
            ))}
            {files.length > LISTED && <li className="muted">{t("artifact.moreFiles")}</li>}
            {problem && (
                <li className="artifact-problem" role="alert">
                    {t("artifact.problem", {problem})}
                </li>
            )}
        </ul>
    );
}

/** The files a call's result names (run_code's `files`), whether or not the program ended well. */
function filesOf(call: ToolCallRecord): ProgramFile[] {
    const files = fieldOf(call.resultData, "files");
    if (!Array.isArray(files)) return [];
    return files.flatMap((file: unknown) => {
        const name = fieldOf(file, "name");
        const bytes = fieldOf(file, "bytes");
        return typeof name === "string" ? [{name, bytes: typeof bytes === "number" ? bytes : 0}] : [];
    });
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
}
