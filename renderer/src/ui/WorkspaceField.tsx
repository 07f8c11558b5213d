import {useEffect, useState} from "react";
import {useTranslation} from "../i18n/index.js";

/** The folder the file tools work in when a conversation has none of its own (agent mode). */
export function WorkspaceField({
    value,
    onSave,
    label,
}: {
    value: string | null;
    onSave: (folder: string | null) => void;
    label?: string;
}) {
    const {t} = useTranslation();
    const [text, setText] = useState(value ?? "");
    useEffect(() => setText(value ?? ""), [value]);
    return (
        <div className="workspace-field">
            <label>
                {label ?? t("settingsPanel.workspace")}
                <input
                    type="text"
                    value={text}
                    placeholder={t("settingsPanel.workspaceDefault")}
                    onChange={(e) => setText(e.target.value)}
                    spellCheck={false}
                />
            </label>
            <button onClick={() => onSave(text.trim() || null)} disabled={(value ?? "") === text.trim()}>
                {t("settingsPanel.useFolder")}
            </button>
            {value && <button onClick={() => onSave(null)}>{t("settingsPanel.useDefault")}</button>}
        </div>
    );
}
