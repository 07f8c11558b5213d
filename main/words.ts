// The core's refusals in words (shared/coreWords.ts): the English message beside the key and values that
// the window says in its own language.
import i18next from "i18next";
import {CORE_WORDS, wordsOf, type CoreWordKey} from "../shared/coreWords.js";
import type {AppError, ErrorCode, Result, Words} from "../shared/result.js";

const english = i18next.createInstance();
void english.init({
    resources: {en: {translation: CORE_WORDS.en}},
    lng: "en",
    // Messages are plain text, shown as they are: nothing to escape.
    interpolation: {escapeValue: false},
    initAsync: false,
});

/** The English of a refusal's words (what the CLI and the local API print). */
export function inEnglish(words: Words): string {
    return String(english.t(words.key, words.values ?? {}));
}

/** Words with their English: a message that the window says in its language and the CLI prints. */
export function said(words: Words): {message: string; words: Words} {
    return {message: inEnglish(words), words};
}

/** An exception that carries its words, for a refusal that travels up by throwing (an image that cannot be kept). */
export class WordsError extends Error {
    constructor(readonly words: Words) {
        super(inEnglish(words));
    }
}

/** A WordsError from a key and its values. */
export function refusal(key: CoreWordKey, values: Record<string, string | number> = {}): WordsError {
    return new WordsError(wordsOf(key, values));
}

/** An error with its words (for a caller that returns or keeps the error itself). */
export function errorWith(code: ErrorCode, words: Words): AppError {
    return {code, ...said(words)};
}

/**
 * A refusal with its words: the English message, and the key and values the window says in its language;
 * `details` for a caller that reads the numbers behind it.
 */
export function failWith<T = never>(code: ErrorCode, words: Words, details?: unknown): Result<T> {
    const error = errorWith(code, words);
    return {ok: false, error: details === undefined ? error : {...error, details}};
}

/** failWith, from a key and its values. */
export function failSaying<T = never>(
    code: ErrorCode,
    key: CoreWordKey,
    values: Record<string, string | number> = {},
): Result<T> {
    return failWith(code, wordsOf(key, values));
}
