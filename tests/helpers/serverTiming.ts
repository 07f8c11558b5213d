/** A `Server-Timing` header's metrics (main/api/timing.ts writes them), by name, in milliseconds. */
export function readServerTiming(header: string | null): Record<string, number> {
    return Object.fromEntries(
        (header ?? "").split(", ").map((metric) => {
            const [name, dur] = metric.split(";dur=");
            return [name, Number(dur)];
        }),
    );
}
