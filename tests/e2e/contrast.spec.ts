import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {fromHeaderMenu} from "../helpers/headerMenu.js";

let served: Served;
test.afterEach(async () => served.stop());

test("High contrast: chosen in the header menu's Theme, kept after a reload, black on white or white on black", async ({
    page,
}, testInfo) => {
    served = await startServe();
    await page.goto(served.url);
    await fromHeaderMenu(page, "Theme", "High contrast");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-contrast", "more");
    await page.reload();
    await expect(html).toHaveAttribute("data-contrast", "more");
    for (const [colorScheme, background, text] of [
        ["light", "rgb(255, 255, 255)", "rgb(0, 0, 0)"],
        ["dark", "rgb(0, 0, 0)", "rgb(255, 255, 255)"],
    ] as const) {
        await page.emulateMedia({colorScheme});
        const body = page.locator("body");
        await expect(body).toHaveCSS("background-color", background);
        await expect(body).toHaveCSS("color", text);
        for (const width of [1280, 800]) {
            await page.setViewportSize({width, height: width === 1280 ? 800 : 600});
            await page.screenshot({path: testInfo.outputPath(`contrast-${colorScheme}-${width}.png`)});
        }
    }
    await fromHeaderMenu(page, "Theme", "Light");
    await expect(html).not.toHaveAttribute("data-contrast", "more");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(page.locator("body")).toHaveCSS("color", "rgb(24, 24, 27)");
});
