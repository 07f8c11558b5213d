import {expect, type Page, type TestInfo} from "@playwright/test";
import {axeOn} from "./axe.js";

const ALL = [
    ["light", 1280, 800],
    ["dark", 1280, 800],
    ["light", 800, 600],
    ["dark", 800, 600],
] as const;

/**
 * In CI, each theme once and each size once (light 1280, dark 800): about 5 s of the machine less per screen,
 * and still both themes' contrast and both sizes' layout checked. A screen is looked at, in all four, where it
 * is changed.
 */
const IN_CI = [ALL[0], ALL[3]];

/**
 * A screen at 1280x800 and 800x600, light and dark (in CI: light 1280 and dark 800), each checked with axe
 * and saved as `<name>-<scheme>-<width>.png` in the test's output (the docs show light 1280 and dark 800);
 * `ready` brings what is shot into view after each resize.
 */
export async function shootLightAndDark(
    page: Page,
    testInfo: TestInfo,
    name: string,
    ready: () => Promise<void> = async () => {},
): Promise<void> {
    for (const [colorScheme, width, height] of process.env.CI ? IN_CI : ALL) {
        await page.emulateMedia({colorScheme});
        await page.setViewportSize({width, height});
        await ready();
        expect((await axeOn(page).analyze()).violations).toEqual([]);
        await page.screenshot({path: testInfo.outputPath(`${name}-${colorScheme}-${width}.png`)});
    }
}
