import {ApiError} from "./errors.js";

const RECENT = 10;

/**
 * One completion at a time on the one model, first come first served. Beyond `maxWaiting` waiting
 * requests, a new one gets 429 with the queue's depth and a Retry-After from recent durations. A waiting
 * request whose client went away leaves the queue.
 */
export class Gate {
    private busy = false;
    private readonly waiting: Array<() => void> = [];
    private readonly durations: number[] = [];

    constructor(private readonly maxWaiting: number) {}

    /** Resolves when it is this request's turn, with the function that ends its turn. */
    async enter(signal: AbortSignal): Promise<() => void> {
        if (this.busy) {
            if (this.waiting.length >= this.maxWaiting) throw this.full();
            const admitted = await new Promise<boolean>((resolve) => {
                const turn = () => resolve(true);
                this.waiting.push(turn);
                signal.addEventListener("abort", () => {
                    const at = this.waiting.indexOf(turn);
                    if (at >= 0) {
                        this.waiting.splice(at, 1);
                        resolve(false);
                    }
                });
            });
            if (!admitted) return () => {};
        }
        this.busy = true;
        const started = performance.now();
        let released = false;
        return () => {
            if (released) return;
            released = true;
            this.durations.push(performance.now() - started);
            if (this.durations.length > RECENT) this.durations.shift();
            const next = this.waiting.shift();
            if (next) next();
            else this.busy = false;
        };
    }

    private full(): ApiError {
        const average = this.durations.length
            ? this.durations.reduce((a, b) => a + b, 0) / this.durations.length
            : 5000;
        const seconds = Math.max(1, Math.ceil((average * (this.waiting.length + 1)) / 1000));
        return new ApiError(
            429,
            `Cairn is busy: ${this.waiting.length} requests are already waiting for its one model (about ${seconds} s); retry after ${seconds} s`,
            "requests",
            null,
            "rate_limit_exceeded",
            {"Retry-After": String(seconds)},
        );
    }
}
