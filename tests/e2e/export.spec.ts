import {axeOn} from "../helpers/axe.js";
import {expect, test} from "@playwright/test";
import fs from "node:fs";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {startServe, type Served} from "../helpers/serve.js";
import {fromHeaderMenu} from "../helpers/headerMenu.js";

// Export as HTML (one file, readable offline) and PDF (in a browser: the HTML printed), with the parts chosen.

let served: Served;
test.beforeEach(async () => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Circles", [
        {
            question: "What is the area of a circle?",
            answer: "The area is $\\pi r^2$.\n\n```python\ndef area(r):\n    return 3.14159 * r * r\n```",
            thought: "Recall the formula.",
        },
    ]);
    served = await startServe({dataDir, model: null});
});
test.afterEach(async () => served.stop());

test("HTML is one file that reads offline; PDF opens the conversation unfolded to print; thinking left out when unticked", async ({
    page,
    context,
}, testInfo) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    await expect(page.locator("article.message.assistant")).toBeVisible();
    await fromHeaderMenu(page, "Export…");
    const dialog = page.getByRole("dialog", {name: "Export"});
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    await page.screenshot({path: testInfo.outputPath("export-dialog.png")});
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", {name: "HTML"}).click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toBe("Circles.html");

    // The file alone, offline: every request it would make is refused and counted.
    const offline = await context.newPage();
    const requests: string[] = [];
    await offline.route("**/*", (route) => {
        requests.push(route.request().url());
        return route.abort();
    });
    await offline.setContent(fs.readFileSync(file, "utf8"));
    await expect(offline.locator("h1")).toHaveText("Circles");
    await expect(offline.locator("math")).toBeVisible();
    await expect(offline.locator(".hljs-keyword").first()).toHaveText("def");
    await expect(offline.locator("details.thought")).toContainText("Thought for 1.2 s");
    expect(requests).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
        await offline.emulateMedia({colorScheme});
        await offline.screenshot({path: testInfo.outputPath(`export-html-${colorScheme}.png`)});
    }
    await offline.close();

    // Printing is recorded, not shown: headless Chromium would hold the page while "printing".
    await context.addInitScript(() => {
        window.print = () => document.documentElement.setAttribute("data-printed", "yes");
    });
    await fromHeaderMenu(page, "Export…");
    await dialog.getByRole("checkbox", {name: "Thinking"}).uncheck();
    const popup = page.waitForEvent("popup");
    await dialog.getByRole("button", {name: "PDF"}).click();
    const printed = await popup;
    await expect(printed.locator("h1")).toHaveText("Circles");
    await expect(printed.locator("article.message.assistant .content")).toContainText("The area is");
    await expect(printed.getByText("Recall the formula.")).toHaveCount(0);
    await expect(printed.locator("html")).toHaveAttribute("data-printed", "yes");
    expect((await printed.pdf()).subarray(0, 5).toString()).toBe("%PDF-");
});
