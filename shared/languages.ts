/**
 * The languages Cairn speaks (its window, and the desktop shell's tray and notifications): each by its BCP 47
 * tag, its own name, and its writing direction.
 */
export const LANGUAGES = [
    {code: "en", name: "English", dir: "ltr"},
    {code: "de", name: "Deutsch", dir: "ltr"},
    {code: "fr", name: "Français", dir: "ltr"},
    {code: "es", name: "Español", dir: "ltr"},
    {code: "pt-BR", name: "Português (Brasil)", dir: "ltr"},
    {code: "zh-CN", name: "简体中文", dir: "ltr"},
    {code: "ja", name: "日本語", dir: "ltr"},
    {code: "ru", name: "Русский", dir: "ltr"},
    {code: "ar", name: "العربية", dir: "rtl"},
    {code: "hi", name: "हिन्दी", dir: "ltr"},
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

/** The language to show for the system's preferred ones (navigator.languages; Electron's follow app.getLocale()). */
export function resolveLanguage(preferred: readonly string[]): LanguageCode {
    for (const tag of preferred) {
        const lower = (tag.split(/[-_]/)[0] ?? "").toLowerCase();
        // Portuguese is Brazil's here; Chinese is Simplified (Taiwan's and Hong Kong's readers read it too).
        if (lower === "pt") return "pt-BR";
        if (lower === "zh") return "zh-CN";
        const known = LANGUAGES.find((l) => l.code === lower);
        if (known) return known.code;
    }
    return "en";
}

export function directionOf(code: LanguageCode): "ltr" | "rtl" {
    return LANGUAGES.find((l) => l.code === code)?.dir ?? "ltr";
}

/** Whether `value` names one of LANGUAGES (a window telling the shell its language is checked with it). */
export function isLanguageCode(value: unknown): value is LanguageCode {
    return LANGUAGES.some((l) => l.code === value);
}
