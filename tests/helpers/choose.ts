import {expect, type Locator} from "@playwright/test";

/**
 * Chooses an option of a select (renderer/src/ui/Select.tsx, Radix: a combobox button and a listbox) as a
 * person does: opens its list, takes the option by its words with Enter, and sees the list close. Enter, not a
 * click: on a busy machine the list's opening could still hold the page's pointer events when the click came
 * (providers.spec.ts timed out on "<html> intercepts pointer events").
 */
export async function choose(select: Locator, option: string | RegExp): Promise<void> {
    // The select's own list (a dialog may hold another listbox: the search's results).
    const list = select.page().locator(".select-content[role=listbox]");
    await select.click();
    await list.getByRole("option", {name: option, exact: typeof option === "string"}).press("Enter");
    await expect(list).toHaveCount(0);
}
