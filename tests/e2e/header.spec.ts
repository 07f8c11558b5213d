import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "30"]});
});
test.afterEach(async () => served.stop());

test(
    "the header picks the model in place, shows the context used and the last answer's speed",
    {tag: "@small-window"},
    async ({page}) => {
        const copy = path.join(tempDir(), "other-model.gguf");
        fs.copyFileSync(TEST_MODEL, copy);
        await page.goto(served.url);
        await expect(page.locator(".status .state")).toHaveText("ready");
        const picker = page.getByRole("combobox", {name: "Model"});
        await expect(picker).toHaveValue(TEST_MODEL);
        // The fit badge: how the loaded model fits this computer, from its header, beside the picker and in it.
        await expect(page.locator(".chat-header [data-fit]")).toHaveText(/^Fits in (RAM|VRAM)$/);
        await expect(picker.locator("option:checked")).toHaveText(/ · Fits in (RAM|VRAM)$/);

        await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
        await page.getByRole("textbox", {name: "Message"}).press("Enter");
        await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
        const meter = page.getByRole("meter", {name: "Context used"});
        await expect(meter).toHaveAttribute("max", "2048");
        expect(Number(await meter.getAttribute("value"))).toBeGreaterThan(30);
        await expect(page.locator(".chat-header .speed")).toHaveText(/^\d+\.\d tok\/s$/);

        // A second model file, loaded once from the Models screen, is then one choice away.
        await page.getByRole("button", {name: "Models"}).click();
        const dialog = page.getByRole("dialog", {name: "Models"});
        await dialog.getByRole("textbox", {name: "GGUF model file path"}).fill(copy);
        await dialog.getByRole("button", {name: "Load file"}).click();
        await expect(page.locator(".status .model")).toContainText("other-model.gguf");
        await page.keyboard.press("Escape");
        await picker.selectOption(TEST_MODEL);
        await expect(page.locator(".status .model")).toContainText("stories260K.gguf");
        await expect(page.locator(".status .state")).toHaveText("ready");
    },
);

test(
    "the theme switch: system, light or dark, kept across a reload",
    {tag: "@small-window"},
    async ({browser}) => {
        const context = await browser.newContext({colorScheme: "light"});
        const page = await context.newPage();
        await page.goto(served.url);
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(await background()).toBe("rgb(255, 255, 255)");
        await page.getByRole("combobox", {name: "Theme"}).selectOption("dark");
        await expect.poll(background).toBe("rgb(24, 24, 27)");
        await page.reload();
        await expect.poll(background).toBe("rgb(24, 24, 27)");
        await page.getByRole("combobox", {name: "Theme"}).selectOption("system");
        await expect.poll(background).toBe("rgb(255, 255, 255)");
        await context.close();
    },
);
