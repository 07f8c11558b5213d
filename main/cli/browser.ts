import {spawn} from "node:child_process";
import {shellWord} from "./shell.js";

/**
 * Opens a page for the person at this terminal (an MCP server's sign-in): $BROWSER first (a command, `%s` for
 * the address, or a list separated by ":" of which the first is used), else the system's opener. The address
 * is also written to stderr, for a terminal where nothing can open.
 */
export function openInBrowser(url: URL): void {
    process.stderr.write(`cairn: open this page to go on: ${url.href}\n`);
    const browser = process.env.BROWSER?.split(":")[0]?.trim();
    const [command, args] = browser
        ? browser.includes("%s")
            ? ["/bin/sh", ["-c", browser.replaceAll("%s", shellWord(url.href))]]
            : [browser, [url.href]]
        : systemOpener(url.href);
    const child = spawn(command, args, {stdio: "ignore", detached: true, shell: false});
    child.on("error", () =>
        process.stderr.write(`cairn: could not start ${command}: open the page yourself\n`),
    );
    child.unref();
}

function systemOpener(href: string): [string, string[]] {
    if (process.platform === "darwin") return ["open", [href]];
    if (process.platform === "win32") return ["cmd", ["/c", "start", "", href]];
    return ["xdg-open", [href]];
}
