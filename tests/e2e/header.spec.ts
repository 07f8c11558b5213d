import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {ask, newConversation} from "../helpers/ask.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {chosenInHeaderMenu, fromHeaderMenu, headerRowSpread} from "../helpers/headerMenu.js";
import {choose} from "../helpers/choose.js";
import {deciderModel} from "../helpers/deciderModel.js";
import {openModels} from "../helpers/modelsScreen.js";

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
        // The model's own name (from its header), and the fit badge: how it fits this computer, beside the
        // picker and in it.
        await expect(picker).toHaveText(/^llama · Fits in (RAM|VRAM)$/);
        await expect(page.locator(".chat-header [data-fit]")).toHaveText(/^Fits in (RAM|VRAM)$/);

        await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
        await page.getByRole("textbox", {name: "Message"}).press("Enter");
        await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
        const meter = page.getByRole("meter", {name: "Context used"});
        await expect(meter).toHaveAttribute("max", "2048");
        expect(Number(await meter.getAttribute("value"))).toBeGreaterThan(30);
        await expect(page.locator(".chat-header .speed")).toHaveText(/^\d+\.\d tok\/s$/);

        // A second model file, loaded once from the Models screen, is then one choice away.
        const dialog = await openModels(page);
        await dialog.getByRole("textbox", {name: "GGUF model file path"}).fill(copy);
        await dialog.getByRole("button", {name: "Load file"}).click();
        await expect(page.locator(".status .model")).toContainText("other-model.gguf");
        await page.keyboard.press("Escape");
        // Two files of one name are told apart by their file names.
        await picker.click();
        await expect(page.getByRole("option")).toHaveText([
            /^llama \(other-model\.gguf\) · Fits in/,
            /^llama \(stories260K\.gguf\) · Fits in/,
        ]);
        await page.keyboard.press("Escape");
        await choose(picker, /stories260K\.gguf/);
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
        await fromHeaderMenu(page, "Theme", "Dark");
        await expect.poll(background).toBe("rgb(24, 24, 27)");
        await page.reload();
        await expect.poll(background).toBe("rgb(24, 24, 27)");
        expect(await chosenInHeaderMenu(page, "Theme")).toBe("Dark");
        await fromHeaderMenu(page, "Theme", "System theme");
        await expect.poll(background).toBe("rgb(255, 255, 255)");
        await context.close();
    },
);

test("the header is one row at 1280, 1024 and 800 px: where there is no room, words give way to icons and keep their names", async ({
    page,
}) => {
    await newConversation(page, served.url);
    await ask(page, "Once upon a time");
    await expect(page.locator(".chat-header .speed")).toBeAttached();
    const tools = page.locator(".chat-header").getByRole("button", {name: "Tools"});
    for (const [width, height, worded] of [
        [1280, 800, true],
        [1024, 768, true],
        [800, 600, false],
    ] as const) {
        await page.setViewportSize({width, height});
        // Every control of the header on one line: the same top, give or take the controls' own heights.
        const {spread, middles} = await headerRowSpread(page);
        expect(spread, `${width} px: ${middles.join(", ")}`).toBeLessThanOrEqual(4);
        await expect(tools).toBeVisible();
        await expect(page.getByRole("switch", {name: "Web access"})).toBeVisible();
        const box = (await tools.boundingBox())!;
        expect(box.width > 50, `Tools is ${box.width} px wide at ${width} px`).toBe(worded);
        await expect(page.getByRole("button", {name: "More"})).toBeInViewport();
    }
    // Documents are attached from the composer's one Attach menu (no longer the header).
    await page.locator(".composer").getByRole("button", {name: "Attach"}).click();
    await page.getByRole("menu").getByRole("menuitem", {name: "Documents…"}).click();
    await expect(page.getByRole("dialog", {name: "Attached documents"})).toBeVisible();
});

test("the header's menu by keyboard: a dialog chosen there takes focus, and gives it back to the menu's button", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await page.waitForURL(/[?&]c=/);
    const more = page.getByRole("button", {name: "More"});
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", {name: "Generation…"})).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", {name: "Export…"})).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", {name: "Export"});
    await expect(dialog).toBeVisible();
    await expect(page.getByRole("menu")).toHaveCount(0);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(more).toBeFocused();
});

test("the header shrinks only when space runs out: a long model name is whole where there is room, cut with a hint where there is not, and one answer never flips it", async ({
    page,
}, testInfo) => {
    await served.stop();
    served = await startServe({model: deciderModel(), extra: ["--max-tokens", "30"]});
    await page.setViewportSize({width: 1280, height: 800});
    await newConversation(page, served.url);
    const header = page.locator(".chat-header");
    const name = header.locator(".model-picker .select-trigger > span:first-child");
    const whole = () => name.evaluate((el) => el.scrollWidth <= el.clientWidth);
    await expect(name).toHaveText(/^Cairn decider \(test model\)/);
    // 1280 px: room for all of it, words and all.
    expect(await whole()).toBe(true);
    await expect(header).not.toHaveAttribute("data-compact");
    await page.screenshot({path: testInfo.outputPath("header-1280.png")});

    // While an answer streams and when it is done, the header keeps one state: what it gives up is decided by
    // the room there is, not by the speed or the count appearing.
    const seen = new Set<string>();
    const sampling = setInterval(() => {
        void header.getAttribute("data-compact").then(
            (v) => seen.add(v ?? "none"),
            () => {},
        );
    }, 20);
    await ask(page, "Once upon a time");
    clearInterval(sampling);
    seen.add((await header.getAttribute("data-compact")) ?? "none");
    expect([...seen]).toHaveLength(1);

    // 800 px beside the sidebar: not room for all. The row gave up its extras, words and count, the name has what
    // is left, cut, and says itself whole in a hint.
    await page.setViewportSize({width: 800, height: 600});
    const {spread, middles} = await headerRowSpread(page);
    expect(spread, middles.join(", ")).toBeLessThanOrEqual(4);
    expect(await whole()).toBe(false);
    expect(await name.evaluate((el) => el.clientWidth)).toBeGreaterThanOrEqual(100);
    await expect(header).toHaveAttribute("data-compact", "extras words count");
    await header.locator(".model-picker").hover();
    await expect(page.getByRole("tooltip")).toHaveText(/^Cairn decider \(test model\)/);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`header-800-${colorScheme}.png`)});
    }
    // With the sidebar hidden there is more room: the name has at least its ~25 characters again.
    await page.keyboard.press("Control+b");
    await expect.poll(() => name.evaluate((el) => el.clientWidth)).toBeGreaterThanOrEqual(200);
});
