import {expect, test, type Page} from "@playwright/test";
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

/** How many pixels of a PNG's column `x` differ clearly from its top-left pixel (decoded in a blank page). */
async function markedPixels(page: Page, png: Buffer, x: number): Promise<number> {
    return page.evaluate(
        async ({b64, x}) => {
            const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const image = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
            const canvas = new OffscreenCanvas(image.width, image.height);
            const context = canvas.getContext("2d")!;
            context.drawImage(image, 0, 0);
            const {data} = context.getImageData(0, 0, image.width, image.height);
            const at = (px: number, py: number) =>
                data.slice((py * image.width + px) * 4, (py * image.width + px) * 4 + 3);
            const background = at(0, 0);
            let marked = 0;
            for (let y = 0; y < image.height; y++) {
                const p = at(x, y);
                if (
                    Math.abs(p[0]! - background[0]!) +
                        Math.abs(p[1]! - background[1]!) +
                        Math.abs(p[2]! - background[2]!) >
                    120
                )
                    marked++;
            }
            return marked;
        },
        {b64: png.toString("base64"), x},
    );
}

// Messages are painted only in view (content-visibility), which clips their painting to their box: a
// button at the message's edge had the left and bottom of its focus ring cut off.
test("the focus ring of a message's first button is whole, in both themes", async ({browser}) => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Ring", [{question: "Hello", answer: "Hello there."}]);
    served = await startServe({dataDir});
    for (const colorScheme of ["light", "dark"] as const) {
        const page = await browser.newPage({colorScheme, viewport: {width: 800, height: 600}});
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Ring"}).click();
        const copy = page.locator("article.message.assistant .message-actions button").first();
        await copy.focus();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Shift+Tab");
        await expect(copy).toBeFocused();
        const box = (await copy.boundingBox())!;
        // The ring: 2 px wide, 1 px outside the button (styles.css); column 2 of the shot is 2 px outside it.
        const shot = await page.screenshot({
            clip: {
                x: Math.round(box.x) - 4,
                y: Math.round(box.y) - 4,
                width: Math.round(box.width) + 8,
                height: Math.round(box.height) + 8,
            },
        });
        const blank = await browser.newPage();
        const marked = await markedPixels(blank, shot, 2);
        expect(marked, `${colorScheme}: the ring's left side`).toBeGreaterThan(box.height * 0.6);
        await blank.close();
        await page.close();
    }
});
