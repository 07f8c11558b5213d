// Start at login on Linux: Electron's login items exist only on macOS and Windows, so Cairn writes the
// freedesktop.org autostart entry itself (~/.config/autostart/cairn.desktop), which desktop environments read
// at login. Kept free of electron imports: the tests write it in a folder of their own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The folder the desktop reads at login ($XDG_CONFIG_HOME/autostart, else ~/.config/autostart). */
export function autostartFolder(env: NodeJS.ProcessEnv = process.env): string {
    const config = env.XDG_CONFIG_HOME?.trim() || path.join(os.homedir(), ".config");
    return path.join(config, "autostart");
}

/** A desktop entry's Exec value: each argument quoted where it holds a space or a quote (the spec's rules). */
function execLine(command: string[]): string {
    return command
        .map((arg) => (/[\s"'\\$`]/.test(arg) ? `"${arg.replace(/(["\\$`])/g, "\\$1")}"` : arg))
        .join(" ");
}

/** The entry that starts `command` (the app and its --hidden) at login. */
export function autostartEntry(command: string[]): string {
    return [
        "[Desktop Entry]",
        "Type=Application",
        "Name=Cairn",
        "Comment=Cairn, waiting in the tray",
        `Exec=${execLine(command)}`,
        "Terminal=false",
        "X-GNOME-Autostart-enabled=true",
        "",
    ].join("\n");
}

/** Writes the entry (on) or removes it (off); the file it wrote or removed. */
export function setAutostart(on: boolean, command: string[], folder = autostartFolder()): string {
    const file = path.join(folder, "cairn.desktop");
    if (on) {
        fs.mkdirSync(folder, {recursive: true});
        fs.writeFileSync(file, autostartEntry(command));
    } else fs.rmSync(file, {force: true});
    return file;
}
