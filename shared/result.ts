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

export type AppError = {code: ErrorCode; message: string; details?: unknown};
export type Result<T> = {ok: true; value: T} | {ok: false; error: AppError};

export function ok<T>(value: T): Result<T> {
    return {ok: true, value};
}

export function fail<T = never>(code: ErrorCode, message: string, details?: unknown): Result<T> {
    return details === undefined
        ? {ok: false, error: {code, message}}
        : {ok: false, error: {code, message, details}};
}
