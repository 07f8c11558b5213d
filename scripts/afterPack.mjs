// electron-builder's afterPack hook (electron-builder.yml): a packaged app keeps only the release engines of
// node-llama-cpp's local builds (scripts/releaseEngine.ts: built with GGML_NATIVE=OFF, for any CPU of the
// platform). An engine built on the packaging machine for its own CPU (Cairn's background build, `cairn doctor
// --build-native`, an earlier Cairn's build) would not run on every computer the app is installed on.
import fs from "node:fs";
import path from "node:path";

/** The local builds' folder inside a packed app (Linux and Windows: resources/; macOS: the bundle's Resources). */
function localBuildsIn(appOutDir) {
    const candidates = [
        path.join(appOutDir, "resources"),
        ...fs
            .readdirSync(appOutDir)
            .filter((name) => name.endsWith(".app"))
            .map((app) => path.join(appOutDir, app, "Contents", "Resources")),
    ];
    return candidates
        .map((resources) =>
            path.join(
                resources,
                "app.asar.unpacked",
                "node_modules",
                "node-llama-cpp",
                "llama",
                "localBuilds",
            ),
        )
        .filter((folder) => fs.existsSync(folder));
}

/** Whether a local build is a release engine: its metadata says it was built with GGML_NATIVE=OFF. */
function isReleaseEngine(folder) {
    try {
        const metadata = JSON.parse(
            fs.readFileSync(path.join(folder, "Release", "_nlcBuildMetadata.json"), "utf8"),
        );
        return metadata.buildOptions?.customCmakeOptions?.GGML_NATIVE === "OFF";
    } catch {
        return false;
    }
}

/** Removes every local build but the release engines; returns the names removed. */
export function keepReleaseEngines(localBuilds) {
    const removed = [];
    for (const name of fs.readdirSync(localBuilds)) {
        const folder = path.join(localBuilds, name);
        if (isReleaseEngine(folder)) continue;
        fs.rmSync(folder, {recursive: true, force: true});
        removed.push(name);
    }
    return removed;
}

/** The hook; `log` says what was left out (electron-builder's console; a test passes its own). */
export default async function afterPack(context, log = console.log) {
    for (const localBuilds of localBuildsIn(context.appOutDir)) {
        const removed = keepReleaseEngines(localBuilds);
        if (removed.length > 0)
            log(`  • left out engines built for this machine's CPU: ${removed.join(", ")}`);
    }
}
