import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";

// The layer table of ../shared/STYLE.md, enforced: what each runtime folder may never import.
const nodeOnly = ["node:*", "fs", "path", "os", "child_process", "http", "net", "crypto"];
/** The packages the renderer (a browser page) may import; every other package of package.json is forbidden there. */
const RENDERER_PACKAGES = [
    "react",
    "react-dom",
    "react-i18next",
    "i18next",
    "react-markdown",
    "remark-gfm",
    "remark-math",
    "remark-parse",
    "rehype-highlight",
    "rehype-katex",
    "katex",
    "unified",
    "mdast",
    "mdast-util-to-string",
    "lucide-react",
    "@tanstack/react-virtual",
    "@radix-ui/react-dropdown-menu",
    "@radix-ui/react-radio-group",
    "@radix-ui/react-select",
    "@radix-ui/react-switch",
    "@radix-ui/react-tabs",
    "@radix-ui/react-toast",
    "@radix-ui/react-tooltip",
    // MCP Apps' host side (AppBridge), loaded on demand by chat/McpAppFrame.tsx.
    "@modelcontextprotocol/ext-apps",
];
const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "package.json"), "utf8"));
const rendererForbidden = Object.keys({...manifest.dependencies, ...manifest.devDependencies})
    .filter((pkg) => !RENDERER_PACKAGES.includes(pkg))
    .flatMap((pkg) => [pkg, `${pkg}/*`]);
/**
 * renderer/src's layers: its base (ui/, i18n/ and the loose files the features share) imports no feature; each
 * feature folder imports no other feature (a widget two of them need goes in ui/); the composition (App,
 * main, useCairn, SettingsPanel and the other loose files) joins them. A new folder is a feature.
 */
const RENDERER_PAGE =
    "renderer/ is a browser page: it talks to the core only through the contract client, and imports only RENDERER_PACKAGES.";
const RENDERER_BASE_FOLDERS = ["ui", "i18n"];
const RENDERER_BASE_FILES = ["apiContext", "cairnState", "client"];
const rendererSrc = path.join(import.meta.dirname, "renderer", "src");
const rendererFeatures = fs
    .readdirSync(rendererSrc, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !RENDERER_BASE_FOLDERS.includes(entry.name))
    .map((entry) => entry.name);
const rendererComposition = fs
    .readdirSync(rendererSrc, {withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => entry.name.replace(/\.tsx?$/, ""))
    .filter((name) => !RENDERER_BASE_FILES.includes(name));
const MAIN_NEVER = ["electron", "**/renderer/**", "**/electron/**"];
/**
 * main/'s layers, lowest first: a folder may import its own layer and those below it, never one above. The
 * top (core.ts, the composition root, and its callers cli/ and stories/) may import every layer.
 */
const MAIN_LAYERS = [
    ["store", "server", "net", "media", "contract"],
    ["llm", "web", "sandbox"],
    ["docs", "models", "assistants", "projects", "skills"],
    ["tools"],
    ["research"],
    ["chat", "mcp", "probe"],
    ["api", "import", "automations"],
    ["handlers"],
    ["features"],
];
const MAIN_TOP = ["core.js", "cli", "stories"];
const mainFolders = fs
    .readdirSync(path.join(import.meta.dirname, "main"), {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const unnamed = mainFolders.filter((f) => !MAIN_LAYERS.flat().includes(f) && !MAIN_TOP.includes(f));
if (unnamed.length > 0) {
    throw new Error(
        `eslint.config.js: main/${unnamed.join(", main/")} is in no layer: name it in MAIN_LAYERS (or MAIN_TOP)`,
    );
}
/** What a layer may not import: every folder of the layers above it, and the top. */
const aboveOf = (index) =>
    [...MAIN_LAYERS.slice(index + 1).flat(), ...MAIN_TOP].map((f) => (f.endsWith(".js") ? f : `${f}/*`));
/**
 * The renderer's files, every word of which is translated (renderer/src/i18n): a word written in them as text, or
 * as a name, title, placeholder or label, is an error.
 */
const TRANSLATED = ["renderer/src/**/*.tsx"];
/** A renderer folder's imports: what every renderer file may not import, and `group` with its own words. */
const rendererImports = (group, message) => ({
    "no-restricted-imports": [
        "error",
        {
            patterns: [
                {
                    group: [...nodeOnly, ...rendererForbidden, "**/main/**", "**/electron/**"],
                    message: RENDERER_PAGE,
                },
                {group, message},
            ],
        },
    ],
});
const restrict = (patterns, message) => ({
    "no-restricted-imports": ["error", {patterns: [{group: patterns, message}]}],
});

export default tseslint.config(
    {
        ignores: [
            "node_modules/",
            "out/",
            "dist/",
            "test-results/",
            "playwright-report/",
            "bench/reports/",
            ".gpu/",
            // Made by the tools (the conformance suite, the sandbox's script built from the sources).
            ".cache/",
        ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
        languageOptions: {
            globals: {...globals.node},
            // Type-aware rules (recommendedTypeChecked, and these): promises that nobody awaits, needless assertions,
            // switches that miss a case.
            parserOptions: {projectService: true, tsconfigRootDir: import.meta.dirname},
        },
        rules: {
            "@typescript-eslint/no-unused-vars": [
                "error",
                {argsIgnorePattern: "^_", varsIgnorePattern: "^_"},
            ],
            "@typescript-eslint/no-floating-promises": [
                "error",
                // node:test tracks the promises its test() and describe() return.
                {
                    allowForKnownSafeCalls: [
                        {from: "package", package: "node:test", name: ["test", "describe", "it", "suite"]},
                    ],
                },
            ],
            "@typescript-eslint/no-misused-promises": "error",
            "@typescript-eslint/no-unnecessary-type-assertion": "error",
            "@typescript-eslint/switch-exhaustiveness-check": "error",
        },
    },
    {
        // Tests and benchmarks read what the product writes (JSON lines, reports, files) to check it: they take
        // it untyped, and their fixture tools and servers may be async without awaiting. The product may not.
        files: ["tests/**", "bench/**"],
        rules: {
            "@typescript-eslint/no-unsafe-assignment": "off",
            "@typescript-eslint/no-unsafe-member-access": "off",
            "@typescript-eslint/no-unsafe-argument": "off",
            "@typescript-eslint/no-unsafe-call": "off",
            "@typescript-eslint/no-unsafe-return": "off",
            "@typescript-eslint/require-await": "off",
        },
    },
    {
        // A test file shares its process with others (tests/helpers/testQueue.ts), where llama.cpp's log goes to the
        // binding made last: one made by getLlama would take it from Cairn's, whose load errors read it.
        files: ["tests/**"],
        rules: {
            "no-restricted-imports": [
                "error",
                {
                    paths: [
                        {
                            name: "node-llama-cpp",
                            importNames: ["getLlama"],
                            message:
                                "Take the process's binding from main/llm/llama.ts (sharedLlama): a binding of a test's own takes llama.cpp's log from Cairn's.",
                        },
                    ],
                },
            ],
        },
    },
    {
        // Plain JavaScript files (configs, build scripts) are not in the TypeScript project.
        files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
        ...tseslint.configs.disableTypeChecked,
    },
    {
        files: ["shared/**"],
        rules: {
            ...restrict(
                [...nodeOnly, "electron", "../main/*", "../renderer/*", "../electron/*"],
                "shared/ runs anywhere: no Node, Electron or other layers.",
            ),
            // Any library only as `import type`, but TypeBox (dependency-free, runs anywhere): the contract's
            // schemas are values, and their types are derived from them.
            "@typescript-eslint/no-restricted-imports": [
                "error",
                {
                    patterns: [
                        {
                            regex: "^(?!@sinclair/typebox$)[^.]",
                            allowTypeImports: true,
                            message: "shared/ imports libraries only with `import type`.",
                        },
                    ],
                },
            ],
        },
    },
    {
        files: ["main/**"],
        rules: restrict(MAIN_NEVER, "main/ runs in plain Node: never electron or renderer/."),
    },
    // Inside main/, each layer of MAIN_LAYERS imports only its own and the layers below it (types too).
    ...MAIN_LAYERS.map((folders, index) => ({
        files: folders.map((f) => `main/${f}/**`),
        rules: {
            "no-restricted-imports": [
                "error",
                {
                    patterns: [
                        {
                            group: MAIN_NEVER,
                            message: "main/ runs in plain Node: never electron or renderer/.",
                        },
                        {
                            // As written from a file of the folder or one folder deeper (tools/builtin/).
                            group: aboveOf(index).flatMap((f) => [`../${f}`, `../../${f}`]),
                            message: `main/${folders.join(", main/")} may not import a layer above it (${aboveOf(index).join(", ")}): move the shared type or function down.`,
                        },
                    ],
                },
            ],
        },
    })),
    {
        // main/'s loose files (events, jobs, paths, words…) sit under every layer but the lowest, which they use.
        files: ["main/*.ts"],
        ignores: ["main/core.ts"],
        rules: restrict(
            [...MAIN_NEVER, ...aboveOf(0).map((f) => `./${f}`)],
            "main/'s loose files are used by every layer: they import only main/'s lowest layer (MAIN_LAYERS[0]).",
        ),
    },
    {
        files: ["electron/**"],
        rules: restrict(["**/renderer/**"], "electron/ never imports renderer/."),
    },
    {
        files: ["renderer/**"],
        languageOptions: {globals: {...globals.browser}},
        plugins: {"react-hooks": reactHooks},
        rules: {
            ...restrict([...nodeOnly, ...rendererForbidden, "**/main/**", "**/electron/**"], RENDERER_PAGE),
            // The contract's schemas stay in main: the page takes only their types (no TypeBox in its bundle).
            "@typescript-eslint/no-restricted-imports": [
                "error",
                {
                    patterns: [
                        {
                            group: ["**/shared/contract*"],
                            allowTypeImports: true,
                            message: "renderer/ imports the contract only with `import type`.",
                        },
                    ],
                },
            ],
            "react-hooks/rules-of-hooks": "error",
            "react-hooks/exhaustive-deps": "error",
        },
    },
    ...rendererFeatures.map((feature) => ({
        files: [`renderer/src/${feature}/**`],
        rules: rendererImports(
            [
                ...rendererFeatures.filter((f) => f !== feature).map((f) => `../${f}/*`),
                ...rendererComposition.map((f) => `../${f}.js`),
            ],
            `renderer/src/${feature} imports no other feature and not the composition: move what two features share into ui/ (or shared/), or join them in the composition.`,
        ),
    })),
    {
        files: [
            ...RENDERER_BASE_FOLDERS.map((f) => `renderer/src/${f}/**`),
            ...RENDERER_BASE_FILES.map((f) => `renderer/src/${f}.ts`),
        ],
        rules: rendererImports(
            [
                ...rendererFeatures.flatMap((f) => [`./${f}/*`, `../${f}/*`]),
                ...rendererComposition.flatMap((f) => [`./${f}.js`, `../${f}.js`]),
            ],
            "renderer/src's base (ui/, i18n/, apiContext, cairnState, client) imports no feature and not the composition.",
        ),
    },
    {
        files: TRANSLATED,
        plugins: {i18next},
        rules: {
            "i18next/no-literal-string": [
                "error",
                {
                    mode: "jsx-only",
                    "jsx-attributes": {
                        include: [
                            "aria-label",
                            "title",
                            "placeholder",
                            "alt",
                            "label",
                            "hint",
                            "text",
                            "altText",
                        ],
                    },
                    message: "a word the window shows goes through t() (renderer/src/i18n/locales)",
                },
            ],
        },
    },
);
