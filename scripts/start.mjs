// `npm start`: opens the desktop app when an Electron binary is installed; otherwise explains what to do.
import {spawn} from "node:child_process";
import {createRequire} from "node:module";
import {existsSync} from "node:fs";

function electronBinary() {
    try {
        const binary = createRequire(import.meta.url)("electron");
        return typeof binary === "string" && existsSync(binary) ? binary : null;
    } catch {
        return null;
    }
}

const binary = electronBinary();
if (!binary) {
    console.error(
        [
            "Cairn cannot open its desktop window: the Electron binary is not installed.",
            "npm downloads it from GitHub during `npm install`; that download failed or was not possible",
            "(for example on a machine without internet access). Everything else is installed and works:",
            "run `npm run serve` to use the very same app in your browser at http://127.0.0.1, or reconnect",
            "and run `npm install electron` to get the desktop window.",
        ].join("\n"),
    );
    process.exit(1);
}
const child = spawn(binary, [".", ...process.argv.slice(2)], {stdio: "inherit"});
child.on("exit", (code) => process.exit(code ?? 0));
