// Compiles the node test files and the code they import (main, shared, electron, renderer/src, tests, bench) to
// JavaScript under out/test, file for file (each module keeps its place and its imports as written, so relative
// imports and import.meta.url-relative paths hold; only the vendored packages below are pointed elsewhere).
// `npm test` runs these: under tsx every test process and every worker it starts compiled and resolved TypeScript
// through tsx's loader thread, about 1.5 s of CPU each (measured 2026-11-27: 2.7 s against 1.0 s for a file that
// imports the core). Types are checked by `tsc -b`, not here.
import {build} from "esbuild";
import {cpSync, existsSync, readdirSync, rmSync} from "node:fs";
import path from "node:path";
import {NODE_LLAMA_CPP_EXTERNAL, packageFileUrls} from "./packageFileUrls.mjs";
import {FOLDER, writeContractValidators} from "./contractValidators.mjs";

const OUT = "out/test";
const FOLDERS = ["main", "shared", "electron", "renderer/src", "tests", "bench"];
/** Playwright's specs run under Playwright's own TypeScript support; the stories run through tsx. */
const SKIP = new Set(["tests/e2e", "tests/electron"]);

/** The files under `dir` (a path relative to the checkout) whose names match `pattern`, skipped folders aside. */
export function filesUnder(dir, pattern) {
    return readdirSync(dir, {recursive: true})
        .map((name) => path.posix.join(dir, name))
        .filter((file) => pattern.test(file) && ![...SKIP].some((skip) => file.startsWith(`${skip}/`)));
}

/**
 * Packages every test process would load module by module (TypeBox: 200 files, about 0.2 s of CPU in each of the
 * 150 test processes and their workers; node-llama-cpp: 300 modules, 0.52 s against 0.17 s bundled): one bundled
 * copy each in out/test/vendor, imported in their place. node-llama-cpp's files find theirs in node_modules, as
 * in the app's build (packageFileUrls).
 */
const VENDORED = {"@sinclair/typebox": "typebox.js", "node-llama-cpp": "node-llama-cpp.js"};

export async function buildTests() {
    rmSync(OUT, {recursive: true, force: true});
    const files = FOLDERS.flatMap((dir) => filesUnder(dir, /(?<!\.d)\.tsx?$/));
    await vendor();
    // Two builds: esbuild refuses two outputs whose names differ only in case in one build (DateGroups.tsx
    // beside dateGroups.ts), which Linux keeps apart.
    for (const ext of [".ts", ".tsx"]) await compile(files.filter((f) => path.extname(f) === ext));
    await contractValidators();
    return files.length;
}

/**
 * The contract's validators beside main/contract/compiled.ts's compiled copy: the app build's (scripts/build.mjs,
 * which `npm test` runs first), or made here. A copy that is stale is harmless: compiled.ts takes a validator only
 * for the schema it was compiled from.
 */
async function contractValidators() {
    const folder = path.join(OUT, "main", "contract");
    const built = path.join("out", "main", FOLDER);
    if (existsSync(path.join(built, "index.json")))
        cpSync(built, path.join(folder, FOLDER), {recursive: true});
    else await writeContractValidators({requests: [folder], checks: [folder]});
}

function vendor() {
    return Promise.all(
        Object.entries(VENDORED).map(([name, file]) =>
            build({
                stdin: {contents: `export * from ${JSON.stringify(name)};`, resolveDir: ".", loader: "js"},
                outfile: path.join(OUT, "vendor", file),
                bundle: true,
                platform: "node",
                target: "node20",
                format: "esm",
                external: [...NODE_LLAMA_CPP_EXTERNAL, "electron", "typescript"],
                plugins: [packageFileUrls(path.join(OUT, "vendor"))],
                // Its CommonJS dependencies require Node's own modules.
                banner: {
                    js: 'import {createRequire as __cairnRequire} from "node:module"; const require = __cairnRequire(import.meta.url);',
                },
                logLevel: "warning",
            }),
        ),
    );
}

/**
 * Each file compiled on its own: every import stays an import, as written, but a vendored package's points at its
 * bundled copy.
 */
const importsAsWritten = {
    name: "imports-as-written",
    setup(build) {
        build.onResolve({filter: /.*/}, (args) => {
            if (args.kind === "entry-point") return undefined;
            const vendored = VENDORED[args.path];
            if (!vendored) return {path: args.path, external: true};
            const target = path.join(OUT, "vendor", vendored);
            const from = path.dirname(path.join(OUT, path.relative(".", args.importer)));
            const relative = path.relative(from, target);
            return {path: relative.startsWith(".") ? relative : `./${relative}`, external: true};
        });
    },
};

function compile(entryPoints) {
    return build({
        entryPoints,
        outdir: OUT,
        outbase: ".",
        bundle: true,
        plugins: [importsAsWritten],
        platform: "node",
        target: "node20",
        format: "esm",
        jsx: "automatic",
        // Stack traces of a failing test point at the TypeScript (run with --enable-source-maps).
        sourcemap: "inline",
        tsconfig: "tsconfig.tsx.json",
        logLevel: "warning",
    });
}

/** Where a source file's compiled module is: tests/unit/x.test.ts → out/test/tests/unit/x.test.js. */
export function compiledPath(file) {
    return path.join(OUT, file.replace(/\.tsx?$/, ".js"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const count = await buildTests();
    console.log(`compiled ${count} files into ${OUT}`);
}
