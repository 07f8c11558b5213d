import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";

// The layer table of ../shared/STYLE.md, enforced: what each runtime folder may never import.
const nodeOnly = ["node:*", "fs", "path", "os", "child_process", "http", "net", "crypto"];
const nativeLibs = ["better-sqlite3", "node-llama-cpp", "sqlite-vec", "ws", "jsdom"];
const restrict = (patterns, message) => ({
    "no-restricted-imports": ["error", {patterns: [{group: patterns, message}]}],
});

export default tseslint.config(
    {ignores: ["node_modules/", "out/", "dist/", "test-results/", "playwright-report/", "bench/reports/"]},
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: {globals: {...globals.node}},
        rules: {
            "@typescript-eslint/no-unused-vars": [
                "error",
                {argsIgnorePattern: "^_", varsIgnorePattern: "^_"},
            ],
        },
    },
    {
        files: ["shared/**"],
        rules: restrict(
            [
                ...nodeOnly,
                ...nativeLibs,
                "electron",
                "react",
                "react-dom",
                "../main/*",
                "../renderer/*",
                "../electron/*",
            ],
            "shared/ runs anywhere: no Node, Electron, DOM libraries or other layers.",
        ),
    },
    {
        files: ["main/**"],
        rules: restrict(
            ["electron", "**/renderer/**", "**/electron/**"],
            "main/ runs in plain Node: never electron or renderer/.",
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
            ...restrict(
                [...nodeOnly, ...nativeLibs, "electron", "**/main/**", "**/electron/**"],
                "renderer/ is a browser page: it talks to the core only through the contract client.",
            ),
            "react-hooks/rules-of-hooks": "error",
            "react-hooks/exhaustive-deps": "error",
        },
    },
);
