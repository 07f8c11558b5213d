import fs from "node:fs";
import path from "node:path";
import {expect, test} from "@playwright/test";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {SettingsStore} from "../../main/store/settings.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {catalogFile, startServe, type Served} from "../helpers/serve.js";
import {axeOn} from "../helpers/axe.js";

let served: Served;
test.afterEach(async () => served.stop());

test("with no model the app starts and says what to do", async ({page}) => {
    served = await startServe({model: null});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("no model");
    // Nothing installed: the welcome says what to do (choose a model), once, with no command line.
    await expect(page.getByRole("region", {name: "Choose a model"})).toBeVisible();
    await expect(page.getByRole("heading", {name: "No model is ready"})).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("npm run");
    await page.getByRole("textbox", {name: "Message"}).fill("hello");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.getByRole("alert")).toContainText("No model is loaded");
    // The draft is kept so nothing typed is lost.
    await expect(page.getByRole("textbox", {name: "Message"})).toHaveValue("hello");
});

test("a saved model file that is gone is named in the error and the app stays up", async ({page}) => {
    // The model chosen last time (a model named with --model that cannot load ends `cairn serve` instead).
    const dataDir = tempDir();
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    new SettingsStore(db).set("modelPath", "/nonexistent/model.gguf");
    db.close();
    served = await startServe({dataDir, model: null});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("error");
    await expect(page.locator(".status .why")).toContainText("model file not found: /nonexistent/model.gguf");
});

test("a malformed tools.yaml is shown with its file and line, and the app still works", async ({page}) => {
    const dataDir = tempDir();
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        "tools:\n    system_stats:\n        policy: sometimes\n",
    );
    served = await startServe({dataDir, model: null});
    await page.goto(served.url);
    await expect(page.getByRole("alert")).toContainText(`${dataDir}/tools.yaml:3`);
    await expect(page.getByRole("alert")).toContainText("using the defaults");
    await expect(page.locator(".status .state")).toHaveText("no model");
});

test("a mistyped path on the welcome screen is said there, and the screen stays to try again", async ({
    page,
}, testInfo) => {
    served = await startServe({model: null, catalog: catalogFile([])});
    await page.goto(served.url);
    const welcome = page.getByRole("region", {name: "Choose a model"});
    await expect(welcome).toBeVisible();
    // One welcome: the empty conversation's "No model is ready" is not shown beside it, nor any command line.
    await expect(page.getByRole("heading", {name: "No model is ready"})).toHaveCount(0);
    await expect(page.getByText("npm run serve")).toHaveCount(0);
    for (const [width, height] of [
        [1280, 800],
        [800, 600],
    ] as const)
        for (const colorScheme of ["light", "dark"] as const) {
            await page.setViewportSize({width, height});
            await page.emulateMedia({colorScheme});
            await page.screenshot({path: testInfo.outputPath(`welcome-${width}-${colorScheme}.png`)});
        }
    await welcome.getByRole("textbox", {name: "GGUF model file path"}).fill("/nowhere/modle.gguf");
    await welcome.getByRole("button", {name: "Load file"}).click();
    await expect(welcome.getByRole("alert")).toContainText("/nowhere/modle.gguf");
    await expect(welcome).toBeVisible();
    await welcome.getByRole("textbox", {name: "GGUF model file path"}).fill(TEST_MODEL);
    await welcome.getByRole("button", {name: "Load file"}).click();
    await expect(page.locator(".status .state")).toHaveText("ready");
    await expect(welcome).toHaveCount(0);
});

test(
    "in a German window the welcome and the refusal of a send are in German; axe clean",
    {tag: "@small-window"},
    async ({browser}, info) => {
        served = await startServe({model: null});
        const context = await browser.newContext({locale: "de-DE", viewport: info.project.use.viewport!});
        const page = await context.newPage();
        try {
            await page.goto(served.url);
            const help = "Kein Modell geladen. Öffne Modelle, um eines herunterzuladen";
            await expect(page.getByRole("region", {name: "Modell wählen"})).toBeVisible();
            await page.getByRole("textbox", {name: "Nachricht"}).fill("hallo");
            await page.getByRole("textbox", {name: "Nachricht"}).press("Enter");
            await expect(page.getByRole("alert")).toContainText(help);
            // At 800x600 the no-model words overflow the message list, which a keyboard must be able to scroll.
            expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);
        } finally {
            await context.close();
        }
    },
);
