export type ErrorCode =
    | "VALIDATION"
    | "NOT_FOUND"
    | "DENIED"
    | "TIMEOUT"
    | "CANCELLED"
    | "MODEL_NOT_LOADED"
    | "OUT_OF_MEMORY"
    | "NETWORK"
    /** Another Cairn process holds what was asked for (a conversation's running answer). */
    | "BUSY"
    /** What was asked for cannot be done here (printing to PDF outside the desktop app). */
    | "UNAVAILABLE"
    | "INTERNAL";

/** A message's key in shared/coreWords.ts and its values: what the window says in its own language. */
export type Words = {key: string; values?: Record<string, string | number>};

/** `message` is English (the CLI, the local API); `words`, where set, is the same in any language. */
export type AppError = {code: ErrorCode; message: string; details?: unknown; words?: Words};
export type Result<T> = {ok: true; value: T} | {ok: false; error: AppError};

export function ok<T>(value: T): Result<T> {
    return {ok: true, value};
}

export function fail<T = never>(code: ErrorCode, message: string, details?: unknown): Result<T> {
    return details === undefined
        ? {ok: false, error: {code, message}}
        : {ok: false, error: {code, message, details}};
}
