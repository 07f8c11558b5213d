import * as Toast from "@radix-ui/react-toast";
import {useEffect, useRef, useState, type ReactNode} from "react";
import {useTranslation} from "../i18n/index.js";

/** How long "Message deleted. Undo" stays (ms); Radix pauses it while pointed at or focused. */
const UNDO_MS = 6000;

/**
 * Deleting a message with a moment to take it back: the message is hidden at once and a toast (Radix Toast:
 * announced, F8 reaches it, Esc or a swipe dismisses it) offers Undo; it is deleted for good when the toast
 * goes, when another message is deleted, or when the conversation is left.
 */
export function useUndoableDelete(onDelete: ((id: string) => void) | undefined): {
    hidden: string | null;
    remove: (id: string) => void;
    toast: ReactNode;
} {
    const {t} = useTranslation();
    const [hidden, setHidden] = useState<string | null>(null);
    /** The message waiting to be deleted; null once deleted or taken back. */
    const pending = useRef<string | null>(null);
    const latest = useRef(onDelete);
    latest.current = onDelete;
    const commit = () => {
        const id = pending.current;
        pending.current = null;
        if (id) latest.current?.(id);
    };
    useEffect(() => commit, []);
    const remove = (id: string) => {
        commit();
        pending.current = id;
        setHidden(id);
    };
    const undo = () => {
        const id = pending.current;
        pending.current = null;
        setHidden(null);
        // Focus goes back to the Delete button it came from (not left in the toasts' region, which would pause
        // the next toast's time while there).
        requestAnimationFrame(() =>
            document
                .getElementById(`message-${id}`)
                ?.querySelector<HTMLButtonElement>("button[data-action=delete]")
                ?.focus(),
        );
    };
    const toast = (
        <Toast.Provider label={t("chat.notifications")} duration={UNDO_MS}>
            {hidden && (
                <Toast.Root
                    key={hidden}
                    className="toast"
                    onOpenChange={(open) => {
                        if (open) return;
                        commit();
                        setHidden(null);
                    }}
                >
                    <Toast.Description>{t("chat.deleted")}</Toast.Description>
                    <Toast.Action altText={t("chat.undo")} asChild>
                        <button type="button" onClick={undo}>
                            {t("chat.undo")}
                        </button>
                    </Toast.Action>
                </Toast.Root>
            )}
            <Toast.Viewport className="toast-viewport" />
        </Toast.Provider>
    );
    return {hidden, remove, toast};
}
