// MCP Apps' pages on their way to the window (main/mcp/apps.ts reads and checks them): each is served once, at
// an unguessable address under the window's own origin, with a CSP of its own. The desktop shell and the
// headless host both serve them from here.
import {randomBytes} from "node:crypto";

/** How long a page waits for its frame to load it: long enough for a slow window, not a standing address. */
const FRAME_WAIT_MS = 60_000;

/**
 * What an app's page may do: run its own inline scripts and styles, show its own images and fonts from data:
 * and blob: addresses. It reaches no network (connect-src 'none'), frames nothing, submits no form, and runs
 * sandboxed without same-origin rights, so it can read neither Cairn's page nor its storage; only Cairn's own
 * page may frame it.
 */
export const APP_CSP = [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "font-src data:",
    "media-src data: blob:",
    "connect-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    "sandbox allow-scripts",
].join("; ");

/**
 * Pages waiting for their frame: each has an unguessable address that serves it once, within FRAME_WAIT_MS.
 * A frame loaded again (a reload of the window) asks for a new address.
 */
export class AppFrames {
    private readonly waiting = new Map<string, {html: string; timer: NodeJS.Timeout}>();

    /** The frame's address for this page, under the window's own origin. */
    offer(html: string): string {
        const id = randomBytes(24).toString("hex");
        const timer = setTimeout(() => this.waiting.delete(id), FRAME_WAIT_MS);
        timer.unref();
        this.waiting.set(id, {html, timer});
        return `${FRAME_PATH}${id}`;
    }

    /** The page at a frame's address, once; null when it was never offered, already taken or expired. */
    take(path: string): string | null {
        if (!path.startsWith(FRAME_PATH)) return null;
        const id = path.slice(FRAME_PATH.length);
        const entry = this.waiting.get(id);
        if (!entry) return null;
        clearTimeout(entry.timer);
        this.waiting.delete(id);
        return entry.html;
    }
}

export const FRAME_PATH = "/app-frame/";
