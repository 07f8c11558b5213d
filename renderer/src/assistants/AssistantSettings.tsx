import {useEffect, useState} from "react";
import {ASSISTANT_DEFAULTS} from "../../../shared/assistants.js";
import type {Assistant, AssistantInput, CairnApi} from "../../../shared/contract.js";
import {download} from "../ui/download.js";
import {AssistantEditor} from "./AssistantEditor.js";
import {useAssistants} from "./useAssistants.js";
import {Trans, useTranslation} from "../i18n/index.js";

type Props = {api: CairnApi; onError: (message: string) => void};

const BLANK: AssistantInput = {name: "", ...ASSISTANT_DEFAULTS, isDefault: false};

/**
 * Settings' "Assistants": saved instructions and settings a new conversation starts with; one may be the
 * default. Add, edit, make default, export as JSON, import such files, delete.
 */
export function AssistantSettings({api, onError}: Props) {
    const {t} = useTranslation();
    const assistants = useAssistants(api);
    // null: no editor open; {id: null}: a new assistant.
    const [editing, setEditing] = useState<{id: string | null; input: AssistantInput} | null>(null);
    const [notice, setNotice] = useState<string | null>(null);
    useEffect(() => setNotice(null), [editing]);
    const run = async <T,>(call: Promise<{ok: true; value: T} | {ok: false; error: {message: string}}>) => {
        const res = await call;
        if (!res.ok) onError(res.error.message);
        return res.ok ? res.value : null;
    };
    const save = async (input: AssistantInput) => {
        const saved = await run(
            api.invoke("assistants.save", {...(editing?.id ? {id: editing.id} : {}), assistant: input}),
        );
        if (saved) setEditing(null);
    };
    const exportOne = async (assistant: Assistant) => {
        const file = await run(api.invoke("assistants.export", {id: assistant.id}));
        if (file) download(new Blob([file.content], {type: "application/json"}), file.fileName);
    };
    const importFiles = async (files: FileList | null) => {
        for (const file of files ?? []) {
            const imported = await run(api.invoke("assistants.import", {content: await file.text()}));
            if (!imported) continue;
            setNotice(
                imported.missing.length
                    ? t("assistantSettings.importedMissing", {
                          name: imported.name,
                          missing: imported.missing.join(", "),
                      })
                    : t("assistantSettings.imported", {name: imported.name}),
            );
        }
    };
    return (
        <section aria-labelledby="assistants-heading" className="assistants">
            <h2 id="assistants-heading">{t("settings.section.assistants")}</h2>
            <p className="hint">
                <Trans i18nKey="assistantSettings.intro" components={{b: <strong />}} />
            </p>
            <div className="assistant-actions">
                <button onClick={() => setEditing({id: null, input: BLANK})}>
                    {t("assistantSettings.new")}
                </button>
                <label className="file-button">
                    {t("assistantSettings.import")}
                    <input
                        type="file"
                        accept=".json,application/json"
                        aria-label={t("assistantSettings.importHint")}
                        multiple
                        onChange={(e) => {
                            void importFiles(e.target.files);
                            e.target.value = "";
                        }}
                    />
                </label>
            </div>
            {notice && <p role="status">{notice}</p>}
            {editing && (
                <AssistantEditor
                    api={api}
                    initial={editing.input}
                    isNew={editing.id === null}
                    onSave={(input) => void save(input)}
                    onCancel={() => setEditing(null)}
                />
            )}
            {assistants.length === 0 ? (
                <p className="muted">{t("assistantSettings.none")}</p>
            ) : (
                <ul className="assistant-list" aria-label={t("assistantSettings.list")}>
                    {assistants.map((a) => (
                        <li key={a.id}>
                            <span className="assistant-name">
                                {a.icon && <span aria-hidden>{a.icon} </span>}
                                {a.name}
                                {a.isDefault && (
                                    <span className="muted"> {t("assistantSettings.default")}</span>
                                )}
                            </span>
                            {a.missing.length > 0 && (
                                <span className="assistant-missing">
                                    {t("assistantSettings.missing", {list: a.missing.join(", ")})}
                                </span>
                            )}
                            <span className="assistant-row-actions">
                                <button
                                    aria-label={t("assistantSettings.editOf", {name: a.name})}
                                    onClick={() => setEditing({id: a.id, input: inputOf(a)})}
                                >
                                    {t("assistantSettings.edit")}
                                </button>
                                <button
                                    aria-label={
                                        a.isDefault
                                            ? t("assistantSettings.notDefaultOf", {name: a.name})
                                            : t("assistantSettings.makeDefaultOf", {name: a.name})
                                    }
                                    onClick={() =>
                                        void run(
                                            api.invoke("assistants.setDefault", {
                                                id: a.isDefault ? null : a.id,
                                            }),
                                        )
                                    }
                                >
                                    {a.isDefault
                                        ? t("assistantSettings.notDefault")
                                        : t("assistantSettings.makeDefault")}
                                </button>
                                <button
                                    aria-label={t("assistantSettings.exportOf", {name: a.name})}
                                    onClick={() => void exportOne(a)}
                                >
                                    {t("assistantSettings.export")}
                                </button>
                                <button
                                    aria-label={t("assistantSettings.deleteOf", {name: a.name})}
                                    onClick={() => void run(api.invoke("assistants.delete", {id: a.id}))}
                                >
                                    {t("assistantSettings.delete")}
                                </button>
                            </span>
                        </li>
                    ))}
                </ul>
            )}
        </section>
    );
}

function inputOf(a: Assistant): AssistantInput {
    const {id: _id, missing: _missing, createdAt: _created, updatedAt: _updated, ...input} = a;
    return input;
}
