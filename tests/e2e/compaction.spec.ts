import {expect, test} from "@playwright/test";
import {fromHeaderMenu} from "../helpers/headerMenu.js";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {shootLightAndDark} from "../helpers/screens.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Tom's kite", [
        {question: "Tom lives in Zanzibar.", answer: "Noted: Tom lives in Zanzibar."},
        {question: "His kite is red.", answer: "A red kite, then."},
        {question: "What colour is the kite?", answer: "It is red."},
    ]);
    served = await startServe({dataDir, extra: ["--max-tokens", "24", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

test("Compact now folds the earlier turns into a summary shown after them; again, it says there is nothing new", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Tom's kite", exact: true}).click();
    await expect(page.locator("article.message")).toHaveCount(6);
    await expect(page.locator(".status .state")).toHaveText("ready");

    // The header's menu offers it.
    await page.getByRole("button", {name: "More"}).click();
    await expect(page.getByRole("menuitem", {name: "Compact now"})).toBeVisible();
    await shootLightAndDark(page, testInfo, "compaction-menu");
    await page.keyboard.press("Escape");
    await page.setViewportSize({width: 1280, height: 800});
    await fromHeaderMenu(page, "Compact now");
    const fold = page.locator("details.summary-fold");
    await expect(fold).toHaveCount(1);
    await expect(fold.locator("summary")).toHaveText("Earlier turns summarized (4 messages)");
    // It sits after the last message it stands for: the second answer.
    await expect(
        page.locator("article.message.assistant").nth(1).locator("+ details.summary-fold"),
    ).toHaveCount(1);
    await fold.locator("summary").click();
    await expect(fold.locator(".summary-text")).not.toBeEmpty();
    await expect(fold.locator(".summary-why")).toContainText("with Compact now");
    // The messages it stands for stay.
    await expect(page.locator("article.message")).toHaveCount(6);
    await shootLightAndDark(page, testInfo, "compaction", () => fold.scrollIntoViewIfNeeded());

    await fromHeaderMenu(page, "Compact now");
    await expect(page.getByRole("alert")).toContainText("nothing to compact yet");
    await expect(fold).toHaveCount(1);

    // A reload shows it again: it is kept with the message.
    await page.reload();
    await page.getByRole("button", {name: "Tom's kite", exact: true}).click();
    await expect(page.locator("details.summary-fold summary")).toHaveText(
        "Earlier turns summarized (4 messages)",
    );
});
