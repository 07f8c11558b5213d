// MCP Apps (the official extension io.modelcontextprotocol/ui): a tool that names a `ui://` resource has its
// result shown in the conversation by that resource, an HTML page the window frames. The page is read from the
// tool's server here, checked, and served once to the frame under its own CSP (no network, no other frames,
// an opaque origin): the window never puts the server's HTML into its own document.
import type {Tool} from "@modelcontextprotocol/sdk/types.js";
import {fieldOf} from "../../shared/json.js";

/** The extension's name in a client's capabilities, and the page type it reads. */
export const APPS_EXTENSION = "io.modelcontextprotocol/ui";
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** What a client says in its capabilities' extensions: it shows apps' pages (Cairn's window does). */
export const APPS = {[APPS_EXTENSION]: {mimeTypes: [APP_MIME_TYPE]}};

/** An app's page is one self-contained document: larger ones are refused (the example apps are 0.2–0.5 MB). */
export const APP_PAGE_LIMIT = 5 * 1024 * 1024;
/** The `ui://` page a tool names (its `_meta.ui.resourceUri`, or the older `_meta["ui/resourceUri"]`), if any. */
export function appPageOf(tool: Pick<Tool, "_meta">): string | null {
    const meta = tool._meta;
    const ui = fieldOf(meta, "ui");
    const uri = fieldOf(ui, "resourceUri") ?? fieldOf(meta, "ui/resourceUri");
    return typeof uri === "string" && uri.startsWith("ui://") ? uri : null;
}

/** Whether a tool is for its app only (`_meta.ui.visibility: ["app"]`): it is not offered to the model. */
export function appOnly(tool: Pick<Tool, "_meta">): boolean {
    const visibility = fieldOf(fieldOf(tool._meta, "ui"), "visibility");
    return Array.isArray(visibility) && visibility.length > 0 && !visibility.includes("model");
}

/** A page read from a server, checked: why it cannot be shown, in words, or its HTML. */
export function checkAppPage(
    uri: string,
    page: {text: string; mimeType: string | null},
): {html: string} | {error: string} {
    const type = (page.mimeType ?? "").replace(/\s+/g, "").toLowerCase();
    if (type !== APP_MIME_TYPE && type !== "text/html")
        return {
            error: `${uri} is not an app's page: its type is ${page.mimeType ?? "not given"}, not ${APP_MIME_TYPE}`,
        };
    const bytes = Buffer.byteLength(page.text, "utf8");
    if (bytes > APP_PAGE_LIMIT)
        return {
            error: `${uri} is ${(bytes / 1024 / 1024).toFixed(1)} MB: an app's page may be at most ${APP_PAGE_LIMIT / 1024 / 1024} MB`,
        };
    return {html: page.text};
}
