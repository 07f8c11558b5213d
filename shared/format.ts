/**
 * Bytes for people: GiB and MiB with one decimal, KiB below a MiB, bytes below a KiB (a small file is not
 * "0 KiB"). Shared by the core's messages and the UI.
 */
export function formatBytes(bytes: number): string {
    if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
    if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
    if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
    return `${Math.max(0, Math.round(bytes))} B`;
}

/** A text cut to at most `max` characters, ending in "…" when it was cut. */
export function clip(text: string, max: number): string {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A count for people, with thousands separators: 1,048,576. */
export function formatCount(n: number): string {
    return n.toLocaleString("en-US");
}

/** "1 tool", "7 tools": a count and its noun, plural when it is not one. */
export function countOf(n: number, noun: string): string {
    return `${formatCount(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/** A time as a file name may hold it (no colons or dots): 2026-11-25T20-31-00-000Z. */
export function stamp(date = new Date()): string {
    return date.toISOString().replace(/[:.]/g, "-");
}

/** A path's last part, its file name, whichever separator the path uses ("C:\\m\\a.gguf", "/m/a.gguf"). */
export function fileNameOf(file: string): string {
    return file.split(/[\\/]/).pop() ?? file;
}

/** What a thrown value says: an Error's message, anything else as text. */
export function messageOf(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}

/**
 * What a thrown value says it was caused by (fetch's TypeError wraps the real reason, a system error, in its
 * `cause`): its code and message where it has them as text.
 */
export function causeOf(error: unknown): {code?: string; message?: string} {
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    if (typeof cause !== "object" || cause === null) return {};
    const code = codeOf(cause);
    const message = "message" in cause && typeof cause.message === "string" ? cause.message : undefined;
    return {...(code ? {code} : {}), ...(message !== undefined ? {message} : {})};
}

/** A thrown value's code, where it has one as text (Node's system errors: ENOENT, EACCES, ESRCH…). */
export function codeOf(error: unknown): string | undefined {
    return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
        ? error.code
        : undefined;
}
