// `npm start`: opens the desktop app. Electron's binary is downloaded on the first start (its install
// script is not run by npm install); where that is impossible, say so and point to `npm run serve`.
import {spawn, spawnSync} from "node:child_process";
import {existsSync, readFileSync} from "node:fs";
import path from "node:path";

const electronDir = path.join("node_modules", "electron");

function installedBinary() {
    const pathFile = path.join(electronDir, "path.txt");
    if (!existsSync(pathFile)) return null;
    const binary = path.join(electronDir, "dist", readFileSync(pathFile, "utf8").trim());
    return existsSync(binary) ? binary : null;
}

let binary = installedBinary();
if (!binary && existsSync(path.join(electronDir, "install.js"))) {
    console.error("Downloading Electron (first start only)…");
    const download = spawnSync(process.execPath, [path.join(electronDir, "install.js")], {encoding: "utf8"});
    binary = installedBinary();
    if (!binary && download.stderr) console.error(`(${download.stderr.trim().split("\n")[0]})`);
}
if (!binary) {
    console.error(
        [
            "Cairn cannot open its desktop window: Electron's binary is not installed, and downloading it",
            "from GitHub failed (no internet access?). Electron's installer also needs Node.js 22.12 or newer.",
            "Everything else is installed and works: run `npm run serve` to use the very same app in your",
            "browser at http://127.0.0.1, or run `npm start` again once the download is possible.",
        ].join("\n"),
    );
    process.exit(1);
}
const child = spawn(binary, [".", ...process.argv.slice(2)], {stdio: "inherit"});
child.on("exit", (code) => process.exit(code ?? 0));
