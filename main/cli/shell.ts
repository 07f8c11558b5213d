/** A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes. */
export function shellWord(value: string): string {
    return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
