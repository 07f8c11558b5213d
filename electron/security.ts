/** Pure checks used by the shell, kept free of electron imports so that plain Node tests can run them. */
import {isLanguageCode, type LanguageCode} from "../shared/languages.js";
import type {Say} from "./words.js";

/** Only http(s) links with a host leave the app for the system browser. */
export function isExternalLinkAllowed(raw: string): boolean {
    try {
        const url = new URL(raw);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
    } catch {
        return false;
    }
}

/** IPC is accepted only from the app's own top frame, loaded from the app's own renderer file. */
export function isTrustedSender(frameUrl: string, rendererUrl: string, isTopFrame: boolean): boolean {
    if (!isTopFrame) return false;
    try {
        const a = new URL(frameUrl);
        const b = new URL(rendererUrl);
        return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
    } catch {
        return false;
    }
}

/**
 * The one permission Cairn's window is given: the microphone (audio only, never the camera or the screen), for
 * dictation, asked by its own top frame. Every other permission is refused.
 */
export function allowsPermission(
    permission: string,
    requestingUrl: string,
    rendererUrl: string,
    mediaTypes: readonly string[] = [],
): boolean {
    if (permission !== "media") return false;
    if (!mediaTypes.every((type) => type === "audio")) return false;
    return isTrustedSender(requestingUrl, rendererUrl, true);
}

/** The origin the renderer is served from inside the desktop app (a custom protocol, not file://). */
export const APP_ORIGIN = "app://cairn";

/**
 * The path an app:// request asks for, or null when it is not for the app's own host. The file itself is
 * read by readStatic (main/server/static.ts), which the headless host uses too: it never leaves the
 * renderer folder.
 */
export function appRequestPath(requestUrl: string): string | null {
    try {
        const url = new URL(requestUrl);
        return url.protocol === "app:" && url.host === "cairn" ? url.pathname : null;
    } catch {
        return null;
    }
}

/** The question asked before a link from an answer leaves the app: the whole address, Cancel by default. */
export function linkConfirmation(url: string, say: Say) {
    return {
        type: "question" as const,
        buttons: [say("openInBrowser"), say("cancel")],
        defaultId: 1,
        cancelId: 1,
        title: say("linkTitle"),
        message: say("linkQuestion"),
        detail: url,
        noLink: true,
    };
}

/** What a window may ask the desktop shell for, outside the core's contract. */
export type DesktopRequest =
    | {action: "openConversation"; conversationId: string}
    | {action: "closeQuickAsk"}
    | {action: "setLanguage"; language: LanguageCode};

/** A window's desktop request checked, or null for anything else (it is then ignored). */
export function desktopRequest(raw: unknown): DesktopRequest | null {
    if (typeof raw !== "object" || raw === null) return null;
    const {action, conversationId, language} = raw as Record<string, unknown>;
    if (action === "closeQuickAsk" && Object.keys(raw).length === 1) return {action};
    // The window's language, for the tray and notifications: one of the ten, nothing else.
    if (action === "setLanguage" && isLanguageCode(language) && Object.keys(raw).length === 2)
        return {action, language};
    if (
        action === "openConversation" &&
        typeof conversationId === "string" &&
        /^[A-Za-z0-9_-]{1,100}$/.test(conversationId) &&
        Object.keys(raw).length === 2
    )
        return {action, conversationId};
    return null;
}
