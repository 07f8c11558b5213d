// The desktop app's own settings (tray, quick-ask shortcut, start at login, notifications) and its updates.
// The core keeps them; the Electron shell applies them. `cairn serve` keeps them too, and says it cannot
// apply them.
import {Type, type Static} from "@sinclair/typebox";
import {Empty, call, closed, nullable, req} from "./base.js";

export const DesktopSettings = Type.Object(
    {
        /** Cairn starts (hidden, in the tray) when the person logs in. */
        startAtLogin: Type.Boolean(),
        /** Closing the window keeps Cairn running in the tray (answers, ingests and the API go on). */
        keepInTray: Type.Boolean(),
        /** The global shortcut that opens the quick-ask window (an Electron accelerator); null: none. */
        quickAskShortcut: nullable(Type.String({minLength: 1, maxLength: 100})),
        /** A system notification when a long answer or an ingest finishes while the window is hidden. */
        notify: Type.Boolean(),
        /** Where updates are looked for (an electron-updater "generic" feed); null: updates are off. */
        updateFeed: nullable(Type.String({minLength: 1, maxLength: 2048})),
    },
    closed,
);

export type DesktopSettings = Static<typeof DesktopSettings>;

/** What one check of the update feed found. */
export const UpdateCheck = Type.Object(
    {
        current: Type.String(),
        /** The feed's newest version (null: the feed lists none for this system). */
        latest: nullable(Type.String()),
        available: Type.Boolean(),
        checkedAt: Type.Integer(),
    },
    closed,
);

export type UpdateCheck = Static<typeof UpdateCheck>;

export const DesktopStatus = Type.Object(
    {
        settings: DesktopSettings,
        /** true in the desktop app; false in a window served by `cairn serve` (the settings are kept only). */
        desktop: Type.Boolean(),
        /** Why the quick-ask shortcut could not be registered (another app holds it), if so. */
        shortcutProblem: nullable(Type.String()),
        lastCheck: nullable(UpdateCheck),
    },
    closed,
);

export type DesktopStatus = Static<typeof DesktopStatus>;

/** The desktop calls: each one's request and its result's value. */
export const desktopCalls = {
    "desktop.status": call(Empty, DesktopStatus),
    /** Keeps the settings (checked first: the shortcut's keys, the feed's address) and applies them. */
    "desktop.set": call(req({settings: DesktopSettings}), DesktopStatus),
    /** Asks the update feed for a newer version (the desktop app, online, a feed set). */
    "updates.check": call(Empty, UpdateCheck),
    /** Downloads the newer version found (its checksum, and on Windows and macOS its signature, checked), then restarts into it. */
    "updates.install": call(Empty, Empty),
};
