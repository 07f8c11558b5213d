import i18next from "i18next";
import {initReactI18next, Trans, useTranslation} from "react-i18next";
import {useCallback, useEffect, useState} from "react";
import {directionOf, LANGUAGES, resolveLanguage, type LanguageCode} from "../../../shared/languages.js";
import {en} from "./locales/en.js";
import {de} from "./locales/de.js";
import {fr} from "./locales/fr.js";
import {es} from "./locales/es.js";
import {ptBR} from "./locales/ptBR.js";
import {zhCN} from "./locales/zhCN.js";
import {ja} from "./locales/ja.js";
import {ru} from "./locales/ru.js";
import {ar} from "./locales/ar.js";
import {hi} from "./locales/hi.js";
import {CORE_WORDS, valuesToSay} from "../../../shared/coreWords.js";
import type {AppError, Words} from "../../../shared/result.js";

/** Each language's words, by its code: all in the bundle (a few kilobytes each), so a switch is instant. */
export const WORDS: Record<LanguageCode, object> = {
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
};

/** The window's language: one of LANGUAGES, or the system's (the default). */
export type LanguageChoice = LanguageCode | "system";

const LANGUAGE_KEY = "cairn.language";

export function chosenLanguage(): LanguageChoice {
    const kept = localStorage.getItem(LANGUAGE_KEY);
    return LANGUAGES.find((l) => l.code === kept)?.code ?? "system";
}

/** The system's language as Cairn speaks it: the browser's (in Electron, app.getLocale()'s), else English. */
export function systemLanguage(): LanguageCode {
    return resolveLanguage(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

function effective(choice: LanguageChoice): LanguageCode {
    return choice === "system" ? systemLanguage() : choice;
}

/**
 * Shows the window in `code`: every word (i18next), and <html lang dir> (screen readers' voice, fonts, and the
 * layout's direction: Arabic is right to left).
 */
function show(code: LanguageCode): void {
    document.documentElement.lang = code;
    document.documentElement.dir = directionOf(code);
    if (i18next.language !== code) void i18next.changeLanguage(code);
    if (coreWords.language !== code) void coreWords.changeLanguage(code);
    // The desktop shell speaks the window's language too: its tray, notifications and questions.
    window.cairnDesktop?.setLanguage?.(code);
}

// i18next starts in English as soon as any part of the window imports it (tests that draw a component in Node
// included); startLanguages() then switches to the window's language before the first drawing.
void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(WORDS).map(([lng, words]) => [lng, {translation: words}])),
    lng: "en",
    fallbackLng: "en",
    supportedLngs: LANGUAGES.map((l) => l.code),
    // React escapes what it shows; a second escape would show &amp; in a title.
    interpolation: {escapeValue: false},
    initAsync: false,
});

/** What the core says when it refuses (shared/coreWords.ts), kept in the window's language by show(). */
const coreWords = i18next.createInstance();
void coreWords.init({
    resources: Object.fromEntries(
        Object.entries(CORE_WORDS).map(([lng, words]) => [lng, {translation: words}]),
    ),
    lng: "en",
    fallbackLng: "en",
    interpolation: {escapeValue: false},
    initAsync: false,
});

/** What the core said, in the window's language (its English message where the key is unknown). */
export function sayError(error: Pick<AppError, "message" | "words">): string {
    return sayCore(error.message, error.words);
}

/** A message of the core with its words (an error, the engine's status), in the window's language. */
export function sayCore(message: string, words: Words | null | undefined): string {
    if (!words || !coreWords.exists(words.key)) return message;
    // The window's typed keys (CustomTypeOptions) are not the core's: its words are looked up untyped.
    const say = coreWords.t.bind(coreWords) as unknown as (key: string, values: object) => string;
    return say(
        words.key,
        valuesToSay(words.values, (key) => say(key, {})),
    );
}

/** The window's language, at once (every language's words are in the bundle): the first drawing is in it. */
export function startLanguages(): void {
    show(effective(chosenLanguage()));
    // The system's language changed while Cairn runs: a window that follows it follows at once.
    window.addEventListener("languagechange", () => {
        if (chosenLanguage() === "system") show(systemLanguage());
    });
}

/** The window's language choice, kept in this browser's storage; changing it redraws every word at once. */
export function useLanguage(): [LanguageChoice, (choice: LanguageChoice) => void] {
    const [choice, setChoice] = useState<LanguageChoice>(chosenLanguage);
    const choose = useCallback((next: LanguageChoice) => {
        if (next === "system") localStorage.removeItem(LANGUAGE_KEY);
        else localStorage.setItem(LANGUAGE_KEY, next);
        setChoice(next);
    }, []);
    useEffect(() => show(effective(choice)), [choice]);
    return [choice, choose];
}

export {Trans, useTranslation};
export type {TFunction} from "i18next";
