import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe();
});
test.afterEach(async () => served.stop());

// Settings is a page over the whole window (no backdrop): its Close button at the top closes it.
for (const name of ["Settings", "Models", "Documents"]) {
    const closer = name === "Settings" ? "its Close" : "the backdrop";
    test(`${name}: focus stays inside, Esc and ${closer} close it, focus returns to its button`, async ({
        page,
    }) => {
        await page.setViewportSize({width: 800, height: 600});
        await page.goto(served.url);
        const opener = page.getByRole("button", {name, exact: true});
        await opener.click();
        const dialog = page.getByRole("dialog", {name});
        await expect(dialog).toBeVisible();
        for (let i = 0; i < 40; i++) {
            await page.keyboard.press("Tab");
            const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
            expect(inside, `Tab ${i + 1} left the dialog`).toBe(true);
        }
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();

        await opener.click();
        await expect(dialog).toBeVisible();
        if (name === "Settings") await dialog.getByRole("button", {name: "Close"}).click();
        else await page.mouse.click(5, 5); // the backdrop, outside the card
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
    });
}
