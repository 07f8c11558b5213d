import {X} from "lucide-react";
import type {QueuedMessage} from "../../../shared/contract.js";
import {sayCore, useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";

/**
 * The messages written while the answer runs, above the message box: each one's text, whether it waits for the
 * answer's end or steers it at its next step, why it could not be sent (if so), and a button to take it out.
 */
export function QueuedList({items, onRemove}: {items: QueuedMessage[]; onRemove: (id: string) => void}) {
    const {t} = useTranslation();
    if (items.length === 0) return null;
    return (
        <ul className="queued" aria-label={t("composer.waiting")}>
            {items.map((item) => (
                <li key={item.id}>
                    <span className={item.steer ? "kind steer" : "kind"}>
                        {t(item.steer ? "composer.steering" : "composer.queued")}
                    </span>
                    <span className="text" dir="auto">
                        {item.text}
                    </span>
                    {item.error && (
                        <span className="why" role="alert">
                            {sayCore(item.error, item.errorWords)}
                        </span>
                    )}
                    <IconButton
                        className="icon"
                        label={t("composer.removeQueued")}
                        hint={t("composer.removeQueued")}
                        onClick={() => onRemove(item.id)}
                    >
                        <X aria-hidden size={14} />
                    </IconButton>
                </li>
            ))}
        </ul>
    );
}
