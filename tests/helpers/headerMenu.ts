import {expect, type Page} from "@playwright/test";

/**
 * Chooses in the header's menu (its "More" button), as a person does: an action or a switch by its name
 * ("Export…", "Incognito"), or with `choice` one of a group's choices ("Theme", "Dark"). The menu closes after.
 */
export async function fromHeaderMenu(page: Page, item: string, choice?: string): Promise<void> {
    await page.getByRole("button", {name: "More"}).click();
    const menu = page.getByRole("menu");
    if (choice === undefined)
        await menu
            .getByRole("menuitem", {name: item})
            .or(menu.getByRole("menuitemcheckbox", {name: item}))
            .click();
    else
        await menu
            .getByRole("group", {name: item})
            .getByRole("menuitemradio", {name: choice, exact: true})
            .click();
    await expect(menu).toHaveCount(0);
}

/** The choice a group of the header's menu shows as chosen ("Theme" → "Dark"); the menu is closed again. */
export async function chosenInHeaderMenu(page: Page, group: string): Promise<string> {
    await page.getByRole("button", {name: "More"}).click();
    const chosen = page
        .getByRole("menu")
        .getByRole("group", {name: group})
        .getByRole("menuitemradio", {checked: true});
    const text = (await chosen.innerText()).trim();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    return text;
}

/**
 * How far apart the header's controls sit vertically (px): the largest difference between their middles. A
 * header on one row gives a few pixels (the controls' own heights); a wrapped one, a row's height or more.
 * Also returns the middles, for the failure's message.
 */
export async function headerRowSpread(page: Page): Promise<{spread: number; middles: number[]}> {
    const middles = await page
        .locator(".chat-header > *")
        .evaluateAll((all) =>
            all
                .filter((e) => e.getClientRects().length > 0)
                .map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)),
        );
    return {spread: Math.max(...middles) - Math.min(...middles), middles};
}

/**
 * Chooses in a conversation's menu in the sidebar ("Pin", "Unpin", "Rename", "Delete…"), as a person does: the
 * row's menu button shows on hover. Delete… then asks, in the row.
 */
export async function fromRowMenu(page: Page, title: string, item: string): Promise<void> {
    const sidebar = page.getByRole("navigation", {name: "Conversations"});
    const row = sidebar.locator("li").filter({has: page.getByRole("button", {name: title, exact: true})});
    await row.hover();
    await row.getByRole("button", {name: `Actions for ${title}`, exact: true}).click();
    await page.getByRole("menu").getByRole("menuitem", {name: item, exact: true}).click();
    await expect(page.getByRole("menu")).toHaveCount(0);
}
