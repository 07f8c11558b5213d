import assert from "node:assert/strict";
import {test} from "node:test";
import {terminalLanguage} from "../../../../main/cli/language.js";

// The terminal's language is read as POSIX programs read it: LC_ALL, then LC_MESSAGES, then LANG.

test("the terminal's language: LC_ALL before LC_MESSAGES before LANG; C, POSIX and unknown ones are English", () => {
    assert.equal(terminalLanguage({LANG: "de_DE.UTF-8"}), "de");
    assert.equal(terminalLanguage({LANG: "de_DE.UTF-8", LC_MESSAGES: "ja_JP.UTF-8"}), "ja");
    assert.equal(terminalLanguage({LANG: "de_DE.UTF-8", LC_MESSAGES: "ja_JP", LC_ALL: "ru_RU.UTF-8"}), "ru");
    assert.equal(terminalLanguage({LANG: "pt_BR.UTF-8"}), "pt-BR");
    assert.equal(terminalLanguage({LANG: "pt_PT.UTF-8"}), "pt-BR");
    assert.equal(terminalLanguage({LANG: "zh_CN.UTF-8"}), "zh-CN");
    assert.equal(terminalLanguage({LANG: "ar_EG.UTF-8@latin"}), "ar");
    assert.equal(terminalLanguage({LANG: "C.UTF-8"}), "en");
    assert.equal(terminalLanguage({LANG: "POSIX"}), "en");
    assert.equal(terminalLanguage({LANG: "sv_SE.UTF-8"}), "en");
    assert.equal(terminalLanguage({LANG: "fr_FR.UTF-8", LC_ALL: " "}), "fr", "an empty LC_ALL is not set");
    assert.equal(terminalLanguage({}), "en");
});
