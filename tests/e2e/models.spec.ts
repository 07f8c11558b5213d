import fs from "node:fs";
import path from "node:path";
import {axeOn} from "../helpers/axe.js";
import {expect, test} from "@playwright/test";
import {startModelServer, type ModelServer} from "../helpers/modelServer.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {catalogFile, startServe, type Served} from "../helpers/serve.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";
import {paced} from "../helpers/pace.js";
import {modelsTab, openModels} from "../helpers/modelsScreen.js";
import {engineBuilt} from "../../main/llm/engineBuild.js";
import {shootLightAndDark} from "../helpers/screens.js";

/**
 * Whether a build made here runs: Cairn's engine (`cairn doctor --build-native`, or the background build), or
 * node-llama-cpp's own build from an earlier Cairn, which it loads over its prebuilt binaries.
 */
function builtHere(): boolean {
    const builds = path.join("node_modules", "node-llama-cpp", "llama", "localBuilds");
    return engineBuilt() || fs.existsSync(path.join(builds, `linux-${process.arch}`));
}

let served: Served;
let files: ModelServer;
test.afterEach(async () => {
    await served.stop();
    await files.close();
});

function catalogFor(url: string): string {
    const common = {kind: "chat", parameters: "260K", quantization: "F32", notes: "A tiny story model."};
    return catalogFile([
        {...common, id: "stories", name: "Stories 260K", uri: url, sizeBytes: 1_185_376},
        {
            ...common,
            id: "embed",
            name: "Stories embeddings",
            kind: "embedding",
            uri: url,
            sizeBytes: 1_185_376,
        },
    ]);
}

test("first run: a recommended model with its fit badge downloads with progress and loads", async ({
    page,
}) => {
    const body = Buffer.concat([fs.readFileSync(TEST_MODEL), Buffer.alloc(6_000_000)]);
    files = await startModelServer({"stories.gguf": {body, bytesPerTick: 150_000}});
    served = await startServe({model: null, catalog: catalogFor(files.url("stories.gguf"))});
    await page.goto(served.url);
    const firstRun = page.getByRole("region", {name: "Choose a model"});
    await expect(firstRun.getByRole("heading", {name: "Welcome to Cairn"})).toBeVisible();
    const item = firstRun.locator('[data-model="stories"]');
    await expect(item.locator("[data-fit]")).toHaveText("Fits in RAM");
    await expect(item.locator("[data-fit]")).toHaveAttribute(
        "title",
        /needs .* RAM at 2048 tokens of context/,
    );
    await item.getByRole("button", {name: "Download"}).click();
    await expect(item.locator(".download-text")).toContainText(/ of 6\.9 MiB · [\d.]+ (KiB|MiB)\/s/);
    await expect(page.locator(".status .state")).toHaveText("ready", {timeout: paced(30_000)});
    await expect(firstRun).toHaveCount(0);
    await expect(page.locator(".status .backend")).toContainText("cpu");
});

test("a download that failed says why, and Retry starts it again", async ({page}) => {
    const offered: Record<string, {body: Buffer}> = {};
    files = await startModelServer(offered);
    served = await startServe({model: null, catalog: catalogFor(files.url("stories.gguf"))});
    await page.goto(served.url);
    const item = page.getByRole("region", {name: "Choose a model"}).locator('[data-model="stories"]');
    await item.getByRole("button", {name: "Download"}).click();
    await expect(item.locator(".download-text")).toContainText("not found (HTTP 404)");
    // The file is there now: Retry downloads it, and the first run loads it.
    offered["stories.gguf"] = {body: fs.readFileSync(TEST_MODEL)};
    await item.getByRole("button", {name: "Retry"}).click();
    await expect(page.locator(".status .state")).toHaveText("ready", {timeout: paced(30_000)});
});

test("Models is a screen over the window: its title and Close on top, three tabs with the arrow keys, each kept while it is open", async ({
    page,
}, testInfo) => {
    files = await startModelServer({});
    served = await startServe({model: null, catalog: catalogFor(files.url("none.gguf"))});
    await page.goto(served.url);
    const opener = page.getByRole("button", {name: "Models"});
    const screen = await openModels(page);
    await expect(screen.getByRole("heading", {level: 1})).toHaveText("Models");
    // Close is on the top row, in view without scrolling, also at 800x600.
    const close = screen.getByRole("button", {name: "Close"});
    expect((await close.boundingBox())!.y).toBeLessThan(60);
    const tabs = screen.getByRole("tablist", {name: "Models sections"}).getByRole("tab");
    await expect(tabs).toHaveText(["Installed", "Find on Hugging Face", "Engine"]);
    // It opens on Installed, with the focus on that tab; the arrow keys move between tabs.
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(screen.getByRole("tabpanel")).toContainText("No model is loaded.");
    await expect(screen.getByRole("list", {name: "Backends"})).toBeVisible();
    await page.keyboard.press("Home");
    // Nothing installed: the tab says so and leads to finding one.
    await expect(screen.getByRole("tabpanel")).toContainText("No models yet");
    await screen.getByRole("button", {name: "Find a model"}).click();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    const search = screen.getByRole("searchbox", {name: "Search Hugging Face for GGUF models"});
    await search.fill("qwen");
    await expect(screen.locator('[data-model="stories"]')).toContainText("Stories 260K");
    await modelsTab(screen, "Engine");
    await expect(search).toBeHidden();
    await modelsTab(screen, "Find on Hugging Face");
    await expect(search).toHaveValue("qwen");
    await shootLightAndDark(page, testInfo, "models-find", async () => {
        expect((await close.boundingBox())!.y).toBeLessThan(60);
    });
    await close.click();
    await expect(screen).toHaveCount(0);
    await expect(opener).toBeFocused();
});

test("Models screen: installed facts, backend report, unload and load, message counters", async ({page}) => {
    files = await startModelServer({});
    served = await startServe({
        model: TEST_MODEL,
        // Two answers whose counters are read, not their length (the default, 512 tokens, fills the context).
        extra: ["--max-tokens", "48"],
        catalog: catalogFor(files.url("none.gguf")),
    });
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("Once upon a time");
    await box.press("Enter");
    const answer = page.locator("article.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete", {timeout: paced(90_000)});
    await answer.locator("details.stats summary").click();
    await expect(answer.locator('[data-stat="prompt"]')).toHaveText(/^\d+$/);
    await expect(answer.locator('[data-stat="reused"]')).toHaveText("0");

    await box.fill("And then");
    await box.press("Enter");
    const second = page.locator("article.assistant").nth(1);
    await expect(second).toHaveAttribute("data-status", "complete");
    await second.locator("details.stats summary").click();
    await expect(second.locator('[data-stat="reused"]')).not.toHaveText("0");

    const dialog = await openModels(page, "Engine");
    const report = dialog.getByLabel("Backend report");
    await expect(report.locator("[data-backend]")).toHaveText("CPU");
    await expect(report).toContainText("context size: 2048");
    await expect(report).toContainText("weights read into memory");
    // The tests' serve runs without flash attention (CAIRN_FLASH_ATTENTION=off): the line says so.
    await expect(report).toContainText("flash attention: Off");
    // The backends this computer can use: the CPU here; a missing GPU backend says how to build it.
    const backends = dialog.getByRole("list", {name: "Backends"});
    const cpu = backends.locator('[data-state="in use"]');
    await expect(cpu).toContainText("CPU");
    // Over node-llama-cpp's prebuilt binaries (CI's case: nothing built here) the CPU's row advises a build for
    // this CPU and names its command; over a build made here, it advises nothing.
    if (builtHere()) await expect(cpu.locator("code")).toHaveCount(0);
    else {
        await expect(cpu).toContainText("prebuilt binaries");
        await expect(cpu.locator("code")).toHaveText("cairn doctor --build-native");
    }
    for (const missing of await backends.locator('[data-state="not available"]').all())
        await expect(missing.locator("code")).toHaveText(/^npx --no node-llama-cpp source build --gpu \w+$/);
    await report.getByRole("button", {name: "Unload"}).click();
    await expect(page.locator(".status .state")).toHaveText("no model");
    await modelsTab(dialog, "Installed");
    const row = dialog.locator("table.installed tr").first();
    await expect(row).toContainText("stories260K");
    await expect(row).toContainText("tools: generic");
    await row.getByRole("button", {name: "Load"}).click();
    await expect(page.locator(".status .state")).toHaveText("ready");
    await expect(row.getByText("Loaded")).toBeVisible();
    await modelsTab(dialog, "Find on Hugging Face");
    await expect(dialog.locator('[data-model="embed"] [data-fit]')).toHaveText("Fits in RAM");
    await modelsTab(dialog, "Installed");

    // Remove asks first; Keep leaves it, Yes removes it (the file stays: it was not downloaded).
    await row.getByRole("button", {name: /^Remove /}).click();
    const confirm = row.getByRole("group", {name: /^Remove .*\?$/});
    await expect(confirm).toContainText("The file stays");
    await confirm.getByRole("button", {name: "Keep"}).click();
    await expect(row).toContainText("stories260K");
    await row.getByRole("button", {name: /^Remove /}).click();
    await confirm.getByRole("button", {name: "Yes, remove"}).click();
    await expect(dialog.locator("table.installed")).toHaveCount(0);
});

test("speculative decoding: the Models screen offers a draft of the model's vocabulary; the answer counts its guesses", async ({
    page,
}, testInfo) => {
    // Two models loaded, a reload, and an answer that waits for 8 guesses a step: about 30 s alone, twice that
    // beside the other test streams.
    test.slow();
    files = await startModelServer({});
    // Phi-3.5's vocabulary (32k words) loads in a fraction of Llama 3's (128k): the same path, less CPU.
    const draft = templateModel(FAMILIES["phi-3.5"]);
    const big = path.join(tempDir(), "big-phi.gguf");
    fs.copyFileSync(draft, big);
    fs.appendFileSync(big, Buffer.alloc(1 << 20));
    served = await startServe({
        model: draft,
        // Guesses are counted from the first step: 48 tokens are enough, where the default (512) took 30 s.
        extra: ["--max-tokens", "48"],
        catalog: catalogFor(files.url("none.gguf")),
        // Random weights are never confident: without this the draft would stop at its first guess.
        env: {CAIRN_DRAFT_MIN_CONFIDENCE: "0"},
    });
    await page.goto(served.url);
    // The first load is slower while the llama-server build runs beside (CI failed at 15 s twice with Llama 3).
    await expect(page.locator(".status .state")).toHaveText("ready", {timeout: paced(60_000)});
    const dialog = await openModels(page);
    await dialog.getByRole("textbox", {name: "GGUF model file path"}).fill(big);
    await dialog.getByRole("button", {name: "Load file"}).click();
    await modelsTab(dialog, "Engine");
    const report = dialog.getByLabel("Backend report");
    await expect(report).toContainText("big-phi.gguf");
    await expect(report).toContainText(
        "Speculative decoding: the answer's own text guesses ahead (input lookup)",
    );
    const picker = report.getByRole("combobox", {name: "Draft model"});
    // A draft pays only where it fits the model and the machine: the picker says so, and that Cairn pauses it.
    await expect(report).toContainText("pauses the draft when it makes them slower");
    await picker.click();
    await expect(page.getByRole("option")).toHaveText([
        "None: input lookup",
        /^Phi-3\.5 mini template \(random tiny\) \([\d.]+ MiB\), suggested$/,
    ]);
    await page.getByRole("option").nth(1).click();
    // The model loads again with its draft (both models: on a machine busy with other tests, over 15 s).
    await expect(report).toContainText(
        /Speculative decoding: a draft model guesses ahead \(llama-\w+\.gguf\)/,
        {timeout: paced(60_000)},
    );
    await expect(page.locator(".status .state")).toHaveText("ready", {timeout: paced(60_000)});
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        for (const size of [
            {width: 1280, height: 800},
            {width: 800, height: 600},
        ]) {
            await page.setViewportSize(size);
            await report.scrollIntoViewIfNeeded();
            await page.screenshot({path: testInfo.outputPath(`draft-${colorScheme}-${size.width}.png`)});
        }
        const axe = await axeOn(page).include(".dialog.models").analyze();
        expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
    }
    await dialog.getByRole("button", {name: "Close"}).click();

    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("Tell me a story about a lighthouse.");
    await box.press("Enter");
    const answer = page.locator("article.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete", {timeout: paced(90_000)});
    await answer.locator("details.stats summary").click();
    await expect(answer.locator('[data-stat="drafted"]')).toHaveText(
        /^\d+ of [1-9]\d* guesses kept \(\d+%\)$/,
    );
    await page.setViewportSize({width: 800, height: 600});
    await answer.locator('[data-stat="drafted"]').scrollIntoViewIfNeeded();
    await page.screenshot({path: testInfo.outputPath("draft-answer-800.png")});
});

test("tool use: a quick test with progress scores each model side by side and in the picker; a test stops when asked", async ({
    page,
}) => {
    files = await startModelServer({});
    served = await startServe({model: TEST_MODEL, catalog: catalogFor(files.url("none.gguf"))});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const dialog = await openModels(page);
    const section = dialog.getByRole("region", {name: "Tool use"});
    const overall = section.locator('.overall td[data-model="stories260K.gguf"]');
    const buttons = section.locator('.actions[data-model="stories260K.gguf"]');
    await expect(overall).toHaveText("not tested");

    // A full test stops when asked, and keeps nothing.
    await buttons.getByRole("button", {name: /^Full tool-use test of /}).click();
    await expect(section.locator("progress")).toBeVisible();
    await expect(section).toContainText(/Testing stories260K\.gguf: [1-9]\d* of 396 trials/);
    await section.getByRole("button", {name: "Stop the test"}).click();
    await expect(section).toContainText("was stopped; nothing was kept");
    await expect(overall).toHaveText("not tested");

    // The quick look: its score beside the model, by category, with the way it is asked from now on.
    await buttons.getByRole("button", {name: /^Quick tool-use test of /}).click();
    await expect(overall).toHaveText(/^\d+%$/, {timeout: paced(120_000)});
    await expect(section.getByRole("row", {name: /^Best way/})).toContainText(
        /chat template|JSON grammar|JSON in text/,
    );
    // Each way's score on the cases it asked, beside the way kept.
    await expect(section.getByRole("row", {name: /^Best way/}).locator("td")).toHaveAttribute(
        "title",
        /chat template \d+% of \d+ · JSON grammar \d+% of \d+ · JSON in text \d+% of \d+/,
    );
    await expect(section.getByRole("row", {name: /^Tested/})).toContainText("quick test");
    await expect(section.getByRole("row", {name: /^Simple/})).toContainText(/\d+\/4/);
    await expect(section.getByRole("row", {name: /^Multi-turn/})).toContainText(/\d+\/3/);
    await expect(dialog.locator("table.installed")).toContainText(/tool use \d+%/);
    expect((await axeOn(page).include(".dialog.models").analyze()).violations).toEqual([]);
    await dialog.getByRole("button", {name: "Close"}).click();
    await expect(page.getByRole("combobox", {name: "Model"})).toContainText(/tool use \d+%/);
});

test("Offline mode shows in the status line, and turns off Download and Hugging Face search, saying why", async ({
    page,
}, testInfo) => {
    files = await startModelServer({});
    served = await startServe({model: TEST_MODEL, catalog: catalogFor(files.url("none.gguf"))});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await expect(page.locator(".status .offline-mark")).toHaveCount(0);
    const models = await openModels(page, "Find on Hugging Face");
    const download = models.locator('[data-model="stories"]').getByRole("button", {name: "Download"});
    await expect(download).toBeEnabled();
    await page.keyboard.press("Escape");

    // Switched on in Settings: the status line says so at once, and what needs the network is off, saying why.
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("switch", {name: "Offline mode"}).click();
    await page.keyboard.press("Escape");
    const mark = page.locator(".status .offline-mark");
    await expect(mark).toHaveText("Offline mode");
    await mark.focus();
    await expect(page.getByRole("tooltip")).toContainText("nothing leaves this computer");
    await openModels(page, "Find on Hugging Face");
    await expect(download).toBeDisabled();
    await expect(download).toHaveAccessibleDescription(
        /^Offline mode is on: downloads and Hugging Face search are off/,
    );
    await models.getByRole("searchbox", {name: /Hugging Face/}).fill("qwen");
    const search = models.getByRole("button", {name: "Search", exact: true});
    await expect(search).toBeDisabled();
    await expect(search).toHaveAccessibleDescription(/^Offline mode is on/);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`offline-models-${colorScheme}.png`)});
    }
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);

    // A window opened now reads it from the core; switched off, all is back.
    await page.reload();
    await expect(mark).toHaveText("Offline mode");
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("switch", {name: "Offline mode"}).click();
    await page.keyboard.press("Escape");
    await expect(mark).toHaveCount(0);
});
