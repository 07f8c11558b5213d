import {defineConfig} from "@playwright/test";

export default defineConfig({
    timeout: 60_000,
    expect: {timeout: 15_000},
    workers: 1,
    reporter: [["list"]],
    outputDir: "test-results",
    projects: [
        {
            name: "chromium",
            testDir: "tests/e2e",
            use: {
                browserName: "chromium",
                launchOptions: {
                    executablePath: process.env.CAIRN_CHROMIUM ?? "/usr/bin/chromium",
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
            },
        },
        {name: "electron", testDir: "tests/electron"},
    ],
});
