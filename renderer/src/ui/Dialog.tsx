import {useContext, useEffect, useRef, type HTMLAttributes, type ReactNode} from "react";
import {useDialogOnTop, WindowErrorContext} from "./dialogStack.js";
import {ErrorAlert} from "./WindowAlerts.js";

type Props = {
    /** The dialog's accessible name. */
    label: string;
    onClose: () => void;
    className?: string;
    /** Over the whole window (a page such as Settings), without a backdrop around it. */
    page?: boolean;
    /** Handlers on the content (keys, drops). */
    contentProps?: HTMLAttributes<HTMLDivElement>;
    children: ReactNode;
};

/**
 * A modal dialog on the platform's own `<dialog>`: `showModal()` keeps focus inside and makes the page
 * behind inert; Esc and a click on the backdrop close it; focus goes back to what opened it.
 */
export function Dialog({label, onClose, className, page, contentProps, children}: Props) {
    const ref = useRef<HTMLDialogElement>(null);
    const close = useRef(onClose);
    close.current = onClose;
    // Counted among the open dialogs; the one on top says the window's last error, at its foot beside its
    // actions (not behind it, where the page is inert), until dismissed.
    const onTop = useDialogOnTop();
    const {error, dismiss} = useContext(WindowErrorContext);
    useEffect(() => {
        const dialog = ref.current;
        if (!dialog) return;
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        if (!dialog.open) dialog.showModal();
        // showModal() focuses the first control; a dialog names its main one with data-autofocus (React's
        // autoFocus runs before the dialog is shown, while its controls cannot take focus yet).
        // Without scrolling: a Close button at the end must not open a long dialog at its bottom.
        dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus({preventScroll: true});
        return () => {
            if (dialog.open) dialog.close();
            opener?.focus();
        };
    }, []);
    return (
        <dialog
            ref={ref}
            className={page ? "modal page" : "modal"}
            aria-label={label}
            onCancel={(e) => {
                e.preventDefault();
                close.current();
            }}
            // The dialog element itself is only hit outside its content, on the backdrop.
            onClick={(e) => e.target === ref.current && close.current()}
            onKeyDown={(e) => {
                if (e.key === "Tab" && ref.current) wrapFocus(ref.current, e);
            }}
        >
            <div {...contentProps} className={className ? `dialog ${className}` : "dialog"}>
                {children}
                {onTop && error && <ErrorAlert className="dialog-error" error={error} onDismiss={dismiss} />}
            </div>
        </dialog>
    );
}

const FOCUSABLE =
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last: focus stays inside. */
function wrapFocus(dialog: HTMLDialogElement, e: {shiftKey: boolean; preventDefault: () => void}): void {
    const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
    );
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
        e.preventDefault();
        last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
        e.preventDefault();
        first.focus();
    }
}
