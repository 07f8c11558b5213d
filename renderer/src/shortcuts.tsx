import {useEffect, useRef} from "react";
import {Dialog} from "./ui/Dialog.js";

type Actions = {
    toggleSidebar(): void;
    stop(): void;
    create(): void;
    copyLastAnswer(): void;
    showShortcuts(): void;
    search(): void;
};

/** The keyboard shortcuts, listed once: the sheet shows this table and the handler follows it. */
const SHORTCUTS: {keys: string; what: string; action: keyof Actions; match(e: KeyboardEvent): boolean}[] = [
    {keys: "Esc", what: "Stop the answer", action: "stop", match: (e) => e.key === "Escape"},
    {keys: "Ctrl/⌘ N", what: "New conversation", action: "create", match: (e) => mod(e) && key(e, "n")},
    {keys: "Ctrl/⌘ K", what: "Search conversations", action: "search", match: (e) => mod(e) && key(e, "k")},
    {
        keys: "Ctrl/⌘ B",
        what: "Show or hide the conversations",
        action: "toggleSidebar",
        match: (e) => mod(e) && key(e, "b"),
    },
    {
        keys: "Ctrl/⌘ Shift C",
        what: "Copy the last answer",
        action: "copyLastAnswer",
        match: (e) => (e.ctrlKey || e.metaKey) && e.shiftKey && key(e, "c"),
    },
    {keys: "?", what: "This list", action: "showShortcuts", match: (e) => e.key === "?" && !typing(e)},
];

/** Keys of the message box, listed in the sheet beside the window-wide ones (the Composer handles them). */
const MESSAGE_BOX_KEYS = [
    {keys: "Enter", what: "Send (Shift+Enter: a new line)"},
    {keys: "↑", what: "Edit your last message (in an empty message box)"},
];

const mod = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey;
const key = (e: KeyboardEvent, k: string) => e.key.toLowerCase() === k;
const typing = (e: KeyboardEvent) =>
    e.target instanceof HTMLInputElement ||
    e.target instanceof HTMLTextAreaElement ||
    e.target instanceof HTMLSelectElement;

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

export function ShortcutsSheet({onClose}: {onClose(): void}) {
    return (
        <Dialog label="Keyboard shortcuts" onClose={onClose}>
            <h2>Keyboard shortcuts</h2>
            <table className="shortcuts">
                <tbody>
                    {[...SHORTCUTS, ...MESSAGE_BOX_KEYS].map((s) => (
                        <tr key={s.keys}>
                            <td>
                                <kbd>{s.keys}</kbd>
                            </td>
                            <td>{s.what}</td>
                        </tr>
                    ))}
                </tbody>
            </table>
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    Close
                </button>
            </div>
        </Dialog>
    );
}
