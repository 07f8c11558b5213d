import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {choose} from "../helpers/choose.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({model: null});
});
test.afterEach(async () => served.stop());

test("Settings → Backups: the schedule is kept, Back up now shows its progress and lists the backup", async ({
    page,
}, testInfo) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    const section = settings.getByRole("region", {name: "Backups"});
    await expect(section.getByText("No backup yet.")).toBeVisible();
    await choose(section.getByRole("combobox", {name: "Automatic backups"}), "Weekly");
    await section.getByRole("spinbutton", {name: "Keep"}).fill("3");
    await section.getByRole("button", {name: "Back up now"}).click();
    const listed = section.getByRole("list", {name: "Newest backups"}).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText(/cairn-.*\.cairn-backup/);
    await section.scrollIntoViewIfNeeded();
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`backups-${colorScheme}.png`)});
    }
    // Kept: the dialog opened again shows the schedule chosen.
    await settings.getByRole("button", {name: "Close"}).click();
    await page.getByRole("button", {name: "Settings"}).click();
    const again = page.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "Backups"});
    await expect(again.getByRole("combobox", {name: "Automatic backups"})).toHaveText("Weekly");
    await expect(again.getByRole("spinbutton", {name: "Keep"})).toHaveValue("3");
});

test("Settings → Backups: Restore is set for the next start and can be taken back; Merge says what came in", async ({
    page,
}, testInfo) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation"}).click();
    await page.getByRole("button", {name: "Settings"}).click();
    const section = page.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "Backups"});
    await section.getByRole("button", {name: "Back up now"}).click();
    const listed = section.getByRole("list", {name: "Newest backups"}).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await listed
        .first()
        .getByRole("button", {name: /^Merge the backup of/})
        .click();
    await expect(section.getByRole("status").filter({hasText: "Merged"})).toHaveText(
        "Merged: 0 conversations brought in, 1 already here.",
    );
    await listed
        .first()
        .getByRole("button", {name: /^Restore the backup of/})
        .click();
    const pending = section.locator(".restore-pending");
    await expect(pending).toContainText("is restored when Cairn starts next: quit Cairn and start it again.");
    await pending.scrollIntoViewIfNeeded();
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`restore-${colorScheme}.png`)});
    }
    await pending.getByRole("button", {name: "Do not restore"}).click();
    await expect(pending).toHaveCount(0);
});
