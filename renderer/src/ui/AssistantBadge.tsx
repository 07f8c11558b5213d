import type {Assistant} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

/** The assistant a conversation was started with, in its header. */
export function AssistantBadge({assistant}: {assistant: Assistant | undefined}) {
    const {t} = useTranslation();
    if (!assistant) return null;
    return (
        <span className="assistant-badge" title={t("assistantPicker.startedWith", {name: assistant.name})}>
            {assistant.icon && <span aria-hidden>{assistant.icon} </span>}
            {assistant.name}
        </span>
    );
}
