import {expect, test, type Page} from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {engineFolder, shareBuildStatus} from "../../main/llm/engineBuild.js";
import {axeOn} from "../helpers/axe.js";
import {openModels} from "../helpers/modelsScreen.js";
import {shootLightAndDark} from "../helpers/screens.js";
import {startServe, type Served} from "../helpers/serve.js";

// This file's own engine key: the real engine built on this machine (if any) is never read or written.
const key = `e2e-${process.pid}`;
process.env.CAIRN_ENGINE_KEY = key;

let served: Served;
test.afterEach(async () => {
    await served.stop();
    shareBuildStatus({state: "prebuilt", percent: null, words: null});
    fs.rmSync(engineFolder(), {recursive: true, force: true});
});

/** A folder for PATH with git and sh (which Cairn runs) and no build tools. */
function toolsWithoutCompiler(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-path-"));
    for (const tool of ["git", "sh"]) fs.symlinkSync(`/usr/bin/${tool}`, path.join(dir, tool));
    return dir;
}

/** The Engine tab's note on this computer's engine. */
async function engineNote(page: Page) {
    const screen = await openModels(page, "Engine");
    return screen.getByRole("region", {name: "This computer's engine"});
}

test("the Models screen shows a background build of this computer's engine with its progress", async ({
    page,
}, testInfo) => {
    // Another Cairn process builds (this test's own, as a serve's background build tells it): the serve sees it.
    shareBuildStatus({state: "building", percent: 40, words: null});
    served = await startServe({env: {CAIRN_ENGINE_KEY: key}});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const note = await engineNote(page);
    await expect(note).toHaveAttribute("data-state", "building");
    await expect(note).toContainText("Building an engine for this processor in the background: 40%");
    await expect(note.getByRole("progressbar", {name: "Engine build"})).toHaveAttribute("value", "40");
    expect((await axeOn(page).analyze()).violations).toEqual([]);
    await shootLightAndDark(page, testInfo, "models-engine-building", () => note.scrollIntoViewIfNeeded());
});

test("without CMake or a compiler the note says what a build needs and how to get it; Settings turns the build off", async ({
    page,
}, testInfo) => {
    // A PATH of git and sh alone (the serve is started by its full path): no CMake, no C++ compiler.
    served = await startServe({
        env: {CAIRN_ENGINE_KEY: key, CAIRN_ENGINE_BUILD: "on", PATH: toolsWithoutCompiler()},
    });
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const note = await engineNote(page);
    await expect(note).toHaveAttribute("data-state", "no-compiler");
    await expect(note).toContainText(
        "An engine built for this CPU would generate about a fifth faster; the build needs CMake, a C++ compiler: sudo apt install cmake g++",
    );
    expect((await axeOn(page).analyze()).violations).toEqual([]);
    // No build command on the CPU's row: without a compiler it could not run.
    await expect(
        page.getByRole("list", {name: "Backends"}).locator('[data-state="in use"] code'),
    ).toHaveCount(0);
    await shootLightAndDark(page, testInfo, "models-engine-no-compiler", () => note.scrollIntoViewIfNeeded());

    await page.getByRole("dialog", {name: "Models"}).getByRole("button", {name: "Close"}).first().click();
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    const toggle = settings.getByRole("switch", {name: /Build an engine for this processor/});
    await expect(toggle).toBeChecked();
    // Saved, then shown: the switch turns once the core has kept it.
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await settings.getByRole("button", {name: "Close"}).first().click();
    const off = await engineNote(page);
    await expect(off).toHaveAttribute("data-state", "off");
    await expect(off).toContainText("building an engine for this processor is off (Settings → Engine)");
});
