import {axeOn} from "../helpers/axe.js";
import {expect, test, type Page} from "@playwright/test";
import {tempDir} from "../helpers/paths.js";
import {startServe, type Served} from "../helpers/serve.js";
import {chosenInHeaderMenu, fromHeaderMenu} from "../helpers/headerMenu.js";
import {choose} from "../helpers/choose.js";

// Projects in the window with the real core and test model: made in the sidebar, a conversation started in
// one and another moved in, search limited to it, its files opened in Documents, archived.

let served: Served;
test.beforeEach(async () => {
    served = await startServe({dataDir: tempDir(), extra: ["--max-tokens", "2"]});
});
test.afterEach(async () => served.stop());

async function send(page: Page, text: string) {
    await page.getByRole("textbox", {name: "Message"}).fill(text);
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");
}

test("a project groups its conversations; search within it; its files; archive", async ({page}, testInfo) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await send(page, "Where is the harbour?");

    await page.getByRole("button", {name: "New project"}).click();
    const dialog = page.getByRole("dialog", {name: "New project"});
    await dialog.getByRole("textbox", {name: "Name"}).fill("Boat");
    await dialog
        .getByRole("textbox", {name: "Instructions for its conversations"})
        .fill("Distances in nautical miles.");
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);
    await dialog.getByRole("button", {name: "Add project"}).click();
    const boat = page.getByRole("region", {name: "Project Boat"});
    await expect(boat).toBeVisible();

    await boat.getByRole("button", {name: "New conversation in Boat"}).click();
    await expect.poll(() => chosenInHeaderMenu(page, "Project")).toBe("Boat");
    await send(page, "How far is the harbour?");
    await expect(boat.getByRole("listitem")).toHaveCount(1);

    // The first conversation moved in from its header.
    // Conversations outside projects are grouped by their last activity: this one is Today's.
    await page
        .getByRole("region", {name: "Today"})
        .getByRole("button", {name: "Where is the harbour?", exact: true})
        .click();
    await fromHeaderMenu(page, "Project", "Boat");
    await expect(boat.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("region", {name: "Today"})).toHaveCount(0);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`project-sidebar-${colorScheme}.png`)});
    }
    await page.setViewportSize({width: 800, height: 600});
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`project-sidebar-${colorScheme}-800.png`)});
    }
    await page.setViewportSize({width: 1280, height: 800});

    // Search limited to the project.
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await send(page, "Is the harbour open?");
    await page.keyboard.press("Control+k");
    const search = page.getByRole("dialog", {name: "Search conversations"});
    await search.getByRole("combobox", {name: "Search conversations"}).fill("harbour");
    await expect(search.getByRole("status")).toHaveText("3 messages found.");
    await choose(search.getByRole("combobox", {name: "In"}), "Project Boat");
    await expect(search.getByRole("status")).toHaveText("2 messages found.");
    await page.keyboard.press("Escape");

    // Its settings: files open in Documents on its collection; archived, it leaves the list.
    await boat.getByRole("button", {name: "Project Boat settings"}).click();
    const settings = page.getByRole("dialog", {name: "Project Boat"});
    await expect(settings).toContainText("2 conversations");
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`project-dialog-${colorScheme}.png`)});
    }
    await settings.getByRole("button", {name: "Files…"}).click();
    await expect(page.getByRole("dialog", {name: "Documents"}).getByRole("combobox")).toHaveValue(
        "Project · Boat",
    );
    await page.keyboard.press("Escape");
    await boat.getByRole("button", {name: "Project Boat settings"}).click();
    await page.getByRole("dialog", {name: "Project Boat"}).getByRole("button", {name: "Archive"}).click();
    await expect(boat).toHaveCount(0);
    await expect(page.getByText("Archived projects (1)")).toBeVisible();
});
