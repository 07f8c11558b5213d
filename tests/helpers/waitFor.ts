/**
 * Polls `check` until it returns a value (not undefined), or fails after `timeoutMs` saying what it waited for:
 * a readiness wait with a deadline of its own, never the test runner's file limit.
 */
export async function waitFor<T>(
    what: string,
    check: () => T | undefined | Promise<T | undefined>,
    {timeoutMs = 60_000, everyMs = 20}: {timeoutMs?: number; everyMs?: number} = {},
): Promise<T> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
        const value = await check();
        if (value !== undefined) return value;
        if (performance.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
}
