// Builds everything into out/: main (the CLI and headless host), the Electron shell and preload, the renderer.
import {build as esbuild} from "esbuild";
import {build as vite} from "vite";
import {copyFileSync, cpSync, mkdirSync, readFileSync, rmSync} from "node:fs";
import {NODE_LLAMA_CPP_EXTERNAL, packageFileUrls} from "./packageFileUrls.mjs";
import {writeContractValidators} from "./contractValidators.mjs";
import {STAMP, buildInputsHash, writeBuildStamp} from "./buildInputs.mjs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
/**
 * Packages built into out/ rather than loaded from node_modules: plain JavaScript in many small modules, each a
 * file Node's loader would find, read and link at every start (TypeBox alone is 200 files: a third of the
 * loading time of a CLI command). The others stay packages: native code, workers and files they find beside
 * them.
 */
const INLINED = [
    "@sinclair/typebox",
    "diff",
    "@streamparser/json",
    "jsonrepair",
    "yaml",
    "ajv",
    "ajv-formats",
    // Its 300 modules and their packages took 0.52 s of CPU to import against 0.17 s inlined (2026-12-04), at
    // every start of `cairn serve` and of each command that loads a model. Its files still find theirs (the
    // binaries, llama/, the binary test it forks) from where they are: see packageFileUrls.
    "node-llama-cpp",
];
const external = [
    ...Object.keys({...pkg.dependencies, ...pkg.devDependencies})
        .filter((name) => !INLINED.includes(name))
        .flatMap((name) => [name, `${name}/*`]),
    ...NODE_LLAMA_CPP_EXTERNAL,
];

/**
 * The inlined packages written as CommonJS (yaml, ajv) require Node's own modules ("process", "buffer"): an ES
 * module has no `require`, so each output file makes one for them.
 */
const esm = {
    format: "esm",
    banner: {
        js: 'import {createRequire as __cairnRequire} from "node:module"; const require = __cairnRequire(import.meta.url);',
    },
};
const node = {
    bundle: true,
    platform: "node",
    target: "node20",
    sourcemap: true,
    external,
    logLevel: "warning",
    define: {__CAIRN_VERSION__: JSON.stringify(pkg.version)},
};

// What this build is made from, read before it starts (a file changed while it runs is not in it), and stamped
// on out/ once it succeeded: `npm test` builds again only where the inputs differ (scripts/buildInputs.mjs).
const inputs = buildInputsHash();
rmSync(STAMP, {force: true});
// Chunk names change with their content: last build's would pile up.
rmSync("out/main", {recursive: true, force: true});
mkdirSync("out/main", {recursive: true});
mkdirSync("out/electron", {recursive: true});
await Promise.all([
    // The contract's validators, compiled here once rather than at every start (scripts/contractValidators.mjs):
    // the app's requests; the results' and events' checks for `cairn serve` under the tests.
    writeContractValidators({requests: ["out/main", "out/electron"], checks: ["out/main"]}),
    // The extraction worker is loaded from beside the module that starts it (main/web/extractor.ts).
    esbuild({
        ...node,
        entryPoints: {
            cli: "main/cli/index.ts",
            extractWorker: "main/web/extractWorker.ts",
            backupWorker: "main/store/backupWorker.ts",
            webPageWorker: "main/store/webPageWorker.ts",
            importWorker: "main/import/importWorker.ts",
            codesWorker: "main/docs/codesWorker.ts",
            unzipWorker: "main/store/unzipWorker.ts",
            sandboxChild: "main/sandbox/sandboxChild.ts",
        },
        outdir: "out/main",
        ...esm,
        plugins: [packageFileUrls("out/main")],
        // The CLI loads its commands on demand (main/cli/cli.ts): `cairn help` does not load the core.
        splitting: true,
        chunkNames: "[name]-[hash]",
    }),
    esbuild({
        ...node,
        entryPoints: {
            main: "electron/main.ts",
            extractWorker: "main/web/extractWorker.ts",
            backupWorker: "main/store/backupWorker.ts",
            webPageWorker: "main/store/webPageWorker.ts",
            importWorker: "main/import/importWorker.ts",
            codesWorker: "main/docs/codesWorker.ts",
            unzipWorker: "main/store/unzipWorker.ts",
            sandboxChild: "main/sandbox/sandboxChild.ts",
        },
        outdir: "out/electron",
        ...esm,
        plugins: [packageFileUrls("out/electron")],
    }),
    // The sandboxed preload can require only "electron": one CommonJS file with everything else inlined.
    esbuild({
        ...node,
        external: ["electron"],
        entryPoints: {preload: "electron/preload.ts"},
        outdir: "out/electron",
        outExtension: {".js": ".cjs"},
        format: "cjs",
    }),
]);
// The tray's icon, read by electron/desktop.ts from beside the shell.
cpSync("electron/assets", "out/electron/assets", {recursive: true});
await vite({configFile: "vite.config.ts", logLevel: "warn"});
// Mermaid's browser build, for the diagrams' sandboxed frames (main/server/artifactPages.ts reads it on first use).
mkdirSync("out/renderer/vendor", {recursive: true});
copyFileSync("node_modules/mermaid/dist/mermaid.min.js", "out/renderer/vendor/mermaid.min.js");
writeBuildStamp(inputs);
console.log("built out/main, out/electron, out/renderer");
