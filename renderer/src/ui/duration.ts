/**
 * A duration as the language writes it, in the unit that reads best: "840 ms", "4.2 s", "42 s", "5.3 min",
 * "1.5 h" (Intl's units: "4,2 s" in German).
 */
export function formatDuration(ms: number, language: string): string {
    const [value, unit] =
        ms < 1000
            ? [Math.round(ms), "millisecond"]
            : ms < 60_000
              ? [ms / 1000, "second"]
              : ms < 3_600_000
                ? [ms / 60_000, "minute"]
                : [ms / 3_600_000, "hour"];
    return new Intl.NumberFormat(language, {
        style: "unit",
        unit,
        unitDisplay: "short",
        maximumFractionDigits: value < 10 ? 1 : 0,
    }).format(value);
}
