import {useEffect, type MouseEvent} from "react";

/** The skip link's jump: the message box takes the focus (a fragment alone would only scroll). */
export function skipToMessageBox(event: MouseEvent<HTMLAnchorElement>): void {
    event.preventDefault();
    focusMessageBox();
}

/**
 * The message box, focused where a conversation opens (chosen, new, or at start) without scrolling the page;
 * not while a menu or a dialog has the focus (a conversation opening at start must not close the menu the
 * person just opened).
 */
export function focusMessageBox(): void {
    if (document.activeElement?.closest('[role="menu"], dialog')) return;
    document.getElementById("message-box")?.focus({preventScroll: true});
}

/** A conversation opened (chosen, new with Ctrl+N, or at start): the message box is where to type next. */
export function useMessageBoxFocus(conversationId: string | null): void {
    useEffect(() => {
        if (conversationId) focusMessageBox();
    }, [conversationId]);
}
