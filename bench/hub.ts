// Hugging Face search in the Models screen (`npm run bench:hub` alone), in Debian's Chromium against
// `cairn serve` and a loopback server speaking the hub's API: the time from the hub's last answer to the
// results on screen, for a search (20 repositories) and for a repository's files (24 quantizations).
import {pathToFileURL} from "node:url";
import {chromium, type Page} from "@playwright/test";
import {startHubServer, type HubRepoFixture, type HubServer} from "../tests/helpers/hubServer.js";
import {startServe} from "../tests/helpers/serve.js";

const RUNS = 5;
const REPOS = 200;
const QUANTS = ["IQ2_XS", "Q2_K", "Q3_K_M", "IQ4_XS", "Q4_K_S", "Q4_K_M", "Q5_K_M", "Q6_K", "Q8_0", "F16"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function repos(): HubRepoFixture[] {
    return Array.from({length: REPOS}, (_, i) => ({
        id: `org-${i % 17}/Model-${i}-GGUF`,
        downloads: 1000 * (REPOS - i),
        likes: i,
        lastModified: "2026-10-01T12:00:00.000Z",
        files: Object.fromEntries(
            QUANTS.flatMap((q, j) => [
                [`Model-${i}-${q}.gguf`, Buffer.alloc(1000 + j)],
                [`${q}/Model-${i}-${q}-00001-of-00002.gguf`, Buffer.alloc(500)],
                [`${q}/Model-${i}-${q}-00002-of-00002.gguf`, Buffer.alloc(500)],
            ]).slice(0, 24),
        ),
    }));
}

export async function hubFigures() {
    const hub = await startHubServer(repos());
    const served = await startServe({model: null, env: {HF_ENDPOINT: hub.url}});
    const browser = await chromium.launch({executablePath: "/usr/bin/chromium", args: ["--no-sandbox"]});
    try {
        const page = await browser.newPage({viewport: {width: 1280, height: 800}});
        await page.goto(served.url);
        await page.getByRole("button", {name: "Models"}).first().click();
        const search: number[] = [];
        const files: number[] = [];
        for (let run = 0; run < RUNS + 1; run++) {
            const shownSearch = await timeSearch(page, hub, run % 2 ? "model" : "gguf");
            const shownFiles = await timeFiles(page, hub);
            if (run === 0) continue; // the first run warms the page's code and the hub client's import
            search.push(shownSearch);
            files.push(shownFiles);
        }
        return {runs: RUNS, searchShownAfterAnswerMs: median(search), filesShownAfterAnswerMs: median(files)};
    } finally {
        await browser.close();
        await served.stop();
        await hub.close();
    }
}

/** ms from the hub's last answer to the 20 results painted. */
async function timeSearch(page: Page, hub: HubServer, query: string): Promise<number> {
    const dialog = page.getByRole("dialog", {name: "Models"});
    await dialog.getByRole("searchbox", {name: "Search Hugging Face for GGUF models"}).fill(query);
    await dialog.getByRole("button", {name: "Search", exact: true}).click();
    await page.waitForFunction(() => document.querySelectorAll(".hub-results > li").length === 20, null, {
        polling: "raf",
    });
    return painted(page, hub);
}

/** ms from the hub's last answer to a repository's files painted. */
async function timeFiles(page: Page, hub: HubServer): Promise<number> {
    await page.locator(".hub-results > li").first().getByRole("button", {name: "Show files"}).click();
    await page.waitForFunction(() => document.querySelectorAll(".hub-files tbody tr").length > 0, null, {
        polling: "raf",
    });
    return painted(page, hub);
}

async function painted(page: Page, hub: HubServer): Promise<number> {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    return performance.now() - hub.answeredAt();
}

export function hubRows(figures: Awaited<ReturnType<typeof hubFigures>>): Record<string, string> {
    return {
        "Hugging Face search: results on screen after the hub's answer (ms, target <= 300)":
            figures.searchShownAfterAnswerMs.toFixed(0),
        "Hugging Face repository: files on screen after the hub's answer (ms)":
            figures.filesShownAfterAnswerMs.toFixed(0),
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await hubFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(hubRows(figures));
}
