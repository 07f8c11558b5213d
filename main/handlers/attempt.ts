import {fail, ok, type ErrorCode, type Result} from "../../shared/result.js";
import {failWith, WordsError} from "../words.js";
import {messageOf} from "../../shared/format.js";

/**
 * A handler's work that refuses by throwing (an upload out of order, an image that cannot be kept): its value,
 * or the refusal with its words (a WordsError) or its message.
 */
export async function attempt<T>(
    work: () => T | Promise<T>,
    code: ErrorCode = "VALIDATION",
): Promise<Result<T>> {
    try {
        return ok(await work());
    } catch (error) {
        return refused(error, code);
    }
}

/** A refusal that was thrown: with its words (a WordsError), or its message. */
export function refused<T = never>(error: unknown, code: ErrorCode = "VALIDATION"): Result<T> {
    if (error instanceof WordsError) return failWith(code, error.words);
    return fail(code, messageOf(error));
}
