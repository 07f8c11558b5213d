/**
 * The server's own share of a completion's time, sent as a `Server-Timing` header (W3C) in milliseconds:
 * `read` (the request read, checked and planned), `queue` (waiting for the one engine), and `generate` (from
 * its turn to a stream's first event, usually its first text, or to the whole answer). What a client measures
 * beyond their sum is the connection and the client itself.
 */
export class ServerTiming {
    private readonly received = performance.now();
    private queued = NaN;
    private admitted = NaN;

    /** The request is read and checked: it waits for its turn. */
    queue(): void {
        this.queued = performance.now();
    }

    /** Its turn has come. */
    admit(): void {
        this.admitted = performance.now();
    }

    header(): string {
        const parts: Array<[string, number]> = [
            ["read", this.queued - this.received],
            ["queue", this.admitted - this.queued],
            ["generate", performance.now() - this.admitted],
        ];
        return parts.map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(", ");
    }
}
