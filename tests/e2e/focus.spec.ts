import {expect, test} from "@playwright/test";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.afterEach(async () => served.stop());

test("where to type next: the message box has the focus when a conversation opens (chosen, Ctrl+N); a skip link leads to it", async ({
    page,
}) => {
    const dataDir = tempDir();
    for (const title of ["First", "Second"])
        seedConversation(dataDir, title, [{question: "Hello", answer: `> A quote in ${title}\n\nAnd text.`}]);
    served = await startServe({dataDir});
    await page.goto(served.url);
    const box = page.getByRole("textbox", {name: "Message"});
    await expect(box).toBeFocused();

    await page.locator(".sidebar .title", {hasText: "First"}).click();
    await expect(page.locator("article.message.assistant blockquote")).toContainText("A quote in First");
    await expect(box).toBeFocused();

    await page.locator("body").click();
    await page.keyboard.press("Control+n");
    await expect(box).toBeFocused();

    // The first Tab stop of the page, shown only then: it skips the sidebar, the header and every message.
    const first = await page.evaluate(() => {
        const tabbable = "a[href], button:not([disabled]), input, select, textarea, [tabindex]";
        const found = [...document.querySelectorAll<HTMLElement>(tabbable)].find((e) => e.tabIndex >= 0);
        return found?.textContent?.trim() ?? null;
    });
    expect(first).toBe("Skip to the message box");
    const skip = page.getByRole("link", {name: "Skip to the message box"});
    await expect(skip).not.toBeInViewport();
    await skip.focus();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(box).toBeFocused();
});

test("a quoted passage has a bar at its left, in both themes", async ({browser}) => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Quote", [{question: "Quote it", answer: "> To be, or not to be."}]);
    served = await startServe({dataDir});
    for (const colorScheme of ["light", "dark"] as const) {
        const page = await browser.newPage({colorScheme});
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Quote"}).click();
        const quote = page.locator("article.message.assistant blockquote");
        await expect(quote).toHaveText("To be, or not to be.");
        const bar = await quote.evaluate((q) => getComputedStyle(q).borderLeftWidth);
        expect(bar).toBe("3px");
        await page.close();
    }
});
