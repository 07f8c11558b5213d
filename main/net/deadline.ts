/** A request's abort signal with a time limit: aborted by the caller's signal or when the time is up. */
export type Deadline = {
    signal: AbortSignal;
    /** Whether the time ran out (not the caller's signal). */
    timedOut: () => boolean;
    /** Stops the timer and lets go of the caller's signal: call it when the work is done. */
    clear: () => void;
};

/**
 * `signal` or `ms` passing, whichever comes first. Not `AbortSignal.any([signal, AbortSignal.timeout(ms)])`:
 * on Node 20 the timeout signal inside it is held only weakly, and under garbage collection it can be collected
 * and never fire, so a request to a server that never answers waited forever (web_search's test hung in CI).
 * Here the timer holds the controller.
 */
export function deadline(signal: AbortSignal, ms: number): Deadline {
    const controller = new AbortController();
    let expired = false;
    const timer = setTimeout(() => {
        expired = true;
        controller.abort(new DOMException(`The operation timed out after ${ms} ms`, "TimeoutError"));
    }, ms);
    const follow = () => controller.abort(signal.reason);
    if (signal.aborted) follow();
    else signal.addEventListener("abort", follow, {once: true});
    return {
        signal: controller.signal,
        timedOut: () => expired,
        clear: () => {
            clearTimeout(timer);
            signal.removeEventListener("abort", follow);
        },
    };
}
