import {createHash} from "node:crypto";
import {expect, test} from "@playwright/test";
import {SELECT_STYLE_HASHES} from "../../main/server/host.js";
import {startServe, type Served} from "../helpers/serve.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {tempDir} from "../helpers/paths.js";

// The window's CSP refuses inline styles. Menus, selects, hints and dialogs (Radix) must open without one being
// refused: each was a console error (issue 73), and a refused style is a layout that did not apply.

let served: Served;
test.afterEach(async () => served.stop());

test("menus, selects, hints and dialogs open without a style refused by the CSP", async ({page}) => {
    const dataDir = tempDir();
    seedConversation(dataDir, "Bread recipe", [{question: "How?", answer: "Knead."}]);
    served = await startServe({dataDir});
    const errors: string[] = [];
    page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(served.url);
    await expect(page.locator(".sidebar li")).toHaveCount(1);

    await page.getByRole("button", {name: "More"}).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", {name: "Mode", exact: true}).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    // What the select adds is allowed by hash, text for text.
    const styles = await page.evaluate(() =>
        [...document.querySelectorAll("style")].map((s) => s.textContent),
    );
    expect(styles.length).toBeGreaterThan(0);
    for (const text of styles) {
        const hash = `'sha256-${createHash("sha256")
            .update(text ?? "")
            .digest("base64")}'`;
        expect(SELECT_STYLE_HASHES, text ?? "").toContain(hash);
    }
    await page.keyboard.press("Escape");
    await page.locator(".sidebar li").hover();
    await page.getByRole("button", {name: "Actions for Bread recipe"}).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", {name: "Tools"}).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", {name: "Search conversations"}).hover();
    await expect(page.getByRole("tooltip")).toBeVisible();
    expect(errors).toEqual([]);
});
