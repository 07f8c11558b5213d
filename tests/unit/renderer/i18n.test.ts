import assert from "node:assert/strict";
import test from "node:test";
import {LANGUAGES, directionOf, resolveLanguage} from "../../../shared/languages.js";
import {en} from "../../../renderer/src/i18n/locales/en.js";
import {WORDS} from "../../../renderer/src/i18n/index.js";
import {assertPluralForms, assertSameWords} from "../../helpers/words.js";

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
    assertSameWords(en, WORDS);
});

test("each plural has exactly the forms its language's plural rules use, and names no variable English lacks", () => {
    assertPluralForms(en, WORDS);
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
