import type {LlamaContext} from "node-llama-cpp";

/** node-llama-cpp's native calls of a generated token: decode then sample, or both in one (Cairn's engine). */
export const TOKEN_CALLS = ["decodeBatch", "sampleToken", "decodeBatchAndSample"] as const;
export type TokenCall = (typeof TOKEN_CALLS)[number];

/**
 * Watches a context's native calls of each token (node-llama-cpp's internal `LlamaContext._ctx`): each call's
 * count and milliseconds until `restore`. `way.oneCall = false` hides decodeBatchAndSample, as the prebuilt
 * binaries lack it, so that the next tokens are decoded and sampled in two calls. A node-llama-cpp that renames
 * the two calls every binding has fails here in words, not silently.
 */
export function watchTokenCalls(context: LlamaContext, way: {oneCall: boolean}) {
    const holder = context as unknown as {_ctx: Record<string, unknown>};
    const native = holder._ctx;
    for (const name of ["decodeBatch", "sampleToken"])
        if (typeof native[name] !== "function") throw new Error(`node-llama-cpp has no ${name} to watch`);
    const zero = () => ({decodeBatch: 0, sampleToken: 0, decodeBatchAndSample: 0});
    const watched = {calls: zero(), ms: zero()};
    holder._ctx = new Proxy(native, {
        get(target, prop) {
            const value = target[prop as string];
            if (prop === "decodeBatchAndSample" && !way.oneCall) return undefined;
            if (typeof value !== "function") return value;
            if (!TOKEN_CALLS.includes(prop as TokenCall)) return value.bind(target);
            const name = prop as TokenCall;
            return async (...args: unknown[]) => {
                const started = performance.now();
                watched.calls[name]++;
                try {
                    return await value.apply(target, args);
                } finally {
                    watched.ms[name] += performance.now() - started;
                }
            };
        },
    });
    return {
        ...watched,
        /** Whether the binding has the one call (Cairn's engine). */
        oneCallThere: typeof native.decodeBatchAndSample === "function",
        /** Zeroes the counts and times, for the next round. */
        reset: () => {
            Object.assign(watched.calls, zero());
            Object.assign(watched.ms, zero());
        },
        restore: () => (holder._ctx = native),
    };
}
