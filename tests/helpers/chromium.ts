import fs from "node:fs";

/** Debian's old headless shell (package chromium-headless-shell): Chromium's engine without the browser's UI. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** Debian's full Chromium (package chromium): for a headed run, or where the shell is not installed. */
export const FULL_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium the e2e specs drive: CAIRN_CHROMIUM when set, else the headless shell where it is installed, else
 * the full browser. The shell is what Playwright itself runs for headless tests; Debian's full Chromium runs
 * headless in its "new" mode, which keeps the whole browser going (its WebUI renderer included): over the e2e
 * specs on 2 cores it took about a core throughout, three times the shell's CPU for the same test.
 */
export function chromiumPath(): string {
    return process.env.CAIRN_CHROMIUM || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
