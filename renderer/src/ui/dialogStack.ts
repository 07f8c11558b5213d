import {createContext, useEffect, useId, useSyncExternalStore} from "react";

/**
 * The window's last error and its dismissal: said by the dialog on top while one is open (where the action
 * was), else by the banner over the chat (WindowAlerts). Said once either way.
 */
export const WindowErrorContext = createContext<{error: string | null; dismiss: () => void}>({
    error: null,
    dismiss: () => {},
});

// The open dialogs, oldest first: the last one is on top.
let open: readonly string[] = [];
const listeners = new Set<() => void>();

function change(next: readonly string[]): void {
    open = next;
    for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
}

/** Counts this dialog open while it is mounted; answers whether it is the one on top. */
export function useDialogOnTop(): boolean {
    const id = useId();
    useEffect(() => {
        change([...open, id]);
        return () => change(open.filter((other) => other !== id));
    }, [id]);
    return useSyncExternalStore(
        subscribe,
        () => open.at(-1) === id,
        () => false,
    );
}

/** Whether any dialog is open. */
export function useAnyDialogOpen(): boolean {
    return useSyncExternalStore(
        subscribe,
        () => open.length > 0,
        () => false,
    );
}
