import fs from "node:fs";

/** How the processes on one data folder tell each other the automations changed (no polling: a file watched). */
export type ChangeSignal = {
    /** Says so to the processes that watch (this one's own watcher too). */
    notify(): void;
    /** Calls `onChange` when any process says so; returns how to stop watching. */
    watch(onChange: () => void): () => void;
};

export const NO_SIGNAL: ChangeSignal = {notify: () => {}, watch: () => () => {}};

/**
 * A file in the data folder whose writes are the signal: `cairn automations add` in a terminal wakes the app or
 * `cairn serve`, which sets its one timer again. The system tells the watcher of a write (inotify, FSEvents,
 * ReadDirectoryChangesW); nothing polls.
 */
export function fileSignal(file: string): ChangeSignal {
    const write = () => {
        try {
            fs.writeFileSync(file, String(Date.now()));
        } catch {
            // A read-only or full disk: the others find the change at their next timer (within the hour).
        }
    };
    return {
        notify: write,
        watch: (onChange) => {
            if (!fs.existsSync(file)) write();
            try {
                const watcher = fs.watch(file, {persistent: false}, () => onChange());
                watcher.on("error", () => watcher.close());
                return () => watcher.close();
            } catch {
                return () => {};
            }
        },
    };
}
