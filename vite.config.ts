import {defineConfig} from "vite";

export default defineConfig({
    root: "renderer",
    base: "./",
    build: {outDir: "../out/renderer", emptyOutDir: true, sourcemap: true, target: "chrome120"},
    oxc: {jsx: {runtime: "automatic"}},
});
