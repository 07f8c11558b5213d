/**
 * The conversation open in the main window, kept in the page's localStorage (shared by the app's windows,
 * which have one origin) for the quick-ask window's "send to the current conversation".
 */
export const OPEN_CONVERSATION_KEY = "cairn.openConversation";

export function rememberOpenConversation(id: string | null): void {
    if (id) localStorage.setItem(OPEN_CONVERSATION_KEY, id);
    else localStorage.removeItem(OPEN_CONVERSATION_KEY);
}
