// What a run prints, kept up to a limit and counted beyond it, and the names its files may have: both sides of
// the sandbox use them (the child as it runs, Cairn again when it writes the files).

/** Text written in pieces, kept up to `max` characters; what is beyond is counted, not kept. */
export class CappedText {
    text = "";
    cut = 0;

    constructor(private readonly max: number) {}

    write(piece: string): void {
        const room = this.max - this.text.length;
        if (room > 0) this.text += piece.slice(0, room);
        this.cut += Math.max(0, piece.length - Math.max(0, room));
    }
}

/**
 * A file name a run may use: relative, with / between parts, no empty, "." or ".." part, no control
 * characters or backslashes; null where it is not one.
 */
export function cleanName(name: string): string | null {
    if (name.length === 0 || name.length > 255 || name.startsWith("/")) return null;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\\]/.test(name)) return null;
    const parts = name.replace(/^\.\//, "").split("/");
    if (parts.some((part) => part === "" || part === "." || part === "..")) return null;
    return parts.join("/");
}
