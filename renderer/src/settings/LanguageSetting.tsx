import {LANGUAGES} from "../../../shared/languages.js";
import {systemLanguage, useLanguage, useTranslation, type LanguageChoice} from "../i18n/index.js";

/** The window's language: the system's (the default) or one of Cairn's, each by its own name. */
export function LanguageSetting() {
    const {t} = useTranslation();
    const [choice, choose] = useLanguage();
    const system = LANGUAGES.find((l) => l.code === systemLanguage())?.name ?? "English";
    return (
        <>
            <h3>{t("settings.language")}</h3>
            <label>
                {t("settings.language")}{" "}
                <select
                    value={choice}
                    onChange={(e) => choose(e.target.value as LanguageChoice)}
                    aria-describedby="language-hint"
                >
                    <option value="system">{t("settings.languageSystem", {name: system})}</option>
                    {LANGUAGES.map((l) => (
                        <option key={l.code} value={l.code} lang={l.code} dir={l.dir}>
                            {l.name}
                        </option>
                    ))}
                </select>
            </label>
            <p className="hint" id="language-hint">
                {t("settings.languageHint")}
            </p>
        </>
    );
}
