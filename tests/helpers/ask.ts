import {expect, type Page} from "@playwright/test";

/** Asks in the served UI and waits for the new answer to end (not the previous one, already complete). */
export async function ask(page: Page, text: string): Promise<void> {
    const answers = page.locator("article.message.assistant");
    const before = await answers.count();
    await page.getByRole("textbox", {name: "Message"}).fill(text);
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    try {
        await expect(answers).toHaveCount(before + 1);
    } catch (error) {
        throw new Error(`the answer did not come; the window shows ${await whatIsShown(page)}`, {
            cause: error,
        });
    }
    await expect(answers.last()).not.toHaveAttribute("data-status", "streaming");
}

/**
 * What the window shows when an answer did not come: its address, the message box's text (a question the window
 * refused stays there), its alerts, the status line and the messages. A failure says why, not only that.
 */
export async function whatIsShown(page: Page): Promise<string> {
    const texts = (selector: string) =>
        page.locator(selector).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? "").trim()));
    const box = page.getByRole("textbox", {name: "Message"});
    const shown = {
        address: page.url().replace(/token=[^&]+/, "token=…"),
        messageBox: await box.inputValue({timeout: 1000}).catch(() => "(not found)"),
        alerts: await texts("[role=alert]"),
        status: await texts(".status"),
        messages: await page
            .locator("article.message")
            .evaluateAll((nodes) =>
                nodes.map((n) => `${n.className} ${n.getAttribute("data-status") ?? ""}`),
            ),
    };
    return JSON.stringify(shown);
}

/** Opens the served window, waits for the model, and starts a new conversation (its id is in the address). */
export async function newConversation(page: Page, url: string): Promise<string> {
    await page.goto(url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    return startConversation(page);
}

/**
 * Clicks New conversation and waits until the new one is shown: its id in the address, and its empty view (the
 * conversation before stays on screen a moment; what is typed or chosen then would go to it). Returns its id.
 */
export async function startConversation(page: Page): Promise<string> {
    const before = page.url();
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await page.waitForURL((address) => address.href !== before && address.searchParams.has("c"));
    await expect(page.locator("article.message")).toHaveCount(0);
    return new URL(page.url()).searchParams.get("c")!;
}
