import {expect, type Locator} from "@playwright/test";

/**
 * Chooses an option of a select (renderer/src/ui/Select.tsx, Radix: a combobox button and a listbox) as a
 * person does: opens its list, clicks the option by its words, and sees the list close.
 */
export async function choose(select: Locator, option: string | RegExp): Promise<void> {
    await select.click();
    const list = select.page().getByRole("listbox");
    await list.getByRole("option", {name: option, exact: typeof option === "string"}).click();
    await expect(list).toHaveCount(0);
}
