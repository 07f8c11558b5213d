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

/** The origin the renderer is served from inside the desktop app (a custom protocol, not file://). */
export const APP_ORIGIN = "app://cairn";

/**
 * The file under `root` that an app:// request names, or null: another host, an encoded separator, or a
 * path that leaves the renderer folder is refused.
 */
export function resolveAppFile(
    requestUrl: string,
    root: string,
    join: (...parts: string[]) => string,
): string | null {
    let url: URL;
    try {
        url = new URL(requestUrl);
    } catch {
        return null;
    }
    if (url.protocol !== "app:" || url.host !== "cairn") return null;
    let pathname: string;
    try {
        pathname = decodeURIComponent(url.pathname);
    } catch {
        return null;
    }
    const parts = pathname.split("/").filter((part) => part !== "" && part !== ".");
    if (parts.some((part) => part === ".." || part.includes("\\") || part.includes("\0"))) return null;
    return join(root, ...(parts.length ? parts : ["index.html"]));
}

const TYPES: Record<string, string> = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".json": "application/json",
    ".map": "application/json",
};

export function contentTypeOf(file: string): string {
    const dot = file.lastIndexOf(".");
    return TYPES[dot >= 0 ? file.slice(dot).toLowerCase() : ""] ?? "application/octet-stream";
}

/** The question asked before a link from an answer leaves the app: the whole address, Cancel by default. */
export function linkConfirmation(url: string) {
    return {
        type: "question" as const,
        buttons: ["Open in browser", "Cancel"],
        defaultId: 1,
        cancelId: 1,
        title: "Open link",
        message: "Open this address in your web browser?",
        detail: url,
        noLink: true,
    };
}
