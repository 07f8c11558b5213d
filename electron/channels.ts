export const CALL_CHANNEL = "cairn:call";
export const EVENT_CHANNEL = "cairn:event";
/** The window asks the shell for a window-level action (open a conversation in the main window, close quick ask). */
export const DESKTOP_CHANNEL = "cairn:desktop";
