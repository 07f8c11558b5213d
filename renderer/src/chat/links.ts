/** Whether an address may be opened outside the app: http(s) only, never javascript:, file: or data:. */
export function isSafeExternal(url: string | undefined): url is string {
    if (!url) return false;
    try {
        const u = new URL(url);
        return u.protocol === "https:" || u.protocol === "http:";
    } catch {
        return false;
    }
}
