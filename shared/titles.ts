/**
 * The title the core gives a conversation until its first question names it. Stored in English (the CLI, the
 * API and exports print it); the window shows its own words for it (renderer/src/ui/titles.ts).
 */
export const DEFAULT_TITLE = "New conversation";
