import assert from "node:assert/strict";
import path from "node:path";
import {test} from "node:test";
import {ESLint, type Linter} from "eslint";
import tseslint from "typescript-eslint";
import {ROOT} from "../../helpers/paths.js";

type TypedRule = {meta: {docs?: {requiresTypeChecking?: boolean}}};
const typeAware = new ESLint({cwd: ROOT});
/**
 * The project's config without type information, for the rules that need none (imports, words): each layer's
 * TypeScript program would otherwise be built for them (about 20 s of CPU for the three layers).
 */
const untyped = new ESLint({
    cwd: ROOT,
    overrideConfig: {
        languageOptions: {parserOptions: {projectService: false, project: null}},
        rules: Object.fromEntries(
            Object.entries((tseslint.plugin as unknown as {rules: Record<string, TypedRule>}).rules)
                .filter(([, rule]) => rule.meta.docs?.requiresTypeChecking)
                .map(([name]): [string, Linter.RuleEntry] => [`@typescript-eslint/${name}`, "off"]),
        ),
    },
});

/** The rule ids ESLint reports for `code` as if it were the file at `file` (an existing file of that layer). */
async function problems(file: string, code: string, eslint = untyped): Promise<string[]> {
    const [result] = await eslint.lintText(code, {filePath: path.join(ROOT, file)});
    return result!.messages.map((m) => m.ruleId ?? m.message);
}

test("shared/ imports libraries only as types, and nothing from Node or the other layers", async () => {
    const file = "shared/result.ts";
    assert.deepEqual(await problems(file, 'import type {Ajv} from "ajv";\nexport type A = Ajv;\n'), []);
    // TypeBox is the one runtime library of shared/: the contract's schemas are values.
    assert.deepEqual(
        await problems(file, 'import {Type} from "@sinclair/typebox";\nexport const S = Type.String();\n'),
        [],
    );
    for (const bad of [
        'import {Ajv} from "ajv";',
        'import fs from "node:fs";',
        'import {x} from "../main/core.js";',
    ]) {
        const found = await problems(file, `${bad}\nexport const y = 1;\n`);
        assert.ok(
            found.some((r) => r.endsWith("no-restricted-imports")),
            `${bad} is refused in shared/ (${found.join(", ")})`,
        );
    }
});

test("renderer/ imports no Node-side library; main/ never imports electron", async () => {
    for (const lib of ["linkedom", "@mozilla/readability", "better-sqlite3", "node:path"]) {
        const found = await problems(
            "renderer/src/chat/slash.ts",
            `import x from "${lib}";\nexport const y = x;\n`,
        );
        assert.ok(found.includes("no-restricted-imports"), `${lib} is refused in renderer/`);
    }
    const contract = await problems(
        "renderer/src/chat/slash.ts",
        'import {calls} from "../../../shared/contract.js";\nexport const y = calls;\n',
    );
    assert.ok(
        contract.includes("@typescript-eslint/no-restricted-imports"),
        "the contract's values stay out",
    );
    const typesOnly = 'import type {Message} from "../../../shared/contract.js";\nexport type M = Message;\n';
    assert.deepEqual(await problems("renderer/src/chat/slash.ts", typesOnly), []);
    const found = await problems("main/version.ts", 'import {app} from "electron";\nexport const y = app;\n');
    assert.ok(found.includes("no-restricted-imports"), "electron is refused in main/");
});

test("type-aware rules run: a promise nobody awaits is an error", async () => {
    const found = await problems("main/version.ts", "export async function f() {}\nf();\n", typeAware);
    assert.ok(found.includes("@typescript-eslint/no-floating-promises"), found.join(", "));
});

test("inside main/, a layer imports only the layers below it: a wrong-way import fails lint", async () => {
    const rule = (found: string[]) => found.some((r) => r.endsWith("no-restricted-imports"));
    const wrong: Array<[string, string]> = [
        ["main/llm/engine.ts", 'import type {ToolRegistry} from "../tools/registry.js";'],
        ["main/store/db.ts", 'import type {Engine} from "../llm/engine.js";'],
        ["main/server/host.ts", 'import type {Core} from "../core.js";'],
        ["main/tools/builtin/rag.ts", 'import type {Turn} from "../../chat/turn.js";'],
        ["main/chat/turn.ts", 'import type {ApiCore} from "../api/server.js";'],
        ["main/api/chat.ts", 'import type {Core} from "../core.js";'],
        ["main/handlers/api.ts", 'import {runCli} from "../cli/cli.js";'],
        ["main/handlers/api.ts", 'import type {Tools} from "../features/tools.js";'],
        ["main/tools/runner.ts", 'import type {Library} from "../features/library.js";'],
        ["main/features/tools.ts", 'import type {Core} from "../core.js";'],
    ];
    for (const [file, line] of wrong)
        assert.ok(rule(await problems(file, `${line}\nexport const y = 1;\n`)), `${file}: ${line}`);
    const right: Array<[string, string]> = [
        ["main/llm/engine.ts", 'import type {Db} from "../store/db.js";'],
        ["main/tools/builtin/rag.ts", 'import type {Engine} from "../../llm/engine.js";'],
        ["main/api/chat.ts", 'import type {ToolRegistry} from "../tools/registry.js";'],
        ["main/handlers/api.ts", 'import type {ApiService} from "../api/service.js";'],
        ["main/features/api.ts", 'import {apiHandlers} from "../handlers/api.js";'],
    ];
    for (const [file, line] of right)
        assert.ok(!rule(await problems(file, `${line}\nexport const y = 1;\n`)), `${file}: ${line}`);
});

test("every renderer file refuses a word written as text or as a control's name; t() passes", async () => {
    for (const file of [
        "renderer/src/settings/LanguageSetting.tsx",
        "renderer/src/documents/DocumentsPanel.tsx",
    ])
        await refusesWords(file);
});

async function refusesWords(file: string) {
    const component = (jsx: string) =>
        `import {useTranslation} from "../i18n/index.js";\nexport function A() {\n    const {t} = useTranslation();\n    return ${jsx};\n}\n`;
    for (const bad of ["<p>Language</p>", '<button aria-label="Close">{t("settings.close")}</button>']) {
        const found = await problems(file, component(bad));
        assert.ok(found.includes("i18next/no-literal-string"), `${bad}: ${found.join(", ")}`);
    }
    const good = '<button aria-label={t("settings.close")} className="x">{t("settings.close")}</button>';
    assert.deepEqual(await problems(file, component(good)), [], file);
}
