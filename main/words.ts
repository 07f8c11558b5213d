// The core's refusals in words (shared/coreWords.ts): the English message beside the key and values that
// the window says in its own language.
import i18next from "i18next";
import {CORE_WORDS, valuesToSay, wordsOf, type CoreWordKey} from "../shared/coreWords.js";
import type {LanguageCode} from "../shared/languages.js";
import type {AppError, ErrorCode, Result, Words} from "../shared/result.js";

const languages = i18next.createInstance();
void languages.init({
    resources: Object.fromEntries(
        Object.entries(CORE_WORDS).map(([lng, words]) => [lng, {translation: words}]),
    ),
    lng: "en",
    fallbackLng: "en",
    // Messages are plain text, shown as they are: nothing to escape.
    interpolation: {escapeValue: false},
    initAsync: false,
});

/** A refusal's words in one of the window's languages (as the window says them). */
export function sayIn(language: LanguageCode, words: Words): string {
    const say = languages.getFixedT(language);
    return String(
        say(
            words.key,
            valuesToSay(words.values, (key) => say(key)),
        ),
    );
}

/** The English of a refusal's words (what the CLI and the local API print). */
export function inEnglish(words: Words): string {
    return sayIn("en", words);
}

/** Words with their English: a message that the window says in its language and the CLI prints. */
export function said(words: Words): {message: string; words: Words} {
    return {message: inEnglish(words), words};
}

/**
 * An error whose reason is in words where Cairn wrote it (the English message beside them), and only in English
 * where another program wrote it (a library's or the system's text). Subclasses tell the kinds apart.
 */
export class ReasonError extends Error {
    readonly words?: Words;
    constructor(why: string | Words) {
        super(typeof why === "string" ? why : inEnglish(why));
        if (typeof why !== "string") this.words = why;
    }

    /** One of these errors from a key of the core's words and its values: `FetchError.saying("fetchHttp", …)`. */
    static saying<T>(
        this: new (words: Words) => T,
        key: CoreWordKey,
        values: Record<string, string | number> = {},
    ): T {
        return new this(wordsOf(key, values));
    }
}

/** An exception that carries its words, for a refusal that travels up by throwing (an image that cannot be kept). */
export class WordsError extends ReasonError {
    declare readonly words: Words;
    constructor(words: Words) {
        super(words);
    }
}

/** A WordsError from a key and its values. */
export function refusal(key: CoreWordKey, values: Record<string, string | number> = {}): WordsError {
    return WordsError.saying(key, values);
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
