import {LANGUAGES} from "../../../shared/languages.js";
import {systemLanguage, useLanguage, useTranslation, type LanguageChoice} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

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
                <Select
                    value={choice}
                    onChange={(next) => choose(next as LanguageChoice)}
                    aria-describedby="language-hint"
                    choices={[
                        {value: "system", label: t("settings.languageSystem", {name: system})},
                        // Each language by its own name, in its own language (screen readers' voice).
                        ...LANGUAGES.map((l) => ({value: l.code, label: l.name, lang: l.code})),
                    ]}
                />
            </label>
            <p className="hint" id="language-hint">
                {t("settings.languageHint")}
            </p>
        </>
    );
}
