import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {createRequire} from "node:module";
import {test} from "node:test";
import {pathToFileURL} from "node:url";
import {Ajv} from "ajv";
import ts from "typescript";
import {parse} from "yaml";
import {ROOT} from "../helpers/paths.js";

const require = createRequire(import.meta.url);
const config = parse(fs.readFileSync(path.join(ROOT, "electron-builder.yml"), "utf8"));

test("electron-builder.yml is valid against electron-builder's own configuration schema", () => {
    const schema = JSON.parse(fs.readFileSync(require.resolve("app-builder-lib/scheme.json"), "utf8"));
    const ajv = new Ajv({strict: false, allErrors: true});
    const validate = ajv.compile(schema);
    assert.equal(validate(config), true, ajv.errorsText(validate.errors));
});

test("it builds every platform's installer and unpacks the native modules from the asar", () => {
    assert.deepEqual(config.linux.target, ["AppImage", "deb"]);
    assert.deepEqual(config.win.target, ["nsis"]);
    assert.deepEqual(config.mac.target, ["dmg"]);
    for (const mod of [
        "node-llama-cpp",
        "@node-llama-cpp",
        "better-sqlite3",
        "sqlite-vec",
        "sharp",
        "@img",
        "@fugood",
    ]) {
        assert.ok(
            config.asarUnpack.some((p: string) => p.startsWith(`node_modules/${mod}/`)),
            `${mod} is unpacked`,
        );
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    assert.equal(pkg.main, "out/electron/main.js");
});

test("the packaged binary's fuses: no Node mode or inspector, asar only and checked, cookies encrypted", () => {
    assert.deepEqual(config.electronFuses, {
        runAsNode: false,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        enableEmbeddedAsarIntegrityValidation: true,
        onlyLoadAppFromAsar: true,
        enableCookieEncryption: true,
        grantFileProtocolExtraPrivileges: false,
    });
});

test("runtime dependencies are exactly what main/, shared/ and electron/ import; the renderer's are bundled by Vite", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const imported = new Set<string>();
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (/\.tsx?$/.test(entry.name)) {
                const source = fs.readFileSync(full, "utf8");
                // The module's imports as TypeScript reads them (static, `import()` and `import type`), and
                // the packages loaded at run time by name: never a string that only looks like one.
                const specs = [
                    ...ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName),
                    ...[...source.matchAll(/runtimeImport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!),
                ];
                for (const spec of specs) {
                    if (spec.startsWith(".")) continue;
                    const name = spec.startsWith("@")
                        ? spec.split("/").slice(0, 2).join("/")
                        : spec.split("/")[0]!;
                    if (!name.startsWith("node:")) imported.add(name);
                }
            }
        }
    };
    walk(path.join(ROOT, "main"));
    walk(path.join(ROOT, "shared"));
    walk(path.join(ROOT, "electron"));
    imported.delete("electron");
    assert.deepEqual(Object.keys(pkg.dependencies).sort(), [...imported].sort());
    for (const bundled of ["react", "react-dom", "react-markdown"])
        assert.ok(pkg.devDependencies[bundled], bundled);
});

test("a packaged app keeps the release engines and leaves out one built for the packaging machine's CPU", async () => {
    const hook: unknown = await import(pathToFileURL(path.join(ROOT, "scripts", "afterPack.mjs")).href);
    const {default: afterPack, keepReleaseEngines} = hook as {
        default: (context: {appOutDir: string}, log: (line: string) => void) => Promise<void>;
        keepReleaseEngines: (folder: string) => string[];
    };
    assert.equal(config.afterPack, "scripts/afterPack.mjs");
    const appOutDir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-pack-"));
    const builds = path.join(
        appOutDir,
        "resources/app.asar.unpacked/node_modules/node-llama-cpp/llama/localBuilds",
    );
    const build = (name: string, options: Record<string, string> | null) => {
        fs.mkdirSync(path.join(builds, name, "Release"), {recursive: true});
        if (options)
            fs.writeFileSync(
                path.join(builds, name, "Release", "_nlcBuildMetadata.json"),
                JSON.stringify({buildOptions: {customCmakeOptions: options}}),
            );
    };
    build("linux-x64-release", {GGML_NATIVE: "OFF", BUILD_SHARED_LIBS: "OFF"});
    build("linux-x64-cuda-release", {GGML_NATIVE: "OFF", BUILD_SHARED_LIBS: "OFF"});
    build("linux-x64-here", {BUILD_SHARED_LIBS: "OFF"});
    build("linux-x64", {});
    build("linux-x64-broken", null);
    // The hook's line goes to a list, not the test process's stdout (node:test's channel to its runner).
    const said: string[] = [];
    await afterPack({appOutDir}, (line) => said.push(line));
    assert.deepEqual(said, [
        "  • left out engines built for this machine's CPU: linux-x64, linux-x64-broken, linux-x64-here",
    ]);
    assert.deepEqual(fs.readdirSync(builds).sort(), ["linux-x64-cuda-release", "linux-x64-release"]);
    assert.deepEqual(keepReleaseEngines(builds), []);
});
