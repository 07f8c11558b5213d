import {useEffect, useRef} from "react";
import {Dialog} from "./ui/Dialog.js";
import {useTranslation} from "./i18n/index.js";
import type {Words} from "./i18n/locales/en.js";

/** A shortcut's words, by its key in the shortcuts words (shortcuts.*). */
type What = Exclude<keyof Words["shortcuts"], "title" | "close">;

type Actions = {
    toggleSidebar: () => void;
    stop: () => void;
    create: () => void;
    copyLastAnswer: () => void;
    showShortcuts: () => void;
    search: () => void;
};

/** The keyboard shortcuts, listed once: the sheet shows this table and the handler follows it. */
const SHORTCUTS: {keys: string; what: What; action: keyof Actions; match: (e: KeyboardEvent) => boolean}[] = [
    {keys: "Esc", what: "stop", action: "stop", match: (e) => e.key === "Escape"},
    {keys: "Ctrl/⌘ N", what: "create", action: "create", match: (e) => mod(e) && key(e, "n")},
    {keys: "Ctrl/⌘ K", what: "search", action: "search", match: (e) => mod(e) && key(e, "k")},
    {
        keys: "Ctrl/⌘ B",
        what: "toggleSidebar",
        action: "toggleSidebar",
        match: (e) => mod(e) && key(e, "b"),
    },
    {
        keys: "Ctrl/⌘ Shift C",
        what: "copyLastAnswer",
        action: "copyLastAnswer",
        match: (e) => (e.ctrlKey || e.metaKey) && e.shiftKey && key(e, "c"),
    },
    {keys: "?", what: "showShortcuts", action: "showShortcuts", match: (e) => e.key === "?" && !typing(e)},
];

/** Keys of the message box, listed in the sheet beside the window-wide ones (the Composer handles them). */
const MESSAGE_BOX_KEYS: {keys: string; what: What}[] = [
    {keys: "Enter", what: "send"},
    {keys: "↑", what: "editLast"},
    {keys: "Ctrl/⌘ Shift Space", what: "dictate"},
];

const mod = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey;
const key = (e: KeyboardEvent, k: string) => e.key.toLowerCase() === k;
const typing = (e: KeyboardEvent) =>
    e.target instanceof HTMLInputElement ||
    e.target instanceof HTMLTextAreaElement ||
    // A select (ui/Select.tsx) takes typed letters to find a choice, its list open or not.
    (e.target instanceof Element && e.target.closest('[role="combobox"], [role="listbox"]') !== null);

/** Window-wide shortcuts; none fires while a dialog is open (the dialog has the keyboard). */
export function useShortcuts(actions: Actions): void {
    const current = useRef(actions);
    current.current = actions;
    useEffect(() => {
        const onKey = (e: KeyboardEvent) => {
            if (document.querySelector("dialog[open]")) return;
            const shortcut = SHORTCUTS.find((s) => s.match(e));
            if (!shortcut) return;
            e.preventDefault();
            current.current[shortcut.action]();
        };
        window.addEventListener("keydown", onKey);
        return () => window.removeEventListener("keydown", onKey);
    }, []);
}

export function ShortcutsSheet({onClose}: {onClose: () => void}) {
    const {t} = useTranslation();
    return (
        <Dialog label={t("shortcuts.title")} onClose={onClose}>
            <h2>{t("shortcuts.title")}</h2>
            <table className="shortcuts">
                <tbody>
                    {[...SHORTCUTS, ...MESSAGE_BOX_KEYS].map((s) => (
                        <tr key={s.keys}>
                            <td>
                                <kbd>{s.keys}</kbd>
                            </td>
                            <td>{t(`shortcuts.${s.what}`)}</td>
                        </tr>
                    ))}
                </tbody>
            </table>
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    {t("shortcuts.close")}
                </button>
            </div>
        </Dialog>
    );
}
