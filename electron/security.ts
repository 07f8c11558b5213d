/** Pure checks used by the shell, kept free of electron imports so that plain Node tests can run them. */

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
