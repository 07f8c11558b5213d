import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {ROOT} from "../../helpers/paths.js";

// One convention for file names: every module is camelCase, a class's file included (engine.ts holds
// Engine, turn.ts holds Turn); only a file of React components is PascalCase, named for what it
// shows. Suffixes: .test, .spec, .d, .config.
const CAMEL = /^[a-z][a-zA-Z0-9]*(\.(test|spec|d|config))?\.(ts|tsx|mjs|js)$/;
const COMPONENT = /^([A-Z][a-zA-Z0-9]*)(\.test)?\.tsx$/;
const FOLDERS = ["main", "shared", "electron", "renderer", "tests", "bench", "scripts"];
const SKIP = new Set(["node_modules", "fixtures", "reports"]);

function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(full);
        return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : [];
    });
}

/** The file of a renderer component by its name, in renderer/src or one of its feature folders. */
function componentSource(component: string): string | null {
    const found = sourceFiles(path.join(ROOT, "renderer/src")).find(
        (f) => path.basename(f) === `${component}.tsx`,
    );
    return found ?? null;
}

/** Why a file's name breaks the convention, or null. */
function misnamed(file: string): string | null {
    const name = path.basename(file);
    const component = COMPONENT.exec(name);
    if (component) {
        // A component's test is named for the component it tests, which lives in renderer/src's folders.
        const componentFile = component[2] ? componentSource(component[1]!) : file;
        if (!componentFile) return `${name} names no component of renderer/src`;
        const source = fs.readFileSync(componentFile, "utf8");
        // A component is an exported function, or a const (a memo() or forwardRef() of one), PascalCase.
        const exported = /export (default )?(function|const) [A-Z]/.test(source);
        return exported ? null : `${name} is PascalCase but exports no component`;
    }
    return CAMEL.test(name) ? null : `${name} is neither camelCase nor a component's PascalCase`;
}

test("file names follow one convention: camelCase modules, PascalCase component files", () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    assert.ok(files.length > 100, `found ${files.length} source files`);
    const problems = files.map((f) => [path.relative(ROOT, f), misnamed(f)]).filter(([, why]) => why);
    assert.deepEqual(problems, []);
});

test("the convention refuses what it should", () => {
    for (const bad of ["ChatService.ts", "chat_service.ts", "chat-service.ts"]) {
        assert.ok(!CAMEL.test(bad) && !COMPONENT.test(bad), bad);
    }
    assert.match(misnamed(path.join(ROOT, "renderer/src/App.tsx")) ?? "ok", /^ok$/);
});

test("no renderer file is over 300 lines (each language's word list aside): a file that grows is split by what it does", () => {
    const MOST = 300;
    const renderer = sourceFiles(path.join(ROOT, "renderer/src")).filter(
        (f) => !f.includes(`i18n${path.sep}locales`),
    );
    assert.ok(renderer.length > 50);
    const long = renderer
        .map((f) => ({
            file: path.relative(ROOT, f),
            lines: fs.readFileSync(f, "utf8").split("\n").length - 1,
        }))
        .filter((f) => f.lines > MOST)
        .map((f) => `${f.file}: ${f.lines}`);
    assert.deepEqual(long, []);
});
