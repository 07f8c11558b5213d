import assert from "node:assert/strict";
import test from "node:test";
import {LANGUAGES, directionOf, resolveLanguage} from "../../../renderer/src/i18n/languages.js";
import {en} from "../../../renderer/src/i18n/locales/en.js";
import {WORDS} from "../../../renderer/src/i18n/index.js";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string of a language by its dotted key. */
function flat(words: object, prefix = ""): Map<string, string> {
    const out = new Map<string, string>();
    for (const [key, value] of Object.entries(words)) {
        if (typeof value === "string") out.set(prefix + key, value);
        else for (const [k, v] of flat(value as object, `${prefix}${key}.`)) out.set(k, v);
    }
    return out;
}
const variables = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));

test("every language of the list has words, and the list is the ten the window offers", () => {
    assert.deepEqual(
        LANGUAGES.map((l) => l.code),
        ["en", "de", "fr", "es", "pt-BR", "zh-CN", "ja", "ru", "ar", "hi"],
    );
    assert.deepEqual(Object.keys(WORDS).sort(), LANGUAGES.map((l) => l.code).sort());
    assert.equal(directionOf("ar"), "rtl");
    assert.equal(directionOf("de"), "ltr");
});

test("each language says every English word, no more, with the same {{variables}}", () => {
    const english = flat(en);
    const singular = [...english.keys()].filter((k) => !PLURAL.test(k));
    for (const [code, words] of Object.entries(WORDS)) {
        const mine = flat(words);
        const missing = singular.filter((k) => !mine.has(k));
        assert.deepEqual(missing, [], `${code} lacks ${missing.join(", ")}`);
        const bases = new Set(
            [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")),
        );
        const extra = [...mine.keys()].filter(
            (k) => !english.has(k) && !(PLURAL.test(k) && bases.has(k.replace(PLURAL, ""))),
        );
        assert.deepEqual(extra, [], `${code} has words English has not: ${extra.join(", ")}`);
        for (const key of singular) {
            assert.deepEqual(variables(mine.get(key)!), variables(english.get(key)!), `${code}: ${key}`);
            assert.ok(mine.get(key)!.trim().length > 0, `${code}: ${key} is empty`);
        }
    }
});

test("each plural has exactly the forms its language's plural rules use, and names no variable English lacks", () => {
    const english = flat(en);
    const bases = new Set(
        [...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")),
    );
    assert.ok(bases.size > 0);
    for (const [code, words] of Object.entries(WORDS)) {
        const mine = flat(words);
        const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories.slice().sort();
        for (const base of bases) {
            const forms = [...mine.keys()]
                .filter((k) => k.replace(PLURAL, "") === base && PLURAL.test(k))
                .map((k) => PLURAL.exec(k)![1])
                .sort();
            assert.deepEqual(forms, categories, `${code}: ${base}`);
            const allowed = variables(english.get(`${base}_other`)!);
            for (const form of forms)
                for (const name of variables(mine.get(`${base}_${form}`)!))
                    assert.ok(allowed.has(name), `${code}: ${base}_${form} names {{${name}}}`);
        }
    }
});

test("the system's language is matched by its first known language, region aside; else English", () => {
    assert.equal(resolveLanguage(["de-DE", "en-US"]), "de");
    assert.equal(resolveLanguage(["de_AT"]), "de");
    assert.equal(resolveLanguage(["ar-EG"]), "ar");
    assert.equal(resolveLanguage(["pt-PT"]), "pt-BR");
    assert.equal(resolveLanguage(["zh-TW"]), "zh-CN");
    assert.equal(resolveLanguage(["nl-NL", "fr-CA", "en"]), "fr");
    assert.equal(resolveLanguage(["sw"]), "en");
    assert.equal(resolveLanguage([]), "en");
});
