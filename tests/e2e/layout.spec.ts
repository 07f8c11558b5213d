import {expect, test} from "@playwright/test";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {ask} from "../helpers/ask.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "120", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

for (const [width, height] of [
    [800, 600],
    [1280, 800],
] as const) {
    test(`at ${width}x${height} the message list scrolls; the input, status line and sidebar stay in view`, async ({
        page,
    }) => {
        await page.setViewportSize({width, height});
        await page.goto(served.url);
        await expect(page.locator(".status .state")).toHaveText("ready");
        // Answers until they are more than the window holds.
        const list = page.getByRole("region", {name: "Messages"});
        for (
            let i = 0;
            i < 10 && !(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 1.5));
            i++
        ) {
            await ask(page, i % 2 ? "Tell me more" : "Once upon a time");
        }
        expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 1.5)).toBe(true);
        // The page itself never grows: only the list scrolls.
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(pageHeight).toBe(height);
        await expect(page.getByRole("textbox", {name: "Message"})).toBeInViewport();
        await expect(page.locator(".status")).toBeInViewport();
        await expect(page.getByRole("button", {name: "Settings"})).toBeInViewport();
        // It followed the answers down to the last one.
        await expect(page.locator("article.message.assistant").last()).toBeInViewport();

        // Scrolled up (by the wheel, as a person does), it stays there and offers a way back.
        await expect(page.locator(".status .state")).toHaveText("ready");
        await list.hover();
        await page.mouse.wheel(0, -5000);
        const jump = page.getByRole("button", {name: "Jump to latest"});
        await expect(jump).toBeVisible();
        await jump.click();
        await expect(jump).toHaveCount(0);
        await expect(page.locator("article.message.assistant").last()).toBeInViewport();
    });
}

test("the sidebar collapses with its button and with Ctrl+B", async ({page}) => {
    await page.setViewportSize({width: 800, height: 600});
    await page.goto(served.url);
    const sidebar = page.getByRole("navigation", {name: "Conversations"});
    await expect(sidebar).toBeVisible();
    await page.getByRole("button", {name: "Hide conversations"}).click();
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole("button", {name: "Show conversations"})).toHaveAttribute(
        "aria-expanded",
        "false",
    );
    await page.keyboard.press("Control+b");
    await expect(sidebar).toBeVisible();
    await page.getByRole("textbox", {name: "Message"}).focus();
    await page.keyboard.press("Control+b");
    await expect(sidebar).toBeHidden();
});

test("New conversation adds one conversation, not one per click, until something is asked", async ({
    page,
}) => {
    await page.goto(served.url);
    const items = page.locator(".sidebar li");
    const before = await items.count();
    const create = page.getByRole("button", {name: "New conversation", exact: true}).first();
    await create.click();
    await expect(items).toHaveCount(before + 1);
    await create.click();
    await create.click();
    await expect(items).toHaveCount(before + 1);
    await ask(page, "Once upon a time");
    await create.click();
    await expect(items).toHaveCount(before + 2);
});

test("a long conversation opens at its latest messages; earlier ones come a page at a time", async ({
    page,
}) => {
    await served.stop();
    const dataDir = tempDir();
    const turns = Array.from({length: 50}, (_, i) => ({question: `Question ${i}`, answer: `Answer ${i}`}));
    seedConversation(dataDir, "Long", turns);
    served = await startServe({dataDir});
    await page.goto(served.url);
    await page.locator(".sidebar .title", {hasText: "Long"}).click();
    const articles = page.locator("article.message");
    await expect(articles).toHaveCount(60);
    await expect(articles.last()).toContainText("Answer 49");
    await page.getByRole("button", {name: "Show 40 earlier messages (40 not shown)"}).click();
    await expect(articles).toHaveCount(100);
    await expect(articles.first()).toContainText("Question 0");
    await expect(page.getByRole("button", {name: /earlier messages/})).toHaveCount(0);
});

test("a new conversation offers starter prompts; one click asks it", async ({page}) => {
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    const starters = page.getByRole("list", {name: "Starter prompts"});
    await expect(starters.getByRole("button")).toHaveCount(4);
    await starters.getByRole("button", {name: "/stats"}).click();
    await expect(page.locator("article.message.assistant .trace .step").first()).toHaveAttribute(
        "data-tool",
        "system_stats",
    );
    await expect(starters).toHaveCount(0);
});
