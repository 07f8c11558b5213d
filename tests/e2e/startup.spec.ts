import {expect, test, type Page} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {tempDir} from "../helpers/paths.js";

let served: Served;

test.beforeEach(async () => {
    const dataDir = tempDir();
    seedConversation(dataDir, "An older conversation", [
        {question: "Earlier question", answer: "Earlier answer"},
    ]);
    served = await startServe({dataDir, extra: ["--max-tokens", "8", "--temperature", "0"]});
});
test.afterEach(async () => served.stop());

// Issue 39's e2e flake: a person who clicks New conversation and sends before the window has its list of
// conversations lost the message: the list, arriving late, opened the newest older conversation over it.
/** Holds back the core's answers to the window's conversations.list until the function returned is called. */
async function holdTheList(page: Page): Promise<() => void> {
    let releaseList: () => void = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.routeWebSocket(/\/ws/, (ws) => {
        const server = ws.connectToServer();
        const listIds = new Set<number>();
        ws.onMessage((message) => {
            const frame = JSON.parse(String(message)) as {id: number; name: string};
            if (frame.name === "conversations.list") listIds.add(frame.id);
            server.send(message);
        });
        server.onMessage((message) => {
            const frame = JSON.parse(String(message)) as {id: number | null};
            if (frame.id !== null && listIds.has(frame.id)) void listHeld.then(() => ws.send(message));
            else ws.send(message);
        });
    });
    return releaseList;
}

test("a conversation started while the list is still loading stays open, with its message and answer", async ({
    page,
}) => {
    const releaseList = await holdTheList(page);
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await page.waitForURL(/[?&]c=/);
    await page.getByRole("textbox", {name: "Message"}).fill("Once upon a time");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    await expect(page.locator("article.message.user")).toHaveText(/Once upon a time/);
    releaseList();
    await expect(page.locator(".sidebar li")).toHaveCount(2);
    await expect(page.locator(".sidebar li.selected .title")).toHaveText("Once upon a time");
    await expect(page.locator("article.message.assistant").last()).toHaveAttribute("data-status", "complete");
    await expect(page.locator("article.message.user")).toHaveText(/Once upon a time/);
    await expect(page.getByText("Earlier question")).toHaveCount(0);
});

// The window focuses the message box when a conversation opens, the first one at start too: a menu opened
// before then must stay open (it closed, losing the focus, when the list arrived while it was open).
test("the header's menu opened while the list is still loading stays open when the conversation opens", async ({
    page,
}) => {
    const releaseList = await holdTheList(page);
    await page.goto(served.url);
    await expect(page.locator(".status .state")).toHaveText("ready");
    await page.getByRole("button", {name: "More"}).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", {name: "Export…"})).toHaveCount(0);
    releaseList();
    await expect(page.getByText("Earlier question")).toBeVisible();
    await expect(menu.getByRole("menuitem", {name: "Export…"})).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", {name: "More"})).toBeFocused();
});
