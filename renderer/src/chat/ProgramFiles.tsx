import {useState} from "react";
import type {ToolCallRecord} from "../../../shared/contract.js";
import {fieldOf} from "../../../shared/json.js";
import {useApi} from "../apiContext.js";
import {useTranslation} from "../i18n/index.js";
import {useArtifacts} from "./ArtifactPanel.js";

/** The names of a file a program may write that Cairn previews: pages, drawings, Mermaid diagrams. */
const PREVIEWABLE = /\.(html?|svg|mmd|mermaid)$/i;

/**
 * The pages, drawings and diagrams a program wrote (run_code's result names its files), each with a Preview that
 * opens it beside the conversation, read back from the conversation's folder.
 */
export function ProgramFiles({call}: {call: ToolCallRecord}) {
    const {t} = useTranslation();
    const api = useApi();
    const openArtifact = useArtifacts();
    const [problem, setProblem] = useState<string | null>(null);
    const names = previewableFiles(call);
    if (!api || !openArtifact || names.length === 0) return null;
    const open = async (name: string) => {
        const res = await api.invoke("artifacts.file", {toolCallId: call.id, name});
        setProblem(res.ok ? null : res.error.message);
        if (res.ok) openArtifact(res.value);
    };
    return (
        <div className="program-files">
            {names.map((name) => (
                <button key={name} type="button" onClick={() => void open(name)}>
                    {t("artifact.previewFile", {name})}
                </button>
            ))}
            {problem && (
                <p className="artifact-problem" role="alert">
                    {t("artifact.problem", {problem})}
                </p>
            )}
        </div>
    );
}

/** The previewable files a finished call's result names (run_code's `files`). */
function previewableFiles(call: ToolCallRecord): string[] {
    const files = fieldOf(call.resultData, "files");
    if (call.status !== "ok" || !Array.isArray(files)) return [];
    return files.flatMap((file: unknown) => {
        const name = fieldOf(file, "name");
        return typeof name === "string" && PREVIEWABLE.test(name) ? [name] : [];
    });
}
