// Checks that a set of translations is complete: every language says every English word with the same
// {{variables}}, and each plural has exactly the forms its language's plural rules use. The window's words
// (renderer/src/i18n) and the desktop shell's (electron/words.ts) are held to the same checks.
import assert from "node:assert/strict";

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
const pluralBases = (english: Map<string, string>) =>
    new Set([...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));

/** Each language says every English word, no more, with the same {{variables}}, none empty. */
export function assertSameWords(en: object, all: Record<string, object>): void {
    const english = flat(en);
    const singular = [...english.keys()].filter((k) => !PLURAL.test(k));
    const bases = pluralBases(english);
    for (const [code, words] of Object.entries(all)) {
        const mine = flat(words);
        const missing = singular.filter((k) => !mine.has(k));
        assert.deepEqual(missing, [], `${code} lacks ${missing.join(", ")}`);
        const extra = [...mine.keys()].filter(
            (k) => !english.has(k) && !(PLURAL.test(k) && bases.has(k.replace(PLURAL, ""))),
        );
        assert.deepEqual(extra, [], `${code} has words English has not: ${extra.join(", ")}`);
        for (const key of singular) {
            assert.deepEqual(variables(mine.get(key)!), variables(english.get(key)!), `${code}: ${key}`);
            assert.ok(mine.get(key)!.trim().length > 0, `${code}: ${key} is empty`);
        }
    }
}

/** Each plural has exactly the forms Intl.PluralRules gives its language, naming no variable English lacks. */
export function assertPluralForms(en: object, all: Record<string, object>): void {
    const english = flat(en);
    const bases = pluralBases(english);
    assert.ok(bases.size > 0);
    for (const [code, words] of Object.entries(all)) {
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
}
