import {expect, type Locator, type Page} from "@playwright/test";

/** The Models screen's tabs, by their names. */
export type ModelsTab = "Installed" | "Find on Hugging Face" | "Engine";

/**
 * Opens the Models screen from the sidebar, as a person does, on one of its tabs (Installed, where it opens, by
 * default). Returns the screen, to find what the tab shows in it.
 */
export async function openModels(page: Page, tab: ModelsTab = "Installed"): Promise<Locator> {
    await page.getByRole("button", {name: "Models"}).first().click();
    const screen = page.getByRole("dialog", {name: "Models"});
    await modelsTab(screen, tab);
    return screen;
}

/** Shows another tab of the open Models screen. */
export async function modelsTab(screen: Locator, tab: ModelsTab): Promise<void> {
    const trigger = screen.getByRole("tab", {name: tab});
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-selected", "true");
}
