// The house's budgets, part of `npm run lint`: what ESLint's rules cannot count across files.
//
// - Type assertions (`x as T`, `<T>x`; `as const` is not one) in the product code: at most ASSERTION_BUDGET. The
//   budget is a ratchet: a count above it fails, and a count below it fails too until the budget is lowered to
//   it, so that it only ever falls; the budget itself may never be set above MAX_ASSERTIONS.
// - No product file (TypeScript or CSS) over MAX_LINES lines: a bigger one becomes a folder of parts. Words files
//   (one language each) are data, not code.
// - Words one file per language: every language of shared/languages.ts has its core words and its window
//   words in a file of its own.
// - CSS by feature: renderer/src/styles.css only imports, in order, the CSS files that live beside their feature.
import fs from "node:fs";
import path from "node:path";
import {fileURLToPath} from "node:url";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PRODUCT = ["main", "shared", "renderer/src", "electron"];
export const ASSERTION_BUDGET = 198;
const MAX_ASSERTIONS = 200;
const MAX_LINES = 500;
/** Words: one language per file, data rather than code. */
const WORDS = [/^shared\/coreWords\/[a-zA-Z]+\.ts$/, /^renderer\/src\/i18n\/locales\/[a-zA-Z]+\.ts$/];

/** Every product file under the folders, as paths from the root with / separators. */
function productFiles(extensions) {
    const found = [];
    const walk = (dir) => {
        for (const entry of fs.readdirSync(path.join(ROOT, dir), {withFileTypes: true})) {
            const file = `${dir}/${entry.name}`;
            if (entry.isDirectory()) walk(file);
            else if (extensions.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith(".d.ts"))
                found.push(file);
        }
    };
    PRODUCT.forEach(walk);
    return found;
}

/** The type assertions of one file. */
export function assertionsIn(file, text) {
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
    let count = 0;
    const visit = (node) => {
        if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
            const isConst =
                ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "const";
            if (!isConst) count++;
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return count;
}

function checkAssertions(problems) {
    const perFile = productFiles([".ts", ".tsx"]).map((file) => [
        file,
        assertionsIn(file, fs.readFileSync(path.join(ROOT, file), "utf8")),
    ]);
    const count = perFile.reduce((sum, [, n]) => sum + n, 0);
    const most = perFile
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([file, n]) => `${file} ${n}`)
        .join(", ");
    if (ASSERTION_BUDGET > MAX_ASSERTIONS)
        problems.push(
            `ASSERTION_BUDGET is ${ASSERTION_BUDGET}, above the most allowed, ${MAX_ASSERTIONS}: type the values instead`,
        );
    if (count > ASSERTION_BUDGET)
        problems.push(
            `${count} type assertions, over the budget of ${ASSERTION_BUDGET}: type the value instead (a typed statement, a schema's Static type, a type guard). Most: ${most}`,
        );
    else if (count < ASSERTION_BUDGET)
        problems.push(
            `${count} type assertions, under the budget of ${ASSERTION_BUDGET}: lower ASSERTION_BUDGET in scripts/budgets.mjs to ${count}, so that it only falls`,
        );
    return `type assertions: ${count} (budget ${ASSERTION_BUDGET}, at most ${MAX_ASSERTIONS})`;
}

function checkLines(problems) {
    let checked = 0;
    for (const file of productFiles([".ts", ".tsx", ".css"])) {
        if (WORDS.some((words) => words.test(file))) continue;
        checked++;
        const lines = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").length;
        if (lines > MAX_LINES)
            problems.push(`${file} is ${lines} lines, over ${MAX_LINES}: split it into a folder of parts`);
    }
    return `files: ${checked}, none over ${MAX_LINES} lines`;
}

function checkWords(problems) {
    const languages = [
        ...fs.readFileSync(path.join(ROOT, "shared/languages.ts"), "utf8").matchAll(/code: "([^"]+)"/g),
    ];
    for (const [, code] of languages) {
        const name = code.replace("-", "");
        for (const file of [`shared/coreWords/${name}.ts`, `renderer/src/i18n/locales/${name}.ts`])
            if (!fs.existsSync(path.join(ROOT, file)))
                problems.push(`${code}'s words are not in ${file} of their own`);
    }
    return `words: ${languages.length} languages, a file each for the core and for the window`;
}

function checkCss(problems) {
    const index = fs.readFileSync(path.join(ROOT, "renderer/src/styles.css"), "utf8");
    const rules = index
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/@import "[^"]+";/g, "")
        .trim();
    if (rules)
        problems.push(`renderer/src/styles.css holds rules: put them in the CSS file of their feature`);
    const imported = [...index.matchAll(/@import "\.\/([^"]+)";/g)].map((m) => `renderer/src/${m[1]}`);
    const files = productFiles([".css"]).filter((f) => f !== "renderer/src/styles.css");
    for (const file of files) {
        if (!/^renderer\/src\/[a-zA-Z]+\/[a-zA-Z]+\.css$/.test(file))
            problems.push(`${file}: a CSS file lives in its feature's folder of renderer/src`);
        if (!imported.includes(file)) problems.push(`${file} is not imported by renderer/src/styles.css`);
    }
    for (const file of imported)
        if (!files.includes(file))
            problems.push(`renderer/src/styles.css imports ${file}, which is not there`);
    return `CSS: ${files.length} files by feature`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const problems = [];
    const said = [checkAssertions(problems), checkLines(problems), checkWords(problems), checkCss(problems)];
    for (const problem of problems) console.error(`budgets: ${problem}`);
    if (problems.length > 0) process.exit(1);
    console.log(`budgets: ${said.join("; ")}`);
}
