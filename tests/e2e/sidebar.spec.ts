import path from "node:path";
import {axeOn} from "../helpers/axe.js";
import {expect, test} from "@playwright/test";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {tempDir} from "../helpers/paths.js";
import {seedConversation, seedManyConversations} from "../helpers/seedConversation.js";
import {startServe, type Served} from "../helpers/serve.js";
import {fromRowMenu} from "../helpers/headerMenu.js";

let served: Served;
test.afterEach(async () => {
    await served.stop();
});

const DAY_MS = 86_400_000;

/** Conversations last active `daysAgo` days ago (at noon, local time), written before Cairn starts. */
function seed(dataDir: string, conversations: {title: string; daysAgo: number}[]): void {
    const ids = conversations.map((c) =>
        seedConversation(dataDir, c.title, [{question: `About ${c.title}`, answer: "Noted."}]),
    );
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    try {
        // Noon of each day (its group whatever the time of day), but today's noon may be still to come: today's
        // is halfway between midnight and now, so that what is done in the test is later than it.
        const noon = new Date();
        noon.setHours(12, 0, 0, 0);
        const midnight = new Date();
        midnight.setHours(0, 0, 0, 0);
        const today = midnight.getTime() + Math.floor((Date.now() - midnight.getTime()) / 2);
        conversations.forEach((c, i) =>
            db
                .prepare("UPDATE conversations SET updated_at = ? WHERE id = ?")
                .run(c.daysAgo === 0 ? today : noon.getTime() - c.daysAgo * DAY_MS, ids[i]),
        );
    } finally {
        db.close();
    }
}

test(
    "the sidebar groups conversations by last activity, keeps pinned ones on top, and moves by arrow keys",
    {tag: "@small-window"},
    async ({page}, testInfo) => {
        const dataDir = tempDir();
        seed(dataDir, [
            {title: "Old garden plans", daysAgo: 60},
            {title: "Trip to the coast", daysAgo: 12},
            {title: "Bread recipe", daysAgo: 3},
            {title: "Tax questions", daysAgo: 1},
            {title: "Morning notes", daysAgo: 0},
        ]);
        served = await startServe({dataDir, model: null});
        await page.goto(served.url);
        const sidebar = page.getByRole("navigation", {name: "Conversations"});
        const group = (label: string) => sidebar.getByRole("region", {name: label, exact: true});
        await expect(group("Today")).toContainText("Morning notes");
        await expect(group("Yesterday")).toContainText("Tax questions");
        await expect(group("Previous 7 days")).toContainText("Bread recipe");
        await expect(group("Previous 30 days")).toContainText("Trip to the coast");
        await expect(sidebar.getByRole("heading", {level: 3})).toHaveText([
            "Today",
            "Yesterday",
            "Previous 7 days",
            "Previous 30 days",
            // The month of 60 days ago, as the browser names it.
            /^\w+ \d{4}$/,
        ]);

        // Pinned: on top, in its own group, and still there after a reload; its last activity is unchanged.
        await fromRowMenu(page, "Trip to the coast", "Pin");
        await expect(group("Pinned")).toContainText("Trip to the coast");
        await expect(group("Previous 30 days")).toHaveCount(0);
        await page.reload();
        await expect(group("Pinned")).toContainText("Trip to the coast");
        for (const colorScheme of ["light", "dark"] as const) {
            await page.emulateMedia({colorScheme});
            await page.screenshot({path: testInfo.outputPath(`sidebar-${colorScheme}.png`)});
            const axe = await axeOn(page).include(".sidebar").analyze();
            expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
        }

        // Down and Up walk the titles in the order shown; Home and End jump to the ends.
        await group("Pinned").getByRole("button", {name: "Trip to the coast", exact: true}).focus();
        await page.keyboard.press("ArrowDown");
        await expect(sidebar.getByRole("button", {name: "Morning notes", exact: true})).toBeFocused();
        await page.keyboard.press("ArrowDown");
        await expect(sidebar.getByRole("button", {name: "Tax questions", exact: true})).toBeFocused();
        await page.keyboard.press("ArrowUp");
        await expect(sidebar.getByRole("button", {name: "Morning notes", exact: true})).toBeFocused();
        await page.keyboard.press("End");
        await expect(sidebar.getByRole("button", {name: "Old garden plans", exact: true})).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page.locator("article.user").first()).toContainText("About Old garden plans");

        await fromRowMenu(page, "Trip to the coast", "Unpin");
        await expect(group("Pinned")).toHaveCount(0);
        await expect(group("Previous 30 days")).toContainText("Trip to the coast");
    },
);

test(
    "10,000 conversations: only the rows in view are in the page; scrolling, End and Home reach every one",
    {tag: "@small-window"},
    async ({page}, testInfo) => {
        const dataDir = tempDir();
        // Two hours apart: 10,000 conversations over about 2.3 years, in some 30 groups.
        seedManyConversations(dataDir, 10_000);
        served = await startServe({dataDir, model: null});
        await page.goto(served.url);
        const sidebar = page.getByRole("navigation", {name: "Conversations"});
        const title = (n: number) => sidebar.getByRole("button", {name: `Conversation ${n}`, exact: true});
        await expect(title(1)).toBeVisible();
        const rows = await sidebar.locator(".date-group li").count();
        expect(rows).toBeGreaterThan(5);
        expect(rows).toBeLessThan(100);
        // The newest group is a labelled region with its heading, as with a few conversations.
        await expect(sidebar.getByRole("region", {name: "Today", exact: true})).toContainText(
            "Conversation 1",
        );

        // The first 100 are drawn at once, the rest once the window is idle: then the list is 10,000 rows tall.
        await expect
            .poll(() => sidebar.locator(".conversation-scroll").evaluate((el) => el.scrollHeight))
            .toBeGreaterThan(100_000);
        // End scrolls to the oldest and focuses it; Up walks back; Home returns to the newest.
        await title(1).focus();
        await page.keyboard.press("End");
        await expect(title(10_000)).toBeFocused();
        await page.keyboard.press("ArrowUp");
        await expect(title(9_999)).toBeFocused();
        expect(await sidebar.locator(".date-group li").count()).toBeLessThan(100);
        await page.keyboard.press("Enter");
        await expect(sidebar.locator("li.selected")).toHaveText(/^Conversation 9999/);
        for (const colorScheme of ["light", "dark"] as const) {
            await page.emulateMedia({colorScheme});
            await page.screenshot({path: testInfo.outputPath(`sidebar-10000-${colorScheme}.png`)});
            const axe = await axeOn(page).include(".sidebar").analyze();
            expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
        }
        // Opening a conversation moved the focus to its message box: back to its title, then Home.
        await title(9_999).focus();
        await page.keyboard.press("Home");
        await expect(title(1)).toBeFocused();

        // Scrolling the list by hand to the middle draws the rows there, in their month's group.
        const seen = await sidebar.locator(".conversation-scroll").evaluate(async (el) => {
            el.scrollTop = el.scrollHeight / 2;
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const top = el.getBoundingClientRect().top;
            const row = [...el.querySelectorAll(".date-group li")].find(
                (li) => li.getBoundingClientRect().top >= top,
            );
            return {
                title: row?.textContent ?? "",
                group: row?.closest("section")?.getAttribute("aria-label") ?? "",
            };
        });
        const n = Number(/Conversation (\d+)/.exec(seen.title)?.[1]);
        expect(n).toBeGreaterThan(4_800);
        expect(n).toBeLessThan(5_200);
        expect(seen.group).toMatch(/^\w+ \d{4}$/);

        // The window draws the first 100 at once and the rest a frame later: a link to an old conversation (its
        // ?c=) still opens it.
        const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
        const idOf = (title: string) =>
            (db.prepare("SELECT id FROM conversations WHERE title = ?").get(title) as {id: string}).id;
        const old = idOf("Conversation 9500");
        db.close();
        const url = new URL(page.url());
        url.searchParams.set("c", old);
        await page.goto(url.href);
        await expect(page.locator("h1.visually-hidden")).toHaveText("Conversation 9500");
    },
);

test("a title cut at the sidebar's edge shows whole in its hint, on hover and on keyboard focus; icon buttons say what they do", async ({
    page,
}) => {
    const long =
        "A very long conversation title about the garden, the coast and the bread we baked on Sunday";
    const dataDir = tempDir();
    seed(dataDir, [
        {title: long, daysAgo: 0},
        {title: "Short", daysAgo: 1},
    ]);
    served = await startServe({dataDir, model: null});
    await page.goto(served.url);
    const sidebar = page.getByRole("navigation", {name: "Conversations"});
    const hint = page.getByRole("tooltip");
    await sidebar.getByRole("button", {name: long, exact: true}).hover();
    await expect(hint).toHaveText(long);
    // A title shown whole has no hint.
    // (The pointer moves on over the row, as a hand does: the hint stays while the pointer heads for it.)
    const short = (await sidebar.getByRole("button", {name: "Short", exact: true}).boundingBox())!;
    await page.mouse.move(short.x + 10, short.y + short.height / 2, {steps: 4});
    await page.mouse.move(short.x + 30, short.y + short.height / 2, {steps: 4});
    await expect(hint).toHaveCount(0);
    // Focus shows a hint at once (no delay to wait out): the whole title still has none.
    await sidebar.getByRole("button", {name: "Short", exact: true}).focus();
    await expect(sidebar.getByRole("button", {name: "Short", exact: true})).toBeFocused();
    await expect(hint).toHaveCount(0);
    // By keyboard: the hint shows on focus (a `title` never did), and Esc hides it.
    await page.mouse.move(900, 700);
    await sidebar.getByRole("button", {name: "Short", exact: true}).focus();
    await page.keyboard.press("ArrowUp");
    await expect(sidebar.getByRole("button", {name: long, exact: true})).toBeFocused();
    await expect(hint).toHaveText(long);
    await page.keyboard.press("Escape");
    await expect(hint).toHaveCount(0);
    // An icon-only button names itself in its hint.
    await sidebar.getByRole("button", {name: "Short", exact: true}).hover();
    await sidebar.getByRole("button", {name: "Actions for Short"}).hover();
    await expect(hint).toHaveText("Actions for Short");
});

test("a new conversation is listed only while it is open until its first message: New and Ctrl+N add no empty rows", async ({
    page,
}) => {
    const dataDir = tempDir();
    seed(dataDir, [{title: "Bread recipe", daysAgo: 1}]);
    served = await startServe({dataDir});
    await page.goto(served.url);
    const sidebar = page.getByRole("navigation", {name: "Conversations"});
    const rows = sidebar.locator("li");
    await expect(rows).toHaveCount(1);
    await sidebar.getByRole("button", {name: "New conversation", exact: true}).click();
    await expect(sidebar.locator("li.selected")).toHaveText(/New conversation/);
    const draftUrl = page.url();
    // Left with nothing sent, it is no longer listed; New and Ctrl+N open it again instead of making another.
    await sidebar.getByRole("button", {name: "Bread recipe", exact: true}).click();
    await expect(rows).toHaveCount(1);
    await page.keyboard.press("Control+n");
    await expect(rows).toHaveCount(2);
    expect(page.url()).toBe(draftUrl);
    await sidebar.getByRole("button", {name: "Bread recipe", exact: true}).click();
    await sidebar.getByRole("button", {name: "New conversation", exact: true}).click();
    expect(page.url()).toBe(draftUrl);
    await page.reload();
    await expect(sidebar.getByRole("button", {name: "Bread recipe", exact: true})).toBeVisible();
    // Opened again after a reload (the page's address names it), it is listed while open.
    await expect(rows).toHaveCount(2);

    // Its first message makes it a conversation that stays, named after the message.
    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");
    await sidebar.getByRole("button", {name: "Bread recipe", exact: true}).click();
    await expect(rows).toHaveCount(2);
    await expect(sidebar.getByRole("button", {name: "Once upon a time", exact: true})).toBeVisible();
});

test(
    "a row is one Tab stop with its actions in one menu (hover, Shift+F10, right click); focus stays after rename and delete; titles use the row",
    {tag: "@small-window"},
    async ({page}, testInfo) => {
        const long = "Planning the garden beds for spring and the order of seeds";
        const dataDir = tempDir();
        seed(dataDir, [
            {title: long, daysAgo: 0},
            {title: "Bread recipe", daysAgo: 1},
            {title: "Tax questions", daysAgo: 2},
        ]);
        served = await startServe({dataDir, model: null});
        await page.goto(served.url);
        const sidebar = page.getByRole("navigation", {name: "Conversations"});
        const title = (name: string) => sidebar.getByRole("button", {name, exact: true});
        await expect(title("Tax questions")).toBeVisible();
        // Not hovered, a title has the whole row: no action buttons take its room.
        const room = await sidebar
            .locator("li", {hasText: long})
            .evaluate((li) => li.querySelector(".title span")!.clientWidth / li.clientWidth);
        expect(room).toBeGreaterThan(0.85);

        // Tab goes from one row's title to the next row's: the actions are not Tab stops.
        await title(long).focus();
        await page.keyboard.press("Tab");
        await expect(title("Bread recipe")).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(title("Tax questions")).toBeFocused();

        // Shift+F10 opens the row's menu; Rename gives the title field, Enter gives the focus back to the title.
        await title("Bread recipe").focus();
        await page.keyboard.press("Shift+F10");
        const menu = page.getByRole("menu");
        await expect(menu.getByRole("menuitem")).toHaveText(["Pin", "Rename", "Delete…"]);
        await menu.getByRole("menuitem", {name: "Rename"}).click();
        await expect(sidebar.getByLabel("Conversation title")).toBeFocused();
        await sidebar.getByLabel("Conversation title").fill("Sourdough");
        await page.keyboard.press("Enter");
        await expect(title("Sourdough")).toBeFocused();
        // F2 renames too, and Esc leaves the title as it was, focused.
        await page.keyboard.press("F2");
        await page.keyboard.press("Escape");
        await expect(title("Sourdough")).toBeFocused();

        // A right click opens the same menu; Delete… asks in the row, its Delete focused; Keep goes back.
        await title("Tax questions").click({button: "right"});
        await menu.getByRole("menuitem", {name: "Delete…"}).click();
        const row = sidebar.locator("li", {hasText: "Tax questions"});
        await expect(row.getByRole("button", {name: "Delete", exact: true})).toBeFocused();
        for (const colorScheme of ["light", "dark"] as const) {
            await page.emulateMedia({colorScheme});
            await page.screenshot({path: testInfo.outputPath(`sidebar-confirm-${colorScheme}.png`)});
            const axe = await axeOn(page).include(".sidebar").analyze();
            expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
        }
        await row.getByRole("button", {name: "Keep"}).click();
        await expect(title("Tax questions")).toBeFocused();
        // The Delete key asks too; deleted, the focus goes to the row before it (the last row has none after;
        // renamed, Sourdough moved to the top).
        await page.keyboard.press("Delete");
        await row.getByRole("button", {name: "Delete", exact: true}).press("Enter");
        await expect(title("Tax questions")).toHaveCount(0);
        await expect(title(long)).toBeFocused();

        // The menu shown by hover, light and dark.
        await title(long).hover();
        await sidebar.getByRole("button", {name: `Actions for ${long}`}).click();
        for (const colorScheme of ["light", "dark"] as const) {
            await page.emulateMedia({colorScheme});
            await page.screenshot({path: testInfo.outputPath(`sidebar-menu-${colorScheme}.png`)});
            const axe = await axeOn(page).include(".sidebar").analyze();
            expect(axe.violations, JSON.stringify(axe.violations, null, 1)).toEqual([]);
        }
        await page.keyboard.press("Escape");
        await expect(title(long)).toBeFocused();
    },
);
