import {expect, test, type Page} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "40", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

async function ask(page: Page, text: string) {
    await page.getByRole("textbox", {name: "Message"}).fill(text);
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");
}
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test("Copy copies a message's markdown; Delete hides it with Undo, then deletes it for good", async ({
    page,
    context,
}) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(served.url);
    await ask(page, "Once upon a time");
    const answer = page.locator("article.message.assistant").last();
    const text = await answer.locator(".content").innerText();
    await answer.hover();
    await answer.getByRole("button", {name: "Copy"}).click();
    expect((await clipboard(page)).trim()).toBe(text.trim());
    await expect(answer.locator("time.when")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

    await answer.getByRole("button", {name: "Delete"}).click();
    await expect(page.locator("article.message.assistant")).toHaveCount(0);
    await page.getByRole("status").getByRole("button", {name: "Undo"}).click();
    await expect(page.locator("article.message.assistant")).toHaveCount(1);

    await page.locator("article.message.assistant").getByRole("button", {name: "Delete"}).click();
    await expect(page.getByRole("status")).toContainText("Message deleted");
    await expect(page.getByRole("status")).toHaveCount(0, {timeout: 10_000});
    await page.reload();
    await expect(page.locator("article.message.user")).toHaveCount(1);
    await expect(page.locator("article.message.assistant")).toHaveCount(0);
});

test("shortcuts: Esc stops, Ctrl+Shift+C copies the last answer, Ctrl+N starts a conversation, ? lists them", async ({
    page,
    context,
}) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await served.stop();
    served = await startServe({extra: ["--max-tokens", "200000", "--temperature", "0"]});
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator("article.message.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "streaming");
    await page.keyboard.press("Escape");
    await expect(answer).toHaveAttribute("data-status", "interrupted");

    await page.keyboard.press("Control+Shift+C");
    await expect.poll(() => clipboard(page)).toBe(await answer.locator(".content").innerText());

    const items = page.locator(".sidebar li");
    const before = await items.count();
    await page.keyboard.press("Control+n");
    await expect(items).toHaveCount(before + 1);

    await page.locator("body").click();
    await page.keyboard.press("?");
    const sheet = page.getByRole("dialog", {name: "Keyboard shortcuts"});
    await expect(sheet).toContainText("Stop the answer");
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
});
