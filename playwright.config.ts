import {defineConfig, type PlaywrightTestOptions, type PlaywrightWorkerOptions} from "@playwright/test";
import {chromiumPath} from "./tests/helpers/chromium.js";
import {machinePace} from "./tests/helpers/pace.js";

const chromium: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> = {
    browserName: "chromium",
    launchOptions: {
        executablePath: chromiumPath(),
        args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    },
    screenshot: "only-on-failure",
};

/**
 * The specs share the cores with the node tests and llama-server's build (on CI always, here under load): a model
 * loads and answers more slowly than alone. Their deadlines follow the machine's measured pace, at least double
 * on CI (a wait is about time, not about what is shown).
 */
const pace = Math.max(machinePace(), process.env.CI ? 2 : 1);

export default defineConfig({
    timeout: Math.max(60_000, Math.round(45_000 * pace)),
    expect: {timeout: Math.round(15_000 * pace)},
    workers: 1,
    // On CI (a 2-core machine running the node tests beside these), a test that fails once is run once more;
    // `npm test`'s summary names each one that passed only then ("flaky: ..."), so none goes unseen.
    retries: process.env.CI ? 1 : 0,
    reporter: [["list"]],
    outputDir: "test-results",
    projects: [
        {name: "chromium", testDir: "tests/e2e", use: {...chromium, viewport: {width: 1280, height: 800}}},
        // The chat window's tests whose layout depends on the window's size (tagged @small-window: the header,
        // the sidebar, messages' buttons and edit box, wide code and tables, image chips and the viewer, the
        // export dialog) again in a small window. Layout, documents, search, axe and the dialogs' focus tests set
        // their own sizes.
        {
            name: "chromium-800x600",
            testDir: "tests/e2e",
            grep: /@small-window/,
            use: {...chromium, viewport: {width: 800, height: 600}},
        },
        {name: "electron", testDir: "tests/electron"},
    ],
});
