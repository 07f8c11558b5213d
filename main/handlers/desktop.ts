import type {DesktopSettings, UpdateCheck} from "../../shared/contract.js";
import {DEFAULT_DESKTOP, shortcutProblem, updateFeedProblem} from "../../shared/desktop.js";
import {ok} from "../../shared/result.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import type {Network} from "../net/network.js";
import type {SettingsStore} from "../store/settings.js";
import {APP_VERSION} from "../version.js";
import {failSaying, failWith} from "../words.js";
import {messageOf} from "../../shared/format.js";

/** What the desktop app (electron/desktop.ts) does with its settings; absent under `cairn serve`. */
export type DesktopShell = {
    /** Applies the settings (login item, tray, shortcut); says why the shortcut could not be taken. */
    apply(settings: DesktopSettings): {shortcutProblem: string | null};
    /** Reads the update feed: the newest version it lists for this system. */
    checkForUpdates(feed: string): Promise<{latest: string | null; available: boolean}>;
    /** Downloads the version last found (checksum and signature checked) and restarts into it. */
    installUpdate(): Promise<void>;
};

type Deps = {settings: SettingsStore; network: Network; shell?: DesktopShell};

/** Settings → Desktop: the tray, the quick-ask shortcut, start at login, notifications, and updates. */
export function desktopHandlers({settings, network, shell}: Deps): HandlerSlice<"desktop." | "updates."> {
    let lastCheck: UpdateCheck | null = null;
    const current = () => settings.get("desktop") ?? DEFAULT_DESKTOP;
    // The desktop app applies the kept settings as the core is made (the shortcut may be taken already).
    let shortcut = shell ? shell.apply(current()).shortcutProblem : null;
    const status = () =>
        ok({settings: current(), desktop: shell !== undefined, shortcutProblem: shortcut, lastCheck});
    return {
        "desktop.status": status,
        "desktop.set": (req) => {
            const next = req.settings;
            const problem =
                (next.quickAskShortcut && shortcutProblem(next.quickAskShortcut)) ||
                (next.updateFeed && updateFeedProblem(next.updateFeed));
            if (problem) return failWith("VALIDATION", problem);
            // What another feed said is no answer for this one.
            if (next.updateFeed !== current().updateFeed) lastCheck = null;
            settings.set("desktop", next);
            if (shell) shortcut = shell.apply(next).shortcutProblem;
            return status();
        },
        "updates.check": async () => {
            if (!shell) return failSaying("UNAVAILABLE", "notDesktop");
            const feed = current().updateFeed;
            if (!feed) return failSaying("VALIDATION", "updatesOff");
            const outbound = network.for("update check", feed);
            const refused = outbound.refusal(feed);
            if (refused) return failWith("NETWORK", refused);
            const egress: {url: string; bytesSent: number; bytesReceived: number; status: number | null} = {
                url: feed,
                bytesSent: 0,
                bytesReceived: 0,
                status: null,
            };
            try {
                const found = await shell.checkForUpdates(feed);
                egress.status = 200;
                lastCheck = {current: APP_VERSION, ...found, checkedAt: Date.now()};
                return ok(lastCheck);
            } catch (error) {
                return failSaying("NETWORK", "feedUnreadable", {feed, reason: messageOf(error)});
            } finally {
                outbound.record(egress);
            }
        },
        "updates.install": async () => {
            if (!shell) return failSaying("UNAVAILABLE", "notDesktop");
            if (!lastCheck?.available) return failSaying("VALIDATION", "noNewerVersion");
            try {
                await shell.installUpdate();
                return ok({});
            } catch (error) {
                return failSaying("NETWORK", "updateFailed", {reason: messageOf(error)});
            }
        },
    };
}
