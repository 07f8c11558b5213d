/**
 * One feature as the composition root sees it: the services it built, the contract calls it answers, the
 * work it does once everything is built, and what it ends at dispose.
 */
export type Feature<Handlers extends object = object> = {
    /** The contract calls this feature answers (one slice of the dispatcher's table). */
    handlers: Handlers;
    /** Work once every feature is built: recovery, connections, resumed jobs. */
    start?(): void;
    /** Undone at dispose, features in the reverse order of their making. */
    stop?(): Promise<void> | void;
};

/** Starts every feature, in order. */
export function startAll(features: Feature[]): void {
    for (const feature of features) feature.start?.();
}

/** Stops every feature, the last made first; one that fails does not keep the others from stopping. */
export async function stopAll(features: Feature[]): Promise<void> {
    const errors: unknown[] = [];
    for (const feature of [...features].reverse()) {
        try {
            await feature.stop?.();
        } catch (error) {
            errors.push(error);
        }
    }
    if (errors.length > 0) throw errors[0];
}
