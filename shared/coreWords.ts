// What the core says when it refuses a request, in the ten languages the window speaks. A refusal carries its
// words' key and values (AppError.words) beside the English message: the CLI and the local API print the
// message (main/words.ts makes it); the window says the key in its own language (renderer/src/client.ts).
// Plurals follow i18next's rules (key_one, key_other). Each language is its own file, shared/coreWords/<language>.ts.
import type {LanguageCode} from "./languages.js";
import type {Words} from "./result.js";
import {en} from "./coreWords/en.js";
import {de} from "./coreWords/de.js";
import {fr} from "./coreWords/fr.js";
import {es} from "./coreWords/es.js";
import {ptBR} from "./coreWords/ptBR.js";
import {zhCN} from "./coreWords/zhCN.js";
import {ja} from "./coreWords/ja.js";
import {ru} from "./coreWords/ru.js";
import {ar} from "./coreWords/ar.js";
import {hi} from "./coreWords/hi.js";

export const CORE_WORDS = {
    en,
    de,
    fr,
    es,
    "pt-BR": ptBR,
    "zh-CN": zhCN,
    ja,
    ru,
    ar,
    hi,
} satisfies Record<LanguageCode, Record<string, string>>;

export type CoreWordKey = keyof typeof CORE_WORDS.en extends infer K
    ? K extends `${infer Base}_${"one" | "other"}`
        ? Base
        : K
    : never;

/** A message's words: its key here and its values. */
export function wordsOf(key: CoreWordKey, values: Record<string, string | number> = {}): Words {
    return {key, values};
}

/** The file formats a refusal can name: a {{fileFormat}} value is one of these, said as fileFormat_<code>. */
export type FileFormat = "docx" | "pptx" | "xlsx" | "odt" | "ods" | "odp" | "epub";

/** Node's network error codes that have words (connection_<code>): why a connection failed. */
export const CONNECTION_CODES = [
    "ECONNREFUSED",
    "ENOTFOUND",
    "EAI_AGAIN",
    "ECONNRESET",
    "EHOSTUNREACH",
    "ENETUNREACH",
    "ETIMEDOUT",
    "UND_ERR_CONNECT_TIMEOUT",
] as const;

/** Whether a network error's code has words (connection_<code>). */
export function isConnectionCode(code: unknown): code is (typeof CONNECTION_CODES)[number] {
    return CONNECTION_CODES.some((known) => known === code);
}

/**
 * A message's values as they are said, through `say`, the language's lookup of a key: a {{fileFormat}} value
 * (a FileFormat) becomes the format's name, a {{cause}} value that is a network error's code (ENOTFOUND) its
 * words ("no such host"), in the same language.
 */
export function valuesToSay(
    values: Record<string, string | number> | undefined,
    say: (key: string) => string,
): Record<string, string | number> {
    const said = {...values};
    if (typeof said.fileFormat === "string") said.fileFormat = say(`fileFormat_${said.fileFormat}`);
    if (isConnectionCode(said.cause)) said.cause = say(`connection_${said.cause}`);
    return said;
}
