import assert from "node:assert/strict";
import {test} from "node:test";
import {CORE_WORDS, valuesToSay, wordsOf} from "../../../shared/coreWords.js";
import {failSaying, inEnglish} from "../../../main/words.js";
import {assertPluralForms, assertSameWords} from "../../helpers/words.js";

// The core's refusals in the ten languages: every language says every word with the same values and its own
// plural forms; the English message a refusal carries is the English of its words.

test("every language says each of the core's refusals, with the same values and its own plural forms", () => {
    assertSameWords(CORE_WORDS.en, CORE_WORDS);
    assertPluralForms(CORE_WORDS.en, CORE_WORDS);
});

test("a refusal carries its English message and the words the window says in its language", () => {
    const refused = failSaying("NOT_FOUND", "imagesGone", {count: 2});
    assert.ok(!refused.ok);
    assert.equal(
        refused.error.message,
        "2 images of this message are no longer kept (sent over an hour ago and not used): attach them again",
    );
    assert.deepEqual(refused.error.words, {key: "imagesGone", values: {count: 2}});
    assert.equal(
        inEnglish(wordsOf("imagesGone", {count: 1})),
        "an image of this message is no longer kept (sent over an hour ago and not used): attach it again",
    );
    // Values are text as they are (file names with & or <): nothing is escaped.
    assert.equal(
        inEnglish(wordsOf("toolPolicy", {tool: "a&b<c>"})),
        "a&b<c> is disabled by its policy; change it in Settings",
    );
});

test("a network error's code is said in words, in each language; an unknown code stays as it is", () => {
    assert.equal(
        inEnglish(wordsOf("downloadUnreachable", {host: "huggingface.co", cause: "ENOTFOUND"})),
        "could not reach huggingface.co (no such host); downloads need an internet connection",
    );
    const german = (key: string) => (CORE_WORDS.de as Record<string, string>)[key] ?? key;
    assert.deepEqual(valuesToSay({host: "h", cause: "ECONNREFUSED"}, german), {
        host: "h",
        cause: "dort antwortet nichts",
    });
    assert.deepEqual(valuesToSay({cause: "EPROTO"}, german), {cause: "EPROTO"});
});
