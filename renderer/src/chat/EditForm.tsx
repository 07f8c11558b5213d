import {useState} from "react";
import {useTranslation} from "../i18n/index.js";

/** A question rewritten in place: Enter (or Save and send) sends it as a new version, Esc cancels. */
export function EditForm({
    text,
    onSave,
    onCancel,
}: {
    text: string;
    onSave: (text: string) => void;
    onCancel: () => void;
}) {
    const {t} = useTranslation();
    const [draft, setDraft] = useState(text);
    const save = () => {
        if (draft.trim()) onSave(draft.trim());
    };
    return (
        <form
            className="edit-form"
            onSubmit={(e) => {
                e.preventDefault();
                save();
            }}
        >
            <textarea
                aria-label={t("message.editMessage")}
                autoFocus
                value={draft}
                rows={Math.min(10, draft.split("\n").length + 1)}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                    if (e.key === "Escape") {
                        e.stopPropagation();
                        onCancel();
                    } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                        e.preventDefault();
                        save();
                    }
                }}
            />
            <div className="choices">
                <button type="button" onClick={onCancel}>
                    {t("message.cancel")}
                </button>
                <button type="submit" className="primary" disabled={!draft.trim()}>
                    {t("message.saveAndSend")}
                </button>
            </div>
        </form>
    );
}
