import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {fromRowMenu} from "../helpers/headerMenu.js";

let served: Served;

test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "200000", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

test("streams an answer, stops it, and keeps the conversation across a reload", async ({page}) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await expect(page.locator(".status .model")).toContainText("stories260K.gguf");
    await expect(page.locator(".status .backend")).toHaveText(/cpu|cuda|vulkan|metal/);

    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer).toHaveAttribute("data-status", "streaming");
    // Tokens arrive: the visible text grows while the answer is still streaming.
    await expect(answer.locator(".content")).not.toHaveText("");
    const early = await answer.locator(".content").innerText();
    await expect
        .poll(async () => (await answer.locator(".content").innerText()).length)
        .toBeGreaterThan(early.length);

    await page.getByRole("button", {name: "Stop"}).click();
    await expect(answer).toHaveAttribute("data-status", "interrupted");
    await expect(page.getByRole("button", {name: "Send"})).toBeVisible();
    const kept = await answer.locator(".content").innerText();
    expect(kept.length).toBeGreaterThan(0);

    // The sidebar shows the conversation titled after the question.
    await expect(page.locator(".sidebar li.selected .title")).toHaveText("Once upon a time");

    await page.reload();
    await expect(page.locator("article.message.user")).toHaveText(/Once upon a time/);
    const reloaded = page.locator("article.message.assistant").first();
    await expect(reloaded).toHaveAttribute("data-status", "interrupted");
    // The message's status can arrive before its text is drawn: the same check, retried until it holds.
    await expect.poll(async () => (await reloaded.locator(".content").innerText()).trim()).toBe(kept.trim());
});

test("Shift+Enter adds a line instead of sending", async ({page}) => {
    await page.goto(served.url);
    const box = page.getByRole("textbox", {name: "Message"});
    await box.fill("first line");
    await box.press("Shift+Enter");
    await box.pressSequentially("second line");
    await expect(box).toHaveValue("first line\nsecond line");
    await expect(page.locator("article.message")).toHaveCount(0);
});

test("conversations can be created, renamed and deleted", async ({page}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await expect(page.locator(".sidebar li")).toHaveCount(1);
    await fromRowMenu(page, "New conversation", "Rename");
    await page.getByLabel("Conversation title").fill("Trip plans");
    await page.getByLabel("Conversation title").press("Enter");
    await expect(page.locator(".sidebar .title")).toHaveText("Trip plans");
    await page.reload();
    await expect(page.locator(".sidebar .title")).toHaveText("Trip plans");
    await fromRowMenu(page, "Trip plans", "Delete…");
    await page.getByRole("button", {name: "Delete", exact: true}).click();
    await expect(page.locator(".sidebar li")).toHaveCount(0);
});

test("a page without the token is refused", async ({page}) => {
    const response = await page.goto(served.origin + "/");
    expect(response?.status()).toBe(401);
    await expect(page.locator("body")).toContainText("Unauthorized");
    const wrong = await page.goto(served.origin + "/?token=wrong");
    expect(wrong?.status()).toBe(401);
});

test("follows the OS light/dark theme", async ({page}) => {
    await page.emulateMedia({colorScheme: "light"});
    await page.goto(served.url);
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({colorScheme: "dark"});
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(light).toBe("rgb(255, 255, 255)");
    expect(dark).toBe("rgb(24, 24, 27)");
});

test("the web access switch explains itself and is kept per conversation", async ({page}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    const web = page.getByRole("switch", {name: "Web access"});
    await expect(web).not.toBeChecked();
    // Its hint shows on keyboard focus as on hover.
    await web.focus();
    await expect(page.getByRole("tooltip")).toHaveText(
        "Lets the model send search queries and page addresses to the internet.",
    );
    // The switch shows the stored state, which arrives from the core a moment after the click.
    await web.click();
    await expect(web).toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", {name: "Web access"})).toBeChecked();
});
