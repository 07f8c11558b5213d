// Checks of the desktop settings that the window and the core both make: a shortcut's keys and an update
// feed's address. Pure: each problem is words (shared/coreWords.ts), which the window says in its language and
// the core refuses with (in English for the CLI).
import type {DesktopSettings} from "./contract/desktop.js";
import {wordsOf} from "./coreWords.js";
import type {Words} from "./result.js";

export const DEFAULT_DESKTOP: DesktopSettings = {
    startAtLogin: false,
    keepInTray: false,
    quickAskShortcut: "CommandOrControl+Shift+Space",
    notify: true,
    updateFeed: null,
};

/** Modifiers of Electron's accelerators; a global shortcut needs one that typing alone never presses. */
const MODIFIERS = new Map(
    Object.entries({
        command: true,
        cmd: true,
        control: true,
        ctrl: true,
        commandorcontrol: true,
        cmdorctrl: true,
        alt: true,
        option: true,
        altgr: true,
        super: true,
        meta: true,
        shift: false,
    }),
);

const NAMED_KEYS = new Set(
    (
        "plus space tab capslock numlock scrolllock backspace delete insert return enter up down left right " +
        "home end pageup pagedown escape esc volumeup volumedown volumemute medianexttrack mediaprevioustrack " +
        "mediastop mediaplaypause printscreen numdec numadd numsub nummult numdiv"
    ).split(" "),
);

function isKey(part: string): boolean {
    const lower = part.toLowerCase();
    return (
        /^[0-9a-z]$/.test(lower) ||
        /^f([1-9]|1[0-9]|2[0-4])$/.test(lower) ||
        /^num[0-9]$/.test(lower) ||
        NAMED_KEYS.has(lower) ||
        /^[)!@#$%^&*(:;'=<,_\->.?/~`{\]|}"[\\]$/.test(part)
    );
}

/** Why `accelerator` cannot be the quick-ask shortcut, or null when it can ("Ctrl+Shift+Space"). */
export function shortcutProblem(accelerator: string): Words | null {
    const parts = accelerator.split("+").map((p) => p.trim());
    // "Ctrl+Plus" names the plus key; a literal "+" would split into an empty part.
    if (parts.some((p) => p === "")) return wordsOf("shortcutEmptyKey", {shortcut: accelerator});
    const key = parts.at(-1)!;
    const modifiers = parts.slice(0, -1);
    const unknown = modifiers.find((m) => !MODIFIERS.has(m.toLowerCase()));
    if (unknown !== undefined) return wordsOf("shortcutModifier", {modifier: unknown});
    if (!isKey(key)) return wordsOf("shortcutKey", {key});
    if (!modifiers.some((m) => MODIFIERS.get(m.toLowerCase())))
        return wordsOf("shortcutNeedsModifier", {shortcut: accelerator});
    return null;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** An address's scheme and host ("https", "updates.example.com"), or null when it is not a web address. */
function schemeAndHost(address: string): {scheme: string; host: string} | null {
    const match = /^([a-z][a-z0-9+.-]*):\/\/(\[[0-9a-f:.]+\]|[^/:?#@\s]+)(:\d{1,5})?([/?#]\S*)?$/i.exec(
        address,
    );
    return match ? {scheme: match[1]!.toLowerCase(), host: match[2]!.toLowerCase()} : null;
}

/**
 * Why `address` cannot be the update feed, or null when it can: https, or http on this computer only (the
 * feed names the files' checksums, so a feed read in clear over a network could name a changed file).
 */
export function updateFeedProblem(address: string): Words | null {
    const parts = schemeAndHost(address);
    if (!parts) return wordsOf("feedNotAddress", {address});
    if (parts.scheme === "https") return null;
    if (parts.scheme === "http" && LOOPBACK.test(parts.host)) return null;
    if (parts.scheme === "http") return wordsOf("feedHttpsOnly", {address});
    return wordsOf("feedNotHttps", {address});
}
