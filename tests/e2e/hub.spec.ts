import fs from "node:fs";
import {axeOn} from "../helpers/axe.js";
import {expect, test} from "@playwright/test";
import {startHubServer, type HubServer} from "../helpers/hubServer.js";
import {TEST_MODEL} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {paced} from "../helpers/pace.js";
import {openModels} from "../helpers/modelsScreen.js";

let served: Served;
let hub: HubServer;
test.afterEach(async () => {
    await served.stop();
    await hub.close();
});

const MODEL = fs.readFileSync(TEST_MODEL);

test("Models: search Hugging Face, see a repository's quantizations with their fit, download the pick", async ({
    page,
}, testInfo) => {
    hub = await startHubServer([
        {
            id: "tiny-org/Tiny-Stories-GGUF",
            downloads: 5000,
            likes: 40,
            lastModified: "2026-10-01T12:00:00.000Z",
            license: "mit",
            files: {
                "tiny-stories-IQ2_XS.gguf": MODEL.subarray(0, 600_000),
                "tiny-stories-Q4_K_M.gguf": MODEL,
                "tiny-stories-F16.gguf": Buffer.concat([MODEL, MODEL]),
            },
        },
        {
            id: "tiny-org/Tiny-Vision-GGUF",
            downloads: 900,
            likes: 12,
            lastModified: "2026-09-01T12:00:00.000Z",
            pipelineTag: "image-text-to-text",
            gated: "auto",
            files: {"tiny-vision-Q4_K_M.gguf": MODEL, "mmproj-tiny-vision-f16.gguf": MODEL.subarray(0, 1000)},
        },
    ]);
    served = await startServe({model: null, env: {HF_ENDPOINT: hub.url}});
    await page.goto(served.url);
    const dialog = await openModels(page, "Find on Hugging Face");
    await dialog.getByRole("searchbox", {name: "Search Hugging Face for GGUF models"}).fill("tiny");
    await dialog.getByRole("button", {name: "Search", exact: true}).click();
    const results = dialog.getByRole("list", {name: "Hugging Face results"});
    await expect(results.locator("> li")).toHaveCount(2);
    const vision = results.locator('[data-repo="tiny-org/Tiny-Vision-GGUF"]');
    await expect(vision.locator(".badge")).toHaveText(["Vision", "Gated"]);

    const stories = results.locator('[data-repo="tiny-org/Tiny-Stories-GGUF"]');
    await expect(stories).toContainText("5,000 downloads · 40 likes");
    await stories.getByRole("button", {name: "Show files"}).click();
    const table = stories.getByRole("table", {name: "Files of tiny-org/Tiny-Stories-GGUF"});
    await expect(table.locator("tbody tr")).toHaveCount(3);
    const pick = table.locator('tr[data-quantization="Q4_K_M"]');
    await expect(pick.locator(".badge")).toHaveText("Recommended");
    await expect(pick.locator("[data-fit]")).toHaveText("Fits in RAM");
    await expect(stories.locator(".note")).toContainText("Recommended: Q4_K_M");
    await expect(stories).toContainText("Licence: mit");

    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        for (const size of [
            {width: 1280, height: 800},
            {width: 800, height: 600},
        ]) {
            await page.setViewportSize(size);
            await table.scrollIntoViewIfNeeded();
            await page.screenshot({path: testInfo.outputPath(`hub-${colorScheme}-${size.width}.png`)});
        }
        const axe = await axeOn(page).include(".dialog.models").analyze();
        expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
    }

    await pick.getByRole("button", {name: "Download Q4_K_M"}).click();
    const installed = dialog.locator("table.installed");
    await expect(installed).toContainText("tiny-stories-Q4_K_M.gguf", {timeout: paced(30_000)});

    await vision.getByRole("button", {name: "Show files"}).click();
    await expect(vision.locator(".note", {hasText: "Gated"})).toContainText(/accept the conditions/);
    await expect(
        vision.getByRole("button", {name: "Download Q4_K_M with its projector"}),
        "a vision model's download brings its projector",
    ).toBeVisible();
});

test("the hub's refusal is said in the window's language (German: its rate limit)", async ({browser}) => {
    hub = await startHubServer([
        {
            id: "tiny-org/Tiny-Stories-GGUF",
            downloads: 5000,
            likes: 40,
            lastModified: "2026-10-01T12:00:00.000Z",
            files: {"tiny-stories-Q4_K_M.gguf": MODEL},
        },
    ]);
    served = await startServe({model: null, env: {HF_ENDPOINT: hub.url}});
    const context = await browser.newContext({locale: "de-DE", viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.goto(served.url);
    await page.getByRole("button", {name: "Modelle"}).first().click();
    const dialog = page.getByRole("dialog", {name: "Modelle"});
    await dialog.getByRole("tab", {name: "Auf Hugging Face suchen"}).click();
    hub.rateLimit(1);
    await dialog.getByRole("searchbox", {name: "Hugging Face nach GGUF-Modellen durchsuchen"}).fill("tiny");
    await dialog.getByRole("button", {name: "Suchen", exact: true}).click();
    await expect(page.getByText(/begrenzt die Anfragen \(HTTP 429\)/).first()).toBeVisible();
    await expect(page.getByText(/is limiting requests/)).toHaveCount(0);
    await context.close();
});
