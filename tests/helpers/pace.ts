import os from "node:os";

/**
 * How much slower than idle this machine runs now, measured: the last minute's load per core (another process
 * keeping the cores busy shares them with the tests), at least 1 and at most 6. A deadline that a test needs
 * (Playwright's waits, a child process's limit) is its idle value times this, not a fixed guess for one machine.
 */
export function machinePace(): number {
    const perCore = os.loadavg()[0]! / os.availableParallelism();
    return Math.min(6, Math.max(1, perCore));
}

/** `ms` at the machine's present pace (machinePace). */
export function paced(ms: number, pace = machinePace()): number {
    return Math.round(ms * pace);
}
