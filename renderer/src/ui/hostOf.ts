/** An address's host (example.com:8080), or the text itself when it is not an address. */
export function hostOf(url: string): string {
    try {
        return new URL(url).host;
    } catch {
        return url;
    }
}
