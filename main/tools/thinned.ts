// A call's progress on its way to the window: a server's storm of updates thinned to a few a second.

/** How often a call's progress reaches the window at most: a server's storm of updates is thinned. */
const PROGRESS_EVERY_MS = 100;

/**
 * Passes on at most one update per PROGRESS_EVERY_MS, and the newest one held back once the pause is over,
 * so the window shows where a call is without thousands of events.
 */
export function thinned<T>(send: (update: T) => void): (update: T) => void {
    let last = 0;
    let held: T | null = null;
    let timer: NodeJS.Timeout | null = null;
    return (update) => {
        const now = Date.now();
        if (now - last >= PROGRESS_EVERY_MS) {
            last = now;
            send(update);
            return;
        }
        held = update;
        timer ??= setTimeout(
            () => {
                timer = null;
                last = Date.now();
                if (held !== null) send(held);
                held = null;
            },
            PROGRESS_EVERY_MS - (now - last),
        );
    };
}
