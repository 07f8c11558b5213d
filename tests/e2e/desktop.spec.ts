import {expect, test} from "@playwright/test";
import {axeOn} from "../helpers/axe.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeAll(async () => {
    served = await startServe({extra: ["--max-tokens", "12"]});
});
test.afterAll(async () => served.stop());

test("Settings → Desktop keeps its switches, refuses a shortcut or feed it cannot use, and says the served window cannot update", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    await settings.getByRole("link", {name: "Desktop"}).click();
    const section = settings.getByRole("region", {name: "Desktop"});
    await expect(section).toContainText("the desktop app applies them");
    const tray = section.getByRole("switch", {name: /Keep Cairn running in the tray/});
    await expect(tray).not.toBeChecked();
    await tray.click();
    await expect(tray).toBeChecked();
    // A switch by keyboard: Space flips it, and the words beside it name it.
    const notify = section.getByRole("switch", {name: /Notify me when/});
    await expect(notify).toBeChecked();
    await notify.focus();
    await page.keyboard.press("Space");
    await expect(notify).not.toBeChecked();
    await page.keyboard.press("Space");
    await expect(notify).toBeChecked();

    const shortcut = section.getByRole("textbox", {name: "Shortcut"});
    await expect(shortcut).toHaveValue("CommandOrControl+Shift+Space");
    await shortcut.fill("Shift+A");
    await shortcut.press("Enter");
    await expect(section.getByRole("alert")).toContainText("needs Ctrl, Alt, Super or CommandOrControl");
    await shortcut.fill("Alt+Q");
    await shortcut.press("Enter");
    await expect(section.getByRole("alert")).toHaveCount(0);

    const feed = section.getByRole("textbox", {name: "Update feed"});
    const check = section.getByRole("button", {name: "Check for updates"});
    await expect(check).toBeDisabled();
    await feed.fill("http://updates.example.com/cairn/");
    await feed.press("Enter");
    await expect(section.getByRole("alert")).toContainText("must use https");
    await feed.fill("https://updates.example.com/cairn/");
    await feed.press("Enter");
    await expect(check).toBeEnabled();
    await check.click();
    await expect(section.getByRole("status")).toContainText("Updates are installed by the desktop app");
    expect((await axeOn(page).include("dialog").analyze()).violations).toEqual([]);

    // Kept: the page read again shows what was chosen.
    await page.reload();
    await page.getByRole("button", {name: "Settings"}).click();
    const again = page.getByRole("dialog", {name: "Settings"}).getByRole("region", {name: "Desktop"});
    await expect(again.getByRole("switch", {name: /Keep Cairn running in the tray/})).toBeChecked();
    await expect(again.getByRole("textbox", {name: "Shortcut"})).toHaveValue("Alt+Q");
    await expect(again.getByRole("textbox", {name: "Update feed"})).toHaveValue(
        "https://updates.example.com/cairn/",
    );
});

test("quick ask: a question to a new conversation, then to the one open in Cairn; Open in Cairn shows it there", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation"}).first().click();
    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator('article.message.assistant[data-status="complete"]')).toHaveCount(1);
    const openTitle = await page.locator('.sidebar button.title[aria-current="true"]').innerText();

    const quick = await page.context().newPage();
    await quick.goto(`${served.url}&view=quick`);
    const box = quick.getByRole("textbox", {name: "Ask Cairn"});
    await expect(box).toBeFocused();
    const current = quick.getByRole("radio", {name: `The open one: ${openTitle}`});
    await expect(current).toBeEnabled();
    await expect(quick.getByRole("radio", {name: "A new conversation"})).toBeChecked();
    await box.fill("The little dog");
    await box.press("Enter");
    const answer = quick.getByRole("region", {name: "Answer"});
    await expect(answer).toHaveAttribute("data-status", "complete");
    await expect(answer.locator(".content")).not.toHaveText("");
    expect((await axeOn(quick).analyze()).violations).toEqual([]);

    // The segmented control is one radio group: the arrow key moves to the open conversation and chooses it.
    await expect(quick.getByRole("radiogroup", {name: "Send to"})).toBeVisible();
    await quick.getByRole("radio", {name: "A new conversation"}).focus();
    await quick.keyboard.press("ArrowRight");
    await expect(current).toBeChecked();
    await expect(current).toBeFocused();
    await box.fill("The big cat");
    await box.press("Enter");
    await expect(answer).toHaveAttribute("data-status", "complete");
    // The main window, live: the open conversation got the quick question; the first one is a new one.
    await expect(page.locator("article.message.user").last()).toHaveText(/The big cat/);
    await expect(page.locator(".sidebar .title", {hasText: "The little dog"})).toHaveCount(1);

    await quick.getByRole("button", {name: "Open in Cairn"}).click();
    await expect(quick.locator("article.message.user").last()).toHaveText(/The big cat/);
    await expect(quick.locator('.sidebar button.title[aria-current="true"]')).toHaveText(openTitle);
});
