import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";

// The layer table of ../shared/STYLE.md, enforced: what each runtime folder may never import.
const nodeOnly = ["node:*", "fs", "path", "os", "child_process", "http", "net", "crypto"];
// Libraries that run only in Node: native code, servers, and parsers of untrusted content (main/ only).
const nodeLibs = [
    "better-sqlite3",
    "node-llama-cpp",
    "sqlite-vec",
    "ws",
    "@mozilla/readability",
    "linkedom",
    "htmlparser2",
    "node-html-markdown",
    "iconv-lite",
    "pdfjs-dist",
];
const MAIN_NEVER = ["electron", "**/renderer/**", "**/electron/**"];
/** main/'s layers, lowest first; `above` lists what each may not import (a folder, or core.ts and the top). */
const TOP = ["core.js", "cli/*", "stories/*"];
/** The features (main/features/) are built by core.ts alone and may import every layer below. */
const FEATURES = ["features/*"];
const MAIN_LAYERS = [
    {
        folders: ["store", "server", "net", "media"],
        above: [
            "llm/*",
            "docs/*",
            "models/*",
            "tools/*",
            "web/*",
            "chat/*",
            "mcp/*",
            "api/*",
            "import/*",
            "handlers/*",
            ...FEATURES,
            ...TOP,
        ],
    },
    {
        folders: ["llm"],
        above: [
            "docs/*",
            "models/*",
            "tools/*",
            "web/*",
            "chat/*",
            "mcp/*",
            "api/*",
            "import/*",
            "handlers/*",
            ...FEATURES,
            ...TOP,
        ],
    },
    {
        folders: ["docs", "models"],
        above: ["tools/*", "chat/*", "mcp/*", "api/*", "import/*", "handlers/*", ...FEATURES, ...TOP],
    },
    {
        folders: ["tools", "web"],
        above: ["chat/*", "mcp/*", "api/*", "import/*", "handlers/*", ...FEATURES, ...TOP],
    },
    {folders: ["chat", "mcp"], above: ["api/*", "import/*", "handlers/*", ...FEATURES, ...TOP]},
    {folders: ["api", "import"], above: ["handlers/*", ...FEATURES, ...TOP]},
    {folders: ["handlers"], above: [...FEATURES, ...TOP]},
    {folders: ["features"], above: TOP},
];
/**
 * The renderer's files, every word of which is translated (renderer/src/i18n): a word written in them as text, or
 * as a name, title, placeholder or label, is an error.
 */
const TRANSLATED = ["renderer/src/**/*.tsx"];
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
        ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: {
            globals: {...globals.node},
            // Type-aware rules: promises that nobody awaits, needless assertions, switches that miss a case.
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
    // Inside main/, each layer imports only the layers below it (types too): store, llm, docs and models,
    // tools and web, chat and mcp, api, handlers, then the composition root (core.ts) and its callers.
    ...MAIN_LAYERS.map(({folders, above}) => ({
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
                            group: above.flatMap((f) => [`../${f}`, `../../${f}`]),
                            message: `main/${folders.join(", main/")} may not import a layer above it (${above.join(", ")}): move the shared type or function down.`,
                        },
                    ],
                },
            ],
        },
    })),
    {
        files: ["electron/**"],
        rules: restrict(["**/renderer/**"], "electron/ never imports renderer/."),
    },
    {
        files: ["renderer/**"],
        languageOptions: {globals: {...globals.browser}},
        plugins: {"react-hooks": reactHooks},
        rules: {
            ...restrict(
                [...nodeOnly, ...nodeLibs, "electron", "**/main/**", "**/electron/**"],
                "renderer/ is a browser page: it talks to the core only through the contract client.",
            ),
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
